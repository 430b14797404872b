import type { ReactNode } from "react";
import { formatCents, formatDate } from "~/platform/format";
import { cn } from "~/ui/cn";
import { DataTable, td } from "~/ui/data-table";
import { Link } from "~/ui/link";
import { INVOICE_KIND_LABELS, PAYER_KIND_SHORT, STATUS_LABELS, type DisplayStatus, type InvoiceKind, type PayerKind } from "../labels";

/** Pieces shared by the invoicing screens (admin and space). */

export const card = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
export const euros = (cents: number) => formatCents(cents);
export const day = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDate(iso)}</time> : "—");

const BADGE: Record<DisplayStatus, string> = {
  brouillon: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  emise: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  envoyee: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  payee_partiellement: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  payee: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  annulee: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  en_retard: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

export function StatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <span
      className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", BADGE[status])}
      data-testid="statut-facture"
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

export interface InvoiceRowView {
  id: string;
  number: string | null;
  kind: InvoiceKind;
  status: DisplayStatus;
  payerKind: PayerKind;
  payerName: string;
  issuedOn: string | null;
  dueOn: string | null;
  totalHtCents: number;
  totalTtcCents: number;
  paidCents: number;
}

/** A section of an invoicing screen: a card titled by its heading (`id` links them for screen readers). */
export function Card({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Invoices and credit notes as a table; `href` gives each number's link. */
export function InvoiceTable({ rows, caption, href }: { rows: InvoiceRowView[]; caption: string; href: (id: string) => string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">Aucune facture.</p>;
  return (
    <DataTable
      label={caption}
      minWidth="min-w-[50rem]"
      columns={[
        "Numéro",
        "Type",
        "Client",
        "Émise le",
        "Échéance",
        { label: "Total HT", right: true },
        { label: "Total TTC", right: true },
        { label: "Payé", right: true },
        "État",
      ]}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td className={cn(td, "font-mono whitespace-nowrap")}>
            <Link to={href(r.id)} className="text-brand-700 underline dark:text-brand-300">
              {r.number ?? "Brouillon"}
            </Link>
          </td>
          <td className={td}>{INVOICE_KIND_LABELS[r.kind]}</td>
          <td className={td}>
            {r.payerName}
            <span className="block text-xs text-slate-600 dark:text-slate-400">{PAYER_KIND_SHORT[r.payerKind]}</span>
          </td>
          <td className={cn(td, "whitespace-nowrap")}>{day(r.issuedOn)}</td>
          <td className={cn(td, "whitespace-nowrap")}>{r.kind === "avoir" ? "—" : day(r.dueOn)}</td>
          <td className={cn(td, "text-right whitespace-nowrap")}>{euros(r.totalHtCents)}</td>
          <td className={cn(td, "text-right whitespace-nowrap")}>{euros(r.totalTtcCents)}</td>
          <td className={cn(td, "text-right whitespace-nowrap")}>{r.kind === "avoir" ? "—" : euros(r.paidCents)}</td>
          <td className={td}>
            <StatusBadge status={r.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A refused form's value, else the default (nothing typed is lost). */
export function typed(values: Record<string, unknown> | undefined, name: string, fallback = ""): string {
  const v = values?.[name];
  return typeof v === "string" ? v : fallback;
}
