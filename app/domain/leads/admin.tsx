import { cn } from "~/ui/cn";
import { LEAD_MAIL_STATE_LABELS, LEAD_STATUS_LABELS, mailStateLabel, type LeadKind, type LeadMailState, type LeadStatus } from "./model";

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

const MAIL_SUMMARY_STYLES: Record<LeadMailState, string> = {
  sent: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  outbox: "bg-slate-200 text-slate-900 ring-1 ring-amber-500 dark:bg-slate-800 dark:text-slate-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  none: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

/** The send state of a lead's two e-mails, worst first. */
export function MailStateBadge({ state }: { state: LeadMailState }) {
  return (
    <span className={cn(badge, MAIL_SUMMARY_STYLES[state])} data-testid="lead-mail-state">
      {LEAD_MAIL_STATE_LABELS[state]}
    </span>
  );
}

const MAIL_STYLES: Record<string, string> = {
  pending: MAIL_SUMMARY_STYLES.pending,
  sending: MAIL_SUMMARY_STYLES.pending,
  sent: MAIL_SUMMARY_STYLES.sent,
  failed: MAIL_SUMMARY_STYLES.failed,
};

/** The state of one queued e-mail; a sent mail says whether it reached an SMTP server or only the local outbox. */
export function MailBadge({ state, via = "" }: { state: string; via?: string }) {
  const style = state === "sent" && via === "outbox" ? MAIL_SUMMARY_STYLES.outbox : MAIL_STYLES[state];
  return <span className={cn(badge, style ?? MAIL_SUMMARY_STYLES.none)}>{mailStateLabel(state, via)}</span>;
}
