import type { Kysely } from "kysely";
import { tableWithId } from "./columns";

/**
 * What a trainer's assignment produces and keeps (docs/legal/trainers.md):
 * - `documents.trainer_id`: the trainer a document is about (a lettre de mission or a contrat de
 *   sous-traitance of one session), listed on their page; null for every other document.
 * - `trainer_files`: the trainer's CV and diplomas (PDF or images), stored privately under
 *   `formateurs/pieces/`, never served to the public; deleted with the trainer.
 * - `trainer_session_changes`: when a trainer's half-days on a session last changed (assigned,
 *   taken off): the documents that name the session's trainers issued before are « à régénérer ».
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("documents").addColumn("trainer_id", "varchar(36)").execute();
  await db.schema.createIndex("documents_trainer_idx").on("documents").columns(["trainer_id", "created_at"]).execute();

  await tableWithId(db, "trainer_files")
    .addColumn("trainer_id", "varchar(36)", (c) => c.notNull().references("trainers.id").onDelete("cascade"))
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("filename", "varchar(200)", (c) => c.notNull())
    .addColumn("content_type", "varchar(60)", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("storage_key", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("created_by", "varchar(320)", (c) => c.notNull())
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("trainer_files_trainer").on("trainer_files").columns(["trainer_id", "created_at"]).execute();

  await db.schema
    .createTable("trainer_session_changes")
    .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("formation_sessions.id").onDelete("cascade"))
    .addColumn("trainer_id", "varchar(36)", (c) => c.notNull().references("trainers.id").onDelete("cascade"))
    .addColumn("changed_at", "varchar(40)", (c) => c.notNull())
    .addPrimaryKeyConstraint("trainer_session_changes_pk", ["session_id", "trainer_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trainer_session_changes").execute();
  await db.schema.dropTable("trainer_files").execute();
  await db.schema.dropIndex("documents_trainer_idx").execute();
  await db.schema.alterTable("documents").dropColumn("trainer_id").execute();
}
