import type { Kysely } from "kysely";
import { createSlugRedirects, createdAndUpdated, tableWithId } from "./columns";

/**
 * Formations catalogue: categories, cities, formations, their cities and dated sessions,
 * and the old slugs that keep answering with a 301. Portable: ISO text timestamps and dates,
 * integer 0/1 booleans, JSON text for lists, prices in integer cents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, "formation_categories", "varchar(64)")
    .addColumn("slug", "varchar(30)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .$call(createdAndUpdated)
    .execute();

  await tableWithId(db, "cities", "varchar(64)")
    .addColumn("slug", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(80)", (c) => c.notNull())
    .addColumn("region", "varchar(80)", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull())
    .addColumn("latitude", "double precision", (c) => c.notNull())
    .addColumn("longitude", "double precision", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();

  await tableWithId(db, "formations", "varchar(64)")
    .addColumn("slug", "varchar(80)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(120)", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("category_id", "varchar(64)", (c) => c.notNull().references("formation_categories.id"))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("program", "text", (c) => c.notNull())
    .addColumn("objectives", "text", (c) => c.notNull())
    .addColumn("prerequisites", "text", (c) => c.notNull())
    .addColumn("audience", "text", (c) => c.notNull())
    .addColumn("duration_hours", "double precision", (c) => c.notNull())
    .addColumn("duration_days", "double precision", (c) => c.notNull())
    .addColumn("modality", "varchar(20)", (c) => c.notNull())
    .addColumn("teaching_methods", "text", (c) => c.notNull())
    .addColumn("evaluation_methods", "text", (c) => c.notNull())
    .addColumn("access_modalities", "text", (c) => c.notNull())
    .addColumn("access_lead_time", "text", (c) => c.notNull())
    .addColumn("price_inter_cents", "integer")
    .addColumn("intra_on_quote", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("vat_mode", "varchar(10)", (c) => c.notNull())
    .addColumn("contact_name", "varchar(120)", (c) => c.notNull())
    .addColumn("contact_email", "varchar(254)", (c) => c.notNull())
    .addColumn("contact_phone", "varchar(40)", (c) => c.notNull())
    .addColumn("accessibility", "text", (c) => c.notNull())
    .addColumn("disability_contact_name", "varchar(120)", (c) => c.notNull())
    .addColumn("disability_contact_email", "varchar(254)", (c) => c.notNull())
    .addColumn("satisfaction_rate", "double precision")
    .addColumn("success_rate", "double precision")
    .addColumn("trainees_count", "integer")
    .addColumn("results_measured_at", "varchar(10)")
    .addColumn("certification_type", "varchar(10)", (c) => c.notNull())
    .addColumn("certification_code", "varchar(20)", (c) => c.notNull())
    .addColumn("certification_title", "text", (c) => c.notNull())
    .addColumn("certifier", "text", (c) => c.notNull())
    .addColumn("certification_registered_at", "varchar(10)")
    .addColumn("cpf_eligible", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("funding_options", "text", (c) => c.notNull())
    .addColumn("opcos", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("image_alt", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("seo_title", "varchar(70)", (c) => c.notNull())
    .addColumn("seo_description", "varchar(160)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("published_at", "varchar(40)")
    .addColumn("search_text", "text", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("formations_status_idx").on("formations").column("status").execute();
  await db.schema.createIndex("formations_category_idx").on("formations").column("category_id").execute();

  await db.schema
    .createTable("formation_cities")
    .addColumn("formation_id", "varchar(64)", (c) => c.notNull().references("formations.id").onDelete("cascade"))
    .addColumn("city_id", "varchar(64)", (c) => c.notNull().references("cities.id"))
    .addPrimaryKeyConstraint("formation_cities_pk", ["formation_id", "city_id"])
    .execute();
  await db.schema.createIndex("formation_cities_city_idx").on("formation_cities").column("city_id").execute();

  await tableWithId(db, "formation_sessions", "varchar(64)")
    .addColumn("formation_id", "varchar(64)", (c) => c.notNull().references("formations.id").onDelete("cascade"))
    .addColumn("start_date", "varchar(10)", (c) => c.notNull())
    .addColumn("end_date", "varchar(10)", (c) => c.notNull())
    .addColumn("city_id", "varchar(64)", (c) => c.references("cities.id"))
    .addColumn("seats_left", "integer", (c) => c.notNull())
    .$call(createdAndUpdated)
    .execute();
  await db.schema.createIndex("formation_sessions_formation_idx").on("formation_sessions").column("formation_id").execute();
  await db.schema.createIndex("formation_sessions_start_idx").on("formation_sessions").columns(["start_date", "city_id"]).execute();

  await createSlugRedirects(db, "formation_slug_redirects", "formation_id", "formations");
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "formation_slug_redirects",
    "formation_sessions",
    "formation_cities",
    "formations",
    "cities",
    "formation_categories",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
