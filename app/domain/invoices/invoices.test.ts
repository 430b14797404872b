import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, editor, viewer } from "../../../tests/support/actors";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { otherInstance } from "../../../tests/support/other-instance";
import { DOCUMENTS_TEST_SECRET, documentsTestConfig } from "~/domain/documents/test-config";
import { documentsFixture, registerByHand, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { registrationQuote } from "~/domain/registrations/quote";
import { nowIso, type Db } from "~/platform/db/db.server";
import {
  InvoiceForbiddenError,
  creditNotesOf,
  deleteDraft,
  getInvoice,
  invoicedByPayerKind,
  invoicedInYear,
  issueCreditNote,
  issueInvoice,
  prepareDeposit,
  prepareInvoices,
  recordPayment,
  saveOpcoCoverage,
  updateInvoiceSettings,
  getInvoiceSettings,
} from "./invoices.server";
import { DEFAULT_INVOICE_SETTINGS, DEPOSIT_TOO_EARLY, DEPOSIT_TOO_HIGH } from "./model";

/**
 * Invoices (docs/decisions/0037-invoices.md): drafts from a confirmed registration, issued by an
 * admin with a gap-free yearly number (two instances at once included), credit notes that never
 * exceed their invoice, deposits of individuals under article L6353-6, payments, and the year's
 * amounts by payer kind for the BPF. Amounts are integer cents, equal to the registration's quote.
 */

const files = documentsTestConfig("invoices-test-");
const NOW = Date.parse("2096-06-15T10:00:00Z");
const plain = { siren: "", tva: "", commande: "", livraison: "", payeur: "auto" as const };

describe.each(engines)("invoices ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  let formationPrice: { cents: number; vat: string };
  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
    const f = await t.db
      .selectFrom("formations")
      .select(["price_inter_cents", "vat_mode"])
      .where("id", "=", fixture.formationId)
      .executeTakeFirstOrThrow();
    formationPrice = { cents: Number(f.price_inter_cents), vat: f.vat_mode };
  });
  afterAll(() => t.cleanup());

  async function registration(buyer: "entreprise" | "particulier", trainees = 1) {
    const sessionId = await fixture.newSession(20);
    return registerByHand(t.db, sessionId, buyer, trainees);
  }

  /** A bare draft, for the numbering tests. */
  async function bareDraft(db: Db = t.db): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto("invoices")
      .values({
        id,
        number: null,
        kind: "facture",
        status: "brouillon",
        year: null,
        registration_id: null,
        session_id: null,
        credited_invoice_id: null,
        payer_kind: "entreprise",
        payer_name: "Client de test",
        lines: JSON.stringify([{ label: "Prestation", detail: "", quantity: 1, unitHtCents: 10_000, htCents: 10_000 }]),
        total_ht_cents: 10_000,
        vat_cents: 2_000,
        total_ttc_cents: 12_000,
        issued_on: null,
        due_on: null,
        sent_at: null,
        paid_on: null,
        last_reminder_on: null,
        storage_key: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    return id;
  }

  it("a company's registration is invoiced at its quote, issued with the next number, then frozen", async () => {
    const regId = await registration("entreprise", 3);
    const prepared = await prepareInvoices(regId, { ...plain, commande: "BC-2096-17" }, editor, t.db);
    expect(prepared).toMatchObject({ ok: true });
    if (!prepared.ok) return;
    expect(prepared.ids).toHaveLength(1);
    const draft = (await getInvoice(prepared.ids[0]!, t.db, NOW))!;
    const quote = registrationQuote(formationPrice.cents, formationPrice.vat, 3);
    if (quote.kind !== "priced") throw new Error("priced formation expected");
    expect(draft).toMatchObject({
      number: null,
      status: "brouillon",
      payerKind: "entreprise",
      payerName: "Boulangerie Dupré",
      payerSiren: "73282932000074",
      buyerReference: "BC-2096-17",
      totalHtCents: quote.totalHtCents,
      vatCents: quote.vatCents,
      totalTtcCents: quote.totalTtcCents,
    });
    expect(draft.totalHtCents + draft.vatCents).toBe(draft.totalTtcCents);
    expect(draft.lines.reduce((s, l) => s + l.htCents, 0)).toBe(draft.totalHtCents);
    // Twice: refused (a registration is invoiced once).
    expect(await prepareInvoices(regId, plain, editor, t.db)).toMatchObject({ ok: false, kind: "conflict" });
    // An editor prepares, never issues; a viewer does neither.
    await expect(issueInvoice(draft.id, editor, t.db, NOW)).rejects.toBeInstanceOf(InvoiceForbiddenError);
    await expect(prepareInvoices(regId, plain, viewer, t.db)).rejects.toBeInstanceOf(InvoiceForbiddenError);
    const issued = await issueInvoice(draft.id, admin, t.db, NOW);
    expect(issued).toMatchObject({ ok: true, number: expect.stringMatching(/^FAC-2096-\d{4}$/) });
    const frozen = (await getInvoice(draft.id, t.db, NOW))!;
    expect(frozen).toMatchObject({ status: "emise", issuedOn: "2096-06-15", dueOn: "2096-07-15", year: 2096 });
    expect(frozen.seller?.siret).toMatch(/^\d{14}$/);
    expect(await issueInvoice(draft.id, admin, t.db, NOW)).toMatchObject({ ok: false, kind: "conflict" });
    expect(await deleteDraft(draft.id, admin, t.db)).toMatchObject({ ok: false, kind: "conflict" });
    const journal = await t.db
      .selectFrom("audit_log")
      .select(["action", "summary", "actor_email"])
      .where("entity_id", "=", draft.id)
      .orderBy("created_at")
      .execute();
    expect(journal.map((j) => [j.action, j.actor_email])).toEqual([
      ["create", editor.email],
      ["issue", admin.email],
    ]);
    expect(journal[1]!.summary).toContain(`Facture ${frozen.number} émise`);
  });

  it("a missing registration or invoice is not found", async () => {
    expect(await prepareInvoices("absente", plain, editor, t.db)).toMatchObject({ ok: false, kind: "not-found" });
    expect(await issueInvoice("absente", admin, t.db, NOW)).toMatchObject({ ok: false, kind: "not-found" });
    expect(await issueCreditNote("absente", { total: true, montant: null, motif: "Erreur" }, admin, t.db, NOW)).toMatchObject({
      ok: false,
      kind: "not-found",
    });
    expect(
      await recordPayment("absente", { date: "2096-06-15", montant: 100, moyen: "virement", reference: "" }, admin, t.db, NOW),
    ).toMatchObject({
      ok: false,
      kind: "not-found",
    });
  });

  it("an OPCO paying by subrogation gets its invoice for the amount it covers, the company the rest", async () => {
    const regId = await registration("entreprise", 2);
    const quote = registrationQuote(formationPrice.cents, formationPrice.vat, 2);
    if (quote.kind !== "priced") throw new Error("priced formation expected");
    expect(
      await saveOpcoCoverage(regId, { numeroPriseEnCharge: "PEC-778899", montantPrisEnCharge: quote.totalHtCents + 1 }, editor, t.db),
    ).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    const covered = Math.floor(quote.totalHtCents * 0.6);
    expect(await saveOpcoCoverage(regId, { numeroPriseEnCharge: "PEC-778899", montantPrisEnCharge: covered }, editor, t.db)).toMatchObject({
      ok: true,
    });
    const prepared = await prepareInvoices(regId, { ...plain, siren: "851296632" }, editor, t.db);
    if (!prepared.ok) throw new Error(prepared.error);
    const [opco, company] = await Promise.all(prepared.ids.map((id) => getInvoice(id, t.db, NOW)));
    expect(opco).toMatchObject({
      payerKind: "opco",
      payerName: "AKTO",
      agreementNumber: "PEC-778899",
      totalHtCents: covered,
      payerSiren: "851296632",
    });
    expect(company).toMatchObject({ payerKind: "entreprise", totalHtCents: quote.totalHtCents - covered });
    expect(opco!.totalHtCents + company!.totalHtCents).toBe(quote.totalHtCents);
  });

  it("a credit note never exceeds its invoice: part, then the rest to the cent, then nothing more", async () => {
    const regId = await registration("entreprise", 1);
    const prepared = await prepareInvoices(regId, plain, editor, t.db);
    if (!prepared.ok) throw new Error(prepared.error);
    const id = prepared.ids[0]!;
    // A draft is not credited.
    expect(await issueCreditNote(id, { total: true, montant: null, motif: "Erreur" }, admin, t.db, NOW)).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    await issueInvoice(id, admin, t.db, NOW);
    const invoice = (await getInvoice(id, t.db, NOW))!;
    await expect(issueCreditNote(id, { total: true, montant: null, motif: "Erreur" }, editor, t.db, NOW)).rejects.toBeInstanceOf(
      InvoiceForbiddenError,
    );
    expect(await issueCreditNote(id, { total: false, montant: invoice.totalHtCents + 1, motif: "Trop" }, admin, t.db, NOW)).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    const part = await issueCreditNote(id, { total: false, montant: 3_333, motif: "Remise commerciale" }, admin, t.db, NOW);
    expect(part).toMatchObject({ ok: true, number: expect.stringMatching(/^AV-2096-\d{4}$/) });
    expect((await getInvoice(id, t.db, NOW))!.status).toBe("emise");
    const rest = await issueCreditNote(id, { total: true, montant: null, motif: "Annulation de la session" }, admin, t.db, NOW);
    expect(rest).toMatchObject({ ok: true });
    const credits = await creditNotesOf(id, t.db, NOW);
    expect(credits.reduce((s, c) => s + c.totalHtCents, 0)).toBe(invoice.totalHtCents);
    expect(credits.reduce((s, c) => s + c.vatCents, 0)).toBe(invoice.vatCents);
    expect(credits.reduce((s, c) => s + c.totalTtcCents, 0)).toBe(invoice.totalTtcCents);
    expect((await getInvoice(id, t.db, NOW))!.status).toBe("annulee");
    expect(await issueCreditNote(id, { total: false, montant: 1, motif: "Encore" }, admin, t.db, NOW)).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    // Cancelled: the registration may be invoiced again.
    expect(await prepareInvoices(regId, plain, editor, t.db)).toMatchObject({ ok: true });
  });

  it("an individual's deposit: refused within the 10 days and above 30 %, the article in the message; deducted from the invoice", async () => {
    const regId = await registration("particulier", 1);
    const quote = registrationQuote(formationPrice.cents, formationPrice.vat, 1);
    if (quote.kind !== "priced") throw new Error("priced formation expected");
    await t.db.updateTable("registrations").set({ final_on: "2096-06-20" }).where("id", "=", regId).execute();
    const early = await prepareDeposit(regId, 1_000, editor, t.db, NOW);
    expect(early).toEqual({ ok: false, kind: "invalid", error: DEPOSIT_TOO_EARLY, field: "montant" });
    expect(DEPOSIT_TOO_EARLY).toContain("L6353-6");
    await t.db.updateTable("registrations").set({ final_on: "2096-06-01" }).where("id", "=", regId).execute();
    const max = Math.floor((quote.totalTtcCents * 30) / 100);
    expect(await prepareDeposit(regId, max + 1, editor, t.db, NOW)).toEqual({
      ok: false,
      kind: "invalid",
      error: DEPOSIT_TOO_HIGH,
      field: "montant",
    });
    const deposit = await prepareDeposit(regId, max, editor, t.db, NOW);
    if (!deposit.ok) throw new Error(deposit.error);
    // Checked again at issue: the withdrawal period as it stands that day.
    await t.db.updateTable("registrations").set({ final_on: "2096-06-20" }).where("id", "=", regId).execute();
    expect(await issueInvoice(deposit.id, admin, t.db, NOW)).toMatchObject({ ok: false, error: DEPOSIT_TOO_EARLY });
    await t.db.updateTable("registrations").set({ final_on: "2096-06-01" }).where("id", "=", regId).execute();
    expect(await issueInvoice(deposit.id, admin, t.db, NOW)).toMatchObject({ ok: true });
    expect(await prepareDeposit(regId, 100, editor, t.db, NOW)).toMatchObject({ ok: false, error: DEPOSIT_TOO_HIGH });
    const dep = (await getInvoice(deposit.id, t.db, NOW))!;
    expect(dep).toMatchObject({ kind: "acompte", payerKind: "particulier", totalTtcCents: max, payerBusiness: false });
    const final = await prepareInvoices(regId, plain, editor, t.db);
    if (!final.ok) throw new Error(final.error);
    const invoice = (await getInvoice(final.ids[0]!, t.db, NOW))!;
    expect(invoice.lines.at(-1)).toMatchObject({ htCents: -dep.totalHtCents });
    expect(invoice.totalHtCents + dep.totalHtCents).toBe(quote.totalHtCents);
  });

  it("payments: partial, then the rest; never more than what is left; the invoice is paid", async () => {
    const regId = await registration("entreprise", 1);
    const prepared = await prepareInvoices(regId, plain, editor, t.db);
    if (!prepared.ok) throw new Error(prepared.error);
    const id = prepared.ids[0]!;
    await issueInvoice(id, admin, t.db, NOW);
    const invoice = (await getInvoice(id, t.db, NOW))!;
    const pay = (montant: number, actor: typeof admin | typeof editor = admin) =>
      recordPayment(id, { date: "2096-06-15", montant, moyen: "virement", reference: "VIR-1" }, actor, t.db, NOW);
    await expect(pay(100, editor)).rejects.toBeInstanceOf(InvoiceForbiddenError);
    expect(await recordPayment(id, { date: "2096-06-16", montant: 100, moyen: "virement", reference: "" }, admin, t.db, NOW)).toMatchObject(
      {
        ok: false,
        kind: "invalid",
      },
    );
    expect(await pay(10_000)).toMatchObject({ ok: true });
    expect((await getInvoice(id, t.db, NOW))!.status).toBe("payee_partiellement");
    expect(await pay(invoice.totalTtcCents)).toMatchObject({ ok: false, kind: "invalid" });
    expect(await pay(invoice.totalTtcCents - 10_000)).toMatchObject({ ok: true });
    expect(await getInvoice(id, t.db, NOW)).toMatchObject({ status: "payee", paidOn: "2096-06-15", paidCents: invoice.totalTtcCents });
    expect(await pay(1)).toMatchObject({ ok: false, kind: "conflict" });
    // Overdue is read from the due date, until paid.
    const other = await registration("entreprise", 1);
    const p2 = await prepareInvoices(other, plain, editor, t.db);
    if (!p2.ok) throw new Error(p2.error);
    await issueInvoice(p2.ids[0]!, admin, t.db, NOW);
    expect((await getInvoice(p2.ids[0]!, t.db, Date.parse("2096-08-01T10:00:00Z")))!.status).toBe("en_retard");
  });

  it("the year's invoiced amounts by payer kind (BPF frame C), credit notes subtracted", async () => {
    const items = await invoicedInYear(2096, t.db);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.issuedOn.startsWith("2096-") && i.number)).toBe(true);
    const sums = await invoicedByPayerKind(2096, t.db);
    const expected = items.reduce<Record<string, number>>(
      (acc, i) => ({ ...acc, [i.payerKind]: (acc[i.payerKind] ?? 0) + i.signedHtCents }),
      {},
    );
    for (const [kind, cents] of Object.entries(expected)) expect(sums[kind as keyof typeof sums].htCents).toBe(cents);
    expect(items.some((i) => i.kind === "avoir" && i.signedHtCents < 0)).toBe(true);
    expect(sums.autre).toEqual({ htCents: 0, ttcCents: 0 });
  });

  it("the settings: admins only; an exempt organisation invoices without VAT", async () => {
    await expect(updateInvoiceSettings({ ...DEFAULT_INVOICE_SETTINGS, vatExempt: true }, editor, t.db)).rejects.toBeInstanceOf(
      InvoiceForbiddenError,
    );
    await updateInvoiceSettings({ ...DEFAULT_INVOICE_SETTINGS, vatExempt: true }, admin, t.db);
    expect((await getInvoiceSettings(t.db)).vatExempt).toBe(true);
    const regId = await registration("entreprise", 2);
    const prepared = await prepareInvoices(regId, plain, editor, t.db);
    if (!prepared.ok) throw new Error(prepared.error);
    const draft = (await getInvoice(prepared.ids[0]!, t.db, NOW))!;
    expect(draft).toMatchObject({ vatExempt: true, vatCents: 0, vatRate: 0 });
    expect(draft.totalTtcCents).toBe(draft.totalHtCents);
    await updateInvoiceSettings(DEFAULT_INVOICE_SETTINGS, admin, t.db);
  });

  it("numbers stay gap-free and unique when two instances (two processes) issue at once", { timeout: 60_000 }, async () => {
    const now = Date.parse("2097-02-03T10:00:00Z");
    const mine = await Promise.all(Array.from({ length: 6 }, () => bareDraft()));
    const theirs = await Promise.all(Array.from({ length: 6 }, () => bareDraft()));
    const other = await otherInstance("tests/support/invoices-child.ts", {
      CHILD_DATABASE: t.url,
      CHILD_DATA_DIR: files.dataDir,
      CHILD_AUTH_SECRET: DOCUMENTS_TEST_SECRET,
      CHILD_IDS: theirs.join(","),
      CHILD_NOW: String(now),
    });
    try {
      other.go();
      const numbers: string[] = [];
      for (const id of mine) {
        const issued = await issueInvoice(id, admin, t.db, now);
        if (!issued.ok) throw new Error(issued.error);
        numbers.push(issued.number);
      }
      const theirNumbers = await other.results();
      expect([...numbers, ...theirNumbers].sort()).toEqual(
        Array.from({ length: 12 }, (_, i) => `FAC-2097-${String(i + 1).padStart(4, "0")}`),
      );
    } finally {
      other.stop();
    }
  });
});
