import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { saveFormationDefaults } from "~/domain/formations/defaults.server";
import { formationDefaultsSchema } from "~/domain/formations/defaults";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationBySlug } from "~/domain/formations/formations.server";
import { categoryInput, formationInput } from "~/domain/formations/test-fixtures";
import { guessMapping } from "./columns";
import { importTable } from "./import.server";
import { readTable } from "./read.server";
import { valueOf } from "~/platform/validation/errors";

/**
 * The organisation's defaults (/admin/parametres/formations) fill every empty field an import
 * leaves: a new formation's, and one already on the site whose field was left empty.
 */
const actor = { id: null, email: "import@example.fr", role: "editor" };
const DEFAULTS = formationDefaultsSchema.parse({
  contactName: "Service formation",
  contactEmail: "formation@exemple.fr",
  contactPhone: "04 72 00 00 00",
  disabilityContactName: "Claire Martin",
  disabilityContactEmail: "handicap@exemple.fr",
  vatMode: "exonere",
  accessLeadTime: "Inscription jusqu'à 10 jours ouvrés avant la session.",
  accessModalities: "Sur entretien préalable avec le responsable pédagogique.",
  teachingMethods: "Apports courts et mises en situation sur les cas des participants.",
  evaluationMethods: "Quiz de positionnement, exercices notés et évaluation à chaud.",
  accessibility: "Locaux accessibles ; adaptations étudiées avec le référent handicap.",
});

async function importCsv(t: TestDatabase, text: string) {
  const table = await readTable("defauts.csv", new Uint8Array(Buffer.from(text, "utf8")));
  return importTable(table, guessMapping(table.headers), { actor, fileName: "defauts.csv", target: t.db });
}

describe.each(engines)("import and the organisation's defaults on $name", ({ create }) => {
  let t: TestDatabase;
  let categoryId: string;

  beforeAll(async () => {
    t = await create();
    categoryId = valueOf(await createCategory(categoryInput(), { db: t.db })).id;
    await saveFormationDefaults(DEFAULTS, t.db);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("fills the empty fields of a formation already on the site, and keeps the filled ones", async () => {
    const existing = valueOf(await createFormation(formationInput({ title: "Excel : les bases", categoryId }), { db: t.db }));
    await t.db.updateTable("formations").set({ teaching_methods: "", contact_name: "" }).where("id", "=", existing.id).execute();
    const result = await importCsv(t, `slug;Prix\n${existing.slug};1 350,00 €\n`);
    expect(result.counts.updated).toBe(1);
    const after = (await getFormationBySlug(existing.slug, t.db))!;
    expect(after.priceInter).toBe(1350);
    expect(after.teachingMethods).toBe(DEFAULTS.teachingMethods);
    expect(after.contactName).toBe(DEFAULTS.contactName);
    // What the formation had stays its own.
    expect(after.evaluationMethods).toBe(existing.evaluationMethods);
    expect(after.contactEmail).toBe(existing.contactEmail);
  });

  it("fills a new formation's empty cells, an explicit cell wins", async () => {
    const result = await importCsv(t, `Titre;Catégorie;Contact (nom)\nWord : documents longs;Bureautique;Julie Bernard\n`);
    expect(result.counts.created).toBe(1);
    const created = (await getFormationBySlug("word-documents-longs", t.db))!;
    expect(created.contactName).toBe("Julie Bernard");
    expect(created.accessibility).toBe(DEFAULTS.accessibility);
    expect(created.disabilityContactEmail).toBe(DEFAULTS.disabilityContactEmail);
  });
});
