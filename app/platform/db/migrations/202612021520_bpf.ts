import type { Kysely } from "kysely";

/**
 * The yearly BPF (bilan pédagogique et financier, cerfa 10443; docs/legal/bpf.md,
 * docs/decisions/0038-bpf.md): one row per year the organisation has worked on.
 * - `entries`: what staff type because the site does not know it (frame D, F-2 b, G, the share of
 *   the turnover), JSON of figures by box;
 * - `filed`: the figures of every box as filed (JSON), written once when the year is locked; null
 *   while the year is open. A locked year's figures never move; later changes show as a difference.
 * No personal data: figures only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bpf_years")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("entries", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("filed", "text")
    .addColumn("locked_at", "varchar(40)")
    .addColumn("locked_by", "varchar(254)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(40)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(40)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bpf_years").execute();
}
