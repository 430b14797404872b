import { Copy, FileUp, Plus } from "lucide-react";
import { type Dispatch, type SetStateAction } from "react";
import { type useFetcher } from "react-router";
import { Link } from "~/ui/link";
import { type FormationListItem } from "~/domain/formations/model";
import { ToCompleteBadge } from "~/domain/formations/components/to-complete";
import { STATUS_LABELS, priceLabel, sessionDatesLabel } from "~/domain/formations/labels";
import { formationPath } from "~/domain/formations/slug";
import { AdminList, AdminListHeader, BulkActions, FilterBar, SearchFilter, SelectFilter, type Column } from "~/ui/admin-list/admin-list";
import { RowDeleteAction, RowPreviewLink, StatusPill } from "~/ui/admin-list/row-actions";
import { Button, ButtonLink } from "~/ui/button";
import { formatDateAbbreviated } from "~/platform/format";

export type FormationActionResult = { ok: boolean; message: string; editId?: string };
type RowFetcher = ReturnType<typeof useFetcher<FormationActionResult>>;
type Option = { slug: string; name: string };

/** Row buttons; the fetcher belongs to the page, so its result is shown even when the row disappears. */
function RowActions({ formation, fetcher }: { formation: FormationListItem; fetcher: RowFetcher }) {
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex items-center justify-end gap-1">
      <RowPreviewLink
        to={formationPath(formation.slug)}
        name={formation.title}
        visible={formation.status === "published"}
        visibleTitle="Voir la page"
      />
      <button
        type="button"
        onClick={() => fetcher.submit({ intent: "duplicate", id: formation.id }, { method: "post" })}
        disabled={busy}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={`Dupliquer «\u00a0${formation.title}\u00a0»`}
        title="Dupliquer"
      >
        <Copy aria-hidden="true" className="size-4" />
      </button>
      <RowDeleteAction
        name={formation.title}
        busy={busy}
        dialogTitle="Supprimer cette formation ?"
        onConfirm={() => fetcher.submit({ intent: "delete", id: formation.id }, { method: "post" })}
      >
        <p>
          «&nbsp;{formation.title}&nbsp;» sera supprimée avec ses sessions. Sa page ne sera plus accessible. Cette action est
          irréversible&nbsp;; pour la retirer du site seulement, repassez-la plutôt en brouillon.
        </p>
      </RowDeleteAction>
    </div>
  );
}

function formationColumns(toComplete: Record<string, string[] | undefined>, fetcher: RowFetcher): Column<FormationListItem>[] {
  return [
    {
      key: "title",
      header: "Formation",
      cell: (f) => (
        <>
          <Link to={`/admin/formations/${f.id}`} className="font-semibold text-brand-800 hover:underline dark:text-brand-200">
            {f.title}
          </Link>
          <p className="text-slate-600 dark:text-slate-400">
            {f.category.name} · {priceLabel(f)}
            {f.featured ? " · À la une" : ""}
          </p>
        </>
      ),
    },
    {
      key: "status",
      header: "Statut",
      cell: (f) => (
        <>
          <StatusPill
            className={
              f.status === "published"
                ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200"
            }
          >
            {STATUS_LABELS[f.status]}
          </StatusPill>
          <ToCompleteBadge items={toComplete[f.id]} />
        </>
      ),
    },
    {
      key: "session",
      header: "Prochaine session",
      className: "px-3 py-3 text-slate-700 dark:text-slate-300",
      cell: (f) =>
        f.nextSession
          ? `${sessionDatesLabel(f.nextSession.startDate, f.nextSession.endDate)}${f.nextSession.cityName ? `, ${f.nextSession.cityName}` : ", à distance"}`
          : "—",
    },
    {
      key: "updated",
      header: "Modifiée le",
      className: "px-3 py-3 text-slate-700 dark:text-slate-300",
      cell: (f) => formatDateAbbreviated(f.updatedAt),
    },
    { key: "actions", header: "Actions", headerClassName: "text-right", cell: (f) => <RowActions formation={f} fetcher={fetcher} /> },
  ];
}

/** /admin/formations: header, filters, bulk publish/unpublish, table and pagination. */
export function FormationAdminList({
  filters,
  result,
  counts,
  categories,
  cities,
  sorts,
  toComplete,
  selected,
  setSelected,
  fetcher,
  search,
}: {
  filters: { q: string; statut: string; categorie: string; ville: string; tri: string };
  result: { items: FormationListItem[]; total: number; page: number; pageCount: number };
  counts: { published: number; draft: number };
  categories: Option[];
  cities: Option[];
  sorts: { value: string; label: string }[];
  toComplete: Record<string, string[] | undefined>;
  selected: string[];
  setSelected: Dispatch<SetStateAction<string[]>>;
  fetcher: RowFetcher;
  search: string;
}) {
  const toOptions = (list: Option[]) => list.map((c) => ({ value: c.slug, label: c.name }));
  return (
    <AdminList
      header={
        <>
          <AdminListHeader
            title="Formations"
            summary={`${counts.published} publiée${counts.published > 1 ? "s" : ""}, ${counts.draft} brouillon${counts.draft > 1 ? "s" : ""}`}
          >
            <div className="flex flex-wrap gap-3">
              <ButtonLink to="/admin/formations/import" variant="secondary">
                <FileUp aria-hidden="true" className="size-4" />
                Importer
              </ButtonLink>
              <ButtonLink to="/admin/formations/new">
                <Plus aria-hidden="true" className="size-4" />
                Nouvelle formation
              </ButtonLink>
            </div>
          </AdminListHeader>
          {/* A refused row action (a formation with registrations cannot be deleted): said here, the answer is not followed by a reload. */}
          {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {fetcher.data.message}
            </p>
          ) : null}
        </>
      }
      filters={
        <FilterBar
          label="Filtrer les formations"
          resetTo="/admin/formations"
          // Columns of at least 13rem: each select is wide enough for its longest option (« Modifiées récemment »).
          gridClassName="lg:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]"
          actionsClassName="col-span-full"
        >
          <SearchFilter defaultValue={filters.q} placeholder="Titre, résumé, domaine…" />
          <SelectFilter
            id="a-statut"
            name="statut"
            label="Statut"
            defaultValue={filters.statut}
            all="Tous"
            options={[
              { value: "published", label: "Publiées" },
              { value: "draft", label: "Brouillons" },
            ]}
          />
          <SelectFilter
            id="a-categorie"
            name="categorie"
            label="Catégorie"
            defaultValue={filters.categorie}
            all="Toutes"
            options={toOptions(categories)}
          />
          <SelectFilter id="a-ville" name="ville" label="Ville" defaultValue={filters.ville} all="Toutes" options={toOptions(cities)} />
          <SelectFilter id="a-tri" name="tri" label="Tri" defaultValue={filters.tri} options={sorts} />
        </FilterBar>
      }
      bulkActions={
        <BulkActions
          id="actions-groupees"
          status={
            selected.length === 0 ? "Aucune formation sélectionnée" : `${selected.length} sélectionnée${selected.length > 1 ? "s" : ""}`
          }
        >
          <Button type="submit" name="intent" value="publish" size="sm" disabled={selected.length === 0}>
            Publier
          </Button>
          <Button type="submit" name="intent" value="unpublish" size="sm" variant="secondary" disabled={selected.length === 0}>
            Repasser en brouillon
          </Button>
        </BulkActions>
      }
      count={{ total: result.total, page: result.page, pageCount: result.pageCount, noun: ["formation", "formations"] }}
      table={{
        caption: "Liste des formations",
        columns: formationColumns(toComplete, fetcher),
        rows: result.items,
        rowTestId: (f) => `formation-row-${f.slug}`,
        empty: "Aucune formation ne correspond à ces critères.",
        selection: { selected, setSelected, form: "actions-groupees", rowLabel: (f) => `Sélectionner «\u00a0${f.title}\u00a0»` },
      }}
      pagination={{ search, pathname: "/admin/formations" }}
    />
  );
}
