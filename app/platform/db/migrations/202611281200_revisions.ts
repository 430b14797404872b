import type { Kysely } from "kysely";
import { addContentTriggers, dropContentTriggers } from "../content-triggers";
import { up as createLegalDocumentVersions } from "./202611280220_legal_documents";
import { tableWithId } from "./columns";

/**
 * One table for every versioned content (docs/decisions/0017-revisions.md): a formation with its
 * sessions, a blog post, a testimonial or figure, the organisation settings, the funding rules, the
 * CGV and the règlement intérieur. The former `legal_document_versions` rows move here with their
 * ids (registrations point at them through `cgv_version_id` / `ri_version_id`), and the old table
 * goes. The audit journal links each entry to the revision it wrote. Public pages read the legal
 * documents from here: the table has the content triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "revisions")
    .addColumn("entity_type", "varchar(40)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(120)", (c) => c.notNull())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("encoding", "varchar(12)", (c) => c.notNull().defaultTo("json"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("title", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("summary", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("restored_from", "varchar(36)")
    .addColumn("author_id", "varchar(36)")
    .addColumn("author_email", "varchar(254)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("revisions_entity_idx").on("revisions").columns(["entity_type", "entity_id", "created_at"]).execute();
  await db.schema.createIndex("revisions_date_idx").on("revisions").columns(["entity_type", "created_at"]).execute();

  const old = await db.selectFrom("legal_document_versions").selectAll().execute();
  for (const r of old as Array<{ id: string; document: string; body: string; is_demo: number; author_email: string; created_at: string }>) {
    await db
      .insertInto("revisions")
      .values({
        id: r.id,
        entity_type: "legal_document",
        entity_id: r.document,
        published: 1,
        encoding: "json",
        content: JSON.stringify({ body: r.body, isDemo: Boolean(Number(r.is_demo)) }),
        title: r.document === "cgv" ? "Conditions générales de vente" : "Règlement intérieur",
        summary: "",
        restored_from: null,
        author_id: null,
        author_email: r.author_email,
        created_at: r.created_at,
      })
      .execute();
  }
  await dropContentTriggers(db, "legal_document_versions");
  await db.schema.dropTable("legal_document_versions").execute();
  await addContentTriggers(db, "revisions");

  await db.schema.alterTable("audit_log").addColumn("revision_id", "varchar(36)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").dropColumn("revision_id").execute();
  // The table as 202611280220_legal_documents created it, with its content triggers.
  await createLegalDocumentVersions(db);
  const rows = await db
    .selectFrom("revisions")
    .selectAll()
    .where("entity_type", "=", "legal_document")
    .where("published", "=", 1)
    .where("encoding", "=", "json")
    .execute();
  for (const r of rows as Array<{ id: string; entity_id: string; content: string; author_email: string; created_at: string }>) {
    const content = JSON.parse(r.content) as { body: string; isDemo?: boolean };
    await db
      .insertInto("legal_document_versions")
      .values({
        id: r.id,
        document: r.entity_id,
        body: content.body,
        is_demo: content.isDemo ? 1 : 0,
        author_email: r.author_email,
        created_at: r.created_at,
      })
      .execute();
  }
  await dropContentTriggers(db, "revisions");
  await db.schema.dropTable("revisions").execute();
}
