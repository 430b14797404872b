import { cn } from "~/ui/cn";
import { LEAD_STATUS_LABELS, mailStateLabel, type LeadKind, type LeadListItem, type LeadStatus } from "./model";

/** /admin/devis lists quote requests, /admin/messages contact messages. */
export function leadKindFromPath(pathname: string): LeadKind {
  return pathname.startsWith("/admin/messages") ? "contact" : "devis";
}

export function leadsBasePath(kind: LeadKind): string {
  return kind === "devis" ? "/admin/devis" : "/admin/messages";
}

const STATUS_STYLES: Record<LeadStatus, string> = {
  nouveau: "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100",
  en_cours: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  traite: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  archive: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

const badge = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <span className={cn(badge, STATUS_STYLES[status])}>{LEAD_STATUS_LABELS[status]}</span>;
}

const MAIL_SUMMARY: Record<LeadListItem["mailState"], { label: string; style: string }> = {
  sent: { label: "Envoyés au serveur SMTP", style: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" },
  outbox: {
    label: "Écrits dans la boîte locale",
    style: "bg-slate-200 text-slate-900 ring-1 ring-amber-500 dark:bg-slate-800 dark:text-slate-100",
  },
  pending: { label: "En attente d'envoi", style: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100" },
  failed: { label: "Échec d'envoi", style: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100" },
  none: { label: "Aucun", style: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200" },
};

/** The send state of a lead's two e-mails, worst first. */
export function MailStateBadge({ state }: { state: LeadListItem["mailState"] }) {
  const s = MAIL_SUMMARY[state];
  return <span className={cn(badge, s.style)}>{s.label}</span>;
}

const MAIL_STYLES: Record<string, string> = {
  pending: MAIL_SUMMARY.pending.style,
  sending: MAIL_SUMMARY.pending.style,
  sent: MAIL_SUMMARY.sent.style,
  failed: MAIL_SUMMARY.failed.style,
};

/** The state of one queued e-mail; a sent mail says whether it reached an SMTP server or only the local outbox. */
export function MailBadge({ state, via = "" }: { state: string; via?: string }) {
  const style = state === "sent" && via === "outbox" ? MAIL_SUMMARY.outbox.style : MAIL_STYLES[state];
  return <span className={cn(badge, style ?? MAIL_SUMMARY.none.style)}>{mailStateLabel(state, via)}</span>;
}
