import { fundingText } from "~/domain/registrations/labels";
import { registrationQuote } from "~/domain/registrations/quote";
import { db, type Db } from "~/platform/db/db.server";
import { formatDayRange } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";
import {
  balanceOf,
  creditNotesOf,
  defaultPayers,
  getInvoice,
  getInvoiceSettings,
  listInvoices,
  paymentsOf,
  registrationInvoiceRow,
  vatExemptFor,
  type Invoice,
  type Payment,
} from "./invoices.server";
import type { PayerKind } from "./labels";

/** What the invoicing screens read (/admin/factures, an invoice, a registration's and a session's invoicing). */

export interface InvoiceDetail {
  invoice: Invoice;
  payments: Payment[];
  credits: Invoice[];
  credited: { id: string; number: string | null } | null;
  registration: { id: string; reference: string; sessionId: string } | null;
  dueTtcCents: number;
  leftCents: number;
  creditableHtCents: number;
}

export async function invoiceDetail(id: string, target: Db = db(), now = Date.now()): Promise<InvoiceDetail | null> {
  const invoice = await getInvoice(id, target, now);
  if (!invoice) return null;
  const [payments, credits] = await Promise.all([paymentsOf(id, target), creditNotesOf(id, target, now)]);
  const credited = invoice.creditedInvoiceId
    ? ((await target.selectFrom("invoices").select(["id", "number"]).where("id", "=", invoice.creditedInvoiceId).executeTakeFirst()) ??
      null)
    : null;
  const registration = invoice.registrationId
    ? ((await target
        .selectFrom("registrations")
        .select(["id", "reference", "session_id as sessionId"])
        .where("id", "=", invoice.registrationId)
        .executeTakeFirst()) ?? null)
    : null;
  const { dueTtcCents, leftCents } = balanceOf(invoice, credits);
  const creditableHtCents = invoice.totalHtCents - credits.reduce((s, c) => s + c.totalHtCents, 0);
  return { invoice, payments, credits, credited, registration, dueTtcCents, leftCents, creditableHtCents };
}

export interface RegistrationInvoicing {
  id: string;
  reference: string;
  status: string;
  buyerKind: string;
  buyerName: string;
  siret: string;
  funding: string;
  fundingLabel: string;
  opcoAgreementNumber: string;
  opcoCoveredCents: number | null;
  finalOn: string | null;
  withdrawalOver: boolean;
  sessionId: string;
  formationTitle: string;
  datesLabel: string;
  seats: number;
  quote: { totalHtCents: number; vatCents: number; totalTtcCents: number } | null;
  vatExempt: boolean;
  payers: PayerKind[];
  invoices: Invoice[];
}

export async function registrationInvoicing(id: string, target: Db = db(), now = Date.now()): Promise<RegistrationInvoicing | null> {
  const r = await registrationInvoiceRow(id, target);
  if (!r) return null;
  const settings = await getInvoiceSettings(target);
  const q = registrationQuote(r.price_inter_cents === null ? null : Number(r.price_inter_cents), r.vat_mode, Number(r.seats));
  const vatExempt = vatExemptFor(settings, r.vat_mode);
  const covered = r.opco_covered_cents === null ? null : Number(r.opco_covered_cents);
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    buyerKind: r.buyer_kind,
    buyerName: r.buyer_kind === "entreprise" ? r.company_name : r.contact_name,
    siret: r.siret,
    funding: r.funding,
    fundingLabel: fundingText(r.funding, r.opco),
    opcoAgreementNumber: r.opco_agreement_number,
    opcoCoveredCents: covered,
    finalOn: r.final_on,
    withdrawalOver: !r.final_on || parisCalendarDay(new Date(now)) > r.final_on,
    sessionId: r.session_id,
    formationTitle: r.title,
    datesLabel: formatDayRange(r.start_date, r.end_date),
    seats: Number(r.seats),
    quote:
      q.kind === "priced"
        ? vatExempt
          ? { totalHtCents: q.totalHtCents, vatCents: 0, totalTtcCents: q.totalHtCents }
          : { totalHtCents: q.totalHtCents, vatCents: q.vatCents, totalTtcCents: q.totalTtcCents }
        : null,
    vatExempt,
    payers: defaultPayers({ buyerKind: r.buyer_kind, funding: r.funding, opcoCoveredCents: covered }),
    invoices: await listInvoices({ registrationId: id }, target, now),
  };
}

/** A session's invoicing: per registration, what is invoiced (credit notes deducted) and paid. */
export interface SessionInvoicingRow {
  registrationId: string;
  reference: string;
  buyerName: string;
  status: string;
  invoicedTtcCents: number;
  paidCents: number;
  numbers: string[];
  drafts: number;
}

export async function sessionInvoicing(
  sessionId: string,
  target: Db = db(),
  now = Date.now(),
): Promise<{ rows: SessionInvoicingRow[]; invoicedTtcCents: number; paidCents: number }> {
  const regs = await target
    .selectFrom("registrations")
    .select(["id", "reference", "buyer_kind", "company_name", "contact_name", "status"])
    .where("session_id", "=", sessionId)
    .where("status", "in", ["recue", "confirmee"])
    .orderBy("created_at")
    .execute();
  const invoices = await listInvoices({ sessionId }, target, now);
  const rows = regs.map((r) => {
    const own = invoices.filter((i) => i.registrationId === r.id);
    const signed = (i: Invoice) => (i.kind === "avoir" ? -i.totalTtcCents : i.totalTtcCents);
    const issued = own.filter((i) => i.number !== null);
    return {
      registrationId: r.id,
      reference: r.reference,
      buyerName: r.buyer_kind === "entreprise" ? r.company_name : r.contact_name,
      status: r.status,
      invoicedTtcCents: issued.reduce((s, i) => s + signed(i), 0),
      paidCents: issued.filter((i) => i.kind !== "avoir").reduce((s, i) => s + i.paidCents, 0),
      numbers: issued.map((i) => i.number!),
      drafts: own.length - issued.length,
    };
  });
  return {
    rows,
    invoicedTtcCents: rows.reduce((s, r) => s + r.invoicedTtcCents, 0),
    paidCents: rows.reduce((s, r) => s + r.paidCents, 0),
  };
}
