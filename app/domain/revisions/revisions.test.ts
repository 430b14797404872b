import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationById, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues, type Formation } from "~/domain/formations/model";
import { formationInput } from "~/domain/formations/test-fixtures";
import { NotFoundError, valueOf } from "~/platform/validation/errors";
import { strFromU8, unzipSync } from "fflate";
import { diffContents } from "./diff.server";
import { historyScreen } from "~/composition/revision-history.server";
import { readableField } from "~/domain/formations/readable.server";
import { endOfDay, evidencePack, packZip } from "~/composition/evidence-pack.server";
import { MODALITY_LABELS } from "~/domain/formations/labels";
import { formatEuros } from "~/platform/format";
import { DRAFTS_KEPT } from "./model";
import { currentLegalVersion, legalVersionById, pendingLegalDraft, saveLegalVersion } from "./legal-documents.server";
import { getRevision, latestRevision, listRevisions, recordRevision, restoreAsDraft, revisionsAt } from "./revisions.server";

const actor = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };
const LONG = "Article 1. Les présentes conditions s'appliquent à toute inscription. ".repeat(5);

describe.each(engines)("revisions on $name", ({ create }) => {
  let t: TestDatabase;
  let categoryId: string;

  beforeAll(async () => {
    t = await create();
    categoryId = valueOf(
      await createCategory(
        { slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint au quotidien.", position: 1 },
        { db: t.db },
      ),
    ).id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function edit(f: Formation, changes: Record<string, unknown>, at: string): Promise<Formation> {
    return valueOf(await updateFormation(f.id, { ...formationToFormValues(f), ...changes }, { db: t.db, actor, at }));
  }

  it("a save writes a revision with the whole content, in the journal too", async () => {
    const created = valueOf(
      await createFormation(formationInput({ categoryId, title: "Excel : les tableaux croisés" }), { db: t.db, actor }),
    );
    const history = await listRevisions("formation", created.id, t.db);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ published: false, title: "Excel\u00a0: les tableaux croisés", authorEmail: actor.email });
    const revision = await getRevision<Formation>(history[0]!.id, t.db);
    expect(revision?.content.summary).toBe(created.summary);
    expect(revision?.content.program).toEqual(created.program);

    const edited = await edit(
      created,
      { summary: "Construire et lire un tableau croisé dynamique sans erreur." },
      "2027-01-10T09:00:00.000Z",
    );
    valueOf(await setFormationStatus([edited.id], "published", { db: t.db, actor, at: "2027-01-10T10:00:00.000Z" }));
    const after = await listRevisions("formation", created.id, t.db);
    expect(after.map((r) => r.published)).toEqual([true, false, false]);

    const journal = await listAudit(t.db, { page: 1, entity: "formation" });
    const publish = journal.entries.find((e) => e.action === "publish" && e.entityId === created.id);
    expect(publish?.revisionId).toBe(after[0]!.id);
  });

  it("a restore creates a draft with the old content and publishes nothing", async () => {
    let f = valueOf(
      await createFormation(formationInput({ categoryId, title: "Word : le publipostage" }), {
        db: t.db,
        actor,
        at: "2027-02-01T08:00:00.000Z",
      }),
    );
    valueOf(await setFormationStatus([f.id], "published", { db: t.db, actor, at: "2027-02-01T09:00:00.000Z" }));
    f = (await getFormationById(f.id, t.db))!;
    const first = (await listRevisions("formation", f.id, t.db))[0]!;
    f = await edit(f, { summary: "Un nouveau résumé, publié directement sur le site public." }, "2027-02-02T09:00:00.000Z");

    const restored = await restoreAsDraft(first.id, { actor, target: t.db, at: "2027-02-03T09:00:00.000Z" });
    expect(restored.published).toBe(false);
    expect(restored.restoredFrom).toBe(first.id);
    expect((restored.content as unknown as Formation).summary).toBe(formationInput().summary);

    const live = (await getFormationById(f.id, t.db))!;
    expect(live.status).toBe("published");
    expect(live.summary).toBe("Un nouveau résumé, publié directement sur le site public.");
    const latestPublished = await latestRevision<Formation>("formation", f.id, { publishedOnly: true }, t.db);
    expect(latestPublished?.content.summary).toBe("Un nouveau résumé, publié directement sur le site public.");

    const journal = await listAudit(t.db, { page: 1, action: "restore" });
    expect(journal.entries[0]).toMatchObject({ entityId: f.id, revisionId: restored.id });
    await expect(restoreAsDraft("absente", { actor, target: t.db })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the diff of two revisions names the changed fields, word by word for text", async () => {
    const f = valueOf(await createFormation(formationInput({ categoryId, title: "PowerPoint : convaincre" }), { db: t.db, actor }));
    await edit(
      f,
      { summary: "Construire une présentation claire qui convainc un comité de direction.", durationHours: 21 },
      "2027-03-01T09:00:00.000Z",
    );
    const [newer, older] = await listRevisions("formation", f.id, t.db);
    const a = await getRevision(older!.id, t.db);
    const b = await getRevision(newer!.id, t.db);
    const changes = diffContents(a!.content, b!.content, { summary: "Résumé", durationHours: "Durée (heures)" });
    expect(changes.map((c) => c.label).sort()).toEqual(["Durée (heures)", "Résumé"]);
    const summary = changes.find((c) => c.field === "summary")!;
    expect(summary.parts?.some((p) => p.kind === "added" && p.value.includes("convainc"))).toBe(true);
    expect(summary.parts?.some((p) => p.kind === "same")).toBe(true);
    expect(changes.find((c) => c.field === "durationHours")).toMatchObject({ parts: null, after: "21" });
  });

  it("each version says what changed, and the comparison shows values as the public page does", async () => {
    const f = valueOf(await createFormation(formationInput({ categoryId, title: "Teams : animer une réunion" }), { db: t.db, actor }));
    await edit(f, { priceInter: 1250, durationHours: 21, vatMode: "ttc" }, "2027-03-02T09:00:00.000Z");
    const [newer] = await listRevisions("formation", f.id, t.db);
    expect(newer!.summary).toBe("Formation «\u00a0Teams\u00a0: animer une réunion\u00a0» modifiée\u00a0: durée, prix.");
    const journal = await listAudit(t.db, { page: 1, entity: "formation" });
    expect(journal.entries.find((e) => e.revisionId === newer!.id)?.summary).toBe(newer!.summary);

    const screen = (await historyScreen("formation", f.id, { a: newer!.id }, {}, t.db))!;
    const change = (field: string) => screen.compare!.changes.find((c) => c.field === field)!;
    expect(change("priceInter").after).toBe("1\u202f250\u00a0€");
    expect(change("durationHours").after).toBe("21\u00a0h");
    expect(change("vatMode").after).toBe("TTC");
    expect(
      change("vatMode")
        .parts?.map((p) => p.value)
        .join(""),
    ).not.toMatch(/ttc/);
  });

  it("the comparison names cities and dates sessions in French, Markdown read as text", async () => {
    const before = {
      description: "## Objectif\n\nLire **vite**.",
      cityIds: ["c1"],
      sessions: [{ id: "s", startDate: "2027-03-02", endDate: "2027-03-03", cityId: "c1", seatsLeft: 1 }],
    };
    const after = {
      description: "## Objectif\n\nLire **bien**.",
      cityIds: ["c1", "c2"],
      sessions: [{ id: "s", startDate: "2027-03-02", endDate: "2027-03-03", cityId: null, seatsLeft: 4 }],
    };
    const names = {
      cities: new Map([
        ["c1", "Lyon"],
        ["c2", "Bordeaux"],
      ]),
      categories: new Map<string, string>(),
    };
    const changes = diffContents(before, after, {}, (field, value) => readableField(field, value, names));
    const shown = (field: string) => changes.find((c) => c.field === field)!;
    expect(shown("cityIds")).toMatchObject({ before: "Lyon", after: "Lyon, Bordeaux" });
    expect(shown("sessions")).toMatchObject({
      before: "du 2 au 3 mars 2027, Lyon (1\u00a0place restante)",
      after: "du 2 au 3 mars 2027, à distance (4\u00a0places restantes)",
    });
    expect(
      shown("description")
        .parts?.map((p) => p.value)
        .join(""),
    ).not.toMatch(/[#*]/);
  });

  it("the comparison of an article names its category, status and related formations by name", async () => {
    const base = { title: "Article", category: "financement", status: "draft", content: "## Titre\n\nTexte **gras**.", formationIds: [] };
    const ids = await t.db.transaction().execute(async (trx) => [
      await recordRevision(trx, {
        entityType: "blog_post",
        entityId: "b1",
        content: base,
        published: false,
        title: "Article",
        at: "2027-07-01T08:00:00.000Z",
      }),
      await recordRevision(trx, {
        entityType: "blog_post",
        entityId: "b1",
        content: {
          ...base,
          category: "qualite",
          status: "scheduled",
          content: "## Titre\n\nTexte **clair**.",
          formationIds: ["disparue"],
          publishedAt: "2027-07-02T07:30:00.000Z",
        },
        published: false,
        title: "Article",
        at: "2027-07-01T09:00:00.000Z",
      }),
    ]);
    const screen = (await historyScreen("blog_post", "b1", { a: ids[1]! }, {}, t.db))!;
    const change = (field: string) => screen.compare!.changes.find((c) => c.field === field)!;
    expect(change("category")).toMatchObject({ before: "Financement", after: "Qualité et certification" });
    expect(change("status")).toMatchObject({ before: "Brouillon", after: "Programmé" });
    expect(change("formationIds").after).toBe("formation supprimée");
    expect(
      change("content")
        .parts?.map((p) => p.value)
        .join(""),
    ).not.toMatch(/[#*]/);
  });

  it("any kind's comparison writes days and instants in French, in Paris time", () => {
    const changes = diffContents(
      { given_on: "2026-03-15", consent_at: "2026-11-30T10:00:00.000Z", rating: 4.5 },
      { given_on: "2026-04-01", consent_at: "2026-12-01T23:58:04.203Z", rating: 5 },
    );
    const shown = (field: string) => changes.find((c) => c.field === field)!;
    expect(shown("given_on")).toMatchObject({ before: "15 mars 2026", after: "1er avril 2026" });
    expect(shown("consent_at").after).toBe("2 décembre 2026 à 0\u00a0h\u00a058");
    expect(
      shown("consent_at")
        .parts?.map((p) => p.value)
        .join(""),
    ).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(shown("rating")).toMatchObject({ before: "4,5", after: "5" });
  });

  it("the state at a past date is that day's content (three edits on three dates)", async () => {
    let f = valueOf(
      await createFormation(formationInput({ categoryId, title: "Access : premières requêtes" }), {
        db: t.db,
        actor,
        at: "2027-04-01T08:00:00.000Z",
      }),
    );
    valueOf(await setFormationStatus([f.id], "published", { db: t.db, actor, at: "2027-04-01T09:00:00.000Z" }));
    f = (await getFormationById(f.id, t.db))!;
    f = await edit(f, { summary: "Version du 2 avril : interroger une base de données Access." }, "2027-04-02T09:00:00.000Z");
    f = await edit(f, { summary: "Version du 5 avril : interroger et relier des tables Access." }, "2027-04-05T09:00:00.000Z");
    f = await edit(f, { summary: "Version du 9 avril : requêtes, relations et formulaires Access." }, "2027-04-09T09:00:00.000Z");
    const on = async (day: string) =>
      (await revisionsAt<Formation>("formation", `${day}T23:59:59.999Z`, t.db)).find((r) => r.entityId === f.id)?.content.summary;
    expect(await on("2027-04-03")).toBe("Version du 2 avril\u00a0: interroger une base de données Access.");
    expect(await on("2027-04-07")).toBe("Version du 5 avril\u00a0: interroger et relier des tables Access.");
    expect(await on("2027-04-30")).toBe("Version du 9 avril\u00a0: requêtes, relations et formulaires Access.");
    expect(await on("2027-03-31")).toBeUndefined();
  });

  it("the evidence pack of a past date shows that day's content, in the page and in the ZIP", async () => {
    let f = valueOf(
      await createFormation(formationInput({ categoryId, title: "Outlook : organiser sa messagerie" }), {
        db: t.db,
        actor,
        at: "2027-06-01T08:00:00.000Z",
      }),
    );
    valueOf(await setFormationStatus([f.id], "published", { db: t.db, actor, at: "2027-06-01T09:00:00.000Z" }));
    f = (await getFormationById(f.id, t.db))!;
    f = await edit(f, { summary: "Résumé du 2 juin : trier, classer et retrouver ses courriels." }, "2027-06-02T09:00:00.000Z");
    f = await edit(
      f,
      { summary: "Résumé du 5 juin : règles, dossiers et recherche dans Outlook.", satisfactionRate: 91 },
      "2027-06-05T09:00:00.000Z",
    );
    f = await edit(f, { summary: "Résumé du 9 juin : Outlook au quotidien, du tri à l'agenda partagé." }, "2027-06-09T09:00:00.000Z");
    await saveLegalVersion(
      "reglement_interieur",
      { body: `Règlement du 4 juin. ${LONG}` },
      { actor, target: t.db, now: new Date("2027-06-04T10:00:00Z") },
    );

    const pack = await evidencePack("2027-06-06", t.db);
    const entry = pack.formations.find((p) => p.formation.id === f.id)!;
    expect(entry.formation.summary).toBe("Résumé du 5 juin\u00a0: règles, dossiers et recherche dans Outlook.");
    expect(entry.formation.satisfactionRate).toBe(91);
    expect(entry.indicators.find((c) => c.indicator === 3)?.applies).toBe(false);
    expect(entry.indicators.find((c) => c.indicator === 1)?.missing).toEqual([]);
    expect(pack.legal.find((l) => l.document === "reglement_interieur")?.versionOf).toBe("2027-06-04T10:00:00.000Z");
    expect((await evidencePack("2027-05-31", t.db)).formations.some((p) => p.formation.id === f.id)).toBe(false);
    // A day is a day in Paris: 23:30 UTC on 8 June is already 9 June there.
    expect(endOfDay("2027-06-08")).toBe("2027-06-08T21:59:59.999Z");
    expect(endOfDay("2027-01-08")).toBe("2027-01-08T22:59:59.999Z");

    const files = unzipSync(packZip(pack));
    const html = strFromU8(files[`formations/${f.slug}.html`]!);
    expect(html).toContain("Résumé du 5 juin");
    expect(html).not.toContain("Résumé du 9 juin");
    // As the public page shows it: labels, euros, French dates in Paris time, names; no internal value.
    expect(html).toContain(MODALITY_LABELS[f.modality]);
    if (f.priceInter !== null) expect(html).toContain(formatEuros(f.priceInter));
    expect(html).toContain("version enregistrée le 5 juin 2027 à 11\u00a0h\u00a000");
    expect(html).not.toContain(entry.revisionId);
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(html).not.toMatch(/>\s*(presentiel|distanciel|mixte|none|rncp|rs|ht|ttc)\s*</);
    const csv = Buffer.from(files["synthese-2027-06-06.csv"]!).toString("utf8");
    expect(csv.startsWith("\uFEFFFormation;Adresse;")).toBe(true);
    expect(csv).toContain("Outlook\u00a0: organiser sa messagerie");
    // The version's date in Paris time (09:00 UTC in June is 11:00 in Paris).
    expect(csv).toContain(";05/06/2027 11:00;");
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it("drafts are pruned to the latest 50 per item, published states kept", async () => {
    await t.db.transaction().execute(async (trx) => {
      await recordRevision(trx, {
        entityType: "blog_post",
        entityId: "p1",
        content: { v: -1 },
        published: true,
        title: "P",
        at: "2027-05-01T00:00:00.000Z",
      });
      for (let i = 0; i < DRAFTS_KEPT + 5; i++) {
        const at = new Date(Date.UTC(2027, 4, 2, 0, i)).toISOString();
        await recordRevision(trx, { entityType: "blog_post", entityId: "p1", content: { v: i }, published: false, title: "P", at });
      }
    });
    const history = await listRevisions("blog_post", "p1", t.db);
    expect(history.filter((r) => !r.published)).toHaveLength(DRAFTS_KEPT);
    expect(history.filter((r) => r.published)).toHaveLength(1);
    const oldest = await getRevision(history.at(-2)!.id, t.db);
    expect(oldest?.content).toEqual({ v: 5 });
  });

  it("large contents are stored compressed and read back whole", async () => {
    const body = "Texte long et répété pour mesurer la compression. ".repeat(400);
    const id = await t.db.transaction().execute((trx) =>
      recordRevision(trx, {
        entityType: "settings",
        entityId: "organisation",
        content: { body },
        published: true,
        title: "Organisation",
      }),
    );
    const row = await t.db.selectFrom("revisions").select(["encoding", "content"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.encoding).toBe("gzip");
    expect(row.content.length).toBeLessThan(body.length / 10);
    expect((await getRevision(id, t.db))?.content).toEqual({ body });
  });

  it("the CGV are revisions: the id a registration records, the version in force, a restored draft", async () => {
    const v1 = valueOf(
      await saveLegalVersion("cgv", { body: `Première version. ${LONG}` }, { actor, target: t.db, now: new Date("2027-01-01T10:00:00Z") }),
    );
    const v2 = valueOf(
      await saveLegalVersion("cgv", { body: `Deuxième version. ${LONG}` }, { actor, target: t.db, now: new Date("2027-02-01T10:00:00Z") }),
    );
    expect((await currentLegalVersion("cgv", t.db))?.id).toBe(v2.id);
    expect((await legalVersionById(v1.id, t.db))?.body).toContain("Première version.");
    await restoreAsDraft(v1.id, { actor, target: t.db, at: "2027-03-01T10:00:00.000Z" });
    expect((await currentLegalVersion("cgv", t.db))?.id).toBe(v2.id);
    expect((await pendingLegalDraft("cgv", t.db))?.body).toContain("Première version.");
    expect(await legalVersionById((await latestRevision("legal_document", "cgv", {}, t.db))!.id, t.db)).toBeNull();
  });
});

describe("the migration to revisions", () => {
  it("moves the CGV versions into revisions with their ids, so registrations still point at them", async () => {
    const { createSqliteDatabase } = await import("../../../tests/support/databases");
    const { migrate } = await import("~/platform/db/db.server");
    const { migrations } = await import("~/platform/db/migrations");
    const t = await createSqliteDatabase({ migrated: false });
    try {
      const names = Object.keys(migrations);
      const before = Object.fromEntries(names.slice(0, names.indexOf("202611281200_revisions")).map((n) => [n, migrations[n]!]));
      await migrate(t.db, before);
      await (t.db as unknown as import("kysely").Kysely<any>)
        .insertInto("legal_document_versions")
        .values({
          id: "cgv-v1",
          document: "cgv",
          body: `Ancienne version. ${LONG}`,
          is_demo: 1,
          author_email: "",
          created_at: "2026-11-01T00:00:00.000Z",
        })
        .execute();
      await migrate(t.db);
      const version = await legalVersionById("cgv-v1", t.db);
      expect(version).toMatchObject({ document: "cgv", isDemo: true, createdAt: "2026-11-01T00:00:00.000Z" });
      expect(version?.body).toContain("Ancienne version.");
    } finally {
      await t.cleanup();
    }
  });
});
