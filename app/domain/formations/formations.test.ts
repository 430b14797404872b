import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity, deleteCity, getCityBySlug, listCities, nearbyCities } from "~/domain/cities/cities.server";
import { createCategory, deleteCategory, listCategories, updateCategory } from "./categories.server";
import {
  createFormation,
  deleteFormation,
  duplicateFormation,
  getFormationById,
  getFormationDetail,
  listFormations,
  listUpcomingSessions,
  resolveFormationSlug,
  setFormationStatus,
  updateFormation,
} from "./formations.server";
import { todayInParis } from "./labels";
import { sitemapEntries } from "./sitemap.server";
import { INDICATOR_3, formationInput, parisInput } from "./test-fixtures";
import { NotFoundError, type Outcome, valueOf } from "~/platform/validation/errors";

function inDays(n: number): string {
  const d = new Date(`${todayInParis()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function fieldErrors(promise: Promise<Outcome<unknown>>): Promise<Record<string, string>> {
  const outcome = await promise;
  if (!outcome.ok) return outcome.errors;
  throw new Error("expected a refusal");
}

describe.each(engines)("formations repository on $name", ({ create }) => {
  let t: TestDatabase;
  let bureautique: string;
  let management: string;
  let lyon: string;
  let paris: string;

  beforeAll(async () => {
    t = await create();
    const ctx = { db: t.db };
    bureautique = valueOf(
      await createCategory(
        { slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint au quotidien.", position: 1 },
        ctx,
      ),
    ).id;
    management = valueOf(
      await createCategory(
        { slug: "management", name: "Management", description: "Animer une équipe et conduire les entretiens.", position: 2 },
        ctx,
      ),
    ).id;
    lyon = valueOf(
      await createCity(
        {
          slug: "lyon",
          name: "Lyon",
          region: "Auvergne-Rhône-Alpes",
          intro: "Deuxième pôle économique de France, au confluent du Rhône et de la Saône.",
          latitude: 45.764,
          longitude: 4.8357,
        },
        ctx,
      ),
    ).id;
    paris = valueOf(await createCity(parisInput(), ctx)).id;
    valueOf(
      await createCity(
        {
          slug: "grenoble",
          name: "Grenoble",
          region: "Auvergne-Rhône-Alpes",
          intro: "Capitale des Alpes, pôle de recherche et d'industrie de haute technologie.",
          latitude: 45.1885,
          longitude: 5.7245,
        },
        ctx,
      ),
    );
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("creates a draft with its cities and sessions, and a slug from the title", async () => {
    const f = valueOf(
      await createFormation(
        formationInput({
          title: "Excel : tableaux croisés dynamiques",
          categoryId: bureautique,
          modality: "presentiel",
          cityIds: [lyon, paris],
          sessions: [
            { startDate: inDays(30), endDate: inDays(30), cityId: lyon, seatsLeft: 6 },
            { startDate: inDays(10), endDate: inDays(11), cityId: paris, seatsLeft: 2 },
          ],
        }),
        { db: t.db },
      ),
    );
    expect(f.slug).toBe("excel-tableaux-croises-dynamiques");
    expect(f.status).toBe("draft");
    expect(f.cityIds.sort()).toEqual([lyon, paris].sort());
    expect(f.sessions.map((s) => s.startDate)).toEqual([inDays(10), inDays(30)]);
    expect(f.priceInter).toBe(450);
    expect(f.program).toHaveLength(2);
    expect(f.objectives).toHaveLength(2);
    const detail = await getFormationDetail(f, t.db);
    expect(detail.category.slug).toBe("bureautique");
    expect(detail.cities.map((c) => c.name)).toEqual(["Lyon", "Paris"]);
    expect(detail.sessions[0]!.city?.name).toBe("Paris");
  });

  it("makes a derived slug unique and refuses a taken explicit slug", async () => {
    const second = valueOf(
      await createFormation(formationInput({ title: "Excel : tableaux croisés dynamiques", categoryId: bureautique }), {
        db: t.db,
      }),
    );
    expect(second.slug).toBe("excel-tableaux-croises-dynamiques-2");
    const errors = await fieldErrors(
      createFormation(formationInput({ slug: "excel-tableaux-croises-dynamiques", categoryId: bureautique }), { db: t.db }),
    );
    expect(errors.slug).toBe("Cette adresse est déjà utilisée par une autre formation.");
    const third = valueOf(await createFormation(formationInput({ title: "Word : les bases", categoryId: bureautique }), { db: t.db }));
    expect(
      await fieldErrors(updateFormation(third.id, formationInput({ slug: second.slug, categoryId: bureautique }), { db: t.db })),
    ).toEqual({
      slug: "Cette adresse est déjà utilisée par une autre formation.",
    });
    await deleteFormation(second.id, { db: t.db });
    await deleteFormation(third.id, { db: t.db });
  });

  it("refuses unknown references and invalid input without writing anything", async () => {
    const before = (await listFormations({ status: "all" }, t.db)).total;
    expect((await fieldErrors(createFormation(formationInput({ categoryId: "nope" }), { db: t.db }))).categoryId).toMatch(
      /catégorie n'existe pas/,
    );
    expect(
      (await fieldErrors(createFormation(formationInput({ categoryId: bureautique, modality: "mixte", cityIds: ["ghost"] }), { db: t.db })))
        .cityIds,
    ).toMatch(/n'existe plus/);
    expect((await fieldErrors(createFormation({ title: "x" }, { db: t.db }))).title).toMatch(/au moins 5 caractères/);
    expect((await listFormations({ status: "all" }, t.db)).total).toBe(before);
  });

  it("answers NotFoundError for a missing record", async () => {
    await expect(updateFormation("missing", formationInput({ categoryId: bureautique }), { db: t.db })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(deleteFormation("missing", { db: t.db })).rejects.toBeInstanceOf(NotFoundError);
    await expect(duplicateFormation("missing", { db: t.db })).rejects.toBeInstanceOf(NotFoundError);
    expect(await getFormationById("missing", t.db)).toBeUndefined();
    expect(await resolveFormationSlug("missing", {}, t.db)).toBeUndefined();
  });

  it("hides drafts from visitors and shows them once published", async () => {
    const f = (await resolveFormationSlug("excel-tableaux-croises-dynamiques", { includeDrafts: true }, t.db)) as {
      formation: { id: string };
    };
    expect(f.formation).toBeDefined();
    expect(await resolveFormationSlug("excel-tableaux-croises-dynamiques", {}, t.db)).toBeUndefined();
    expect((await listFormations({}, t.db)).total).toBe(0);
    expect(valueOf(await setFormationStatus([f.formation.id], "published", { db: t.db }))).toBe(1);
    expect(valueOf(await setFormationStatus([f.formation.id], "published", { db: t.db }))).toBe(0);
    const published = await getFormationById(f.formation.id, t.db);
    expect(published?.status).toBe("published");
    expect(published?.publishedAt).toBeTruthy();
    expect((await listFormations({}, t.db)).total).toBe(1);
  });

  it("keeps a redirect from the old slug after a slug change, without chains", async () => {
    const { formation } = (await resolveFormationSlug("excel-tableaux-croises-dynamiques", {}, t.db)) as { formation: { id: string } };
    const input = formationInput({ categoryId: bureautique, modality: "presentiel", cityIds: [lyon, paris] });
    valueOf(await updateFormation(formation.id, { ...input, slug: "excel-tcd" }, { db: t.db }));
    expect(await resolveFormationSlug("excel-tableaux-croises-dynamiques", {}, t.db)).toEqual({ redirectTo: "excel-tcd" });
    valueOf(await updateFormation(formation.id, { ...input, slug: "excel-tcd-avance" }, { db: t.db }));
    expect(await resolveFormationSlug("excel-tableaux-croises-dynamiques", {}, t.db)).toEqual({ redirectTo: "excel-tcd-avance" });
    expect(await resolveFormationSlug("excel-tcd", {}, t.db)).toEqual({ redirectTo: "excel-tcd-avance" });
    // An empty slug keeps the current one.
    expect(valueOf(await updateFormation(formation.id, { ...input, slug: "" }, { db: t.db })).slug).toBe("excel-tcd-avance");
    // Going back to an old slug removes its redirect.
    valueOf(await updateFormation(formation.id, { ...input, slug: "excel-tcd" }, { db: t.db }));
    expect((await resolveFormationSlug("excel-tcd", {}, t.db)) as object).toHaveProperty("formation");
    expect(await resolveFormationSlug("excel-tcd-avance", {}, t.db)).toEqual({ redirectTo: "excel-tcd" });
    // A new formation may take an old slug: it wins over the redirect.
    const taker = valueOf(await createFormation(formationInput({ slug: "excel-tcd-avance", categoryId: bureautique }), { db: t.db }));
    expect(
      ((await resolveFormationSlug("excel-tcd-avance", { includeDrafts: true }, t.db)) as { formation: { id: string } }).formation.id,
    ).toBe(taker.id);
    await deleteFormation(taker.id, { db: t.db });
    // Unpublished: the old slug no longer redirects for visitors.
    valueOf(await setFormationStatus([formation.id], "draft", { db: t.db }));
    expect(await resolveFormationSlug("excel-tableaux-croises-dynamiques", {}, t.db)).toBeUndefined();
    expect(await resolveFormationSlug("excel-tableaux-croises-dynamiques", { includeDrafts: true }, t.db)).toEqual({
      redirectTo: "excel-tcd",
    });
    valueOf(await setFormationStatus([formation.id], "published", { db: t.db }));
  });

  it("keeps session ids across updates", async () => {
    const { formation } = (await resolveFormationSlug("excel-tcd", {}, t.db)) as { formation: { id: string } };
    const sessions = [
      { startDate: inDays(5), endDate: inDays(5), cityId: lyon, seatsLeft: 8 },
      { startDate: inDays(40), endDate: inDays(41), cityId: paris, seatsLeft: 3 },
    ];
    const first = valueOf(
      await updateFormation(
        formation.id,
        formationInput({ slug: "excel-tcd", categoryId: bureautique, modality: "presentiel", cityIds: [lyon, paris], sessions }),
        { db: t.db },
      ),
    );
    const kept = first.sessions[0]!;
    const second = valueOf(
      await updateFormation(
        formation.id,
        formationInput({
          slug: "excel-tcd",
          categoryId: bureautique,
          modality: "presentiel",
          cityIds: [lyon, paris],
          sessions: [{ ...sessions[0], id: kept.id, seatsLeft: 7 }],
        }),
        { db: t.db },
      ),
    );
    expect(second.sessions).toHaveLength(1);
    expect(second.sessions[0]!.id).toBe(kept.id);
    expect(second.sessions[0]!.seatsLeft).toBe(7);
    valueOf(
      await updateFormation(
        formation.id,
        formationInput({ slug: "excel-tcd", categoryId: bureautique, modality: "presentiel", cityIds: [lyon, paris], sessions }),
        { db: t.db },
      ),
    );
  });

  it("lists with filters, accent-insensitive search, sort and pagination", async () => {
    const ctx = { db: t.db };
    const mgmt = valueOf(
      await createFormation(
        formationInput({
          title: "Manager une équipe à distance",
          summary: "Les clés pour animer une équipe en télétravail et garder la cohésion du collectif.",
          categoryId: management,
          modality: "mixte",
          cityIds: [lyon],
          priceInter: 1290,
          certificationType: "rs",
          certificationCode: "RS5650",
          certificationTitle: "Manager une équipe hybride",
          certifier: "Certif Pro",
          certificationRegisteredAt: "2021-06-30",
          ...INDICATOR_3,
          cpfEligible: true,
          sessions: [{ startDate: inDays(3), endDate: inDays(4), cityId: lyon, seatsLeft: 5 }],
        }),
        ctx,
      ),
    );
    const remote = valueOf(
      await createFormation(
        formationInput({
          title: "Prise de parole en réunion",
          summary: "Structurer son message, capter l'attention et gérer le trac en réunion.",
          categoryId: management,
          modality: "distanciel",
          priceInter: null,
        }),
        ctx,
      ),
    );
    valueOf(await setFormationStatus([mgmt.id, remote.id], "published", ctx));

    const titles = async (filters: Parameters<typeof listFormations>[0]) => (await listFormations(filters, t.db)).items.map((i) => i.title);
    expect(await titles({ q: "EQUIPE" })).toEqual(["Manager une équipe à distance"]);
    expect(await titles({ q: "équipe télétravail" })).toEqual(["Manager une équipe à distance"]);
    expect(await titles({ q: "100%_" })).toEqual([]);
    expect(await titles({ categorySlug: "management", sort: "title" })).toEqual([
      "Manager une équipe à distance",
      "Prise de parole en réunion",
    ]);
    expect(await titles({ citySlug: "paris" })).toEqual(["Excel\u00a0: tableaux croisés dynamiques"]);
    expect(await titles({ cpf: true })).toEqual(["Manager une équipe à distance"]);
    expect(await titles({ modality: "distanciel" })).toEqual(["Prise de parole en réunion"]);
    expect(await titles({ maxPrice: 500 })).toEqual(["Excel\u00a0: tableaux croisés dynamiques"]);
    expect(await titles({ sort: "price" })).toEqual([
      "Excel\u00a0: tableaux croisés dynamiques",
      "Manager une équipe à distance",
      "Prise de parole en réunion",
    ]);
    expect(await titles({ sort: "-price" })).toEqual([
      "Manager une équipe à distance",
      "Excel\u00a0: tableaux croisés dynamiques",
      "Prise de parole en réunion",
    ]);
    expect(await titles({ sort: "next-session" })).toEqual([
      "Manager une équipe à distance",
      "Excel\u00a0: tableaux croisés dynamiques",
      "Prise de parole en réunion",
    ]);

    const page2 = await listFormations({ sort: "title", perPage: 2, page: 2 }, t.db);
    expect(page2).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(page2.items.map((i) => i.title)).toEqual(["Prise de parole en réunion"]);
    expect((await listFormations({ perPage: 2, page: 99 }, t.db)).page).toBe(2);

    const item = (await listFormations({ q: "manager" }, t.db)).items[0]!;
    expect(item.category.slug).toBe("management");
    expect(item.cityNames).toEqual(["Lyon"]);
    expect(item.nextSession?.startDate).toBe(inDays(3));

    const sessions = await listUpcomingSessions({ citySlug: "lyon" }, t.db);
    expect(sessions.map((s) => s.startDate)).toEqual([inDays(3), inDays(5)]);
    expect(sessions[0]!.formation.title).toBe("Manager une équipe à distance");
  });

  it("duplicates into a draft with a new slug, then deletes", async () => {
    const { formation } = (await resolveFormationSlug("excel-tcd", {}, t.db)) as { formation: { id: string; title: string } };
    const copy = await duplicateFormation(formation.id, { db: t.db });
    expect(copy.title).toBe(`${formation.title} (copie)`);
    expect(copy.slug).toBe("excel-tcd-copie");
    expect(copy.status).toBe("draft");
    expect(copy.sessions).toEqual([]);
    expect(copy.cityIds.length).toBe(2);
    expect((await duplicateFormation(formation.id, { db: t.db })).slug).toBe("excel-tcd-copie-2");
    expect((await listFormations({ status: "all", q: "copie" }, t.db)).total).toBe(2);
    await deleteFormation(copy.id, { db: t.db });
    expect(await getFormationById(copy.id, t.db)).toBeUndefined();
  });

  it("manages categories and cities, refusing to delete used ones", async () => {
    const ctx = { db: t.db };
    expect(
      await fieldErrors(
        createCategory({ slug: "bureautique", name: "Doublon", description: "Une catégorie en double pour le test." }, ctx),
      ),
    ).toEqual({
      slug: "Une autre catégorie utilise déjà cet identifiant.",
    });
    expect((await fieldErrors(deleteCategory(bureautique, ctx)))._form).toMatch(/contient \d formations?/);
    const empty = valueOf(
      await createCategory({ slug: "langues", name: "Langues", description: "Anglais, espagnol et allemand professionnels." }, ctx),
    );
    expect(
      valueOf(
        await updateCategory(
          empty.id,
          { slug: "langues", name: "Langues étrangères", description: "Anglais, espagnol et allemand professionnels." },
          ctx,
        ),
      ).name,
    ).toBe("Langues étrangères");
    valueOf(await deleteCategory(empty.id, ctx));
    const categories = await listCategories(t.db);
    expect(categories.map((c) => c.slug)).toEqual(["bureautique", "management"]);
    expect(categories.find((c) => c.slug === "management")?.publishedCount).toBe(2);

    expect((await fieldErrors(deleteCity(lyon, ctx)))._form).toMatch(/ont lieu à Lyon/);
    const grenoble = (await getCityBySlug("grenoble", t.db))!;
    expect((await nearbyCities(grenoble, 3, t.db)).map((c) => c.slug)).toEqual(["lyon", "paris"]);
    valueOf(await deleteCity(grenoble.id, ctx));
    expect((await listCities(t.db)).map((c) => c.slug)).toEqual(["lyon", "paris"]);
    await expect(deleteCity("missing", ctx)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists in the sitemap only published formations, cities, category-city pairs that have formations and same-category comparisons", async () => {
    const entries = await sitemapEntries(t.db);
    const paths = entries.map((e) => e.path).sort();
    expect(paths).toEqual(
      [
        "/formations",
        "/formations/excel-tcd",
        "/formations/manager-une-equipe-a-distance",
        "/formations/prise-de-parole-en-reunion",
        "/formations/ville/lyon",
        "/formations/ville/paris",
        "/formation-bureautique/lyon",
        "/formation-bureautique/paris",
        "/formation-management/lyon",
        "/comparatif/manager-une-equipe-a-distance-vs-prise-de-parole-en-reunion",
      ].sort(),
    );
  });
});
