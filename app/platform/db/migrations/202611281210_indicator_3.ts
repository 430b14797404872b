import type { Kysely } from "kysely";

/**
 * Qualiopi indicator 3 on formations leading to a certification (RNCP or RS): pass rate with its
 * period and number of candidates, blocks of competences and partial validation, equivalences and
 * passerelles, next steps, career outcomes, link to the France Compétences record.
 */
const TEXT_COLUMNS = ["competence_blocks", "equivalences", "next_steps", "career_outcomes"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("formations").addColumn("certification_pass_rate", "real").execute();
  await db.schema.alterTable("formations").addColumn("certification_candidates", "integer").execute();
  await db.schema
    .alterTable("formations")
    .addColumn("certification_results_period", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .execute();
  for (const column of TEXT_COLUMNS) {
    await db.schema
      .alterTable("formations")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema
    .alterTable("formations")
    .addColumn("partial_validation", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("formations")
    .addColumn("france_competences_url", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    "certification_pass_rate",
    "certification_candidates",
    "certification_results_period",
    ...TEXT_COLUMNS,
    "partial_validation",
    "france_competences_url",
  ]) {
    await db.schema.alterTable("formations").dropColumn(column).execute();
  }
}
