import { randomUUID } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { emitEvent } from "~/domain/webhooks/webhooks.server";
import { OPCO_NAMES } from "~/domain/funding/opco-list";
import { buyerOfRow, type RegistrationBuyer } from "~/domain/registrations/model";
import { registrationQuote } from "~/domain/registrations/quote";
import type { Organisation } from "~/domain/settings/model";
import { getOrganisation, readSettingOr, writeSetting } from "~/domain/settings/settings.server";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import type { InvoicesTable } from "~/platform/db/schema";
import { allocateYearlyRank } from "~/platform/db/sequences.server";
import { formatCents, formatDayRange } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";
import type { FailureKind } from "~/platform/validation/errors";
import {
  BUSINESS_PAYERS,
  DEFAULT_INVOICE_SETTINGS,
  EXEMPTION_MENTION,
  INVOICE_KIND_LABELS,
  INVOICE_SERIES,
  PAYER_KINDS,
  displayStatus,
  invoiceNumber,
  invoiceSettingsSchema,
  isPayerKind,
  type CreditNoteInput,
  type DisplayStatus,
  type InvoiceKind,
  type InvoiceSettings,
  type OpcoCoverageInput,
  type PayerKind,
  type PaymentInput,
  type PrepareInput,
} from "./model";
import { ciiXml } from "./cii";
import type { InvoiceTerms } from "./mentions";
import {
  addDays,
  creditTotals,
  depositRefusal,
  htOfTtc,
  line,
  lotLine,
  paidStatus,
  totalsOf,
  type InvoiceLine,
  type Totals,
} from "./rules";

/**
 * Invoices (docs/decisions/0037-invoices.md, docs/legal/invoices.md): prepared from a confirmed
 * registration as drafts (editors and admins), issued by an admin — numbered then, per year and
 * without gap (`FAC-2027-0001`, the site's yearly numbering) and frozen for good —, cancelled in all
 * or part by a numbered credit note (`AV-2027-0001`), paid in one or several payments. Every change
 * writes its journal entry in the same transaction.
 */

export class InvoiceForbiddenError extends Error {
  constructor(message = "Seuls les administrateurs émettent et annulent les factures.") {
    super(message);
    this.name = "InvoiceForbiddenError";
  }
}

const STAFF = new Set(["editor", "admin"]);
function mayPrepare(actor: Actor): void {
  if (!STAFF.has(actor.role)) throw new InvoiceForbiddenError("Seuls les éditeurs et les administrateurs préparent les factures.");
}
function mayIssue(actor: Actor): void {
  if (actor.role !== "admin") throw new InvoiceForbiddenError();
}

export type InvoiceOutcome<T = { id: string }> = ({ ok: true } & T) | { ok: false; kind: FailureKind; error: string; field?: string };
const refuse = (kind: FailureKind, error: string, field?: string) => ({ ok: false as const, kind, error, ...(field ? { field } : {}) });

const today = (now: number) => parisCalendarDay(new Date(now));

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const SETTINGS_KEY = "invoices";

export async function getInvoiceSettings(target: Db = db()): Promise<InvoiceSettings> {
  return readSettingOr(SETTINGS_KEY, invoiceSettingsSchema, DEFAULT_INVOICE_SETTINGS, target);
}

export async function updateInvoiceSettings(values: InvoiceSettings, actor: Actor, target: Db = db()): Promise<void> {
  mayIssue(actor);
  await writeSetting(SETTINGS_KEY, invoiceSettingsSchema, values, target, {
    actor,
    summary: `Réglages de facturation enregistrés\u00a0: ${values.vatExempt ? "exonération de TVA" : "TVA à 20\u00a0%"}, paiement à ${values.paymentDays}\u00a0jours.`,
  });
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export interface Invoice {
  id: string;
  number: string | null;
  kind: InvoiceKind;
  status: DisplayStatus;
  storedStatus: string;
  year: number | null;
  registrationId: string | null;
  sessionId: string | null;
  creditedInvoiceId: string | null;
  payerKind: PayerKind;
  payerName: string;
  payerBusiness: boolean;
  payerSiren: string;
  payerVatNumber: string;
  payerStreet: string;
  payerPostalCode: string;
  payerCity: string;
  payerEmail: string;
  deliveryAddress: string;
  agreementNumber: string;
  buyerReference: string;
  lines: InvoiceLine[];
  vatExempt: boolean;
  vatRate: number;
  totalHtCents: number;
  vatCents: number;
  totalTtcCents: number;
  paidCents: number;
  issuedOn: string | null;
  dueOn: string | null;
  sentAt: string | null;
  paidOn: string | null;
  reminders: number;
  seller: Organisation | null;
  terms: InvoiceTerms | null;
  note: string;
  storageKey: string | null;
  createdBy: string;
  issuedBy: string;
  createdAt: string;
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function toInvoice(r: Selectable<InvoicesTable>, now = Date.now()): Invoice {
  const seller = json<Organisation | Record<string, never>>(r.seller, {});
  const terms = json<InvoiceTerms | Record<string, never>>(r.terms, {});
  return {
    id: r.id,
    number: r.number,
    kind: (r.kind === "acompte" || r.kind === "avoir" ? r.kind : "facture") as InvoiceKind,
    status: displayStatus(r, today(now)),
    storedStatus: r.status,
    year: r.year === null ? null : Number(r.year),
    registrationId: r.registration_id,
    sessionId: r.session_id,
    creditedInvoiceId: r.credited_invoice_id,
    payerKind: isPayerKind(r.payer_kind) ? r.payer_kind : "autre",
    payerName: r.payer_name,
    payerBusiness: Number(r.payer_business) === 1,
    payerSiren: r.payer_siren,
    payerVatNumber: r.payer_vat_number,
    payerStreet: r.payer_street,
    payerPostalCode: r.payer_postal_code,
    payerCity: r.payer_city,
    payerEmail: r.payer_email,
    deliveryAddress: r.delivery_address,
    agreementNumber: r.agreement_number,
    buyerReference: r.buyer_reference,
    lines: json<InvoiceLine[]>(r.lines, []),
    vatExempt: Number(r.vat_exempt) === 1,
    vatRate: Number(r.vat_rate),
    totalHtCents: Number(r.total_ht_cents),
    vatCents: Number(r.vat_cents),
    totalTtcCents: Number(r.total_ttc_cents),
    paidCents: Number(r.paid_cents),
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    sentAt: r.sent_at,
    paidOn: r.paid_on,
    reminders: Number(r.reminders),
    seller: "name" in seller ? (seller as Organisation) : null,
    terms: "paymentDays" in terms ? (terms as InvoiceTerms) : null,
    note: r.note,
    storageKey: r.storage_key,
    createdBy: r.created_by,
    issuedBy: r.issued_by,
    createdAt: r.created_at,
  };
}

export async function getInvoice(id: string, target: Db = db(), now = Date.now()): Promise<Invoice | null> {
  const row = await target.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toInvoice(row, now) : null;
}

export interface Payment {
  id: string;
  paidOn: string;
  amountCents: number;
  method: string;
  reference: string;
  recordedBy: string;
}

export async function paymentsOf(invoiceId: string, target: Db = db()): Promise<Payment[]> {
  const rows = await target
    .selectFrom("invoice_payments")
    .selectAll()
    .where("invoice_id", "=", invoiceId)
    .orderBy("paid_on")
    .orderBy("created_at")
    .execute();
  return rows.map((p) => ({
    id: p.id,
    paidOn: p.paid_on,
    amountCents: Number(p.amount_cents),
    method: p.method,
    reference: p.reference,
    recordedBy: p.recorded_by,
  }));
}

/** Payers whose invoices the client sees in their space (not those deposited on a funder's portal). */
const CLIENT_PAYERS: readonly PayerKind[] = ["entreprise", "particulier", "pouvoir_public", "organisme", "autre"];

/** The issued invoices and credit notes of a registration that its client sees in the space. */
export async function clientInvoicesOf(registrationId: string, target: Db = db(), now = Date.now()): Promise<Invoice[]> {
  const rows = await target
    .selectFrom("invoices")
    .selectAll()
    .where("registration_id", "=", registrationId)
    .where("number", "is not", null)
    .where("payer_kind", "in", [...CLIENT_PAYERS])
    .orderBy("issued_on")
    .orderBy("number")
    .execute();
  return rows.map((r) => toInvoice(r, now));
}

/** The credit notes of an invoice, oldest first. */
export async function creditNotesOf(invoiceId: string, target: Db = db(), now = Date.now()): Promise<Invoice[]> {
  const rows = await target.selectFrom("invoices").selectAll().where("credited_invoice_id", "=", invoiceId).orderBy("number").execute();
  return rows.map((r) => toInvoice(r, now));
}

const sumTotals = (list: readonly Totals[]): Totals => ({
  totalHtCents: list.reduce((s, t) => s + t.totalHtCents, 0),
  vatCents: list.reduce((s, t) => s + t.vatCents, 0),
  totalTtcCents: list.reduce((s, t) => s + t.totalTtcCents, 0),
});

/** What is left to pay on an issued invoice: TTC, less its credit notes, less what was paid. */
export function balanceOf(invoice: Invoice, credits: readonly Invoice[]): { dueTtcCents: number; leftCents: number } {
  const dueTtcCents = invoice.totalTtcCents - sumTotals(credits).totalTtcCents;
  return { dueTtcCents, leftCents: Math.max(0, dueTtcCents - invoice.paidCents) };
}

export interface InvoiceListFilter {
  year?: number;
  status?: DisplayStatus | "tous";
  registrationId?: string;
  sessionId?: string;
}

/** /admin/factures: invoices and credit notes, newest first (drafts at the top). */
export async function listInvoices(filter: InvoiceListFilter = {}, target: Db = db(), now = Date.now()): Promise<Invoice[]> {
  let q = target.selectFrom("invoices").selectAll();
  if (filter.year) q = q.where((eb) => eb.or([eb("year", "=", filter.year!), eb("year", "is", null)]));
  if (filter.registrationId) q = q.where("registration_id", "=", filter.registrationId);
  if (filter.sessionId) q = q.where("session_id", "=", filter.sessionId);
  const rows = await q.orderBy("issued_on", "desc").orderBy("number", "desc").orderBy("created_at", "desc").limit(2000).execute();
  const list = rows.map((r) => toInvoice(r, now)).sort((a, b) => Number(a.number !== null) - Number(b.number !== null));
  return filter.status && filter.status !== "tous" ? list.filter((i) => i.status === filter.status) : list;
}

/**
 * What was invoiced in a year, for the BPF's frame C (« origine des produits »): every issued invoice,
 * deposit invoice and credit note of `year` (by its date of issue), with its payer's kind, its
 * amounts HT and TTC in cents and its date. `signedHtCents`/`signedTtcCents` are negative for a credit
 * note: their sum by payer kind is what the year brought from that kind of payer.
 */
export interface InvoicedItem {
  id: string;
  number: string;
  kind: InvoiceKind;
  payerKind: PayerKind;
  payerName: string;
  issuedOn: string;
  totalHtCents: number;
  totalTtcCents: number;
  signedHtCents: number;
  signedTtcCents: number;
  registrationId: string | null;
  sessionId: string | null;
}

export async function invoicedInYear(year: number, target: Db = db()): Promise<InvoicedItem[]> {
  const rows = await target
    .selectFrom("invoices")
    .selectAll()
    .where("year", "=", year)
    .where("number", "is not", null)
    .orderBy("issued_on")
    .orderBy("number")
    .execute();
  return rows.map((r) => {
    const sign = r.kind === "avoir" ? -1 : 1;
    return {
      id: r.id,
      number: r.number!,
      kind: r.kind as InvoiceKind,
      payerKind: isPayerKind(r.payer_kind) ? r.payer_kind : "autre",
      payerName: r.payer_name,
      issuedOn: r.issued_on!,
      totalHtCents: Number(r.total_ht_cents),
      totalTtcCents: Number(r.total_ttc_cents),
      signedHtCents: sign * Number(r.total_ht_cents),
      signedTtcCents: sign * Number(r.total_ttc_cents),
      registrationId: r.registration_id,
      sessionId: r.session_id,
    };
  });
}

/** The year's amounts HT by payer kind (credit notes subtracted), every kind present (0 when none). */
export async function invoicedByPayerKind(
  year: number,
  target: Db = db(),
): Promise<Record<PayerKind, { htCents: number; ttcCents: number }>> {
  const sums = Object.fromEntries(PAYER_KINDS.map((k) => [k, { htCents: 0, ttcCents: 0 }])) as Record<
    PayerKind,
    { htCents: number; ttcCents: number }
  >;
  for (const item of await invoicedInYear(year, target)) {
    sums[item.payerKind].htCents += item.signedHtCents;
    sums[item.payerKind].ttcCents += item.signedTtcCents;
  }
  return sums;
}

// ---------------------------------------------------------------------------------------------
// Preparing drafts from a registration
// ---------------------------------------------------------------------------------------------

interface RegistrationForInvoice extends RegistrationBuyer {
  id: string;
  reference: string;
  status: string;
  funding: string;
  opco: string;
  opcoAgreementNumber: string;
  opcoCoveredCents: number | null;
  finalOn: string | null;
  seats: number;
  sessionId: string;
  formationTitle: string;
  priceCents: number | null;
  vatMode: string;
  startDate: string;
  endDate: string;
  trainees: string[];
}

/** A registration's row as the invoicing reads it: the buyer, the funding, the session, the formation's price. */
export function registrationInvoiceRow(id: string, target: Db) {
  return target
    .selectFrom("registrations as r")
    .innerJoin("formation_sessions as s", "s.id", "r.session_id")
    .innerJoin("formations as f", "f.id", "r.formation_id")
    .select([
      "r.id",
      "r.reference",
      "r.status",
      "r.buyer_kind",
      "r.company_name",
      "r.siret",
      "r.street",
      "r.postal_code",
      "r.city",
      "r.contact_name",
      "r.contact_email",
      "r.funding",
      "r.opco",
      "r.opco_agreement_number",
      "r.opco_covered_cents",
      "r.final_on",
      "r.seats",
      "r.session_id",
      "f.title",
      "f.price_inter_cents",
      "f.vat_mode",
      "s.start_date",
      "s.end_date",
    ])
    .where("r.id", "=", id)
    .executeTakeFirst();
}

async function registrationForInvoice(id: string, target: Db): Promise<RegistrationForInvoice | null> {
  const r = await registrationInvoiceRow(id, target);
  if (!r) return null;
  const trainees = await target
    .selectFrom("registration_trainees")
    .select(["first_name", "last_name"])
    .where("registration_id", "=", id)
    .orderBy("position")
    .execute();
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    ...buyerOfRow(r),
    funding: r.funding,
    opco: r.opco,
    opcoAgreementNumber: r.opco_agreement_number,
    opcoCoveredCents: r.opco_covered_cents === null ? null : Number(r.opco_covered_cents),
    finalOn: r.final_on,
    seats: Number(r.seats),
    sessionId: r.session_id,
    formationTitle: r.title,
    priceCents: r.price_inter_cents === null ? null : Number(r.price_inter_cents),
    vatMode: r.vat_mode,
    startDate: r.start_date,
    endDate: r.end_date,
    trainees: trainees.map((t) => `${t.first_name} ${t.last_name}`.trim()),
  };
}

/** The OPCO's subrogation captured on a registration (editors and admins), with its journal entry. */
export async function saveOpcoCoverage(
  registrationId: string,
  input: OpcoCoverageInput,
  actor: Actor,
  target: Db = db(),
): Promise<InvoiceOutcome> {
  mayPrepare(actor);
  return atomically(target, async (trx) => {
    const reg = await registrationForInvoice(registrationId, trx);
    if (!reg) return refuse("not-found", "Cette inscription n'existe pas.");
    const quote = registrationQuote(reg.priceCents, reg.vatMode, reg.seats);
    if (input.montantPrisEnCharge !== null && quote.kind === "priced" && input.montantPrisEnCharge > quote.totalHtCents)
      return refuse(
        "invalid",
        `Le montant pris en charge ne peut dépasser le prix HT de l'inscription (${formatCents(quote.totalHtCents)}).`,
        "montantPrisEnCharge",
      );
    await trx
      .updateTable("registrations")
      .set({ opco_agreement_number: input.numeroPriseEnCharge, opco_covered_cents: input.montantPrisEnCharge, updated_at: nowIso() })
      .where("id", "=", registrationId)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "registration",
      entityId: registrationId,
      summary: `Prise en charge OPCO de l'inscription ${reg.reference} enregistrée${input.numeroPriseEnCharge ? ` (n° ${input.numeroPriseEnCharge})` : ""}${
        input.montantPrisEnCharge !== null ? `\u00a0: ${formatCents(input.montantPrisEnCharge)} HT` : ""
      }.`,
    });
    return { ok: true as const, id: registrationId };
  });
}

/** An invoice carries no VAT when the organisation is exempt (its setting) or the formation is priced « net de taxe ». */
export function vatExemptFor(settings: InvoiceSettings, vatMode: string): boolean {
  return settings.vatExempt || vatMode === "exonere";
}

interface Payer {
  kind: PayerKind;
  name: string;
  siren: string;
  vatNumber: string;
  street: string;
  postalCode: string;
  city: string;
  email: string;
  agreementNumber: string;
}

function payerOfRegistration(reg: RegistrationForInvoice, kind: PayerKind, input: Omit<PrepareInput, "payeur">): Payer {
  const company = reg.buyerKind === "entreprise";
  const base = {
    siren: input.siren || (company ? reg.siret : ""),
    vatNumber: input.tva,
    street: reg.street,
    postalCode: reg.postalCode,
    city: reg.city,
    email: reg.contactEmail,
    agreementNumber: "",
  };
  if (kind === "opco")
    return {
      ...base,
      kind,
      name: OPCO_NAMES[reg.opco as keyof typeof OPCO_NAMES] ?? (reg.opco || "OPCO"),
      siren: input.siren,
      // Deposited on the OPCO's own portal by staff: no e-mail to the company's contact.
      email: "",
      street: "",
      postalCode: "",
      city: "",
      agreementNumber: reg.opcoAgreementNumber,
    };
  if (kind === "cpf")
    return {
      ...base,
      kind,
      name: "Caisse des Dépôts et Consignations (Mon Compte Formation)",
      siren: input.siren || "180020026",
      street: "",
      postalCode: "",
      city: "",
    };
  if (kind === "france_travail") return { ...base, kind, name: "France Travail", siren: input.siren, street: "", postalCode: "", city: "" };
  return { ...base, kind, name: company ? reg.companyName : reg.contactName };
}

/** Who pays by default: the registration's funding and buyer (OPCO by subrogation when its coverage is captured). */
export function defaultPayers(reg: { buyerKind: string; funding: string; opcoCoveredCents: number | null }): PayerKind[] {
  if (reg.funding === "cpf") return ["cpf"];
  if (reg.funding === "france_travail") return ["france_travail"];
  if (reg.buyerKind === "particulier") return ["particulier"];
  if (reg.funding === "opco" && reg.opcoCoveredCents !== null) return ["opco", "entreprise"];
  return ["entreprise"];
}

/** Drafts of a registration that are not cancelled (a registration is invoiced once, deposits aside). */
async function activeInvoicesOf(registrationId: string, target: Db) {
  return target
    .selectFrom("invoices")
    .selectAll()
    .where("registration_id", "=", registrationId)
    .where("kind", "in", ["facture", "acompte"])
    .where("status", "!=", "annulee")
    .execute();
}

/** The confirmed, priced registration an invoice is prepared for, with its active invoices. */
async function invoiceableRegistration(registrationId: string, trx: Db) {
  const reg = await registrationForInvoice(registrationId, trx);
  if (!reg) return refuse("not-found", "Cette inscription n'existe pas.");
  if (reg.status !== "confirmee") return refuse("conflict", "Seule une inscription confirmée est facturée.");
  const quote = registrationQuote(reg.priceCents, reg.vatMode, reg.seats);
  if (quote.kind !== "priced") return refuse("conflict", "Cette formation est sur devis\u00a0: indiquez son prix avant de la facturer.");
  const existing = await activeInvoicesOf(registrationId, trx);
  return { ok: true as const, reg, quote, existing };
}

/**
 * A draft (an invoice or a deposit invoice) written for a registration: no number, nothing issued
 * yet; `extra` the columns only one kind of draft sets.
 */
async function insertDraft(
  trx: Db,
  draft: {
    kind: "facture" | "acompte";
    reg: RegistrationForInvoice;
    payer: Payer;
    lines: InvoiceLine[];
    exempt: boolean;
    actor: Actor;
    extra?: Pick<Insertable<InvoicesTable>, "deducted" | "payer_vat_number" | "delivery_address" | "agreement_number" | "buyer_reference">;
  },
): Promise<{ id: string; totals: Totals }> {
  const { reg, payer, lines, exempt } = draft;
  const totals = totalsOf(lines, exempt);
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto("invoices")
    .values({
      id,
      number: null,
      kind: draft.kind,
      status: "brouillon",
      year: null,
      registration_id: reg.id,
      session_id: reg.sessionId,
      credited_invoice_id: null,
      ...draft.extra,
      payer_kind: payer.kind,
      payer_name: payer.name,
      payer_business: BUSINESS_PAYERS.includes(payer.kind) ? 1 : 0,
      payer_siren: payer.siren,
      payer_street: payer.street,
      payer_postal_code: payer.postalCode,
      payer_city: payer.city,
      payer_email: payer.email,
      lines: JSON.stringify(lines),
      vat_exempt: exempt ? 1 : 0,
      vat_rate: exempt ? 0 : 20,
      total_ht_cents: totals.totalHtCents,
      vat_cents: totals.vatCents,
      total_ttc_cents: totals.totalTtcCents,
      issued_on: null,
      due_on: null,
      sent_at: null,
      paid_on: null,
      last_reminder_on: null,
      storage_key: null,
      created_by: draft.actor.email,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, totals };
}

function sessionDetail(reg: RegistrationForInvoice): string {
  const names = reg.trainees.length ? ` — ${reg.trainees.length > 1 ? "stagiaires" : "stagiaire"}\u00a0: ${reg.trainees.join(", ")}` : "";
  return `Session ${formatDayRange(reg.startDate, reg.endDate)}, inscription ${reg.reference}${names}`;
}

/**
 * Drafts the invoice(s) of a confirmed registration (editors and admins): to the company, the
 * individual, the CPF or France Travail by its funding; split between the OPCO (the amount HT it
 * covers, with its « numéro de prise en charge ») and the company (the rest) when the OPCO's
 * subrogation is captured. The deposit invoices already issued are deducted from the invoice of the
 * buyer. `payeur` other than « auto » invoices the whole to that kind of payer.
 */
export async function prepareInvoices(
  registrationId: string,
  input: PrepareInput,
  actor: Actor,
  target: Db = db(),
): Promise<InvoiceOutcome<{ ids: string[] }>> {
  mayPrepare(actor);
  return atomically(target, async (trx) => {
    const found = await invoiceableRegistration(registrationId, trx);
    if (!found.ok) return found;
    const { reg, quote, existing } = found;
    const invoiced = existing.find((i) => i.kind === "facture");
    if (invoiced)
      return refuse(
        "conflict",
        `Cette inscription est déjà facturée (${invoiced.number ?? "brouillon"}). Annulez par un avoir avant de refacturer.`,
      );
    const settings = await getInvoiceSettings(trx);
    const exempt = vatExemptFor(settings, reg.vatMode);
    const deposits = existing.filter((i) => i.kind === "acompte" && i.number !== null);
    const kinds: PayerKind[] = input.payeur && input.payeur !== "auto" ? [input.payeur] : defaultPayers(reg);
    const title = `Formation « ${reg.formationTitle} »`;
    const detail = sessionDetail(reg);
    const full = quote.totalHtCents;
    const covered = kinds.length === 2 ? Math.min(reg.opcoCoveredCents ?? 0, full) : 0;
    const ids: string[] = [];
    for (const kind of kinds) {
      const payer = payerOfRegistration(reg, kind, input);
      let lines: InvoiceLine[];
      if (kind === "opco" && kinds.length === 2) {
        lines = [lotLine(`${title} — prise en charge par subrogation`, detail, reg.seats, covered)];
      } else {
        const amount = full - covered;
        if (amount <= 0) continue;
        lines = [lotLine(covered ? `${title} — reste à la charge de l'entreprise` : title, detail, covered ? 1 : reg.seats, amount)];
        for (const d of deposits) lines.push(line(`Déduction de la facture d'acompte ${d.number}`, "", -1, Number(d.total_ht_cents)));
      }
      const { id, totals } = await insertDraft(trx, {
        kind: "facture",
        reg,
        payer,
        lines,
        exempt,
        actor,
        extra: {
          deducted: JSON.stringify(kind === "opco" && kinds.length === 2 ? [] : deposits.map((d) => d.id)),
          payer_vat_number: payer.vatNumber,
          delivery_address: input.livraison,
          agreement_number: payer.agreementNumber,
          buyer_reference: input.commande,
        },
      });
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "invoice",
        entityId: id,
        summary: `Brouillon de facture préparé pour l'inscription ${reg.reference} (${payer.name}, ${formatCents(totals.totalTtcCents)} TTC).`,
      });
      ids.push(id);
    }
    return { ok: true as const, ids };
  });
}

/**
 * A deposit invoice's draft (editors and admins): `amountTtcCents` is what the client pays. For an
 * individual (article L6353-6 of the Code du travail), refused before the end of the withdrawal
 * period and above 30 % of the price, deposits already invoiced included — checked again at issue.
 */
export async function prepareDeposit(
  registrationId: string,
  amountTtcCents: number,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<InvoiceOutcome> {
  mayPrepare(actor);
  return atomically(target, async (trx) => {
    const found = await invoiceableRegistration(registrationId, trx);
    if (!found.ok) return found;
    const { reg, quote, existing } = found;
    if (existing.some((i) => i.kind === "facture"))
      return refuse("conflict", "Cette inscription est déjà facturée\u00a0: un acompte vient avant la facture.");
    const settings = await getInvoiceSettings(trx);
    const exempt = vatExemptFor(settings, reg.vatMode);
    const priceTtc = exempt ? quote.totalHtCents : quote.totalTtcCents;
    const refusal = depositRefusal({
      individual: reg.buyerKind === "particulier",
      finalOn: reg.finalOn,
      today: today(now),
      amountTtcCents: amountTtcCents,
      priceTtcCents: priceTtc,
      alreadyTtcCents: existing.filter((i) => i.kind === "acompte").reduce((s, i) => s + Number(i.total_ttc_cents), 0),
    });
    if (refusal) return refuse("invalid", refusal, "montant");
    const kind: PayerKind = defaultPayers(reg)[defaultPayers(reg).length - 1]!;
    const payer = payerOfRegistration(reg, kind, { siren: "", tva: "", commande: "", livraison: "" });
    const ht = htOfTtc(amountTtcCents, exempt);
    const lines = [line(`Acompte sur la formation « ${reg.formationTitle} »`, sessionDetail(reg), 1, ht)];
    const { id, totals } = await insertDraft(trx, { kind: "acompte", reg, payer, lines, exempt, actor });
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "invoice",
      entityId: id,
      summary: `Brouillon de facture d'acompte préparé pour l'inscription ${reg.reference} (${formatCents(totals.totalTtcCents)} TTC).`,
    });
    return { ok: true as const, id };
  });
}

/** A draft deleted (editors and admins); an issued invoice is never deleted. */
export async function deleteDraft(id: string, actor: Actor, target: Db = db()): Promise<InvoiceOutcome> {
  mayPrepare(actor);
  return atomically(target, async (trx) => {
    const row = await trx.selectFrom("invoices").select(["id", "status", "payer_name"]).where("id", "=", id).executeTakeFirst();
    if (!row) return refuse("not-found", "Cette facture n'existe pas.");
    if (row.status !== "brouillon") return refuse("conflict", "Une facture émise n'est jamais supprimée\u00a0: annulez-la par un avoir.");
    await trx.deleteFrom("invoices").where("id", "=", id).where("status", "=", "brouillon").execute();
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: "invoice",
      entityId: id,
      summary: `Brouillon de facture supprimé (${row.payer_name}).`,
    });
    return { ok: true as const, id };
  });
}

// ---------------------------------------------------------------------------------------------
// Issuing: the number, then the invoice never changes
// ---------------------------------------------------------------------------------------------

class DraftGone extends Error {}

/**
 * The webhook `invoice.issued` (an invoice, a deposit invoice or a credit note), in the transaction
 * that issues it: what a connector to a certified platform (plateforme agréée) needs, the structured
 * invoice (CII XML, EN 16931) included — CII is one of the three formats the platforms accept.
 */
async function emitIssued(trx: Db, id: string): Promise<void> {
  const row = await trx.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const invoice = toInvoice(row);
  const credited = invoice.creditedInvoiceId
    ? ((await trx
        .selectFrom("invoices")
        .select(["number", "issued_on as issuedOn"])
        .where("id", "=", invoice.creditedInvoiceId)
        .executeTakeFirst()) ?? null)
    : null;
  await emitEvent(trx, "invoice.issued", {
    id,
    number: invoice.number,
    kind: invoice.kind,
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    payerKind: invoice.payerKind,
    payerName: invoice.payerName,
    payerSiren: invoice.payerSiren,
    totalHtCents: invoice.totalHtCents,
    vatCents: invoice.vatCents,
    totalTtcCents: invoice.totalTtcCents,
    creditedNumber: credited?.number ?? null,
    format: "CII D16B, EN 16931 (Factur-X)",
    xml: ciiXml(invoice, credited),
  });
}

async function termsOf(settings: InvoiceSettings, sessionId: string | null, trx: Db): Promise<InvoiceTerms> {
  const session = sessionId
    ? await trx.selectFrom("formation_sessions").select(["start_date", "end_date"]).where("id", "=", sessionId).executeTakeFirst()
    : undefined;
  return {
    ...(session ? { serviceStart: session.start_date, serviceEnd: session.end_date } : {}),
    paymentDays: settings.paymentDays,
    latePenalty: settings.latePenalty,
    earlyPayment: settings.earlyPayment,
    vatOnDebits: settings.vatOnDebits,
    iban: settings.iban,
    bic: settings.bic,
  };
}

/**
 * Issues a draft (admins): the next number of its series and year is taken in the transaction that
 * writes it (no gap, no duplicate, whatever the number of instances: app/platform/db/sequences.server.ts),
 * the seller's identity and the terms are frozen with it, the due date set. The UPDATE only matches
 * a draft: two admins issuing the same draft at once give it one number (the other's rolls back).
 */
export async function issueInvoice(
  id: string,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<InvoiceOutcome<{ id: string; number: string }>> {
  mayIssue(actor);
  try {
    return await atomically(target, async (trx) => {
      const row = await trx.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return refuse("not-found", "Cette facture n'existe pas.");
      if (row.status !== "brouillon") return refuse("conflict", `Cette facture est déjà émise (${row.number}).`);
      const day = today(now);
      if (row.kind === "acompte" && row.registration_id) {
        const reg = await registrationForInvoice(row.registration_id, trx);
        const quote = reg ? registrationQuote(reg.priceCents, reg.vatMode, reg.seats) : null;
        if (reg && quote?.kind === "priced") {
          const others = await trx
            .selectFrom("invoices")
            .select("total_ttc_cents")
            .where("registration_id", "=", reg.id)
            .where("kind", "=", "acompte")
            .where("status", "not in", ["brouillon", "annulee"])
            .execute();
          const refusal = depositRefusal({
            individual: reg.buyerKind === "particulier",
            finalOn: reg.finalOn,
            today: day,
            amountTtcCents: Number(row.total_ttc_cents),
            priceTtcCents: Number(row.vat_exempt) ? quote.totalHtCents : quote.totalTtcCents,
            alreadyTtcCents: others.reduce((s, o) => s + Number(o.total_ttc_cents), 0),
          });
          if (refusal) return refuse("invalid", refusal);
        }
      }
      const settings = await getInvoiceSettings(trx);
      const year = Number(day.slice(0, 4));
      const kind = row.kind as InvoiceKind;
      const number = invoiceNumber(kind, year, await allocateYearlyRank(trx, INVOICE_SERIES[kind], year));
      const updated = await trx
        .updateTable("invoices")
        .set({
          number,
          status: "emise",
          year,
          issued_on: day,
          due_on: addDays(day, settings.paymentDays),
          seller: JSON.stringify(await getOrganisation(trx)),
          terms: JSON.stringify(await termsOf(settings, row.session_id, trx)),
          issued_by: actor.email,
          updated_at: nowIso(),
        })
        .where("id", "=", id)
        .where("status", "=", "brouillon")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new DraftGone();
      await emitIssued(trx, id);
      await recordAudit(trx, {
        actor,
        action: "issue",
        entity: "invoice",
        entityId: id,
        summary: `${INVOICE_KIND_LABELS[kind]} ${number} émise (${row.payer_name}, ${formatCents(Number(row.total_ttc_cents))} TTC).`,
      });
      return { ok: true as const, id, number };
    });
  } catch (error) {
    if (error instanceof DraftGone) return refuse("conflict", "Cette facture vient d'être émise par quelqu'un d'autre.");
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Credit notes
// ---------------------------------------------------------------------------------------------

/** Locks an issued invoice's row for the rest of the transaction (PostgreSQL: the UPDATE's row lock; SQLite: one writer). */
async function lockInvoice(trx: Db, id: string) {
  await trx.updateTable("invoices").set({ updated_at: nowIso() }).where("id", "=", id).execute();
  return trx.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * A credit note (admins), issued at once with its own number (`AV-2027-0001`): it cancels all of an
 * invoice or a part (an amount HT), never more than what is left of it (credit notes already issued
 * deducted, under the invoice's lock: two at once cannot together exceed it). The invoice is then
 * « annulée » when nothing is left of it, or its state follows what is still due.
 */
export async function issueCreditNote(
  invoiceId: string,
  input: CreditNoteInput,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<InvoiceOutcome<{ id: string; number: string }>> {
  mayIssue(actor);
  return atomically(target, async (trx) => {
    const row = await lockInvoice(trx, invoiceId);
    if (!row) return refuse("not-found", "Cette facture n'existe pas.");
    if (row.kind === "avoir" || row.number === null) return refuse("conflict", "Seule une facture émise est annulée par un avoir.");
    const invoice = toInvoice(row, now);
    const credits = await creditNotesOf(invoiceId, trx, now);
    const credited = sumTotals(credits);
    const rest = invoice.totalHtCents - credited.totalHtCents;
    const ht = input.total ? rest : (input.montant ?? 0);
    if (!input.total && input.montant === null)
      return refuse("invalid", "Indiquez le montant HT de l'avoir, ou cochez « Annuler toute la facture ».", "montant");
    const computed = creditTotals(invoice, credited, ht);
    if (!computed.ok) return refuse(rest <= 0 ? "conflict" : "invalid", computed.error, "montant");
    const totals = computed.totals;
    const whole = credits.length === 0 && totals.totalHtCents === invoice.totalHtCents;
    const lines = whole
      ? invoice.lines
      : [
          line(
            `${ht === rest ? "Annulation du solde" : "Avoir partiel"} de la facture ${invoice.number}`,
            input.motif,
            1,
            totals.totalHtCents,
          ),
        ];
    const day = today(now);
    const year = Number(day.slice(0, 4));
    const number = invoiceNumber("avoir", year, await allocateYearlyRank(trx, "avoir", year));
    const id = randomUUID();
    const iso = nowIso();
    const settings = await getInvoiceSettings(trx);
    await trx
      .insertInto("invoices")
      .values({
        id,
        number,
        kind: "avoir",
        status: "emise",
        year,
        registration_id: row.registration_id,
        session_id: row.session_id,
        credited_invoice_id: row.id,
        payer_kind: row.payer_kind,
        payer_name: row.payer_name,
        payer_business: row.payer_business,
        payer_siren: row.payer_siren,
        payer_vat_number: row.payer_vat_number,
        payer_street: row.payer_street,
        payer_postal_code: row.payer_postal_code,
        payer_city: row.payer_city,
        payer_email: row.payer_email,
        delivery_address: row.delivery_address,
        agreement_number: row.agreement_number,
        buyer_reference: row.buyer_reference,
        lines: JSON.stringify(lines),
        vat_exempt: row.vat_exempt,
        vat_rate: row.vat_rate,
        total_ht_cents: totals.totalHtCents,
        vat_cents: totals.vatCents,
        total_ttc_cents: totals.totalTtcCents,
        issued_on: day,
        due_on: day,
        sent_at: null,
        paid_on: null,
        last_reminder_on: null,
        seller: JSON.stringify(await getOrganisation(trx)),
        terms: JSON.stringify(await termsOf(settings, row.session_id, trx)),
        note: input.motif,
        storage_key: null,
        created_by: actor.email,
        issued_by: actor.email,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    await emitIssued(trx, id);
    const dueTtc = invoice.totalTtcCents - credited.totalTtcCents - totals.totalTtcCents;
    await trx
      .updateTable("invoices")
      .set({ status: paidStatus(row.status, dueTtc, invoice.paidCents) })
      .where("id", "=", row.id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "credit",
      entity: "invoice",
      entityId: id,
      summary: `Avoir ${number} émis sur la facture ${invoice.number} (${formatCents(totals.totalTtcCents)} TTC)\u00a0: ${input.motif}`,
    });
    return { ok: true as const, id, number };
  });
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

/**
 * A payment (admins): its date, amount and method; never more than what is left to pay (credit notes
 * deducted). The invoice becomes « payée partiellement » or « payée »; the reminders stop.
 */
export async function recordPayment(
  invoiceId: string,
  input: PaymentInput,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<InvoiceOutcome> {
  mayIssue(actor);
  return atomically(target, async (trx) => {
    const row = await lockInvoice(trx, invoiceId);
    if (!row) return refuse("not-found", "Cette facture n'existe pas.");
    if (row.kind === "avoir" || row.number === null) return refuse("conflict", "Un paiement s'enregistre sur une facture émise.");
    const invoice = toInvoice(row, now);
    const { dueTtcCents, leftCents } = balanceOf(invoice, await creditNotesOf(invoiceId, trx, now));
    if (leftCents <= 0) return refuse("conflict", "Cette facture est déjà réglée.");
    if (input.montant > leftCents) return refuse("invalid", `Le paiement dépasse le reste à payer (${formatCents(leftCents)}).`, "montant");
    if (input.date > today(now)) return refuse("invalid", "La date du paiement ne peut pas être dans le futur.", "date");
    const paid = invoice.paidCents + input.montant;
    const status = paidStatus(row.status, dueTtcCents, paid);
    await trx
      .insertInto("invoice_payments")
      .values({
        id: randomUUID(),
        invoice_id: invoiceId,
        paid_on: input.date,
        amount_cents: input.montant,
        method: input.moyen,
        reference: input.reference,
        recorded_by: actor.email,
        created_at: nowIso(),
      })
      .execute();
    await trx
      .updateTable("invoices")
      .set({ paid_cents: paid, status, paid_on: status === "payee" ? input.date : null })
      .where("id", "=", invoiceId)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "payment",
      entity: "invoice",
      entityId: invoiceId,
      summary: `Paiement de ${formatCents(input.montant)} enregistré sur la facture ${invoice.number} (${status === "payee" ? "payée" : "payée partiellement"}).`,
    });
    return { ok: true as const, id: invoiceId };
  });
}

export { EXEMPTION_MENTION };
