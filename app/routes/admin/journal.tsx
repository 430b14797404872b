import { Search } from "lucide-react";
import { Form, useLocation } from "react-router";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/journal";
import { ROLE_LABELS, normalizeRole } from "~/platform/auth/roles";
import { listAudit } from "~/domain/audit/audit.server";
import { auditActionLabel, auditEntityLabel, auditFilterSchema } from "~/domain/audit/model";
import { requireAdmin } from "~/platform/auth/guard.server";
import { db } from "~/platform/db/db.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { formatDateTime } from "./format";

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
  const result = await listAudit(db(), filter);
  return { ...result, filter: { q: filter.q ?? "", entity: filter.entity ?? "", action: filter.action ?? "" } };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Journal des modifications", description: "Qui a modifié quoi, et quand.", noindex: true });

export default function Journal({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, entities, actions, filter } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Journal des modifications</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Chaque modification faite dans l'administration : qui, quoi, quand.</p>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="journal-q" className="block text-sm font-medium">
            Rechercher
          </label>
          <input
            id="journal-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            placeholder="Texte, e-mail, identifiant"
            className="mt-1 min-h-11 w-64 max-w-full rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-950"
          />
        </div>
        <div>
          <label htmlFor="journal-entity" className="block text-sm font-medium">
            Élément
          </label>
          <select
            id="journal-entity"
            name="entity"
            defaultValue={filter.entity}
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-950"
          >
            <option value="">Tous</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {auditEntityLabel(e)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="journal-action" className="block text-sm font-medium">
            Action
          </label>
          <select
            id="journal-action"
            name="action"
            defaultValue={filter.action}
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-950"
          >
            <option value="">Toutes</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {auditActionLabel(a)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          Filtrer
        </Button>
      </Form>

      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? "Aucune entrée ne correspond." : `${total} entrée${total > 1 ? "s" : ""}`}
      </p>

      {entries.length > 0 ? (
        // Scrolls sideways on a narrow screen: a tab stop, so that the keyboard can scroll it too.
        <div
          role="region"
          aria-label="Journal des modifications (défile horizontalement)"
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:focus-visible:outline-brand-300"
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Journal des modifications, du plus récent au plus ancien</caption>
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Auteur
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Action
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Détail
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {entries.map((e) => (
                <tr key={e.id} className="align-top">
                  <td className="px-3 py-3 whitespace-nowrap">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </td>
                  <td className="px-3 py-3">
                    <p className="break-all">{e.actorEmail}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">{ROLE_LABELS[normalizeRole(e.actorRole)]}</p>
                  </td>
                  <td className="px-3 py-3">
                    <p>{auditActionLabel(e.action)}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">{auditEntityLabel(e.entity)}</p>
                  </td>
                  <td className="px-3 py-3">{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <Pagination page={page} pageCount={pageCount} search={location.search} pathname={location.pathname} />
    </div>
  );
}
