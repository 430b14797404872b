import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity } from "~/domain/cities/cities.server";
import { valueOf } from "~/platform/validation/errors";
import { createCategory } from "./categories.server";
import { createFormation, listFormations, setFormationStatus } from "./formations.server";
import { todayInParis } from "./labels";
import { cityInput, formationInput } from "./test-fixtures";

function inDays(n: number): string {
  const d = new Date(`${todayInParis()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The catalogue filtered on a city: each card's « Prochaine session » is the next one in that city. */
describe.each(engines)("catalogue cards filtered on a city on $name", ({ create }) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("shows the next session in the filtered city, not an earlier one elsewhere", async () => {
    const ctx = { db: t.db };
    const categoryId = valueOf(
      await createCategory(
        { slug: "management", name: "Management", description: "Animer une équipe et conduire les entretiens.", position: 1 },
        ctx,
      ),
    ).id;
    const lyon = valueOf(await createCity(cityInput(), ctx)).id;
    const paris = valueOf(
      await createCity(cityInput({ slug: "paris", name: "Paris", region: "Île-de-France", latitude: 48.8566, longitude: 2.3522 }), ctx),
    ).id;
    const both = valueOf(
      await createFormation(
        formationInput({
          title: "Manager une équipe",
          categoryId,
          modality: "presentiel",
          cityIds: [lyon, paris],
          sessions: [
            { startDate: inDays(5), endDate: inDays(6), cityId: paris, seatsLeft: 5 },
            { startDate: inDays(20), endDate: inDays(21), cityId: lyon, seatsLeft: 5 },
          ],
        }),
        ctx,
      ),
    ).id;
    const parisOnly = valueOf(
      await createFormation(
        formationInput({
          title: "Conduire le changement",
          categoryId,
          modality: "presentiel",
          cityIds: [lyon, paris],
          sessions: [{ startDate: inDays(2), endDate: inDays(2), cityId: paris, seatsLeft: 5 }],
        }),
        ctx,
      ),
    ).id;
    valueOf(await setFormationStatus([both, parisOnly], "published", ctx));

    const card = async (citySlug: string | undefined, title: string) =>
      (await listFormations({ citySlug, sort: "title" }, t.db)).items.find((i) => i.title === title)?.nextSession;
    expect(await card("lyon", "Manager une équipe")).toEqual({ startDate: inDays(20), endDate: inDays(21), cityName: "Lyon" });
    expect(await card("paris", "Manager une équipe")).toEqual({ startDate: inDays(5), endDate: inDays(6), cityName: "Paris" });
    // Not filtered: the next session wherever it is.
    expect(await card(undefined, "Manager une équipe")).toMatchObject({ cityName: "Paris" });
    // No session in Lyon: the card says dates are on request rather than showing Paris.
    expect(await card("lyon", "Conduire le changement")).toBeNull();
    // Sorted by next session, the city's dates decide.
    const soonest = await listFormations({ citySlug: "lyon", sort: "next-session" }, t.db);
    expect(soonest.items.map((i) => i.title)).toEqual(["Manager une équipe", "Conduire le changement"]);
  });
});
