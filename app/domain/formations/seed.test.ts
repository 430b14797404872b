import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "./categories.server";
import { DEMO_FORMATIONS } from "./demo-content";
import { firstByRelevance, listFormations, listUpcomingSessions, setFormationStatus } from "./formations.server";
import { homeFormations } from "./home.server";
import { todayInParis } from "./labels";
import { seedFormations, sessionDates } from "./seed.server";

describe("session dates of the demo content", () => {
  it("start on a weekday and end by Friday for short courses", () => {
    // 2026-03-07 is a Saturday.
    expect(sessionDates("2026-03-07", 0, { durationDays: 2, modality: "presentiel" })).toEqual({
      startDate: "2026-03-09",
      endDate: "2026-03-10",
    });
    expect(sessionDates("2026-03-06", 0, { durationDays: 2, modality: "presentiel" })).toEqual({
      startDate: "2026-03-09",
      endDate: "2026-03-10",
    });
    expect(sessionDates("2026-03-05", 0, { durationDays: 3, modality: "presentiel" })).toEqual({
      startDate: "2026-03-09",
      endDate: "2026-03-11",
    });
    expect(sessionDates("2026-03-05", 0, { durationDays: 1, modality: "presentiel" })).toEqual({
      startDate: "2026-03-05",
      endDate: "2026-03-05",
    });
    expect(sessionDates("2026-03-10", 0, { durationDays: 10, modality: "distanciel" })).toEqual({
      startDate: "2026-03-16",
      endDate: "2026-04-17",
    });
  });
});

describe.each(engines)("demo catalogue on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("adds complete published formations with upcoming sessions, once", async () => {
    const added = await seedFormations(t.db);
    expect(added).toBe(7 + 8 + DEMO_FORMATIONS.length);
    expect(await seedFormations(t.db)).toBe(0);
    const list = await listFormations({ perPage: 100 }, t.db);
    expect(list.total).toBeGreaterThanOrEqual(12);
    expect((await listCategories(t.db)).filter((c) => c.publishedCount > 0).length).toBeGreaterThanOrEqual(6);
    expect((await listCities(t.db)).filter((c) => c.publishedCount > 0).length).toBeGreaterThanOrEqual(8);
    const sessions = await listUpcomingSessions({ limit: 200 }, t.db);
    expect(sessions.length).toBeGreaterThan(30);
    expect(sessions.every((s) => s.startDate >= todayInParis())).toBe(true);
    expect(list.items.filter((i) => i.featured).length).toBeGreaterThanOrEqual(3);
    expect(list.items.some((i) => i.cpfEligible)).toBe(true);
  });

  it("reads the home page's first formations in the catalogue's relevance order, through the indexes", async () => {
    // Two categories at one position mix their formations by title, as the full sort does.
    const categories = await listCategories(t.db);
    await t.db.updateTable("formation_categories").set({ position: categories[0]!.position }).where("id", "=", categories[1]!.id).execute();
    const total = (await listFormations({ status: "published", perPage: 100 }, t.db)).total;
    for (const count of [1, 3, 6, 12, total, total + 5]) {
      const sorted = await listFormations({ status: "published", sort: "relevance", perPage: count, uncounted: true }, t.db);
      expect((await firstByRelevance(count, t.db)).map((f) => f.slug)).toEqual(sorted.items.map((f) => f.slug));
    }
    await t.db.updateTable("formation_categories").set({ position: categories[1]!.position }).where("id", "=", categories[1]!.id).execute();
  });

  it("shows on the home page the categories that have published formations, as editors named them", async () => {
    const home = await homeFormations({}, t.db);
    const published = (await listCategories(t.db)).filter((c) => c.publishedCount > 0);
    expect(home.categories.map((c) => c.slug)).toEqual(published.map((c) => c.slug));
    expect(home.featured.length).toBeGreaterThan(0);

    // Unpublish every formation of the first category: it leaves the home page.
    const first = published[0]!;
    const inFirst = (await listFormations({ perPage: 100, status: "published" }, t.db)).items.filter((f) => f.category.slug === first.slug);
    expect(inFirst.length).toBeGreaterThan(0);
    await setFormationStatus(
      inFirst.map((f) => f.id),
      "draft",
      { db: t.db },
    );
    const after = await homeFormations({}, t.db);
    expect(after.categories.map((c) => c.slug)).not.toContain(first.slug);
  });
});
