import { db, type Db } from "~/platform/db/db.server";
import { storage } from "~/platform/storage/storage.server";
import { getInvoice, type Invoice } from "./invoices.server";
import { invoicePdf, type PdfSource } from "./pdf.server";
import { ciiXml } from "./cii";

/**
 * The file of an issued invoice or credit note: rendered once from its frozen row, stored under
 * `invoices/<year>/<number>-<id>.pdf`, then always served as stored (an issued invoice never changes).
 */

export function invoiceKey(invoice: Pick<Invoice, "year" | "number" | "id">): string {
  return `invoices/${invoice.year}/${invoice.number!.toLowerCase()}-${invoice.id}.pdf`;
}

export function invoiceFilename(invoice: Pick<Invoice, "number">): string {
  return `${invoice.number}.pdf`;
}

async function pdfSource(invoice: Invoice, target: Db): Promise<PdfSource> {
  const credited = invoice.creditedInvoiceId
    ? ((await target
        .selectFrom("invoices")
        .select(["number", "issued_on as issuedOn"])
        .where("id", "=", invoice.creditedInvoiceId)
        .executeTakeFirst()) ?? null)
    : null;
  return { ...invoice, credited };
}

/** The structured XML of an issued invoice (exports, tests). */
export async function invoiceXml(invoice: Invoice, target: Db = db()): Promise<string> {
  const source = await pdfSource(invoice, target);
  return ciiXml(source, source.credited);
}

/** The Factur-X PDF of an issued invoice: stored at its first use, read from the storage after. */
export async function invoiceFile(
  id: string,
  target: Db = db(),
): Promise<{ invoice: Invoice; filename: string; body: Buffer; key: string } | null> {
  const invoice = await getInvoice(id, target);
  if (!invoice || !invoice.number) return null;
  const key = invoice.storageKey ?? invoiceKey(invoice);
  const stored = invoice.storageKey ? await storage().get(invoice.storageKey) : undefined;
  if (stored) return { invoice, filename: invoiceFilename(invoice), body: stored, key };
  const body = await invoicePdf(await pdfSource(invoice, target));
  await storage().put(key, body, "application/pdf");
  await target.updateTable("invoices").set({ storage_key: key }).where("id", "=", id).where("storage_key", "is", null).execute();
  return { invoice, filename: invoiceFilename(invoice), body, key };
}
