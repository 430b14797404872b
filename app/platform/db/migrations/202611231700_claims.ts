import type { Kysely } from "kysely";
import { addContentTriggers, dropContentTriggers } from "../content-triggers";
import { createdAndUpdated, tableWithId } from "./columns";

const TABLES = ["testimonials", "result_figures", "why_us_arguments"] as const;

/**
 * Public claims become records that admins edit (docs/claims.md): trainees' testimonials (with
 * the consent recorded), the overall results (each figure with its period, sample size and date
 * of measurement) and the "why us" arguments. `is_demo` marks the demonstration records that only
 * the demo seed inserts. Every row reaches public pages: each table gets the content triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "testimonials")
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("first_name", "varchar(60)", (c) => c.notNull())
    .addColumn("last_initial", "varchar(4)", (c) => c.notNull())
    .addColumn("context", "varchar(200)", (c) => c.notNull())
    .addColumn("formation_id", "varchar(36)")
    .addColumn("formation_title", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("given_on", "varchar(10)", (c) => c.notNull())
    .addColumn("rating", "integer")
    .addColumn("consent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consent_on", "varchar(10)")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("testimonials_position_idx").on("testimonials").columns(["published", "position"]).execute();

  await tableWithId(db, "result_figures")
    .addColumn("label", "varchar(200)", (c) => c.notNull())
    .addColumn("figure", "varchar(30)", (c) => c.notNull())
    .addColumn("period", "varchar(200)", (c) => c.notNull())
    .addColumn("sample_size", "integer", (c) => c.notNull())
    .addColumn("measured_on", "varchar(10)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .$call(createdAndUpdated)
    .execute();

  await tableWithId(db, "why_us_arguments")
    .addColumn("title", "varchar(160)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .$call(createdAndUpdated)
    .execute();

  for (const table of TABLES) await addContentTriggers(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await dropContentTriggers(db, table);
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
