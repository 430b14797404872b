import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity } from "~/domain/cities/cities.server";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationBySlug, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { todayInParis } from "~/domain/formations/labels";
import { INDICATOR_3, categoryInput, cityInput, ephemeralCityInput, formationInput, parisInput } from "~/domain/formations/test-fixtures";
import { flatToCell, type FlatRecord } from "./cells";
import { CATALOGUE_COLUMNS } from "~/domain/formations/columns";
import { guessMapping } from "./columns";
import { toCsv } from "./csv";
import { catalogueRecords, exportCatalogue, templateFile, templateRecords } from "./export.server";
import { ImportWriteError, analyseTable, applyAnalysis, importTable } from "./import.server";
import { cancelJob, claimJob, confirmJob, createJob, getJob, jobReportCsv, runJob } from "./jobs.server";
import { ImportFileError } from "./model";
import { readTable, type ImportTable } from "./read.server";
import { valueOf } from "~/platform/validation/errors";

const actor = { id: null, email: "import@example.fr", role: "editor" };

function inDays(n: number): string {
  const d = new Date(`${todayInParis()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

function csvOf(records: FlatRecord[], columns = CATALOGUE_COLUMNS): string {
  return toCsv([columns.map((c) => c.label), ...records.map((r) => columns.map((c) => flatToCell(c, r[c.key], "text")))]);
}

async function importText(t: TestDatabase, name: string, text: string | Uint8Array, options: { allOrNothing?: boolean } = {}) {
  const table = await readTable(name, typeof text === "string" ? bytes(text) : text);
  return importTable(table, guessMapping(table.headers), { actor, fileName: name, target: t.db, ...options });
}

async function formationCount(t: TestDatabase): Promise<number> {
  const row = await t.db
    .selectFrom("formations")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function setupReferences(t: TestDatabase) {
  const ctx = { db: t.db };
  const bureautique = valueOf(await createCategory(categoryInput(), ctx)).id;
  const management = valueOf(
    await createCategory(
      { slug: "management", name: "Management", description: "Animer une équipe et conduire les entretiens.", position: 2 },
      ctx,
    ),
  ).id;
  const lyon = valueOf(await createCity(cityInput(), ctx)).id;
  const paris = valueOf(await createCity(parisInput(), ctx)).id;
  const stEtienne = valueOf(
    await createCity(
      {
        slug: "saint-etienne",
        name: "Saint-Étienne",
        region: "Auvergne-Rhône-Alpes",
        intro: "Ville du design et de l'industrie, au cœur de la Loire, proche de Lyon.",
        latitude: 45.4397,
        longitude: 4.3872,
      },
      ctx,
    ),
  ).id;
  return { bureautique, management, lyon, paris, stEtienne };
}

describe.each(engines)("formation import on $name", ({ create }) => {
  let t: TestDatabase;
  let ref: Awaited<ReturnType<typeof setupReferences>>;

  beforeAll(async () => {
    t = await create();
    ref = await setupReferences(t);
    const ctx = { db: t.db };
    const a = valueOf(
      await createFormation(
        formationInput({
          title: "Excel : tableaux croisés dynamiques",
          categoryId: ref.bureautique,
          modality: "presentiel",
          description: '- Une liste Markdown\n- qui commence par un tiret ; et « des guillemets » "droits"',
          cityIds: [ref.lyon, ref.paris],
          priceInter: 1290.5,
          sessions: [
            { startDate: inDays(30), endDate: inDays(31), cityId: ref.lyon, seatsLeft: 6 },
            { startDate: inDays(10), endDate: inDays(10), cityId: ref.paris, seatsLeft: 2 },
          ],
        }),
        ctx,
      ),
    );
    valueOf(await setFormationStatus([a.id], "published", ctx));
    valueOf(
      await createFormation(
        formationInput({
          title: "Manager une équipe à distance",
          categoryId: ref.management,
          modality: "mixte",
          cityIds: [ref.stEtienne],
          certificationType: "rncp",
          certificationCode: "RNCP35399",
          certificationTitle: "Manager d'unité opérationnelle",
          certifier: "Ministère du Travail",
          certificationRegisteredAt: "2024-03-01",
          ...INDICATOR_3,
          cpfEligible: true,
          fundingOptions: ["entreprise", "pole-emploi"],
          opcos: ["akto", "opco-ep"],
          priceInter: null,
          program: [{ title: "Module | avec barre", content: "Contenu\nsur deux lignes", durationHours: null }],
          objectives: ["Objectif avec ; point-virgule", "=Objectif qui ressemble à une formule"],
          sessions: [{ startDate: inDays(40), endDate: inDays(42), cityId: null, seatsLeft: 12 }],
          featured: true,
          seoTitle: "Manager à distance",
        }),
        ctx,
      ),
    );
    valueOf(
      await createFormation(
        formationInput({
          title: "Word : documents longs",
          categoryId: ref.bureautique,
          modality: "distanciel",
          satisfactionRate: 88.5,
          traineesCount: null,
          successRate: 75,
        }),
        ctx,
      ),
    );
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** The editor confirms the columns as proposed (every file's guessed mapping), all or nothing off. */
  async function startJob(id: string, allOrNothing = false) {
    const job = (await getJob(id, t.db))!;
    const mappings = Object.fromEntries(job.files.flatMap((f) => (f.preview ? [[f.id, guessMapping(f.preview.headers)]] : [])));
    const result = await confirmJob(id, { mappings, allOrNothing, acknowledged: true }, t.db);
    expect(result).toEqual({ ok: true });
  }

  it("export then import gives the same catalogue, in CSV, XLSX and JSON, and changes nothing", async () => {
    const before = await catalogueRecords(t.db);
    expect(before).toHaveLength(3);
    const updatedAt = (await t.db.selectFrom("formations").select(["slug", "updated_at"]).orderBy("slug").execute()).map(
      (r) => r.updated_at,
    );
    for (const format of ["csv", "xlsx", "json"] as const) {
      const file = await exportCatalogue(format, t.db);
      const content = typeof file.body === "string" ? bytes(file.body) : file.body;
      const result = await importText(t, file.filename, content);
      expect(result.analysis.rows.flatMap((r) => r.issues)).toEqual([]);
      expect(result.counts, format).toEqual({ created: 0, updated: 0, unchanged: 3, rejected: 0, incomplete: 0 });
      expect(await catalogueRecords(t.db)).toEqual(before);
    }
    // Nothing was rewritten: "Mis à jour le" stays.
    expect((await t.db.selectFrom("formations").select(["slug", "updated_at"]).orderBy("slug").execute()).map((r) => r.updated_at)).toEqual(
      updatedAt,
    );
  });

  it("an export imported into another site (other ids, same slugs) recreates the same catalogue", async () => {
    const other = await create();
    try {
      await setupReferences(other);
      const file = await exportCatalogue("csv", t.db);
      const result = await importText(other, file.filename, file.body as string);
      expect(result.counts).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0, incomplete: 0 });
      expect(await catalogueRecords(other.db)).toEqual(await catalogueRecords(t.db));
      const published = await getFormationBySlug("excel-tableaux-croises-dynamiques", other.db);
      expect(published?.status).toBe("published");
      expect(published?.publishedAt).toBeTruthy();
      expect((await getFormationBySlug("word-documents-longs", other.db))?.status).toBe("draft");
    } finally {
      await other.cleanup();
    }
  });

  it("templates import as they are", async () => {
    const other = await create();
    try {
      await setupReferences(other);
      for (const format of ["csv", "xlsx"] as const) {
        const file = await templateFile(format, other.db);
        const content = typeof file.body === "string" ? bytes(file.body) : file.body;
        const table = await readTable(file.filename, content);
        const analysis = await analyseTable(table, guessMapping(table.headers), other.db);
        expect(analysis.rows.flatMap((r) => r.issues)).toEqual([]);
        expect(analysis.counts.created).toBe(1);
      }
      expect((await templateRecords(other.db))[0]!.categorie).toBe("bureautique");
    } finally {
      await other.cleanup();
    }
  });

  it("an update by slug keeps the columns the file leaves out, and keeps session ids", async () => {
    const before = (await getFormationBySlug("excel-tableaux-croises-dynamiques", t.db))!;
    const result = await importText(t, "prix.csv", "slug;Prix\nexcel-tableaux-croises-dynamiques;1 350,00 €\n");
    expect(result.counts).toEqual({ created: 0, updated: 1, unchanged: 0, rejected: 0, incomplete: 0 });
    const after = (await getFormationBySlug("excel-tableaux-croises-dynamiques", t.db))!;
    expect(after.priceInter).toBe(1350);
    expect(after.title).toBe(before.title);
    expect(after.status).toBe("published");
    expect(after.publishedAt).toBe(before.publishedAt);
    expect(after.sessions.map((s) => s.id)).toEqual(before.sessions.map((s) => s.id));
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("action", "=", "import")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    expect(audit?.summary).toContain("« prix.csv » : 0 créée, 1 mise à jour, 0 inchangée, 0 refusée");
  });

  it("reads Windows-1252 CSV with commas, French dates and simple program and sessions", async () => {
    const text = [
      "Titre,Résumé,Catégorie,Présentation,Programme,Objectifs,Prérequis,Public visé,Durée (heures),Durée (jours),Modalité,Méthodes pédagogiques,Modalités d'évaluation,Modalités d'accès,Délai d'accès,TVA,Contact (nom),Contact (e-mail),Contact (téléphone),Accessibilité (handicap),Référent handicap (nom),Référent handicap (e-mail),Villes,Sessions,Statut",
      `Sécurité : gestes et postures,"Prévenir les troubles musculo-squelettiques grâce aux bons gestes, au bureau comme en atelier.",Bureautique,Présentation détaillée,"Les bases (3,5 h) | La pratique (3,5 h)",Adopter les bons gestes | Aménager son poste,Aucun,Tous salariés,7,1,présentiel,Ateliers pratiques,Mises en situation,Sur inscription,15 jours,HT,Élodie Marchand,securite@example.fr,04 00 00 00 00,Locaux accessibles,Karim Benali,handicap@example.fr,Saint-Étienne,12/03/2031;12/03/2031;saint-etienne;10,publiée`,
    ].join("\r\n");
    const cp1252 = new Uint8Array(Buffer.from(text, "latin1"));
    expect(Buffer.from(cp1252).includes(Buffer.from("é", "utf8"))).toBe(false);
    const result = await importText(t, "catalogue.csv", cp1252);
    expect(result.analysis.rows[0]!.issues).toEqual([]);
    expect(result.counts.created).toBe(1);
    const f = (await getFormationBySlug("securite-gestes-et-postures", t.db))!;
    expect(f.title).toBe("Sécurité\u00a0: gestes et postures");
    expect(f.status).toBe("published");
    expect(f.program.map((m) => [m.title, m.durationHours])).toEqual([
      ["Les bases", 3.5],
      ["La pratique", 3.5],
    ]);
    expect(f.sessions).toMatchObject([{ startDate: "2031-03-12", endDate: "2031-03-12", cityId: ref.stEtienne, seatsLeft: 10 }]);
    expect(f.vatMode).toBe("ht");
  });

  it("refuses a malformed file, a wrong encoding, a broken workbook or JSON in French, and changes nothing", async () => {
    const count = await formationCount(t);
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ["guillemet.csv", bytes('Titre;Résumé\n"Excel : les bases;Un résumé\n'), /guillemet ouvert ligne 2 n'est jamais fermé/],
      ["apres.csv", bytes('Titre;Résumé\n"Excel" bases;Un résumé\n'), /mal formé ligne 2/],
      ["utf16.csv", new Uint8Array(Buffer.from("Titre;Résumé\nExcel;Résumé\n", "utf16le")), /octets nuls/],
      ["mojibake.csv", bytes("Titre;RÃ©sumÃ©\nExcel;Un rÃ©sumÃ©\n"), /accents de ce fichier ont été mal convertis/],
      ["binaire.csv", new Uint8Array([0x54, 0x69, 0x74, 0x0b, 0x81, 0x9d, 0x01]), /n'est pas un texte lisible/],
      ["classeur.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]), /classeur Excel est illisible/],
      ["liste.json", bytes('[{"titre": "Excel",}]'), /JSON est mal formé/],
      ["objet.json", bytes('{"titre": "Excel"}'), /liste de formations/],
      ["vide.csv", new Uint8Array(), /vide/],
      ["ancien.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), /97-2003/],
    ];
    for (const [name, content, message] of cases) {
      const error = await readTable(name, content).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ImportFileError);
      expect((error as Error).message, name).toMatch(message);
    }
    expect(await formationCount(t)).toBe(count);
  });

  it("refuses duplicate slugs in a file and a slug from another formation's history, in French", async () => {
    const count = await formationCount(t);
    const base = (await catalogueRecords(t.db)).find((r) => r.slug === "word-documents-longs")!;
    const twin = { ...base, slug: "nouvelle-formation", titre: "Nouvelle formation A" };
    const twin2 = { ...base, slug: "nouvelle-formation", titre: "Nouvelle formation B" };
    const result = await importText(t, "doublons.csv", csvOf([twin, twin2]));
    expect(result.counts).toMatchObject({ created: 0, rejected: 2 });
    expect(result.analysis.rows[0]!.issues[0]).toMatchObject({
      header: "Adresse (slug)",
      message: expect.stringContaining("apparaît aussi ligne 3"),
    });
    expect(result.analysis.rows[1]!.issues[0]!.message).toContain("apparaît aussi ligne 2");

    // A slug that used to be another formation's (it still redirects there) is refused.
    const word = (await getFormationBySlug("word-documents-longs", t.db))!;
    const moveWord = async (slug: string) =>
      valueOf(
        await updateFormation(
          word.id,
          {
            ...formationInput({
              title: word.title,
              categoryId: ref.bureautique,
              modality: "distanciel",
              satisfactionRate: 88.5,
              traineesCount: null,
              successRate: 75,
            }),
            slug,
          },
          { db: t.db },
        ),
      );
    await moveWord("word-documents-longs-2026");
    const moved = await importText(t, "ancien.csv", csvOf([{ ...base, titre: "Une autre formation Word" }]));
    expect(moved.counts).toMatchObject({ created: 0, rejected: 1 });
    expect(moved.analysis.rows[0]!.issues.map((i) => i.message).join(" ")).toContain(
      "ancienne adresse de la formation « Word\u00a0: documents longs », qui répond aujourd'hui à « word-documents-longs-2026 »",
    );
    expect(await formationCount(t)).toBe(count);
    await moveWord("word-documents-longs");
  });

  it("reports invalid cells per row and column in French, and an invalid row changes nothing", async () => {
    const records = await catalogueRecords(t.db);
    const excel = records.find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const before = (await getFormationBySlug("excel-tableaux-croises-dynamiques", t.db))!;
    const count = await formationCount(t);
    const rows: FlatRecord[] = [
      { ...excel, modalite: "en avion", prix_inter: "-5", titre: "Excel modifié" },
      { ...excel, slug: "neuve-1", categorie: "cuisine" },
      { ...excel, slug: "neuve-2", villes: ["lyon", "atlantide"], sessions: "2031-02-30;2031-03-01;lyon;4" },
      { ...excel, slug: "neuve-3", eligible_cpf: "peut-être", date_mesure_indicateurs: "hier", contact_email: "pas-une-adresse" },
      { ...excel, slug: "Neuve 4 vs", statut: "archivée", opco: "opca" },
    ];
    const result = await importText(t, "erreurs.csv", csvOf(rows));
    expect(result.counts).toEqual({ created: 0, updated: 0, unchanged: 0, rejected: 5, incomplete: 0 });
    const issues = result.analysis.rows.map((r) => Object.fromEntries(r.issues.map((i) => [i.header, i.message])));
    expect(issues[0]).toMatchObject({
      // Every refusal quotes the value it refuses.
      Modalité: expect.stringContaining("présentiel, distanciel ou mixte (valeur lue : « en avion »)."),
      "Prix inter-entreprises (€ par personne)": "Le prix inter-entreprises doit être au moins 0 (valeur lue : « -5 »).",
    });
    expect(issues[1]!["Catégorie"]).toMatch(
      /^La catégorie « cuisine » n'existe pas : créez-la d'abord dans Catégories ou choisissez parmi : bureautique, management\.$/,
    );
    expect(issues[2]!["Villes"]).toBe(
      "La ville «\u00a0atlantide\u00a0» n'existe pas\u00a0: créez-la d'abord dans Villes. Plusieurs villes se séparent par «\u00a0,\u00a0», «\u00a0;\u00a0», «\u00a0|\u00a0» ou «\u00a0/\u00a0»\u00a0; écrivez «\u00a0à distance\u00a0» pour une formation à distance.",
    );
    expect(issues[2]!["Sessions"]).toBe(
      "Session 1 : « 2031-02-30 » n'est pas une date valide (début) : écrivez-la JJ/MM/AAAA (par exemple 12/03/2027).",
    );
    expect(issues[3]).toMatchObject({
      "Éligible au CPF": "« peut-être » n'est pas compris : écrivez « oui » ou « non ».",
      "Indicateurs mesurés le": expect.stringContaining("« hier » n'est pas une date valide"),
      "Contact (e-mail)": "L'e-mail du contact n'est pas une adresse e-mail valide (valeur lue : « pas-une-adresse »).",
    });
    expect(issues[4]).toMatchObject({
      "Adresse (slug)": expect.stringContaining("L'adresse (slug) ne contient que des lettres minuscules"),
      Statut: "Statut « archivée » inconnu : écrivez « publiée » ou « brouillon ».",
      OPCO: expect.stringContaining("OPCO « opca » inconnu"),
    });
    expect(result.analysis.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(await formationCount(t)).toBe(count);
    expect(await getFormationBySlug("excel-tableaux-croises-dynamiques", t.db)).toEqual(before);
  });

  it("all or nothing: one rejected row and nothing of the file is written", async () => {
    const count = await formationCount(t);
    const excel = (await catalogueRecords(t.db)).find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const result = await importText(
      t,
      "mixte.csv",
      csvOf([
        { ...excel, slug: "tout-ou-rien-1", titre: "Tout ou rien : bonne ligne" },
        { ...excel, slug: "tout-ou-rien-2", modalite: "en avion" },
      ]),
      { allOrNothing: true },
    );
    expect(result.written).toBe(false);
    expect(await formationCount(t)).toBe(count);
  });

  it("a write that fails in the middle leaves nothing half-imported", async () => {
    const count = await formationCount(t);
    const excel = (await catalogueRecords(t.db)).find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const city = valueOf(await createCity(ephemeralCityInput(), { db: t.db }));
    const rows = Array.from({ length: 250 }, (_, i) => ({
      ...excel,
      slug: `echec-${i}`,
      titre: `Formation numéro ${i}`,
      villes: i === 240 ? ["ephemere"] : ["lyon"],
      sessions: [],
    }));
    const table = await readTable("echec.csv", bytes(csvOf(rows)));
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    expect(analysis.counts.created).toBe(250);
    await t.db.deleteFrom("cities").where("id", "=", city.id).execute();
    await expect(applyAnalysis(analysis, { actor, fileName: "echec.csv", target: t.db })).rejects.toThrow();
    expect(await formationCount(t)).toBe(count);
    // A formation created meanwhile with a slug of the file: the import refuses to write anything.
    const again = await analyseTable(await readTable("echec.csv", bytes(csvOf(rows.slice(0, 5)))), guessMapping(table.headers), t.db);
    valueOf(
      await createFormation(
        { ...formationInput({ title: "Formation numéro 3", categoryId: ref.bureautique }), slug: "echec-3" },
        { db: t.db },
      ),
    );
    await expect(applyAnalysis(again, { actor, fileName: "echec.csv", target: t.db })).rejects.toBeInstanceOf(ImportWriteError);
    expect(await formationCount(t)).toBe(count + 1);
  });

  it("imports 10 000 rows in one transaction", async () => {
    const excel = (await catalogueRecords(t.db)).find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      ...excel,
      slug: `masse-${i}`,
      titre: `Formation de masse n° ${i}`,
      statut: i % 2 ? "publiée" : "brouillon",
    }));
    const text = csvOf(rows);
    const count = await formationCount(t);
    // Its duration is a figure of `npm run bench:import`, not an assertion: the machine may be loaded.
    const result = await importText(t, "masse.csv", text);
    expect(result.counts).toEqual({ created: 10_000, updated: 0, unchanged: 0, rejected: 0, incomplete: 0 });
    expect(await formationCount(t)).toBe(count + 10_000);
    const published = await t.db
      .selectFrom("formations")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("slug", "like", "masse-%")
      .where("status", "=", "published")
      .executeTakeFirst();
    expect(Number(published?.n)).toBe(5_000);
    const sessions = await t.db
      .selectFrom("formation_sessions as s")
      .innerJoin("formations as f", "f.id", "s.formation_id")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("f.slug", "like", "masse-%")
      .executeTakeFirst();
    expect(Number(sessions?.n)).toBe(20_000);
  }, 300_000);

  it("runs a batch job: files imported one by one, a broken file reported, a report of rejected rows", async () => {
    const excel = (await catalogueRecords(t.db)).find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const good = csvOf([
      { ...excel, slug: "lot-1", titre: "Formation du lot numéro 1" },
      { ...excel, slug: "lot-2", titre: "Formation du lot numéro 2", modalite: "téléportation" },
    ]);
    const id = await createJob(
      actor,
      [
        { name: "bon.csv", bytes: bytes(good) },
        { name: "casse.csv", bytes: bytes('Titre;Résumé\n"ouvert;jamais fermé\n') },
      ],
      t.db,
    );
    expect((await getJob(id, t.db))?.state).toBe("review");
    await startJob(id);
    expect((await getJob(id, t.db))?.state).toBe("queued");
    const [first, second] = await Promise.all([claimJob(t.db), claimJob(t.db)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const claim = (first ?? second)!;
    expect(await runJob(claim, { target: t.db })).toBe("done");
    const job = (await getJob(id, t.db))!;
    expect(job).toMatchObject({
      state: "done",
      filesDone: 2,
      percent: 100,
      counts: { created: 1, updated: 0, unchanged: 0, rejected: 1, incomplete: 0 },
    });
    expect(job.files.map((f) => f.state)).toEqual(["done", "failed"]);
    expect(job.files[1]!.error).toMatch(/guillemet ouvert ligne 2/);
    expect(await getFormationBySlug("lot-1", t.db)).toBeDefined();
    const report = (await jobReportCsv(id, t.db))!;
    expect(report).toContain('casse.csv;;;;"Fichier non importé : Le fichier CSV est mal formé');
    expect(report).toContain("bon.csv;3;lot-2;Formation du lot numéro 2;");
    expect(report).toContain("Modalité : Choisissez une modalité");
    const contents = await t.db.selectFrom("formation_import_files").select("content").where("job_id", "=", id).execute();
    expect(contents.every((c) => c.content === "")).toBe(true);
  });

  it("cancels a queued job at once and a running job at its next check", async () => {
    const id = await createJob(actor, [{ name: "a.csv", bytes: bytes("Titre\nUne formation annulée\n") }], t.db);
    expect(await cancelJob(id, t.db)).toBe("cancelled");
    expect((await getJob(id, t.db))?.state).toBe("cancelled");
    expect(await claimJob(t.db)).toBeUndefined();

    const excel = (await catalogueRecords(t.db)).find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const id2 = await createJob(
      actor,
      [{ name: "b.csv", bytes: bytes(csvOf([{ ...excel, slug: "annulee-1", titre: "Formation annulée 1" }])) }],
      t.db,
    );
    await startJob(id2);
    const claim = (await claimJob(t.db))!;
    expect(claim.id).toBe(id2);
    expect(await cancelJob(id2, t.db)).toBe("requested");
    expect(await runJob(claim, { target: t.db })).toBe("cancelled");
    const job = (await getJob(id2, t.db))!;
    expect(job.state).toBe("cancelled");
    expect(job.files[0]!.state).toBe("cancelled");
    expect(await getFormationBySlug("annulee-1", t.db)).toBeUndefined();
    expect(await jobReportCsv(id2, t.db)).toContain("Fichier non traité : import annulé.");
  });

  it("a job left by a stopped worker is released and resumed by another", async () => {
    const excel = (await catalogueRecords(t.db)).find((r) => r.slug === "excel-tableaux-croises-dynamiques")!;
    const id = await createJob(
      actor,
      [{ name: "c.csv", bytes: bytes(csvOf([{ ...excel, slug: "reprise-1", titre: "Formation reprise 1" }])) }],
      t.db,
    );
    await startJob(id);
    const claim = (await claimJob(t.db))!;
    expect(await runJob(claim, { target: t.db, stopping: () => true })).toBe("queued");
    expect(await getFormationBySlug("reprise-1", t.db)).toBeUndefined();
    const again = (await claimJob(t.db))!;
    expect(again.id).toBe(id);
    expect(await runJob(again, { target: t.db })).toBe("done");
    expect(await getFormationBySlug("reprise-1", t.db)).toBeDefined();
  });
});

describe("file reading", () => {
  it("recognises French and English headers, with or without accents", async () => {
    const table: ImportTable = await readTable(
      "x.csv",
      bytes("\uFEFFTitle;Résumé;CATEGORIE;Durée (heures);Duration days;Prix;Inconnue;titre\n"),
    );
    expect(guessMapping(table.headers)).toEqual(["titre", "resume", "categorie", "duree_heures", "duree_jours", "prix_inter", "", ""]);
  });
});
