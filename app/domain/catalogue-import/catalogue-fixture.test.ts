import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity } from "~/domain/cities/cities.server";
import { saveFormationDefaults } from "~/domain/formations/defaults.server";
import { formationDefaultsSchema } from "~/domain/formations/defaults";
import { createCategory } from "~/domain/formations/categories.server";
import { toCompleteLabels } from "~/domain/formations/completeness.server";
import { getFormationBySlug, setFormationStatus } from "~/domain/formations/formations.server";
import { priceLabel } from "~/domain/formations/labels";
import { formationPage } from "~/domain/formations/pages.server";
import { guessMapping } from "./columns";
import { exportCatalogue } from "./export.server";
import { analyseTable, importTable } from "./import.server";
import { claimJob, confirmJob, createJob, getJob, jobReportCsv, runJob } from "./jobs.server";
import { readTable } from "./read.server";
import { valueOf } from "~/platform/validation/errors";

/**
 * A catalogue as a training organisation exports it from Excel in French: Windows-1252,
 * semicolons, CRLF, « Tarif HT », « Nb jours », « Lieux » written « Lyon, Paris », prices « Sur
 * devis », plain-text programmes with durations, a « Réf. » column the import has no field for,
 * and none of the organisation-level columns (contacts, referent, VAT, methods, access).
 */
const FIXTURE = path.resolve(import.meta.dirname, "../../../tests/fixtures/catalogue-excel-windows-1252.csv");
const bytes = () => new Uint8Array(readFileSync(FIXTURE));
const actor = { id: null, email: "import@example.fr", role: "editor" };

async function setupReferences(t: TestDatabase) {
  const ctx = { db: t.db };
  const categories: Array<[string, string]> = [
    ["bureautique", "Bureautique"],
    ["management", "Management"],
    ["langues", "Langues"],
    ["rh", "Ressources humaines"],
    ["securite", "Sécurité"],
  ];
  for (const [slug, name] of categories)
    valueOf(await createCategory({ slug, name, description: `Les formations du domaine ${name.toLowerCase()}.`, position: 1 }, ctx));
  const cities: Array<[string, string, number, number]> = [
    ["lyon", "Lyon", 45.764, 4.8357],
    ["paris", "Paris", 48.8566, 2.3522],
    ["grenoble", "Grenoble", 45.1885, 5.7245],
    ["saint-etienne", "Saint-Étienne", 45.4397, 4.3872],
  ];
  const ids: Record<string, string> = {};
  for (const [slug, name, latitude, longitude] of cities) {
    const city = valueOf(
      await createCity(
        { slug, name, region: "Auvergne-Rhône-Alpes", intro: `${name}, une ville où nous formons toute l'année.`, latitude, longitude },
        ctx,
      ),
    );
    ids[slug] = city.id;
  }
  return ids;
}

const ORGANISATION_DEFAULTS = formationDefaultsSchema.parse({
  contactName: "Sophie Lambert",
  contactEmail: "formations@example.fr",
  contactPhone: "04 65 71 00 12",
  disabilityContactName: "Karim Benali",
  disabilityContactEmail: "handicap@example.fr",
  vatMode: "exonere",
  accessLeadTime: "Jusqu'à 10 jours ouvrés avant le début de la session.",
  accessModalities: "Inscription par le formulaire de devis ou par téléphone.",
  teachingMethods: "Apports théoriques, exercices pratiques et mises en situation.",
  evaluationMethods: "Quiz de positionnement, exercices corrigés, évaluation finale.",
  accessibility: "Locaux accessibles ; adaptations possibles sur demande auprès du référent handicap.",
});

describe.each(engines)("the realistic Excel catalogue on $name", ({ create }) => {
  let t: TestDatabase;
  let city: Record<string, string>;

  beforeEach(async () => {
    t = await create();
    city = await setupReferences(t);
  });
  afterEach(async () => {
    await t?.cleanup();
  });

  it("is read as Windows-1252 with semicolons, and its French headers map by themselves", async () => {
    const table = await readTable("catalogue.csv", bytes());
    expect(table.description).toBe("CSV Windows-1252 (Excel), séparateur « ; »");
    expect(table.rows).toHaveLength(20);
    const mapping = Object.fromEntries(table.headers.map((h, i) => [h, guessMapping(table.headers)[i]]));
    expect(mapping).toEqual({
      "Réf.": "",
      Intitulé: "titre",
      Domaine: "categorie",
      Accroche: "resume",
      Description: "description",
      "Objectifs pédagogiques": "objectifs",
      "Public visé": "public",
      "Pré-requis": "prerequis",
      Programme: "programme",
      "Nb jours": "duree_jours",
      "Nb heures": "duree_heures",
      "Tarif HT": "prix_inter",
      Modalité: "modalite",
      Lieux: "villes",
      "Éligible CPF": "eligible_cpf",
      "Code RNCP / RS": "certification_code",
    });
  });

  it("imports every row as a draft with its list « à compléter » when the settings hold no defaults", async () => {
    const table = await readTable("catalogue.csv", bytes());
    const result = await importTable(table, guessMapping(table.headers), {
      actor,
      fileName: "catalogue.csv",
      target: t.db,
      allOrNothing: true,
    });
    expect(result.analysis.rows.flatMap((r) => r.issues)).toEqual([]);
    expect(result.written).toBe(true);
    expect(result.counts).toEqual({ created: 20, updated: 0, unchanged: 0, rejected: 0, incomplete: 20 });
    // The organisation's e-mail and phone are the contact until the defaults are saved.
    expect(result.analysis.defaulted).toEqual(["Contact (e-mail)", "Contact (téléphone)", "Référent handicap (e-mail)"]);
    const excel = result.analysis.rows.find((r) => r.title === "Excel : les fondamentaux")!;
    expect(excel.action).toBe("create");
    expect(excel.toComplete.map((x) => x.header)).toEqual(
      expect.arrayContaining([
        "Contact (nom) (colonne absente du fichier)",
        "TVA (colonne absente du fichier)",
        "Méthodes pédagogiques (colonne absente du fichier)",
        "Référent handicap (nom) (colonne absente du fichier)",
      ]),
    );

    const f = (await getFormationBySlug("excel-les-fondamentaux", t.db))!;
    expect(f.status).toBe("draft");
    expect(f.title).toBe("Excel\u00a0: les fondamentaux");
    expect(f.priceInter).toBe(590);
    expect(f.cityIds.sort()).toEqual([city.lyon, city.paris].sort());
    expect(f.program.map((m) => [m.title, m.durationHours])).toEqual([
      ["Prise en main de l'interface", 3.5],
      ["Les formules essentielles", 3.5],
      ["Mettre en forme un tableau", 3.5],
      ["Les graphiques", 3.5],
    ]);
    expect(f.objectives).toEqual([
      "Créer et mettre en forme un tableau",
      "Utiliser les formules de calcul courantes",
      "Représenter des données par un graphique",
    ]);
    expect([f.durationDays, f.durationHours, f.modality, f.cpfEligible, f.certificationType, f.certificationCode]).toEqual([
      2,
      14,
      "presentiel",
      true,
      "rs",
      "RS5252",
    ]);
    expect(f.contactEmail).toBe("contact@formavia.fr");
    expect(toCompleteLabels(f)).toEqual(
      expect.arrayContaining(["Contact (nom)", "TVA", "Méthodes pédagogiques", "Référent handicap (nom)"]),
    );
    // A draft without its VAT yet still shows in the admin list and in the editor's preview.
    expect(priceLabel(f)).toMatch(/^590\s€ par personne$/);
    const preview = await formationPage(f.slug, { includeDrafts: true }, t.db);
    expect(preview.kind === "ok" && preview.data.preview).toBe(true);

    const word = (await getFormationBySlug("word-documents-professionnels", t.db))!;
    expect(word.priceInter).toBeNull();
    expect(priceLabel(word)).toBe("Sur devis");
    expect([word.modality, word.cityIds, word.durationDays, word.durationHours]).toEqual(["distanciel", [], 1, 7]);
    const manager = (await getFormationBySlug("manager-une-equipe-au-quotidien", t.db))!;
    expect([manager.modality, manager.priceInter, manager.certificationType]).toEqual(["mixte", 1350, "rncp"]);
    expect(manager.cityIds.sort()).toEqual([city.lyon, city.grenoble].sort());
    expect(manager.program.map((m) => m.durationHours)).toEqual([7, 7, 7]);
    const english = (await getFormationBySlug("anglais-professionnel", t.db))!;
    expect([english.durationHours, english.durationDays]).toEqual([30, 4.5]);
    const sst = (await getFormationBySlug("sauveteur-secouriste-du-travail-sst", t.db))!;
    expect([sst.durationHours, sst.priceInter]).toEqual([14, 290]);
    expect(sst.cityIds.sort()).toEqual([city["saint-etienne"], city.lyon].sort());
    const stress = (await getFormationBySlug("gerer-son-stress-au-travail", t.db))!;
    expect([stress.modality, stress.cityIds]).toEqual(["mixte", [city.lyon]]);
    expect((await getFormationBySlug("reussir-l-entretien-professionnel", t.db))!.priceInter).toBe(590);

    // The drafts export and import back unchanged, in every format.
    for (const format of ["csv", "xlsx", "json"] as const) {
      const file = await exportCatalogue(format, t.db);
      const again = await readTable(file.filename, typeof file.body === "string" ? new Uint8Array(Buffer.from(file.body)) : file.body);
      const back = await analyseTable(again, guessMapping(again.headers), t.db);
      expect(back.counts, format).toEqual({ created: 0, updated: 0, unchanged: 20, rejected: 0, incomplete: 0 });
    }
  });

  it("with the organisation's defaults saved, complete rows lack nothing and a « Sur devis » formation publishes coherently", async () => {
    await saveFormationDefaults(ORGANISATION_DEFAULTS, t.db);
    const table = await readTable("catalogue.csv", bytes());
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    expect(analysis.defaulted).toHaveLength(11);
    const lacking = Object.fromEntries(
      analysis.rows.filter((r) => r.toComplete.length > 0).map((r) => [r.title, [...new Set(r.toComplete.map((x) => x.header))]]),
    );
    // Without a description, or certified without the certification's details.
    const certification = [
      "Intitulé de la certification (colonne absente du fichier)",
      "Certificateur (colonne absente du fichier)",
      "Date d'enregistrement de la certification (colonne absente du fichier)",
      // Qualiopi indicator 3, required to publish a certifying formation (the rate only once candidates are known).
      "Candidats présentés à la certification (colonne absente du fichier)",
      "Période des résultats de certification (colonne absente du fichier)",
      "Blocs de compétences (colonne absente du fichier)",
      "Équivalences et passerelles (colonne absente du fichier)",
      "Suites de parcours (colonne absente du fichier)",
      "Débouchés (colonne absente du fichier)",
      "Fiche France Compétences (colonne absente du fichier)",
    ];
    expect(lacking).toEqual({
      "Excel : les fondamentaux": certification,
      "PowerPoint : présentations percutantes": ["Description"],
      "Excel : tableaux croisés dynamiques": certification,
      "Manager une équipe au quotidien": certification,
      "Anglais professionnel": certification,
      "Espagnol : remise à niveau": ["Description"],
      "Sauveteur secouriste du travail (SST)": certification,
      "Habilitation électrique B0 H0": ["Description"],
      "Allemand des affaires": certification,
    });
    const result = await importTable(table, guessMapping(table.headers), { actor, fileName: "catalogue.csv", target: t.db });
    expect(result.counts).toMatchObject({ created: 20, rejected: 0, incomplete: 9 });

    const stress = (await getFormationBySlug("gerer-son-stress-au-travail", t.db))!;
    expect(toCompleteLabels(stress)).toEqual([]);
    expect([stress.contactName, stress.vatMode, stress.teachingMethods]).toEqual([
      "Sophie Lambert",
      "exonere",
      ORGANISATION_DEFAULTS.teachingMethods,
    ]);
    valueOf(await setFormationStatus([stress.id], "published", { db: t.db }));
    const page = await formationPage(stress.slug, {}, t.db);
    expect(page.kind).toBe("ok");
    if (page.kind !== "ok") return;
    expect(page.data.formation.price).toBe("Sur devis");
    expect(page.data.formation.priceOnQuote).toBe(true);
    const course = page.data.jsonLd[0] as { offers: Array<Record<string, unknown>> };
    expect(course.offers[0]).not.toHaveProperty("price");
    expect(course.offers[0]).toMatchObject({
      description: "Prix sur devis",
      url: expect.stringContaining(`/devis?formation=${stress.slug}`),
    });
  });

  it("runs through the batch import: columns checked, the ignored one acknowledged, drafts listed in the report", async () => {
    const id = await createJob(actor, [{ name: "catalogue.csv", bytes: bytes() }], t.db);
    const job = (await getJob(id, t.db))!;
    expect(job.state).toBe("review");
    const file = job.files[0]!;
    expect(file.preview?.description).toBe("CSV Windows-1252 (Excel), séparateur « ; »");
    expect(file.ignoredColumns).toEqual(["Réf."]);
    const mappings = { [file.id]: guessMapping(file.preview!.headers) };
    expect(await confirmJob(id, { mappings, allOrNothing: true, acknowledged: false }, t.db)).toEqual({
      ok: false,
      status: 422,
      message: "La colonne « Réf. » ne sera pas importée : associez-la à un champ, ou cochez « J'ai compris » pour importer sans elle.",
      field: "colonnesIgnorees",
    });
    expect(await confirmJob(id, { mappings, allOrNothing: true, acknowledged: true }, t.db)).toEqual({ ok: true });
    const claim = (await claimJob(t.db))!;
    expect(await runJob(claim, { target: t.db })).toBe("done");
    const done = (await getJob(id, t.db))!;
    expect(done.counts).toEqual({ created: 20, updated: 0, unchanged: 0, rejected: 0, incomplete: 20 });
    expect(done.allOrNothing).toBe(true);
    const report = (await jobReportCsv(id, t.db))!;
    expect(report).toContain('catalogue.csv;2;excel-les-fondamentaux;Excel : les fondamentaux;"Importée en brouillon, à compléter : ');
    expect((await getFormationBySlug("paie-et-dsn", t.db))!.priceInter).toBe(1190);
  });
});
