import type { Kysely } from "kysely";
import { addColumns, createdAndUpdated, tableWithId } from "./columns";

/**
 * Documents signed online (docs/decisions/0036-documents-signed-online.md):
 * - `signature_requests`: one request to sign one stored document (a devis, a convention, a
 *   contract): its signer, its state (a_envoyer, envoye, signe_client, signe, refuse, expire,
 *   hors_plateforme), the failed code tries and the lock, the sealed PDF or the uploaded scan,
 *   the SHA-256 of the document before and after sealing;
 * - `signature_signers`: each signature given (the client's, the organisation's): who, quality,
 *   when, from which address and browser, how (one-time code by e-mail), the drawn picture if any;
 * - `signature_codes`: the one-time codes sent by e-mail (only their hash), 10 minutes, used once;
 * - `signing_certificates`: the organisation's sealing certificate (PKCS#12), created at first use
 *   or uploaded by an admin; the active one is the newest;
 * - `documents.signed_at`: a signed document is never generated again;
 * - `registrations.withdrawal_from` (a signed contract dates the 10-day withdrawal period) and
 *   `registrations.agreement_signed_at` (convention or contract signed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createdAndUpdated(
    tableWithId(db, "signature_requests")
      .addColumn("document_id", "varchar(36)", (c) => c.notNull())
      .addColumn("kind", "varchar(20)", (c) => c.notNull())
      .addColumn("number", "varchar(40)", (c) => c.notNull())
      .addColumn("registration_id", "varchar(36)")
      .addColumn("lead_id", "varchar(36)")
      .addColumn("signer_name", "varchar(200)", (c) => c.notNull())
      .addColumn("signer_email", "varchar(320)", (c) => c.notNull())
      .addColumn("state", "varchar(20)", (c) => c.notNull())
      .addColumn("refusal_reason", "varchar(1000)", (c) => c.notNull().defaultTo(""))
      .addColumn("failed_tries", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("locked_at", "varchar(40)")
      .addColumn("sent_at", "varchar(40)")
      .addColumn("reminded_at", "varchar(40)")
      .addColumn("expires_at", "varchar(40)")
      .addColumn("signed_at", "varchar(40)")
      .addColumn("original_sha256", "varchar(64)", (c) => c.notNull().defaultTo(""))
      .addColumn("sealed_key", "varchar(300)", (c) => c.notNull().defaultTo(""))
      .addColumn("sealed_sha256", "varchar(64)", (c) => c.notNull().defaultTo(""))
      .addColumn("scan_key", "varchar(300)", (c) => c.notNull().defaultTo(""))
      .addColumn("scan_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
      .addColumn("scan_type", "varchar(100)", (c) => c.notNull().defaultTo(""))
      .addColumn("created_by", "varchar(320)", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("signature_requests_document").on("signature_requests").column("document_id").execute();
  await db.schema.createIndex("signature_requests_signer").on("signature_requests").column("signer_email").execute();
  await db.schema.createIndex("signature_requests_state").on("signature_requests").columns(["state", "sent_at"]).execute();

  await tableWithId(db, "signature_signers")
    .addColumn("request_id", "varchar(36)", (c) => c.notNull().references("signature_requests.id").onDelete("cascade"))
    .addColumn("role", "varchar(20)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("quality", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "varchar(320)", (c) => c.notNull())
    .addColumn("method", "varchar(40)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "varchar(400)", (c) => c.notNull().defaultTo(""))
    .addColumn("code_sent_at", "varchar(40)")
    .addColumn("code_mail_id", "varchar(36)")
    .addColumn("drawing", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("document_sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("signed_at", "varchar(40)", (c) => c.notNull())
    .addUniqueConstraint("signature_signers_request_role", ["request_id", "role"])
    .execute();

  await tableWithId(db, "signature_codes")
    .addColumn("request_id", "varchar(36)", (c) => c.notNull().references("signature_requests.id").onDelete("cascade"))
    .addColumn("role", "varchar(20)", (c) => c.notNull())
    .addColumn("sent_to", "varchar(320)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("mail_id", "varchar(36)")
    .addColumn("expires_at", "varchar(40)", (c) => c.notNull())
    .addColumn("used_at", "varchar(40)")
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("signature_codes_request").on("signature_codes").columns(["request_id", "role"]).execute();

  await tableWithId(db, "signing_certificates")
    .addColumn("source", "varchar(20)", (c) => c.notNull())
    .addColumn("p12", "text", (c) => c.notNull())
    .addColumn("passphrase", "varchar(200)", (c) => c.notNull())
    .addColumn("subject", "varchar(500)", (c) => c.notNull())
    .addColumn("fingerprint", "varchar(100)", (c) => c.notNull())
    .addColumn("not_after", "varchar(40)", (c) => c.notNull())
    .addColumn("created_by", "varchar(320)", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();

  await addColumns(db, "documents", [["signed_at", "varchar(40)"]]);
  await addColumns(db, "registrations", [
    ["withdrawal_from", "varchar(10)"],
    ["agreement_signed_at", "varchar(40)"],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("agreement_signed_at").execute();
  await db.schema.alterTable("registrations").dropColumn("withdrawal_from").execute();
  await db.schema.alterTable("documents").dropColumn("signed_at").execute();
  for (const table of ["signing_certificates", "signature_codes", "signature_signers", "signature_requests"])
    await db.schema.dropTable(table).execute();
}
