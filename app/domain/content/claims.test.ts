import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { seed } from "~/composition/seed.server";
import { readContentVersion } from "~/platform/db/content-version.server";
import { NotFoundError, valueOf } from "~/platform/validation/errors";
import {
  ClaimForbiddenError,
  createClaim,
  deleteClaim,
  deleteDemoClaims,
  demoClaims,
  listArguments,
  listResults,
  listTestimonials,
  moveClaim,
  publicClaims,
  updateClaim,
} from "./claims.server";
import { DEMO_ARGUMENTS, DEMO_RESULTS, DEMO_TESTIMONIALS, seedDemoClaims } from "./claims-demo.server";
import { sitemapEntries } from "./sitemap.server";
import { admin, editor, viewer } from "../../../tests/support/actors";

const testimonial = {
  quote: "La formatrice partait de nos fichiers réels.",
  firstName: "Léa",
  lastInitial: "B.",
  context: "Comptable, cabinet d'expertise",
  formationTitle: "",
  givenOn: "2026-09-12",
  rating: "5",
  consent: "on",
  consentOn: "2026-09-13",
  published: "on",
};

describe.each(engines)("claims on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("starts empty: a fresh database publishes no figure, no testimonial and no argument, and lists no claims page", async () => {
    expect(await publicClaims(t.db)).toEqual({ testimonials: [], results: [], arguments: [] });
    expect(await sitemapEntries(t.db)).toEqual([]);
  });

  it("only an admin creates, changes, moves or deletes a claim", async () => {
    for (const actor of [editor, viewer]) {
      await expect(createClaim(actor, "testimonial", testimonial, t.db)).rejects.toBeInstanceOf(ClaimForbiddenError);
      await expect(deleteClaim(actor, "result", "x", t.db)).rejects.toBeInstanceOf(ClaimForbiddenError);
      await expect(moveClaim(actor, "argument", "x", "up", t.db)).rejects.toBeInstanceOf(ClaimForbiddenError);
      await expect(updateClaim(actor, "argument", "x", { title: "a", body: "b" }, t.db)).rejects.toBeInstanceOf(ClaimForbiddenError);
      await expect(deleteDemoClaims(actor, "testimonial", t.db)).rejects.toBeInstanceOf(ClaimForbiddenError);
    }
    expect(await listTestimonials(t.db)).toEqual([]);
  });

  it("an admin publishes a testimonial (only with consent); bad input and unknown ids are refused", async () => {
    const before = await readContentVersion(t.db);
    const { id } = valueOf(await createClaim(admin, "testimonial", testimonial, t.db));
    expect(await readContentVersion(t.db)).toBeGreaterThan(before);
    const pub = await publicClaims(t.db);
    expect(pub.testimonials).toEqual([
      {
        id,
        quote: testimonial.quote,
        author: "Léa B.",
        context: testimonial.context,
        formation: null,
        givenOn: "2026-09-12",
        rating: 5,
      },
    ]);
    expect((await sitemapEntries(t.db)).map((e) => e.path)).toEqual(["/temoignages"]);

    // Unpublished, or without consent: not on the site.
    valueOf(await updateClaim(admin, "testimonial", id, { ...testimonial, published: undefined }, t.db));
    expect((await publicClaims(t.db)).testimonials).toEqual([]);
    await expect(updateClaim(admin, "testimonial", id, { ...testimonial, consent: undefined }, t.db)).resolves.toMatchObject({
      ok: false,
      errors: { consent: expect.any(String) },
    });
    await expect(createClaim(admin, "testimonial", { ...testimonial, firstName: " " }, t.db)).resolves.toMatchObject({
      ok: false,
      errors: { firstName: "Saisissez le prénom." },
    });
    await expect(updateClaim(admin, "testimonial", "inconnu", testimonial, t.db)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteClaim(admin, "testimonial", "inconnu", t.db)).rejects.toBeInstanceOf(NotFoundError);

    valueOf(await updateClaim(admin, "testimonial", id, { ...testimonial, formationTitle: "Excel perfectionnement" }, t.db));
    expect((await publicClaims(t.db)).testimonials[0]?.formation).toEqual({ title: "Excel perfectionnement", slug: null });

    const journal = await listAudit(t.db, { page: 1, entity: "testimonial" });
    expect(journal.entries.map((e) => e.summary)).toEqual([
      "Témoignage de Léa B. modifié.",
      "Témoignage de Léa B. modifié.",
      "Témoignage de Léa B. créé.",
    ]);
    await deleteClaim(admin, "testimonial", id, t.db);
    expect(await listTestimonials(t.db)).toEqual([]);
  });

  it("keeps results and arguments in the order the admin chooses", async () => {
    const result = {
      figure: "95 %",
      label: "de stagiaires satisfaits",
      period: "formations terminées en 2025",
      sampleSize: "1 027",
      measuredOn: "2026-01-15",
    };
    const a = valueOf(await createClaim(admin, "result", result, t.db));
    const b = valueOf(await createClaim(admin, "result", { ...result, figure: "4,6/5", label: "note moyenne" }, t.db));
    expect((await listResults(t.db)).map((r) => [r.id, r.sampleSize])).toEqual([
      [a.id, 1027],
      [b.id, 1027],
    ]);
    await moveClaim(admin, "result", b.id, "up", t.db);
    expect((await publicClaims(t.db)).results.map((r) => r.figure)).toEqual(["4,6/5", "95 %"]);
    // Moving the first one up changes nothing.
    expect((await moveClaim(admin, "result", b.id, "up", t.db)).moved).toBe(false);
    await expect(createClaim(admin, "result", { ...result, sampleSize: "beaucoup" }, t.db)).resolves.toMatchObject({
      ok: false,
      errors: { sampleSize: "Le nombre de réponses est un nombre entier positif." },
    });

    const x = valueOf(await createClaim(admin, "argument", { title: "Des formateurs de terrain", body: "Texte." }, t.db));
    const y = valueOf(await createClaim(admin, "argument", { title: "Un suivi après la formation", body: "Texte." }, t.db));
    await moveClaim(admin, "argument", x.id, "down", t.db);
    expect((await listArguments(t.db)).map((r) => r.id)).toEqual([y.id, x.id]);
    expect((await sitemapEntries(t.db)).map((e) => e.path)).toEqual(["/temoignages", "/pourquoi-nous-choisir"]);
    for (const r of [a, b]) await deleteClaim(admin, "result", r.id, t.db);
    for (const r of [x, y]) await deleteClaim(admin, "argument", r.id, t.db);
  });

  it("the demo seed inserts marked demo records, once; an admin deletes them in one go", async () => {
    expect(await seedDemoClaims(t.db)).toBe(DEMO_TESTIMONIALS.length + DEMO_RESULTS.length + DEMO_ARGUMENTS.length);
    expect(await seedDemoClaims(t.db)).toBe(0);
    const demo = await demoClaims(t.db);
    expect([demo.testimonial.length, demo.result.length, demo.argument.length]).toEqual([
      DEMO_TESTIMONIALS.length,
      DEMO_RESULTS.length,
      DEMO_ARGUMENTS.length,
    ]);
    expect(demo.testimonial[0]!.name).toBe(`${DEMO_TESTIMONIALS[0]!.firstName} ${DEMO_TESTIMONIALS[0]!.lastInitial}`);
    // A demo argument edited and saved by staff is theirs: no longer counted as demo.
    const edited = DEMO_ARGUMENTS[0]!;
    valueOf(await updateClaim(admin, "argument", edited.id, { title: edited.title, body: `${edited.body}\n\nRelu par l'équipe.` }, t.db));
    expect((await demoClaims(t.db)).argument.map((a) => a.id)).not.toContain(edited.id);
    expect((await listArguments(t.db)).find((a) => a.id === edited.id)?.isDemo).toBe(false);
    const mine = valueOf(await createClaim(admin, "testimonial", testimonial, t.db));
    expect(await deleteDemoClaims(admin, "testimonial", t.db)).toBe(DEMO_TESTIMONIALS.length);
    expect((await listTestimonials(t.db)).map((r) => r.id)).toEqual([mine.id]);
    expect((await demoClaims(t.db)).testimonial).toEqual([]);
    // `npm run seed` (the whole demo) runs the step too, and adds only what is missing.
    const added = await seed(t.db);
    expect(added.claims).toBe(DEMO_TESTIMONIALS.length);
  });
});
