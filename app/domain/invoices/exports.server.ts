import { centsDecimal } from "~/platform/format";
import { zipSync } from "fflate";
import { csvText, toCsv, type CsvValue } from "~/platform/csv";
import { db, type Db } from "~/platform/db/db.server";
import { invoiceFile, invoiceXml } from "./files.server";
import { toInvoice, type Invoice } from "./invoices.server";
import { INVOICE_KIND_LABELS, PAYER_KIND_SHORT, PAYMENT_METHOD_LABELS, type PaymentMethod } from "./labels";
import { sirenOf } from "./mentions";

/**
 * For the accountant and the certified platform (README « Factures », docs/legal/invoices.md):
 * - a CSV of the period's invoices, credit notes and payments (UTF-8 with BOM, « ; », amounts in
 *   euros with a decimal comma, always positive: the type says which way);
 * - the period's sales journal in the column layout of the FEC (fichier des écritures comptables,
 *   article A47 A-1 du Livre des procédures fiscales): one entry per invoice or credit note, the
 *   client (411) against the sales of services (706) and the VAT collected (44571);
 * - a ZIP of the period's Factur-X PDFs and their XML, to deposit on a certified platform.
 */

const ymd = (day: string) => day.replace(/-/g, "");

async function issuedBetween(from: string, to: string, target: Db): Promise<Invoice[]> {
  const rows = await target
    .selectFrom("invoices")
    .selectAll()
    .where("number", "is not", null)
    .where("issued_on", ">=", from)
    .where("issued_on", "<=", to)
    .orderBy("issued_on")
    .orderBy("number")
    .execute();
  return rows.map((r) => toInvoice(r));
}

export async function accountantCsv(from: string, to: string, target: Db = db()): Promise<string> {
  const invoices = await issuedBetween(from, to, target);
  const numbers = new Map(
    (await target.selectFrom("invoices").select(["id", "number"]).where("number", "is not", null).execute()).map((r) => [r.id, r.number!]),
  );
  const rows: CsvValue[][] = [
    [
      "Type",
      "Numéro",
      "Date",
      "Échéance",
      "Client",
      "Sorte de payeur",
      "SIREN client",
      "Facture d'origine",
      "Total HT",
      "TVA",
      "Total TTC",
      "Moyen de paiement",
      "Référence",
    ],
  ];
  for (const i of invoices)
    rows.push([
      INVOICE_KIND_LABELS[i.kind],
      i.number,
      i.issuedOn,
      i.kind === "avoir" ? "" : i.dueOn,
      i.payerName,
      PAYER_KIND_SHORT[i.payerKind],
      csvText(i.payerSiren ? sirenOf(i.payerSiren) : ""),
      i.creditedInvoiceId ? (numbers.get(i.creditedInvoiceId) ?? "") : "",
      centsDecimal(i.totalHtCents),
      centsDecimal(i.vatCents),
      centsDecimal(i.totalTtcCents),
      "",
      "",
    ]);
  const payments = await target
    .selectFrom("invoice_payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select(["p.paid_on", "p.amount_cents", "p.method", "p.reference", "i.number", "i.payer_name", "i.payer_kind", "i.payer_siren"])
    .where("p.paid_on", ">=", from)
    .where("p.paid_on", "<=", to)
    .orderBy("p.paid_on")
    .orderBy("i.number")
    .execute();
  for (const p of payments)
    rows.push([
      "Paiement",
      "",
      p.paid_on,
      "",
      p.payer_name,
      PAYER_KIND_SHORT[p.payer_kind as keyof typeof PAYER_KIND_SHORT] ?? p.payer_kind,
      csvText(p.payer_siren ? sirenOf(p.payer_siren) : ""),
      p.number,
      "",
      "",
      centsDecimal(Number(p.amount_cents)),
      PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method,
      p.reference,
    ]);
  return toCsv(rows);
}

/** The FEC's 18 columns, in their order (article A47 A-1 du LPF). */
export const FEC_COLUMNS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;

/** The auxiliary account of a payer: its SIREN when known, else its name's letters. */
function auxiliary(i: Invoice): string {
  const siren = sirenOf(i.payerSiren);
  if (/^\d{9}$/.test(siren)) return `C${siren}`;
  const letters = i.payerName
    .normalize("NFD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 16);
  return `C${letters || "DIVERS"}`;
}

const clean = (s: string) => s.replace(/[\t\r\n|]/g, " ");

/**
 * The sales journal (VT) of a period in the FEC layout, tab-separated: per invoice, the client's
 * account 411 in debit (TTC), 706 in credit (HT) and 44571 in credit (VAT); a credit note the other
 * way. Amounts with a decimal comma, dates YYYYMMDD. Each entry balances.
 */
export async function fecJournal(from: string, to: string, target: Db = db()): Promise<string> {
  const invoices = await issuedBetween(from, to, target);
  const lines: string[] = [FEC_COLUMNS.join("\t")];
  invoices.forEach((i, n) => {
    const credit = i.kind === "avoir";
    const date = ymd(i.issuedOn!);
    const label = clean(`${INVOICE_KIND_LABELS[i.kind]} ${i.number} ${i.payerName}`).slice(0, 100);
    const entry = (account: string, accountLabel: string, aux: string, auxLabel: string, debit: number, creditAmount: number) =>
      [
        "VT",
        "Journal des ventes",
        String(n + 1),
        date,
        account,
        accountLabel,
        aux,
        clean(auxLabel),
        i.number!,
        date,
        label,
        centsDecimal(debit),
        centsDecimal(creditAmount),
        "",
        "",
        date,
        "",
        "",
      ].join("\t");
    lines.push(entry("411000", "Clients", auxiliary(i), i.payerName, credit ? 0 : i.totalTtcCents, credit ? i.totalTtcCents : 0));
    lines.push(entry("706000", "Prestations de services", "", "", credit ? i.totalHtCents : 0, credit ? 0 : i.totalHtCents));
    if (i.vatCents) lines.push(entry("445710", "TVA collectée", "", "", credit ? i.vatCents : 0, credit ? 0 : i.vatCents));
  });
  return lines.join("\r\n") + "\r\n";
}

/** The period's Factur-X PDFs and their XML in one ZIP (what an operator deposits on their certified platform). */
export async function facturxZip(from: string, to: string, target: Db = db()): Promise<{ zip: Uint8Array; count: number }> {
  const invoices = await issuedBetween(from, to, target);
  const entries: Record<string, Uint8Array> = {};
  for (const i of invoices) {
    const file = await invoiceFile(i.id, target);
    if (!file) continue;
    entries[`${i.number}.pdf`] = new Uint8Array(file.body);
    entries[`${i.number}.xml`] = new TextEncoder().encode(await invoiceXml(file.invoice, target));
  }
  entries["factures.csv"] = new TextEncoder().encode(await accountantCsv(from, to, target));
  return { zip: zipSync(entries, { level: 6 }), count: invoices.length };
}
