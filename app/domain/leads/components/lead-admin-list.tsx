import { Download } from "lucide-react";
import { Link } from "~/ui/link";
import { LeadStatusBadge, MailStateBadge, leadsBasePath } from "~/domain/leads/admin";
import {
  CONTACT_SUBJECTS,
  FORMATS,
  FORMAT_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  OPCO_FUNDINGS,
  OTHER_FUNDINGS,
  fundingLabel,
  subjectLabel,
  type LeadKind,
  type LeadListItem,
  type LeadStatus,
} from "~/domain/leads/model";
import {
  AdminTable,
  FilterField,
  InlineFilterBar,
  InlineSearchFilter,
  SelectFilter,
  inlineFilterFieldClass,
  type Column,
  type TableStyle,
} from "~/ui/admin-list/admin-list";
import { inputClass } from "~/ui/form/input-class";
import { buttonClass } from "~/ui/button";
import { formatDateTimeShort } from "~/platform/format";
import { Pagination } from "~/ui/pagination";
import { SpoolInstances, type SpoolInstanceView } from "~/platform/spool/spool-instances";

function newSummary(isQuote: boolean, fresh: number, ongoing: number): string {
  const inProgress = ongoing > 0 ? ` ${ongoing} en cours.` : "";
  if (isQuote) {
    if (fresh === 0) return `Aucune nouvelle demande à traiter.${inProgress}`;
    return `${fresh} nouvelle${fresh > 1 ? "s" : ""} demande${fresh > 1 ? "s" : ""} à traiter.${inProgress}`;
  }
  if (fresh === 0) return `Aucun nouveau message à traiter.${inProgress}`;
  return `${fresh} nouveau${fresh > 1 ? "x" : ""} message${fresh > 1 ? "s" : ""} à traiter.${inProgress}`;
}

const LEAD_TABLE: TableStyle = {
  table: "w-full min-w-[52rem] text-left text-sm",
  head: "border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400",
  th: "px-3 py-2 font-medium",
  body: "divide-y divide-slate-200 dark:divide-slate-800",
  row: "align-top",
};

function leadColumns(isQuote: boolean, base: string): Column<LeadListItem>[] {
  return [
    {
      key: "created",
      header: `Reçu${isQuote ? "e" : ""} le`,
      className: "px-3 py-3 whitespace-nowrap",
      cell: (lead) => <time dateTime={lead.createdAt}>{formatDateTimeShort(lead.createdAt)}</time>,
    },
    {
      key: "reference",
      header: "Référence",
      className: "px-3 py-3 whitespace-nowrap",
      cell: (lead) => (
        <Link to={`${base}/${lead.id}`} className="font-mono font-medium text-brand-700 hover:underline dark:text-brand-300">
          {lead.reference}
        </Link>
      ),
    },
    {
      key: "who",
      header: isQuote ? "Entreprise et contact" : "Expéditeur",
      cell: (lead) => (
        <>
          {isQuote ? <p className="font-medium">{lead.company}</p> : null}
          <p className={isQuote ? "" : "font-medium"}>{lead.name}</p>
          <p className="break-all text-slate-600 dark:text-slate-400">{lead.email}</p>
        </>
      ),
    },
    {
      key: "need",
      header: isQuote ? "Besoin" : "Sujet",
      cell: (lead) =>
        isQuote ? (
          <>
            <p>{[...lead.formations.map((f) => f.title), lead.formationOther].filter(Boolean).join(", ")}</p>
            <p className="text-slate-600 dark:text-slate-400">
              {lead.trainees ? `${lead.trainees} stagiaire${lead.trainees > 1 ? "s" : ""} · ` : ""}
              {fundingLabel(lead.funding)}
            </p>
          </>
        ) : (
          subjectLabel(lead.subject)
        ),
    },
    { key: "status", header: "Statut", cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    { key: "mails", header: "E-mails", cell: (lead) => <MailStateBadge state={lead.mailState} /> },
  ];
}

function LeadFilters({
  isQuote,
  filter,
  statusCounts,
}: {
  isQuote: boolean;
  filter: LeadFilterValues;
  statusCounts: Record<LeadStatus, number>;
}) {
  return (
    <InlineFilterBar label={`Filtrer les ${isQuote ? "demandes" : "messages"}`}>
      <InlineSearchFilter
        id="leads-q"
        defaultValue={filter.q}
        placeholder={isQuote ? "Référence, entreprise, nom, e-mail, formation" : "Référence, nom, e-mail, texte"}
        width="w-72"
      />
      <FilterField id="leads-statut" label="Statut">
        <select id="leads-statut" name="statut" defaultValue={filter.statut} className={inlineFilterFieldClass}>
          <option value="actifs">À traiter et traités (hors archives)</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]} ({statusCounts[s]})
            </option>
          ))}
          <option value="tous">Tous les statuts</option>
        </select>
      </FilterField>
      {isQuote ? (
        <>
          <FilterField id="leads-financement" label="Financement">
            <select
              id="leads-financement"
              name="financement"
              defaultValue={filter.financement}
              className={inputClass(undefined, "mt-1 w-auto max-w-56")}
            >
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
          </FilterField>
          <SelectFilter
            id="leads-format"
            name="format"
            label="Format"
            defaultValue={filter.format}
            all="Tous"
            className={inlineFilterFieldClass}
            options={FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f].label }))}
          />
        </>
      ) : (
        <SelectFilter
          id="leads-sujet"
          name="sujet"
          label="Sujet"
          defaultValue={filter.sujet}
          all="Tous"
          className={inlineFilterFieldClass}
          options={CONTACT_SUBJECTS}
        />
      )}
      <FilterField id="leads-du" label={`Reçu${isQuote ? "es" : "s"} depuis le`}>
        <input id="leads-du" name="du" type="date" defaultValue={filter.du} className={inlineFilterFieldClass} />
      </FilterField>
      <FilterField id="leads-au" label="Jusqu'au">
        <input id="leads-au" name="au" type="date" defaultValue={filter.au} className={inlineFilterFieldClass} />
      </FilterField>
    </InlineFilterBar>
  );
}

function spooledNotice(isQuote: boolean, n: number): string {
  const what = isQuote
    ? n > 1
      ? `${n} demandes de devis reçues`
      : "1 demande de devis reçue"
    : n > 1
      ? `${n} messages reçus`
      : "1 message reçu";
  return `${what} pendant une indisponibilité de la base de données ${n > 1 ? "attendent" : "attend"} sur ce serveur et ${n > 1 ? "seront enregistré" + (isQuote ? "es" : "s") : "sera enregistré" + (isQuote ? "e" : "")} dès son retour (vérification toutes les 5\u00a0secondes).`;
}

type LeadFilterValues = { q: string; statut: string; financement: string; format: string; sujet: string; du: string; au: string };

/** /admin/devis and /admin/messages: header with CSV export, deletion notice, filters, table and pagination. */
export function LeadAdminList({
  kind,
  items,
  total,
  page,
  pageCount,
  statusCounts,
  filter,
  deleted,
  spooled,
  spools,
  exportQuery,
  search,
  pathname,
}: {
  kind: LeadKind;
  items: LeadListItem[];
  total: number;
  page: number;
  pageCount: number;
  statusCounts: Record<LeadStatus, number>;
  filter: LeadFilterValues;
  deleted: string;
  /** Requests of this kind waiting in the local spool (the database refused them). */
  spooled: number;
  /** The spools of every instance that hold something (heartbeats). */
  spools: SpoolInstanceView[];
  exportQuery: string;
  search: string;
  pathname: string;
}) {
  const base = leadsBasePath(kind);
  const isQuote = kind === "devis";
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

      {spooled > 0 ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {spooledNotice(isQuote, spooled)}
        </p>
      ) : null}
      <SpoolInstances spools={spools} />

      <LeadFilters isQuote={isQuote} filter={filter} statusCounts={statusCounts} />

      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? `Aucun${isQuote ? "e" : ""} ${noun} ne correspond à ces critères.` : `${total} ${noun}${total > 1 ? "s" : ""}`}
      </p>

      <AdminTable
        caption={`${title}, de la plus récente à la plus ancienne`}
        columns={leadColumns(isQuote, base)}
        rows={items}
        rowTestId={(lead) => `lead-row-${lead.reference}`}
        style={LEAD_TABLE}
        className=""
      />

      <Pagination page={page} pageCount={pageCount} search={search} pathname={pathname} />
    </div>
  );
}
