import { Copy, Eye, FileUp, Plus, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, data, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import { z } from "zod";
import type { Route } from "./+types/formations";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "~/domain/formations/categories.server";
import { Pagination } from "~/ui/pagination";
import {
  countFormations,
  deleteFormation,
  duplicateFormation,
  listFormations,
  setFormationStatus,
  type FormationSort,
} from "~/domain/formations/formations.server";
import { type FormationListItem } from "~/domain/formations/model";
import { toCompleteOf } from "~/domain/formations/completeness.server";
import { ToCompleteBadge } from "~/domain/formations/components/to-complete";
import { STATUS_LABELS, priceLabel, sessionDatesLabel } from "~/domain/formations/labels";
import { formationPath } from "~/domain/formations/slug";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button, ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formatDate } from "./format";
import { FieldValidationError, NotFoundError } from "~/platform/validation/errors";

export const handle = { breadcrumb: "Formations" };

const SORTS: Record<string, { label: string; sort: FormationSort }> = {
  recent: { label: "Modifiées récemment", sort: "-updated" },
  titre: { label: "Titre (A à Z)", sort: "title" },
  "titre-desc": { label: "Titre (Z à A)", sort: "-title" },
  session: { label: "Prochaine session", sort: "next-session" },
  prix: { label: "Prix croissant", sort: "price" },
};

const filtersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  statut: z.enum(["", "draft", "published"]).catch(""),
  categorie: z
    .string()
    .regex(/^[a-z0-9]{0,30}$/)
    .catch(""),
  ville: z
    .string()
    .regex(/^[a-z0-9-]{0,60}$/)
    .catch(""),
  tri: z
    .string()
    .refine((s) => s in SORTS)
    .catch("recent"),
  page: z.coerce.number().int().min(1).catch(1),
});

/** /admin/formations: search (accents ignored), filters, sort, pagination, bulk publish/unpublish, duplicate, delete. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = filtersSchema.parse({ q: "", statut: "", categorie: "", ville: "", tri: "recent", page: 1, ...params });
  const [result, categories, cities, counts] = await Promise.all([
    listFormations({
      status: filters.statut || "all",
      q: filters.q || undefined,
      categorySlug: filters.categorie || undefined,
      citySlug: filters.ville || undefined,
      sort: SORTS[filters.tri]!.sort,
      page: filters.page,
      perPage: 20,
    }),
    listCategories(),
    listCities(),
    countFormations(),
  ]);
  return {
    filters,
    result,
    counts,
    toComplete: await toCompleteOf(result.items.filter((f) => f.status === "draft").map((f) => f.id)),
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    cities: cities.map((c) => ({ slug: c.slug, name: c.name })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["publish", "unpublish"]), ids: z.array(z.string().min(1)).min(1, "Cochez au moins une formation.") }),
  z.object({ intent: z.literal("duplicate"), id: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids"), id: form.get("id") });
  if (!parsed.success)
    return data({ ok: false as const, message: parsed.error.issues[0]?.message ?? "Requête invalide." }, { status: 400 });
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "publish":
      case "unpublish": {
        const n = await setFormationStatus(input.ids, input.intent === "publish" ? "published" : "draft", { actor });
        const verb = input.intent === "publish" ? "publiée" : "repassée en brouillon";
        return {
          ok: true as const,
          message:
            n === 0
              ? "Aucun changement\u00a0: ces formations avaient déjà ce statut."
              : `${n} formation${n > 1 ? "s" : ""} ${verb}${n > 1 ? "s" : ""}.`,
        };
      }
      case "duplicate": {
        const copy = await duplicateFormation(input.id, { actor });
        return { ok: true as const, message: `Copie créée en brouillon\u00a0: «\u00a0${copy.title}\u00a0».`, editId: copy.id };
      }
      case "delete": {
        const title = await deleteFormation(input.id, { actor });
        return { ok: true as const, message: `Formation «\u00a0${title}\u00a0» supprimée.` };
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError) return data({ ok: false as const, message: error.message }, { status: 404 });
    if (error instanceof FieldValidationError) return data({ ok: false as const, message: error.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Formations", description: "Gérer le catalogue des formations.", noindex: true });

type ActionResult = { ok: boolean; message: string; editId?: string };

function useResultToast(result: ActionResult | undefined, idle: boolean) {
  useEffect(() => {
    if (!result || !idle) return;
    if (result.ok) notify.success("C'est fait", { description: result.message });
    else notify.error("Action impossible", { description: result.message });
  }, [result, idle]);
}

/** Row buttons; the fetcher belongs to the page, so its result is shown even when the row disappears. */
function RowActions({ formation, fetcher }: { formation: FormationListItem; fetcher: ReturnType<typeof useFetcher<ActionResult>> }) {
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={formationPath(formation.slug)}
        target="_blank"
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={`${formation.status === "published" ? "Voir" : "Prévisualiser"} « ${formation.title} » (nouvel onglet)`}
        title={formation.status === "published" ? "Voir la page" : "Aperçu"}
      >
        <Eye aria-hidden="true" className="size-4" />
      </Link>
      <button
        type="button"
        onClick={() => fetcher.submit({ intent: "duplicate", id: formation.id }, { method: "post" })}
        disabled={busy}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={`Dupliquer « ${formation.title} »`}
        title="Dupliquer"
      >
        <Copy aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950"
        aria-label={`Supprimer « ${formation.title} »`}
        title="Supprimer"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Supprimer cette formation ?"
        confirmLabel="Supprimer définitivement"
        danger
        onConfirm={() => fetcher.submit({ intent: "delete", id: formation.id }, { method: "post" })}
      >
        <p>
          «&nbsp;{formation.title}&nbsp;» sera supprimée avec ses sessions. Sa page ne sera plus accessible. Cette action est
          irréversible&nbsp;; pour la retirer du site seulement, repassez-la plutôt en brouillon.
        </p>
      </ConfirmDialog>
    </div>
  );
}

const field = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900";

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const { filters, result, counts, categories, cities, toComplete } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [selected, setSelected] = useState<string[]>([]);
  const rowFetcher = useFetcher<ActionResult>();
  useResultToast(actionData as ActionResult | undefined, navigation.state === "idle");
  useResultToast(rowFetcher.data, rowFetcher.state === "idle");
  useEffect(() => {
    if (actionData?.ok) setSelected([]);
  }, [actionData]);
  const allIds = result.items.map((f) => f.id);
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.includes(id));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Formations</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {counts.published} publiée{counts.published > 1 ? "s" : ""}, {counts.draft} brouillon{counts.draft > 1 ? "s" : ""}
          </p>
        </div>
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
      </div>

      <search className="mt-6 block">
        <Form
          method="get"
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-800 dark:bg-slate-900"
          aria-label="Filtrer les formations"
        >
          <div className="lg:col-span-2">
            <label htmlFor="a-q" className="block text-sm font-medium">
              Rechercher
            </label>
            <input id="a-q" type="search" name="q" defaultValue={filters.q} className={field} placeholder="Titre, résumé, domaine…" />
          </div>
          <div>
            <label htmlFor="a-statut" className="block text-sm font-medium">
              Statut
            </label>
            <select id="a-statut" name="statut" defaultValue={filters.statut} className={field}>
              <option value="">Tous</option>
              <option value="published">Publiées</option>
              <option value="draft">Brouillons</option>
            </select>
          </div>
          <div>
            <label htmlFor="a-categorie" className="block text-sm font-medium">
              Catégorie
            </label>
            <select id="a-categorie" name="categorie" defaultValue={filters.categorie} className={field}>
              <option value="">Toutes</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="a-ville" className="block text-sm font-medium">
              Ville
            </label>
            <select id="a-ville" name="ville" defaultValue={filters.ville} className={field}>
              <option value="">Toutes</option>
              {cities.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="a-tri" className="block text-sm font-medium">
              Tri
            </label>
            <select id="a-tri" name="tri" defaultValue={filters.tri} className={field}>
              {Object.entries(SORTS).map(([key, s]) => (
                <option key={key} value={key}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end gap-3 lg:col-span-6">
            <Button type="submit">
              <Search aria-hidden="true" className="size-4" />
              Filtrer
            </Button>
            <Link to="/admin/formations" className="text-sm font-medium underline">
              Réinitialiser
            </Link>
          </div>
        </Form>
      </search>

      <Form method="post" id="actions-groupees" className="mt-6">
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Actions sur la sélection">
          <span className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {selected.length === 0 ? "Aucune formation sélectionnée" : `${selected.length} sélectionnée${selected.length > 1 ? "s" : ""}`}
          </span>
          <Button type="submit" name="intent" value="publish" size="sm" disabled={selected.length === 0}>
            Publier
          </Button>
          <Button type="submit" name="intent" value="unpublish" size="sm" variant="secondary" disabled={selected.length === 0}>
            Repasser en brouillon
          </Button>
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" role="status">
        {result.total} formation{result.total > 1 ? "s" : ""}
        {result.pageCount > 1 ? ` · page ${result.page} sur ${result.pageCount}` : ""}
      </p>
      <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">Liste des formations</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Tout sélectionner"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? allIds : [])}
                  className="size-4"
                />
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Formation
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Statut
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Prochaine session
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Modifiée le
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {result.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-8 text-center text-slate-600 dark:text-slate-400">
                  Aucune formation ne correspond à ces critères.
                </td>
              </tr>
            ) : null}
            {result.items.map((f) => (
              <tr
                key={f.id}
                className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
                data-testid={`formation-row-${f.slug}`}
              >
                <td className="px-3 py-3">
                  <input
                    type="checkbox"
                    name="ids"
                    form="actions-groupees"
                    value={f.id}
                    checked={selected.includes(f.id)}
                    onChange={(e) => setSelected((prev) => (e.target.checked ? [...prev, f.id] : prev.filter((id) => id !== f.id)))}
                    aria-label={`Sélectionner « ${f.title} »`}
                    className="size-4"
                  />
                </td>
                <td className="px-3 py-3">
                  <Link to={`/admin/formations/${f.id}`} className="font-semibold text-brand-800 hover:underline dark:text-brand-200">
                    {f.title}
                  </Link>
                  <p className="text-slate-600 dark:text-slate-400">
                    {f.category.name} · {priceLabel(f)}
                    {f.featured ? " · À la une" : ""}
                  </p>
                </td>
                <td className="px-3 py-3">
                  <span
                    className={cn(
                      "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
                      f.status === "published"
                        ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                        : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
                    )}
                  >
                    {STATUS_LABELS[f.status]}
                  </span>
                  <ToCompleteBadge items={toComplete[f.id]} />
                </td>
                <td className="px-3 py-3 text-slate-700 dark:text-slate-300">
                  {f.nextSession
                    ? `${sessionDatesLabel(f.nextSession.startDate, f.nextSession.endDate)}${f.nextSession.cityName ? `, ${f.nextSession.cityName}` : ", à distance"}`
                    : "—"}
                </td>
                <td className="px-3 py-3 text-slate-700 dark:text-slate-300">{formatDate(f.updatedAt)}</td>
                <td className="px-3 py-3">
                  <RowActions formation={f} fetcher={rowFetcher} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={result.page} pageCount={result.pageCount} search={location.search} pathname="/admin/formations" />
    </div>
  );
}
