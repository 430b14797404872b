import { Download, Search } from "lucide-react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/leads";
import { LeadStatusBadge, MailStateBadge, leadKindFromPath, leadsBasePath } from "~/domain/leads/admin";
import { listLeads } from "~/domain/leads/leads.server";
import {
  CONTACT_SUBJECTS,
  FORMATS,
  FORMAT_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  OPCO_FUNDINGS,
  OTHER_FUNDINGS,
  fundingLabel,
  parseLeadFilter,
  subjectLabel,
} from "~/domain/leads/model";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button, buttonClass } from "~/ui/button";
import { formatDateTime } from "./format";

export const handle = {
  breadcrumb: (data: { kind?: string } | undefined) => (data?.kind === "contact" ? "Messages" : "Demandes de devis"),
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const url = new URL(request.url);
  const kind = leadKindFromPath(url.pathname);
  const filter = parseLeadFilter(url.searchParams);
  const result = await listLeads(kind, filter);
  return {
    kind,
    ...result,
    filter: {
      q: filter.q ?? "",
      statut: filter.statut,
      financement: filter.financement ?? "",
      format: filter.format ?? "",
      sujet: filter.sujet ?? "",
      du: filter.du ?? "",
      au: filter.au ?? "",
    },
    deleted: url.searchParams.get("supprime")?.slice(0, 30) ?? "",
  };
}

export const meta: Route.MetaFunction = (args) => {
  const kind = args.loaderData?.kind ?? "devis";
  return pageMeta(args, {
    title: kind === "devis" ? "Demandes de devis" : "Messages",
    description: kind === "devis" ? "Les demandes de devis reçues par le site." : "Les messages reçus par le formulaire de contact.",
    noindex: true,
  });
};

function newSummary(isQuote: boolean, fresh: number, ongoing: number): string {
  const inProgress = ongoing > 0 ? ` ${ongoing} en cours.` : "";
  if (isQuote) {
    if (fresh === 0) return `Aucune nouvelle demande à traiter.${inProgress}`;
    return `${fresh} nouvelle${fresh > 1 ? "s" : ""} demande${fresh > 1 ? "s" : ""} à traiter.${inProgress}`;
  }
  if (fresh === 0) return `Aucun nouveau message à traiter.${inProgress}`;
  return `${fresh} nouveau${fresh > 1 ? "x" : ""} message${fresh > 1 ? "s" : ""} à traiter.${inProgress}`;
}

const fieldClass = "mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-950";

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { kind, items, total, page, pageCount, statusCounts, filter, deleted } = loaderData;
  const [params] = useSearchParams();
  const base = leadsBasePath(kind);
  const isQuote = kind === "devis";
  const location = useLocation();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  exportParams.delete("supprime");
  const exportQuery = exportParams.toString();
  const title = isQuote ? "Demandes de devis" : "Messages";
  const noun = isQuote ? "demande" : "message";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{newSummary(isQuote, statusCounts.nouveau, statusCounts.en_cours)}</p>
        </div>
        <a href={`${base}/export${exportQuery ? `?${exportQuery}` : ""}`} className={buttonClass("secondary")} download>
          <Download aria-hidden="true" className="size-4" />
          Exporter en CSV
        </a>
      </div>

      {deleted ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {isQuote ? "La demande" : "Le message"} {deleted} et ses données personnelles ont été supprimés.
        </p>
      ) : null}

      <Form
        method="get"
        role="search"
        aria-label={`Filtrer les ${isQuote ? "demandes" : "messages"}`}
        className="flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="leads-q" className="block text-sm font-medium">
            Rechercher
          </label>
          <input
            id="leads-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            placeholder={isQuote ? "Référence, entreprise, nom, e-mail, formation" : "Référence, nom, e-mail, texte"}
            className={`${fieldClass} w-72 max-w-full px-3`}
          />
        </div>
        <div>
          <label htmlFor="leads-statut" className="block text-sm font-medium">
            Statut
          </label>
          <select id="leads-statut" name="statut" defaultValue={filter.statut} className={fieldClass}>
            <option value="actifs">À traiter et traités (hors archives)</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]} ({statusCounts[s]})
              </option>
            ))}
            <option value="tous">Tous les statuts</option>
          </select>
        </div>
        {isQuote ? (
          <>
            <div>
              <label htmlFor="leads-financement" className="block text-sm font-medium">
                Financement
              </label>
              <select id="leads-financement" name="financement" defaultValue={filter.financement} className={`${fieldClass} max-w-56`}>
                <option value="">Tous</option>
                <optgroup label="OPCO">
                  {OPCO_FUNDINGS.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Autres">
                  {OTHER_FUNDINGS.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <div>
              <label htmlFor="leads-format" className="block text-sm font-medium">
                Format
              </label>
              <select id="leads-format" name="format" defaultValue={filter.format} className={fieldClass}>
                <option value="">Tous</option>
                {FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {FORMAT_LABELS[f].label}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : (
          <div>
            <label htmlFor="leads-sujet" className="block text-sm font-medium">
              Sujet
            </label>
            <select id="leads-sujet" name="sujet" defaultValue={filter.sujet} className={fieldClass}>
              <option value="">Tous</option>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="leads-du" className="block text-sm font-medium">
            Reçu{isQuote ? "es" : "s"} depuis le
          </label>
          <input id="leads-du" name="du" type="date" defaultValue={filter.du} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="leads-au" className="block text-sm font-medium">
            Jusqu'au
          </label>
          <input id="leads-au" name="au" type="date" defaultValue={filter.au} className={fieldClass} />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          Filtrer
        </Button>
      </Form>

      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? `Aucun${isQuote ? "e" : ""} ${noun} ne correspond à ces critères.` : `${total} ${noun}${total > 1 ? "s" : ""}`}
      </p>

      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">{title}, de la plus récente à la plus ancienne</caption>
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Reçu{isQuote ? "e" : ""} le
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Référence
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {isQuote ? "Entreprise et contact" : "Expéditeur"}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {isQuote ? "Besoin" : "Sujet"}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Statut
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  E-mails
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((lead) => (
                <tr key={lead.id} className="align-top" data-testid={`lead-row-${lead.reference}`}>
                  <td className="px-3 py-3 whitespace-nowrap">
                    <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap">
                    <Link to={`${base}/${lead.id}`} className="font-mono font-medium text-brand-700 hover:underline dark:text-brand-300">
                      {lead.reference}
                    </Link>
                  </td>
                  <td className="px-3 py-3">
                    {isQuote ? <p className="font-medium">{lead.company}</p> : null}
                    <p className={isQuote ? "" : "font-medium"}>{lead.name}</p>
                    <p className="break-all text-slate-600 dark:text-slate-400">{lead.email}</p>
                  </td>
                  <td className="px-3 py-3">
                    {isQuote ? (
                      <>
                        <p>{[...lead.formations.map((f) => f.title), lead.formationOther].filter(Boolean).join(", ")}</p>
                        <p className="text-slate-600 dark:text-slate-400">
                          {lead.trainees ? `${lead.trainees} stagiaire${lead.trainees > 1 ? "s" : ""} · ` : ""}
                          {fundingLabel(lead.funding)}
                        </p>
                      </>
                    ) : (
                      subjectLabel(lead.subject)
                    )}
                  </td>
                  <td className="px-3 py-3">
                    <LeadStatusBadge status={lead.status} />
                  </td>
                  <td className="px-3 py-3">
                    <MailStateBadge state={lead.mailState} />
                  </td>
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
