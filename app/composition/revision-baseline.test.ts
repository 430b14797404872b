import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../tests/support/databases";
import { listRevisions } from "~/domain/revisions/revisions.server";
import { seed, seedAtStartup } from "./seed.server";

describe.each(engines)("revisions of content saved before the history existed, on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function withoutRevision(table: "formations" | "blog_posts" | "testimonials", entity: string): Promise<number> {
    const rows = await t.db.selectFrom(table).select("id").execute();
    let missing = 0;
    for (const { id } of rows) if ((await listRevisions(entity as never, id, t.db)).length === 0) missing++;
    return missing;
  }

  it("every demo formation, post and testimonial has a revision once seeded", async () => {
    await seed(t.db);
    expect((await t.db.selectFrom("formations").select("id").execute()).length).toBeGreaterThan(0);
    expect(await withoutRevision("formations", "formation")).toBe(0);
    expect(await withoutRevision("blog_posts", "blog_post")).toBe(0);
    expect(await withoutRevision("testimonials", "testimonial")).toBe(0);
  });

  it("a formation without history gets one revision of its current state at startup, and only once", async () => {
    const formation = await t.db.selectFrom("formations").select(["id", "title"]).orderBy("slug").executeTakeFirstOrThrow();
    await t.db.deleteFrom("revisions").where("entity_type", "=", "formation").where("entity_id", "=", formation.id).execute();
    await seedAtStartup({ demo: false }, t.db);
    const revisions = await listRevisions("formation", formation.id, t.db);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ title: formation.title, summary: "État enregistré à l'ouverture de l'historique." });
    await seedAtStartup({ demo: false }, t.db);
    expect(await listRevisions("formation", formation.id, t.db)).toHaveLength(1);
  });
});
