import type { Kysely } from "kysely";
import { addColumns, createdAndUpdated, tableWithId } from "./columns";

/**
 * Invoices (docs/decisions/0037-invoices.md, docs/legal/invoices.md):
 * - `invoices`: invoices (`facture`), deposit invoices (`acompte`) and credit notes (`avoir`). A
 *   draft has no number; issuing gives it one per series and year (`FAC-2027-0001`, `AV-2027-0001`:
 *   the yearly counters of `document_sequences`, series `facture` and `avoir`) and freezes it: the
 *   payer, the lines (JSON), the totals in integer cents, the seller's identity as it was
 *   (`seller`, JSON) never change after. `payer_kind` is who pays, as the BPF's frame C counts it
 *   (entreprise, opco, particulier, pouvoir_public, cpf, france_travail, organisme, autre).
 *   `credited_invoice_id`: the invoice a credit note cancels (all or part); `deducted` (JSON) the
 *   deposit invoices a final invoice deducts. `paid_cents` follows the payments; `status`:
 *   brouillon, emise, envoyee, payee_partiellement, payee, annulee (« en retard » is read from the
 *   due date). `reminders`/`last_reminder_on`: the reminders sent.
 * - `invoice_payments`: the payments recorded (date, amount in cents, method, reference).
 * - `registrations.opco_agreement_number`, `registrations.opco_covered_cents`: the OPCO's « numéro de
 *   prise en charge » and the amount (HT) it covers by subrogation.
 * - `mail_queue.invoice_id`: the invoice an e-mail is about (sending, reminders).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createdAndUpdated(
    tableWithId(db, "invoices")
      .addColumn("number", "varchar(40)", (c) => c.unique())
      .addColumn("kind", "varchar(20)", (c) => c.notNull())
      .addColumn("status", "varchar(30)", (c) => c.notNull())
      .addColumn("year", "integer")
      .addColumn("registration_id", "varchar(36)")
      .addColumn("session_id", "varchar(36)")
      .addColumn("credited_invoice_id", "varchar(36)")
      .addColumn("deducted", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("payer_kind", "varchar(30)", (c) => c.notNull())
      .addColumn("payer_name", "varchar(200)", (c) => c.notNull())
      .addColumn("payer_business", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("payer_siren", "varchar(20)", (c) => c.notNull().defaultTo(""))
      .addColumn("payer_vat_number", "varchar(40)", (c) => c.notNull().defaultTo(""))
      .addColumn("payer_street", "varchar(200)", (c) => c.notNull().defaultTo(""))
      .addColumn("payer_postal_code", "varchar(20)", (c) => c.notNull().defaultTo(""))
      .addColumn("payer_city", "varchar(120)", (c) => c.notNull().defaultTo(""))
      .addColumn("payer_email", "varchar(254)", (c) => c.notNull().defaultTo(""))
      .addColumn("delivery_address", "varchar(400)", (c) => c.notNull().defaultTo(""))
      .addColumn("agreement_number", "varchar(60)", (c) => c.notNull().defaultTo(""))
      .addColumn("buyer_reference", "varchar(60)", (c) => c.notNull().defaultTo(""))
      .addColumn("lines", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("vat_exempt", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("vat_rate", "integer", (c) => c.notNull().defaultTo(20))
      .addColumn("total_ht_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("vat_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("total_ttc_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("paid_cents", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("issued_on", "varchar(10)")
      .addColumn("due_on", "varchar(10)")
      .addColumn("sent_at", "varchar(40)")
      .addColumn("paid_on", "varchar(10)")
      .addColumn("reminders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_reminder_on", "varchar(10)")
      .addColumn("seller", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("terms", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("storage_key", "varchar(200)")
      .addColumn("created_by", "varchar(254)", (c) => c.notNull().defaultTo(""))
      .addColumn("issued_by", "varchar(254)", (c) => c.notNull().defaultTo("")),
  ).execute();
  await db.schema.createIndex("invoices_registration").on("invoices").column("registration_id").execute();
  await db.schema.createIndex("invoices_session").on("invoices").column("session_id").execute();
  await db.schema.createIndex("invoices_year").on("invoices").columns(["year", "issued_on"]).execute();
  await db.schema.createIndex("invoices_status_due").on("invoices").columns(["status", "due_on"]).execute();
  await db.schema.createIndex("invoices_credited").on("invoices").column("credited_invoice_id").execute();
  await tableWithId(db, "invoice_payments")
    .addColumn("invoice_id", "varchar(36)", (c) => c.notNull().references("invoices.id"))
    .addColumn("paid_on", "varchar(10)", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("method", "varchar(20)", (c) => c.notNull())
    .addColumn("reference", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .addColumn("recorded_by", "varchar(254)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_payments_invoice").on("invoice_payments").column("invoice_id").execute();
  await db.schema.createIndex("invoice_payments_paid_on").on("invoice_payments").column("paid_on").execute();
  await addColumns(db, "registrations", [
    ["opco_agreement_number", "varchar(60)", (c) => c.notNull().defaultTo("")],
    ["opco_covered_cents", "integer"],
  ]);
  await addColumns(db, "mail_queue", [["invoice_id", "varchar(36)"]]);
  await db.schema.createIndex("mail_queue_invoice").on("mail_queue").column("invoice_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_queue_invoice").execute();
  await db.schema.alterTable("mail_queue").dropColumn("invoice_id").execute();
  await db.schema.alterTable("registrations").dropColumn("opco_covered_cents").execute();
  await db.schema.alterTable("registrations").dropColumn("opco_agreement_number").execute();
  await db.schema.dropTable("invoice_payments").execute();
  await db.schema.dropTable("invoices").execute();
}
