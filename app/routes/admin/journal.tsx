import { useLocation } from "react-router";
import { Link } from "~/ui/link";
import { historyPath, isRevisionEntity } from "~/domain/revisions/model";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/journal";
import { auditJournal } from "~/domain/audit/audit.server";
import { auditActionLabel, auditActorLabel, auditEntityLabel, auditFilterSchema } from "~/domain/audit/model";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import {
  AdminTable,
  InlineFilterBar,
  InlineSearchFilter,
  SelectFilter,
  inlineFilterFieldClass,
  type Column,
  type TableStyle,
} from "~/ui/admin-list/admin-list";
import { formatDateTimeShort } from "~/platform/format";

export const handle = { breadcrumb: "Journal" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const raw = Object.fromEntries(url.searchParams);
  const filter = auditFilterSchema.parse({
    q: raw.q || undefined,
    entity: raw.entity || undefined,
    action: raw.action || undefined,
    page: raw.page,
  });
  const result = await auditJournal(filter);
  return { ...result, filter: { q: filter.q ?? "", entity: filter.entity ?? "", action: filter.action ?? "" } };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Journal des modifications", description: "Qui a modifié quoi, et quand.", noindex: true });

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const TABLE: TableStyle = {
  table: "w-full min-w-[44rem] text-left text-sm",
  head: "border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400",
  th: "px-3 py-2 font-medium",
  body: "divide-y divide-slate-200 dark:divide-slate-800",
  row: "align-top",
};

const COLUMNS: Column<Entry>[] = [
  {
    key: "date",
    header: "Date",
    className: "px-3 py-3 whitespace-nowrap",
    cell: (e) => <time dateTime={e.createdAt}>{formatDateTimeShort(e.createdAt)}</time>,
  },
  {
    key: "actor",
    header: "Auteur",
    cell: (e) => (
      <>
        <p className="break-all">{e.actorEmail}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{auditActorLabel(e.actorRole)}</p>
      </>
    ),
  },
  {
    key: "action",
    header: "Action",
    cell: (e) => (
      <>
        <p>{auditActionLabel(e.action)}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{auditEntityLabel(e.entity)}</p>
      </>
    ),
  },
  {
    key: "summary",
    header: "Détail",
    cell: (e) => (
      <>
        <p>{e.summary}</p>
        {e.revisionId && e.entityId && isRevisionEntity(e.entity) ? (
          <Link
            to={historyPath(e.entity, e.entityId, `a=${e.revisionId}`)}
            className="text-xs font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300"
          >
            Voir la version enregistrée<span className="sr-only"> ({e.summary})</span>
          </Link>
        ) : null}
      </>
    ),
  },
];

export default function Journal({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, entities, actions, filter } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Journal des modifications</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Chaque modification faite dans l'administration&nbsp;: qui, quoi, quand.</p>
      </div>
      <InlineFilterBar>
        <InlineSearchFilter id="journal-q" defaultValue={filter.q} placeholder="Texte, e-mail, identifiant" width="w-64" />
        <SelectFilter
          id="journal-entity"
          name="entity"
          label="Élément"
          defaultValue={filter.entity}
          all="Tous"
          className={inlineFilterFieldClass}
          options={entities.map((e) => ({ value: e, label: auditEntityLabel(e) }))}
        />
        <SelectFilter
          id="journal-action"
          name="action"
          label="Action"
          defaultValue={filter.action}
          all="Toutes"
          className={inlineFilterFieldClass}
          options={actions.map((a) => ({ value: a, label: auditActionLabel(a) }))}
        />
      </InlineFilterBar>

      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? "Aucune entrée ne correspond." : `${total} entrée${total > 1 ? "s" : ""}`}
      </p>

      <AdminTable
        caption="Journal des modifications, du plus récent au plus ancien"
        columns={COLUMNS}
        rows={entries}
        style={TABLE}
        className=""
        scrollLabel="Journal des modifications (défile horizontalement)"
      />

      <Pagination page={page} pageCount={pageCount} search={location.search} pathname={location.pathname} />
    </div>
  );
}
