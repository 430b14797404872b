import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, editor } from "../../../tests/support/actors";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { documentsFixture, registerByHand, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { contactSpacePage, spaceDataExport, spaceInvoiceFile } from "~/domain/space/space.server";
import { FEC_COLUMNS, accountantCsv, facturxZip, fecJournal } from "./exports.server";
import {
  InvoiceForbiddenError,
  getInvoice,
  issueCreditNote,
  issueInvoice,
  prepareInvoices,
  recordPayment,
  saveOpcoCoverage,
} from "./invoices.server";
import { sendDueReminders, sendInvoice } from "./mail.server";
import { sessionInvoicing } from "./pages.server";
import { unzipSync } from "fflate";

/**
 * After issue (README « Factures »): the invoice sent by e-mail with its PDF, the reminders on the due
 * date and N days later (once each, stopped when paid), the client's invoices in their space (and no
 * one else's), the session's invoiced and paid amounts, the accountant's CSV and FEC journal, the ZIP.
 */

documentsTestConfig("invoices-follow-up-");
const ISSUE = Date.parse("2096-06-15T10:00:00Z");
const at = (day: string) => Date.parse(`${day}T10:00:00Z`);
const plain = { siren: "", tva: "", commande: "", livraison: "", payeur: "auto" as const };

describe.each(engines)("invoices after issue ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
    await t.db.updateTable("formations").set({ vat_mode: "ht" }).where("id", "=", fixture.formationId).execute();
  });
  afterAll(() => t.cleanup());

  async function issued(buyer: "entreprise" | "particulier" = "entreprise", opcoCents?: number) {
    const sessionId = await fixture.newSession(20);
    const regId = await registerByHand(t.db, sessionId, buyer, 2);
    if (opcoCents) await saveOpcoCoverage(regId, { numeroPriseEnCharge: "PEC-1", montantPrisEnCharge: opcoCents }, editor, t.db);
    const prepared = await prepareInvoices(regId, plain, editor, t.db);
    if (!prepared.ok) throw new Error(prepared.error);
    for (const id of prepared.ids) await issueInvoice(id, admin, t.db, ISSUE);
    const reg = await t.db.selectFrom("registrations").select(["contact_email"]).where("id", "=", regId).executeTakeFirstOrThrow();
    return { regId, sessionId, ids: prepared.ids, email: reg.contact_email };
  }

  const mails = (invoiceId: string) =>
    t.db
      .selectFrom("mail_queue")
      .select(["purpose", "to_address", "subject", "attachments"])
      .where("invoice_id", "=", invoiceId)
      .orderBy("created_at")
      .execute();

  it("sending: the PDF attached, « envoyée »; an editor may not", async () => {
    const { ids, email } = await issued();
    await expect(sendInvoice(ids[0]!, editor, t.db, ISSUE)).rejects.toBeInstanceOf(InvoiceForbiddenError);
    expect(await sendInvoice(ids[0]!, admin, t.db, ISSUE)).toEqual({ ok: true, id: ids[0] });
    const [mail] = await mails(ids[0]!);
    expect(mail).toMatchObject({ purpose: "facture", to_address: email });
    expect(mail!.subject).toMatch(/^Facture FAC-2096-\d{4} — /);
    expect(JSON.parse(mail!.attachments)).toEqual([
      expect.objectContaining({ contentType: "application/pdf", storageKey: expect.stringMatching(/^invoices\/2096\//) }),
    ]);
    expect((await getInvoice(ids[0]!, t.db, ISSUE))!.status).toBe("envoyee");
    expect(await sendInvoice("absente", admin, t.db, ISSUE)).toMatchObject({ ok: false, kind: "not-found" });
  });

  it("reminders: on the due date, then 15 days later, once each even run twice at once; none once paid", async () => {
    const { ids } = await issued();
    const [paidOne] = (await issued()).ids;
    const id = ids[0]!;
    const invoice = (await getInvoice(id, t.db, ISSUE))!;
    expect(invoice.dueOn).toBe("2096-07-15");
    await recordPayment(
      paidOne!,
      { date: "2096-06-20", montant: (await getInvoice(paidOne!, t.db))!.totalTtcCents, moyen: "virement", reference: "" },
      admin,
      t.db,
      at("2096-06-20"),
    );
    await sendDueReminders(t.db, at("2096-07-14"));
    expect(await mails(id)).toEqual([]);
    await Promise.all([sendDueReminders(t.db, at("2096-07-15")), sendDueReminders(t.db, at("2096-07-15"))]);
    expect((await mails(id)).map((m) => m.purpose)).toEqual(["facture-rappel"]);
    await sendDueReminders(t.db, at("2096-07-29"));
    expect((await mails(id)).map((m) => m.purpose)).toEqual(["facture-rappel"]);
    await sendDueReminders(t.db, at("2096-07-30"));
    await sendDueReminders(t.db, at("2096-08-30"));
    const sent = await mails(id);
    expect(sent.map((m) => m.purpose)).toEqual(["facture-rappel", "facture-relance"]);
    expect(sent[1]!.subject).toContain("Relance");
    expect(await mails(paidOne!)).toEqual([]);
  });

  it("the client's space: their invoices, downloadable; not another person's; not the OPCO's", async () => {
    const mine = await issued("entreprise", 20_000);
    const other = await issued();
    const page = await contactSpacePage(mine.email, mine.regId, t.db);
    expect(page!.invoices).toHaveLength(1);
    expect(page!.invoices[0]!.label).toMatch(/^Facture n°\u00a0FAC-2096-\d{4} — .+ TTC, émise$/);
    const companyInvoice = page!.invoices[0]!.id;
    const file = await spaceInvoiceFile(mine.email, companyInvoice, t.db);
    expect(file!.body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await spaceInvoiceFile(other.email, companyInvoice, t.db)).toBeNull();
    const opcoInvoice = mine.ids.find((i) => i !== companyInvoice)!;
    expect(await spaceInvoiceFile(mine.email, opcoInvoice, t.db)).toBeNull();
    expect(await spaceInvoiceFile(mine.email, "absente", t.db)).toBeNull();
    const exported = await spaceDataExport(mine.email, t.db);
    expect(exported.factures).toHaveLength(1);
  });

  it("the session shows what is invoiced and paid", async () => {
    const { sessionId, ids } = await issued();
    const invoice = (await getInvoice(ids[0]!, t.db))!;
    await recordPayment(
      ids[0]!,
      { date: "2096-06-20", montant: 10_000, moyen: "cheque", reference: "CHQ 1" },
      admin,
      t.db,
      at("2096-06-20"),
    );
    await issueCreditNote(ids[0]!, { total: false, montant: 1_000, motif: "Geste commercial" }, admin, t.db, ISSUE);
    const credit = (
      await t.db.selectFrom("invoices").select("total_ttc_cents").where("credited_invoice_id", "=", ids[0]!).executeTakeFirstOrThrow()
    ).total_ttc_cents;
    const panel = await sessionInvoicing(sessionId, t.db);
    expect(panel.invoicedTtcCents).toBe(invoice.totalTtcCents - Number(credit));
    expect(panel.paidCents).toBe(10_000);
    expect(panel.rows[0]!.numbers).toHaveLength(2);
  });

  it("the accountant's CSV (BOM, semicolons) and the FEC sales journal (18 columns, balanced entries)", async () => {
    const csv = await accountantCsv("2096-01-01", "2096-12-31", t.db);
    expect(csv.startsWith("\uFEFFType;Numéro;Date;")).toBe(true);
    expect(csv).toMatch(/\r\nFacture;FAC-2096-\d{4};2096-06-15;2096-07-15;/);
    expect(csv).toMatch(/\r\nAvoir;AV-2096-\d{4};/);
    expect(csv).toMatch(/\r\nPaiement;;2096-06-20;;.*;100,00;Chèque;CHQ 1\r\n/);
    const fec = (await fecJournal("2096-01-01", "2096-12-31", t.db)).split("\r\n").slice(0, -1);
    expect(fec[0]!.split("\t")).toEqual([...FEC_COLUMNS]);
    const cents = (s: string) => Math.round(Number(s.replace(",", ".")) * 100);
    const byEntry = new Map<string, { debit: number; credit: number }>();
    for (const line of fec.slice(1)) {
      const cols = line.split("\t");
      expect(cols).toHaveLength(18);
      expect(cols[0]).toBe("VT");
      expect(cols[3]).toMatch(/^2096\d{4}$/);
      const e = byEntry.get(cols[2]!) ?? { debit: 0, credit: 0 };
      e.debit += cents(cols[11]!);
      e.credit += cents(cols[12]!);
      byEntry.set(cols[2]!, e);
    }
    expect(byEntry.size).toBeGreaterThan(3);
    for (const e of byEntry.values()) expect(e.debit).toBe(e.credit);
    expect(await fecJournal("2095-01-01", "2095-12-31", t.db)).toBe(FEC_COLUMNS.join("\t") + "\r\n");
    const { zip, count } = await facturxZip("2096-06-15", "2096-06-15", t.db);
    const names = Object.keys(unzipSync(zip));
    expect(names).toContain("factures.csv");
    expect(names.filter((n) => n.endsWith(".pdf"))).toHaveLength(count);
  });
});
