import type { Kysely } from "kysely";
import { addContentTriggers, dropContentTriggers } from "../content-triggers";
import { tableWithId } from "./columns";

/**
 * The CGV and the règlement intérieur as versioned content: each save by an admin adds a dated
 * version (never an update), so that a registration can record the version it accepted. The public
 * pages show the latest version: the table has the content triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "legal_document_versions")
    .addColumn("document", "varchar(40)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("author_email", "varchar(254)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("legal_document_versions_document_idx")
    .on("legal_document_versions")
    .columns(["document", "created_at"])
    .execute();
  await addContentTriggers(db, "legal_document_versions");
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropContentTriggers(db, "legal_document_versions");
  await db.schema.dropTable("legal_document_versions").execute();
}
