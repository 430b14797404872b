import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { documentsFixture, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { listRevisions } from "~/domain/revisions/revisions.server";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { createFeedLink, revokeFeedLink, trainerFeed } from "./feed.server";
import {
  TrainerForbiddenError,
  addUnavailability,
  assignTrainer,
  createTrainer,
  deleteTrainer,
  getTrainer,
  hoursCsv,
  hoursPerYear,
  sessionTrainers,
  setTrainerArchived,
  unassignTrainer,
  updateTrainer,
} from "./trainers.server";
import { editor, viewer } from "../../../tests/support/actors";

const internal = {
  name: "Marie Curie",
  email: "Marie@Formavia.test",
  phone: "04 73 00 00 00",
  status: "interne",
  qualifications: "PCIE\nExcel expert",
};
const external = {
  name: "Paul Martin",
  email: "paul@martin.test",
  status: "independant",
  siret: "732 829 320 00074",
  nda: "84 69 12345 69",
  areas: "Bureautique",
  trainings: "12/05/2026 Excel Power Query",
  certifications: "2026-06-01 TOSA Excel",
};

describe.each(engines)("trainers on $name", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
  });
  afterAll(() => t.cleanup());
  const ctx = () => ({ actor: editor, target: t.db });

  async function trainer(input: Record<string, unknown>) {
    const r = await createTrainer(input, ctx());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  }

  it("validates with French messages beside the fields; SIRET checked for an external trainer", async () => {
    const r = await createTrainer({ name: "", email: "pas-une-adresse", status: "", phone: "abc" }, ctx());
    expect(r).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: {
        name: "Le nom est obligatoire.",
        email: "Saisissez une adresse e-mail valide, par exemple nom@domaine.fr.",
        status: "Choisissez le statut du formateur.",
        phone: "Saisissez un numéro de téléphone valide, par exemple 04 73 00 00 00.",
      },
    });
    const noSiret = await createTrainer({ ...external, siret: "" }, ctx());
    expect(noSiret).toMatchObject({ ok: false, errors: { siret: "Le SIRET est obligatoire pour un formateur externe." } });
    const badSiret = await createTrainer({ ...external, siret: "73282932000075" }, ctx());
    expect(badSiret).toMatchObject({ ok: false, errors: { siret: "Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte)." } });
    const badDate = await createTrainer({ ...external, trainings: "Excel sans date" }, ctx());
    expect(badDate).toMatchObject({
      ok: false,
      errors: { trainings: "Chaque ligne de «\u00a0Formations suivies\u00a0» commence par sa date (JJ/MM/AAAA) suivie de l'intitulé." },
    });
    const company = await createTrainer({ ...external, status: "societe", companyName: "" }, ctx());
    expect(company).toMatchObject({ ok: false, errors: { companyName: "La raison sociale de la société est obligatoire." } });
  });

  it("creates and changes a trainer with its journal entry and revision; a viewer is refused; a missing trainer is not found", async () => {
    const paul = await trainer({ ...external, qualifications: "Formateur : Excel" });
    expect(paul).toMatchObject({
      email: "paul@martin.test",
      siret: "73282932000074",
      nda: "84691234569",
      qualifications: ["Formateur\u00a0: Excel"],
      competences: [
        { date: "2026-05-12", kind: "formation", label: "Excel Power Query" },
        { date: "2026-06-01", kind: "certification", label: "TOSA Excel" },
      ],
    });
    const updated = await updateTrainer(paul.id, { ...external, phone: "06 12 34 56 78" }, ctx());
    expect(updated.ok && updated.value.phone).toBe("06 12 34 56 78");
    expect((await listRevisions("trainer", paul.id, t.db)).length).toBe(2);
    const audit = await listAudit(t.db, { page: 1, entity: "trainer" });
    expect(audit.entries.map((e) => e.summary)).toContain("Formateur «\u00a0Paul Martin\u00a0» modifié.");

    await expect(createTrainer(internal, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);
    await expect(updateTrainer(paul.id, internal, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);
    await expect(deleteTrainer(paul.id, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);
    await expect(assignTrainer("x", { trainerId: paul.id }, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);

    expect(await updateTrainer("absent", internal, ctx())).toMatchObject({ ok: false, kind: "not-found" });
    expect(await deleteTrainer("absent", ctx())).toMatchObject({ ok: false, kind: "not-found" });
    expect(await getTrainer("absent", t.db)).toBeNull();
    expect(await deleteTrainer(paul.id, ctx())).toEqual({ ok: true, value: undefined });
  });

  it("refuses a double booking on overlapping half-days, accepts adjacent ones; a trainer with sessions is archived, not deleted", async () => {
    const marie = await trainer(internal);
    const a = await fixture.newSession(5); // 10–11 March 2099
    const b = await fixture.newSession(5); // 11–12 March: overlaps a on the 11th
    const c = await fixture.newSession(5); // 12–13 March: adjacent to a
    expect((await assignTrainer(a, { trainerId: marie.id }, ctx())).ok).toBe(true);
    const refusedB = await assignTrainer(b, { trainerId: marie.id }, ctx());
    expect(refusedB).toEqual({
      ok: false,
      kind: "conflict",
      errors: { trainerId: expect.stringMatching(/^Ce formateur anime déjà la session «\u00a0.+\u00a0» du 10 au 11 mars 2099\.$/) },
    });
    expect((await assignTrainer(c, { trainerId: marie.id }, ctx())).ok).toBe(true);
    // Half-day by half-day: the afternoon of the 11th is free on b while a keeps the morning.
    await unassignTrainer(a, marie.id, ctx());
    expect(
      (await assignTrainer(a, { trainerId: marie.id, halfDays: ["2099-03-10:matin", "2099-03-10:apres-midi", "2099-03-11:matin"] }, ctx()))
        .ok,
    ).toBe(true);
    expect((await assignTrainer(b, { trainerId: marie.id, halfDays: ["2099-03-11:apres-midi"] }, ctx())).ok).toBe(true);
    expect((await sessionTrainers(a, t.db)).map((s) => [s.trainer.name, s.halfDays.length, s.complete])).toEqual([
      ["Marie Curie", 3, false],
    ]);

    expect(await deleteTrainer(marie.id, ctx())).toMatchObject({ ok: false, kind: "conflict" });
    expect((await setTrainerArchived(marie.id, true, ctx())).ok).toBe(true);
    const d = await fixture.newSession(5);
    expect(await assignTrainer(d, { trainerId: marie.id }, ctx())).toMatchObject({ ok: false, kind: "conflict" });

    // Hours: the formation's hours shared between the session's half-days.
    const lines = await hoursPerYear(marie.id, t.db);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ year: "2099", sessions: 3, status: "interne" });
    expect(lines[0]!.hours).toBeGreaterThan(0);
    const csv = await hoursCsv(t.db);
    expect(csv.startsWith("\uFEFFAnnée;Formateur;Statut;Interne ou externe;Sessions;Heures\r\n")).toBe(true);
    expect(csv).toContain(`2099;Marie Curie;Salarié (interne);interne;3;`);
  });

  it("honours an external trainer's unavailability like a session", async () => {
    const paul = await trainer({ ...external, email: "paul2@martin.test" });
    const s = await fixture.newSession(5);
    const day = (await t.db.selectFrom("formation_sessions").select("start_date").where("id", "=", s).executeTakeFirstOrThrow()).start_date;
    expect((await addUnavailability(paul.id, { from: day, to: day }, ctx())).ok).toBe(true);
    const r = await assignTrainer(s, { trainerId: paul.id }, ctx());
    expect(r).toMatchObject({
      ok: false,
      kind: "conflict",
      errors: { trainerId: expect.stringMatching(/^Ce formateur est indisponible le /) },
    });
    expect(await addUnavailability(paul.id, { from: "2099-05-02", to: "2099-05-01" }, ctx())).toMatchObject({
      ok: false,
      errors: { to: "La date de fin suit la date de début." },
    });
  });

  it("two staff assigning one trainer to overlapping sessions at once, from two connections: exactly one succeeds", async () => {
    const jeanne = await trainer({ ...internal, name: "Jeanne Dupuis", email: "jeanne@formavia.test" });
    const a = await fixture.newSession(5);
    const b = await fixture.newSession(5);
    // PostgreSQL: a second pool, as a second instance would have. SQLite: one process cannot hold two
    // handles that wait on each other (better-sqlite3 waits synchronously), so both saves share the
    // handle; their checks interleave and the UNIQUE (trainer_id, slot) refuses the second insert.
    const second = t.engine === "postgres" ? openDb({ engine: "postgres", url: t.url }).db : t.db;
    try {
      const results = await Promise.all([
        assignTrainer(a, { trainerId: jeanne.id }, ctx()),
        assignTrainer(b, { trainerId: jeanne.id }, { actor: editor, target: second }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({
        ok: false,
        kind: "conflict",
        errors: { trainerId: expect.stringMatching(/^Ce formateur anime déjà la session/) },
      });
      const slots = await t.db.selectFrom("trainer_slots").select("slot").where("trainer_id", "=", jeanne.id).execute();
      expect(new Set(slots.map((s) => s.slot)).size).toBe(slots.length);
    } finally {
      if (second !== t.db) await closeDbHandle(second);
    }
  });

  it("a trainer's calendar subscription lists the half-days they teach; a new link or a revocation closes the old one", async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "http://formavia.test", LOG_LEVEL: "error" }));
    const lise = await trainer({ ...internal, name: "Lise Meitner", email: "lise@formavia.test" });
    const s = await fixture.newSession(5);
    const day = (await t.db.selectFrom("formation_sessions").select("start_date").where("id", "=", s).executeTakeFirstOrThrow()).start_date;
    expect((await assignTrainer(s, { trainerId: lise.id, halfDays: [`${day}:matin`] }, ctx())).ok).toBe(true);
    const link = await createFeedLink(lise.id, ctx());
    if (!link.ok) throw new Error("refusé");
    const secret = /^http:\/\/formavia\.test\/formateurs\/agenda\/([\w-]+)\/agenda\.ics$/.exec(link.value)![1]!;
    const feed = (await trainerFeed(secret, t.db))!;
    expect(feed).toContain("BEGIN:VCALENDAR");
    expect(feed).toMatch(/SUMMARY:.+\(matin\)/);
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(await trainerFeed("inconnu", t.db)).toBeNull();

    const replaced = await createFeedLink(lise.id, ctx());
    expect(await trainerFeed(secret, t.db)).toBeNull();
    expect((await revokeFeedLink(lise.id, ctx())).ok).toBe(true);
    expect(await trainerFeed(/agenda\/([\w-]+)\//.exec(replaced.ok ? replaced.value : "")![1]!, t.db)).toBeNull();
    await expect(createFeedLink(lise.id, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);
  });
});
