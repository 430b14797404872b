import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createPost, updatePost } from "~/domain/blog/blog.server";
import { createCity, updateCity } from "~/domain/cities/cities.server";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, deleteFormation, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { cityInput, formationInput } from "~/domain/formations/test-fixtures";
import { staticSearchDocuments } from "~/composition/search-sources.server";
import { seed } from "~/composition/seed.server";
import { MATCH_CAP } from "~/platform/db/full-text.server";
import { cloneFormations } from "../../../tests/support/catalogue";
import { resultCountSentence } from "./components/search-results";
import { loadConfig, setConfig } from "~/platform/config.server";
import { valueOf } from "~/platform/validation/errors";
import type { Segment } from "./query";
import { indexStaticPages, parseSearchParams, searchSite } from "./search.server";

const text = (segments: Segment[]) => segments.map((s) => s.text).join("");
const marked = (segments: Segment[]) => segments.filter((s) => s.mark).map((s) => s.text.toLowerCase());

function formation(title: string, categoryId: string, overrides: Record<string, unknown> = {}) {
  return formationInput({
    title,
    categoryId,
    summary: `Une journée pratique : ${title.toLowerCase()}, avec des cas réels et un poste par stagiaire.`,
    description: "Une journée pour **progresser** sur des cas concrets.",
    program: [{ title: "Atelier", content: "Mise en pratique guidée.", durationHours: 7 }],
    objectives: ["Appliquer les bonnes pratiques"],
    prerequisites: "Aucun.",
    audience: "Tout salarié.",
    ...overrides,
  });
}

describe.each(engines)("site-wide search on $name", ({ create }) => {
  let t: TestDatabase;
  let categoryId: string;
  let lyon: string;
  let securiteId: string;
  let draftId: string;

  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "https://www.exemple-formation.fr" }));
    t = await create();
    const ctx = { db: t.db };
    categoryId = valueOf(
      await createCategory({ slug: "securite", name: "Sécurité", description: "Prévention des risques au travail.", position: 1 }, ctx),
    ).id;
    lyon = valueOf(await createCity(cityInput(), ctx)).id;
    securiteId = valueOf(
      await createFormation(
        formation("Sécurité incendie : équipier de première intervention", categoryId, {
          modality: "presentiel",
          cityIds: [lyon],
          sessions: [{ startDate: "2027-03-10", endDate: "2027-03-10", cityId: lyon, seatsLeft: 8 }],
        }),
        ctx,
      ),
    ).id;
    const others = [
      formation("Habilitation électrique B0 H0", categoryId, {
        description: "Les consignes de sécurité face au risque électrique.",
      }),
      formation("Gestes et postures", categoryId, {
        objectives: ["Prévenir les troubles musculosquelettiques", "Suivre une formation de recyclage tous les deux ans"],
      }),
    ];
    const ids = [securiteId];
    for (const input of others) ids.push(valueOf(await createFormation(input, ctx)).id);
    valueOf(await setFormationStatus(ids, "published", ctx));
    draftId = valueOf(await createFormation(formation("Sauveteur secouriste du travail en brouillon", categoryId), ctx)).id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const search = (query: string, page = 1, now?: Date) => searchSite({ query, page, now }, t.db);

  it("finds « Sécurité » from « securite », without accents or capitals, and marks the words found", async () => {
    for (const query of ["securite", "SÉCURITÉ", "Sécurité"]) {
      const result = await search(query);
      expect(result.results.map((r) => text(r.title))).toContain("Sécurité incendie\u00a0: équipier de première intervention");
      const first = result.results[0]!;
      expect(marked(first.title)).toContain("sécurité");
      expect(first.kind).toBe("formation");
      expect(first.url).toMatch(/^\/formations\/securite-incendie/);
    }
  });

  it("stems French words: « formations » finds « formation », « équipiers » finds « équipier »", async () => {
    expect((await search("équipiers")).results.map((r) => text(r.title))).toEqual([
      "Sécurité incendie\u00a0: équipier de première intervention",
    ]);
    expect((await search("musculosquelettique")).results.map((r) => text(r.title))).toEqual(["Gestes et postures"]);
    expect((await search("formations recyclages")).results.map((r) => text(r.title))).toEqual(["Gestes et postures"]);
  });

  it("ranks a title match before a match in the description", async () => {
    // Every formation of the category « Sécurité » matches; the one with the word in its title comes first.
    const result = await search("sécurité");
    expect(text(result.results[0]!.title)).toBe("Sécurité incendie\u00a0: équipier de première intervention");
    // The other one was found in its description: the extract shows where, marked.
    const other = result.results.find((r) => text(r.title) === "Habilitation électrique B0 H0")!;
    expect(marked(other.extract)).toContain("sécurité");
  });

  it("finds formations by the city of their sessions, and the city's page", async () => {
    const result = await search("lyon");
    expect(result.results.map((r) => r.kind).sort()).toEqual(["city", "formation"]);
    const f = result.results.find((r) => r.kind === "formation")!;
    expect(marked(f.places)).toEqual(["lyon"]);
    // A renamed city is found under its new name.
    valueOf(await updateCity(lyon, cityInput({ name: "Lyon Métropole" }), { db: t.db }));
    expect((await search("métropole")).results.map((r) => r.kind).sort()).toEqual(["city", "formation"]);
  });

  it("never shows a draft; an unpublished formation leaves the results, a published one enters them", async () => {
    expect((await search("sauveteur")).total).toBe(0);
    valueOf(await setFormationStatus([draftId], "published", { db: t.db }));
    expect((await search("sauveteur")).results.map((r) => text(r.title))).toEqual(["Sauveteur secouriste du travail en brouillon"]);
    valueOf(await setFormationStatus([draftId], "draft", { db: t.db }));
    expect((await search("sauveteur")).total).toBe(0);
  });

  it("follows an edited title, and forgets a deleted formation", async () => {
    const id = valueOf(await createFormation(formation("Conduite de chariots élévateurs", categoryId), { db: t.db })).id;
    valueOf(await setFormationStatus([id], "published", { db: t.db }));
    expect((await search("chariot")).total).toBe(1);
    valueOf(await updateFormation(id, formation("Conduite de nacelles", categoryId, { status: "published" }), { db: t.db }));
    expect((await search("chariot")).total).toBe(0);
    expect((await search("nacelle")).total).toBe(1);
    await deleteFormation(id, { db: t.db });
    expect((await search("nacelle")).total).toBe(0);
  });

  it("shows a scheduled post from its time only, and never a draft post", async () => {
    const T0 = new Date("2030-01-01T09:00:00.000Z");
    const post = {
      slug: "",
      excerpt: "Ce que la loi demande à l'employeur pour prévenir les accidents du travail.",
      content:
        "## Le document unique\n\nL'évaluation des risques professionnels.\n\n## La formation\n\nObligatoire.\n\n## Les contrôles\n\nL'inspection.",
      category: "reglementation",
      tags: "Prévention",
      authorId: "",
      image: "",
      imageAlt: "",
      seoTitle: "",
      seoDescription: "",
      formationIds: [],
    };
    const scheduled = valueOf(
      await createPost(
        { ...post, title: "Le document unique d'évaluation des risques", status: "scheduled", publishedAt: "2030-01-02T09:00" },
        {
          db: t.db,
          now: T0,
        },
      ),
    );
    const draft = valueOf(
      await createPost(
        { ...post, title: "Brouillon sur les risques psychosociaux", status: "draft", publishedAt: "" },
        { db: t.db, now: T0 },
      ),
    );
    expect((await search("risques", 1, T0)).results.filter((r) => r.kind === "post")).toEqual([]);
    const later = new Date("2030-01-03T09:00:00.000Z");
    expect((await search("risques", 1, later)).results.filter((r) => r.kind === "post").map((r) => text(r.title))).toEqual([
      "Le document unique d'évaluation des risques",
    ]);
    // The tag is searched too.
    expect((await search("prévention", 1, later)).results.some((r) => r.url === `/blog/${scheduled.slug}`)).toBe(true);
    valueOf(
      await updatePost(
        draft.id,
        { ...post, title: "Les risques psychosociaux", status: "published", publishedAt: "" },
        { db: t.db, now: later },
      ),
    );
    expect((await search("psychosociaux", 1, later)).total).toBe(1);
  });

  it("searches the funding and content pages written at startup", async () => {
    await indexStaticPages(staticSearchDocuments(), t.db);
    const opco = await search("opco santé");
    expect(opco.results[0]?.url).toBe("/financement/opco-sante");
    expect(opco.results[0]?.kindLabel).toBe("Financement");
    expect((await search("qualiopi")).results.map((r) => r.url)).toContain("/certification-qualiopi");
    // Written again (a new release), never twice.
    await indexStaticPages(staticSearchDocuments(), t.db);
    expect((await search("qualiopi")).results.filter((r) => r.url === "/certification-qualiopi")).toHaveLength(1);
  });

  it("pages the results ten by ten", async () => {
    const ctx = { db: t.db };
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) ids.push(valueOf(await createFormation(formation(`Tableur niveau ${i}`, categoryId), ctx)).id);
    valueOf(await setFormationStatus(ids, "published", ctx));
    const first = await search("tableur");
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(first.results).toHaveLength(10);
    const second = await search("tableur", 2);
    expect(second.results).toHaveLength(2);
    const seen = new Set([...first.results, ...second.results].map((r) => r.url));
    expect(seen.size).toBe(12);
    // Beyond the last page: nothing, and no error.
    expect((await search("tableur", 5)).results).toEqual([]);
  });

  it("takes quotes, operators and symbols as plain text, never as an error", async () => {
    for (const query of [
      '"',
      '"sécurité',
      "sécu*",
      "NEAR(sécurité incendie)",
      "sécurité OR incendie",
      "sécurité AND NOT",
      "-incendie",
      "title:sécurité",
      "'; drop table formations; --",
      "^",
      "(",
      "\\",
      "%_",
    ]) {
      const result = await search(query);
      expect(result.page, query).toBe(1);
    }
    const quoted = await search('"sécurité" incendie* (');
    expect(quoted.results.map((r) => text(r.title))).toEqual(["Sécurité incendie\u00a0: équipier de première intervention"]);
    // Nothing to look for: no results, no query.
    expect(await search("   ")).toMatchObject({ total: 0, results: [] });
    expect(await search("de la")).toMatchObject({ total: 0, results: [] });
  });

  it("escapes what it shows: a title with HTML stays text", async () => {
    const id = valueOf(await createFormation(formation("Balises <script>alert(1)</script> et sécurité web", categoryId), { db: t.db })).id;
    valueOf(await setFormationStatus([id], "published", { db: t.db }));
    const hit = (await search("balises")).results[0]!;
    expect(text(hit.title)).toBe("Balises <script>alert(1)</script> et sécurité web");
  });

  it("reads the query string: q trimmed and cut, a wrong page is the first", () => {
    expect(parseSearchParams(new URLSearchParams("q=%20excel%20&page=2"))).toEqual({ query: "excel", page: 2 });
    expect(parseSearchParams(new URLSearchParams("page=-1"))).toEqual({ query: "", page: 1 });
    expect(parseSearchParams(new URLSearchParams("q=x&page=abc"))).toEqual({ query: "x", page: 1 });
    expect(parseSearchParams(new URLSearchParams(`q=${"a".repeat(500)}`)).query).toHaveLength(200);
  });

  it("shows extracts that read as French: the line where the words were found, cities listed « Lille, Marseille et Paris »", async () => {
    const ctx = { db: t.db };
    const cityIds: string[] = [];
    for (const [slug, name] of [
      ["marseille", "Marseille"],
      ["paris", "Paris"],
      ["lille", "Lille"],
    ])
      cityIds.push(valueOf(await createCity(cityInput({ slug, name, region: "France" }), ctx)).id);
    const id = valueOf(
      await createFormation(
        formation("Piloter la trésorerie", categoryId, {
          summary: "Prévoir les encaissements et les décaissements pour ne jamais manquer de liquidités.",
          audience: "Dirigeants et gérants de TPE et PME.",
          prerequisites: "Aucun.",
          program: [
            { title: "Le plan de trésorerie", content: "Construire un plan sur douze mois.", durationHours: 3.5 },
            { title: "Les relances", content: "Relancer les clients avant l'échéance.", durationHours: 3.5 },
          ],
          modality: "presentiel",
          cityIds,
          sessions: [{ startDate: "2027-05-10", endDate: "2027-05-10", cityId: cityIds[0], seatsLeft: 8 }],
        }),
        ctx,
      ),
    ).id;
    valueOf(await setFormationStatus([id], "published", ctx));

    const pme = (await search("pme")).results.find((r) => r.kind === "formation")!;
    // The audience alone: not the programme before it, nor the « Aucun. » of the prerequisites after it.
    expect(text(pme.extract)).toMatch(/^(…\s?)?(Dirigeants et gérants de )?TPE et PME\.$/);
    expect(marked(pme.extract)).toEqual(["pme"]);
    // Two lines found: each one a sentence, the fields never run together.
    const plan = (await search("plan trésorerie")).results.find((r) => r.kind === "formation")!;
    expect(text(plan.extract)).not.toMatch(/Aucun|Dirigeants|Relancer/);
    expect(text(plan.extract)).toContain("Le plan de trésorerie. Construire un plan sur douze mois.");

    const inMarseille = (await search("trésorerie marseille")).results.find((r) => r.kind === "formation")!;
    expect(text(inMarseille.places)).toBe("Lille, Marseille et Paris");
    expect(inMarseille.placeCount).toBe(3);
    expect(marked(inMarseille.places)).toEqual(["marseille"]);
  });

  it("finds a city's page and a category's page in that city: « management lyon »", async () => {
    const ctx = { db: t.db };
    const management = valueOf(
      await createCategory(
        { slug: "management", name: "Management", description: "Animer une équipe et conduire les entretiens.", position: 2 },
        ctx,
      ),
    ).id;
    const id = valueOf(
      await createFormation(
        formation("Manager une équipe", management, {
          modality: "presentiel",
          cityIds: [lyon],
          sessions: [{ startDate: "2027-04-10", endDate: "2027-04-10", cityId: lyon, seatsLeft: 8 }],
        }),
        ctx,
      ),
    ).id;
    const result = await search("management lyon");
    // No published formation of the category in Lyon yet: no page for the pair, nor does the city link to it.
    expect(result.results.map((r) => r.url)).not.toContain("/formation-management/lyon");
    valueOf(await setFormationStatus([id], "published", ctx));

    const found = await search("management lyon");
    expect(found.results.slice(0, 2).map((r) => [r.url, r.kindLabel])).toEqual([
      ["/formation-management/lyon", "Formations dans une ville"],
      ["/formations/ville/lyon", "Ville"],
    ]);
    expect(marked(found.results[0]!.title)).toEqual(["management", "lyon"]);
    expect(found.results[2]).toMatchObject({ kind: "formation", url: expect.stringMatching(/^\/formations\/manager-une-equipe/) });
    expect(found.total).toBe(found.results.length);
    // A word that is on neither page: only what holds every word.
    expect((await search("management lyon zzz")).total).toBe(0);
    // The category alone does not list every city.
    expect((await search("management")).results.some((r) => r.kind === "city" || r.kind === "category-city")).toBe(false);
  });

  it("indexes the demo content when seeded", async () => {
    await seed(t.db);
    expect((await search("excel")).results.some((r) => r.kind === "formation")).toBe(true);
    expect((await search("cpf")).results.some((r) => r.kind === "funding")).toBe(true);
  });

  it("finds the legal and content pages by their subject", async () => {
    await seed(t.db);
    const urls = async (q: string) => (await search(q)).results.filter((r) => r.kind === "page").map((r) => r.url);
    expect(await urls("rétractation")).toContain("/conditions-generales-de-vente");
    expect(await urls("cgv")).toContain("/conditions-generales-de-vente");
    expect(await urls("donnees personnelles")).toContain("/politique-confidentialite");
    expect(await urls("cookies")).toContain("/politique-cookies");
    expect(await urls("hébergeur")).toContain("/mentions-legales");
    expect(await urls("règlement intérieur")).toContain("/reglement-interieur");
    expect(await urls("témoignages")).toContain("/temoignages");
    expect(await urls("engagements")).toContain("/pourquoi-nous-choisir");
  });
});

describe.each(engines)("site-wide search of a large catalogue on $name", ({ create }) => {
  let t: TestDatabase;

  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "https://www.exemple-formation.fr", SEED_DEMO: "1" }));
    t = await create();
    await seed(t.db);
    await cloneFormations(t.db, 1_500);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("takes at most a thousand matches for a word found almost everywhere, and says « plus de 1 000 »", async () => {
    const first = await searchSite({ query: "formation", page: 1 }, t.db);
    expect(first).toMatchObject({ total: MATCH_CAP, capped: true, pageCount: MATCH_CAP / 10 });
    expect(resultCountSentence(first.total, first.query, first.capped)).toBe("Plus de 1\u202f000 résultats pour «\u00a0formation\u00a0»");
    expect(first.results).toHaveLength(10);
    // The last page holds the last of them; none beyond.
    expect((await searchSite({ query: "formation", page: 100 }, t.db)).results).toHaveLength(10);
    expect((await searchSite({ query: "formation", page: 101 }, t.db)).results).toEqual([]);
    // A precise query is counted exactly.
    const precise = await searchSite({ query: "tableaux croisés dynamiques", page: 1 }, t.db);
    expect(precise.capped).toBe(false);
    expect(precise.total).toBeGreaterThan(10);
    expect(precise.total).toBeLessThan(MATCH_CAP);
  });
});
