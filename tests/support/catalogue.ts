import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * A large catalogue for size and speed checks: `count` published copies of the site's existing
 * published formations (round-robin), each with its own id, slug and title, its cities and its
 * sessions. Rows are copied column by column, so that new columns need no change here.
 */
export async function cloneFormations(db: Kysely<any>, count: number, { batch = 250 } = {}): Promise<void> {
  const sources = await db.selectFrom("formations").selectAll().where("status", "=", "published").orderBy("slug").execute();
  if (sources.length === 0) throw new Error("Aucune formation publiée à copier : lancez le serveur une fois (contenu de démonstration).");
  const cities = await db.selectFrom("formation_cities").selectAll().execute();
  const sessions = await db.selectFrom("formation_sessions").selectAll().execute();
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += batch) {
    const formations: Record<string, unknown>[] = [];
    const cityRows: Record<string, unknown>[] = [];
    const sessionRows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const source = sources[i % sources.length]!;
      const id = randomUUID();
      const n = id.slice(0, 8);
      formations.push({
        ...source,
        id,
        slug: `${String(source.slug).slice(0, 60)}-${n}`,
        title: `${String(source.title).slice(0, 100)} (${n})`,
        search_text: `${source.search_text} ${n}`,
        featured: 0,
        created_at: now,
        updated_at: now,
      });
      for (const c of cities.filter((r) => r.formation_id === source.id)) cityRows.push({ ...c, formation_id: id });
      for (const s of sessions.filter((r) => r.formation_id === source.id)) sessionRows.push({ ...s, id: randomUUID(), formation_id: id });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("formations").values(formations).execute();
      if (cityRows.length) await trx.insertInto("formation_cities").values(cityRows).execute();
      if (sessionRows.length) await trx.insertInto("formation_sessions").values(sessionRows).execute();
    });
  }
}
