import type { Kysely } from "kysely";
import { addContentTriggers, dropContentTriggers } from "../content-triggers";
import { addColumns, createdAndUpdated, tableWithId } from "./columns";

/**
 * Questionnaires (README « Questionnaires », docs/legal/questionnaires.md):
 * - `questionnaires`: one per use for the whole organisation (`scope` ""), or per formation for the
 *   positioning and the assessment quiz (`scope` the formation's id); UNIQUE (use, scope).
 * - `questionnaire_versions`: every saved set of questions (JSON), numbered; an answer keeps the
 *   version it answered.
 * - `questionnaire_invitations`: one per use, person and session (or year, for the financers):
 *   the UNIQUE (use, person_key, scope) is what sends a questionnaire once, even when two instances
 *   run the sending at the same moment. It holds the answers (JSON) and the figures drawn from them
 *   (overall note, recommendation, quiz score, prerequisites missed).
 * - `questionnaire_financers`: the address staff typed for each OPCO or company that funded sessions.
 * - `published_rates`: the figures computed from the à-chaud answers, per formation and for the
 *   organisation, that the public pages show; a content table (its writes drop the page cache).
 * - `result_figures.measure`: what a typed figure measures, when the questionnaires now compute it
 *   (satisfaction, note, recommandation): such a figure is shown only for periods before them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createdAndUpdated(
    tableWithId(db, "questionnaires", "varchar(64)")
      .addColumn("use", "varchar(20)", (c) => c.notNull())
      .addColumn("scope", "varchar(64)", (c) => c.notNull().defaultTo(""))
      .addColumn("formation_id", "varchar(64)")
      .addColumn("title", "varchar(120)", (c) => c.notNull())
      .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("pass_percent", "integer", (c) => c.notNull().defaultTo(70))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("current_version", "integer", (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint("questionnaires_use_scope", ["use", "scope"]),
  ).execute();

  await tableWithId(db, "questionnaire_versions")
    .addColumn("questionnaire_id", "varchar(64)", (c) => c.notNull().references("questionnaires.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(320)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addUniqueConstraint("questionnaire_versions_number", ["questionnaire_id", "version"])
    .execute();

  await createdAndUpdated(
    tableWithId(db, "questionnaire_invitations")
      .addColumn("questionnaire_id", "varchar(64)", (c) => c.notNull().references("questionnaires.id"))
      .addColumn("use", "varchar(20)", (c) => c.notNull())
      .addColumn("person_kind", "varchar(20)", (c) => c.notNull())
      .addColumn("person_key", "varchar(64)", (c) => c.notNull())
      .addColumn("scope", "varchar(64)", (c) => c.notNull())
      .addColumn("version_id", "varchar(36)")
      .addColumn("formation_id", "varchar(64)")
      .addColumn("session_id", "varchar(64)")
      .addColumn("session_end", "varchar(10)")
      .addColumn("registration_id", "varchar(36)")
      .addColumn("email", "varchar(320)", (c) => c.notNull().defaultTo(""))
      .addColumn("person_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
      .addColumn("state", "varchar(20)", (c) => c.notNull().defaultTo("envoyee"))
      .addColumn("sent_at", "varchar(40)", (c) => c.notNull())
      .addColumn("reminded_at", "varchar(40)")
      .addColumn("answered_at", "varchar(40)")
      .addColumn("answers", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("overall", "integer")
      .addColumn("recommend", "integer")
      .addColumn("score", "integer")
      .addColumn("flagged", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("anonymised_at", "varchar(40)")
      .addUniqueConstraint("questionnaire_invitations_once", ["use", "person_key", "scope"]),
  ).execute();
  await db.schema.createIndex("questionnaire_invitations_state").on("questionnaire_invitations").columns(["use", "state"]).execute();
  await db.schema.createIndex("questionnaire_invitations_session").on("questionnaire_invitations").column("session_id").execute();
  await db.schema
    .createIndex("questionnaire_invitations_formation")
    .on("questionnaire_invitations")
    .columns(["formation_id", "use"])
    .execute();
  await db.schema.createIndex("questionnaire_invitations_email").on("questionnaire_invitations").column("email").execute();

  await createdAndUpdated(
    tableWithId(db, "questionnaire_financers")
      .addColumn("kind", "varchar(20)", (c) => c.notNull())
      .addColumn("name", "varchar(200)", (c) => c.notNull())
      .addColumn("email", "varchar(320)", (c) => c.notNull().defaultTo(""))
      .addUniqueConstraint("questionnaire_financers_name", ["kind", "name"]),
  ).execute();

  await db.schema
    .createTable("published_rates")
    .addColumn("scope", "varchar(64)", (c) => c.primaryKey())
    .addColumn("answers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("satisfied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recommend_answers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recommend_yes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_day", "varchar(10)")
    .addColumn("last_day", "varchar(10)")
    .addColumn("since", "varchar(40)")
    .addColumn("computed_at", "varchar(40)", (c) => c.notNull())
    .execute();
  await addContentTriggers(db, "published_rates");

  await addColumns(db, "result_figures", [["measure", "varchar(20)", (c) => c.notNull().defaultTo("")]]);
  for (const [id, measure] of [
    ["demo-resultat-satisfaction", "satisfaction"],
    ["demo-resultat-note", "note"],
    ["demo-resultat-recommandation", "recommandation"],
  ])
    await db.updateTable("result_figures").set({ measure }).where("id", "=", id).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("result_figures").dropColumn("measure").execute();
  await dropContentTriggers(db, "published_rates");
  await db.schema.dropTable("published_rates").execute();
  await db.schema.dropTable("questionnaire_financers").execute();
  await db.schema.dropTable("questionnaire_invitations").execute();
  await db.schema.dropTable("questionnaire_versions").execute();
  await db.schema.dropTable("questionnaires").execute();
}
