import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { documentsFixture, registerByHand, staff, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { getFormationById, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import { createFeedLink, trainerFeed } from "./feed.server";
import { followedSlots, updateSessionWithTrainers } from "./session-move.server";
import { addUnavailability, assignTrainer, createTrainer, sessionTrainers } from "./trainers.server";

/**
 * Moving a session moves its trainers' half-days, or is refused when one of them is taken at the
 * new dates (docs/decisions/0032-trainers-follow-a-moved-session.md).
 */

documentsTestConfig("trainers-move-test-");

const place = { kind: "inter" as const, dayStart: "09:00", dayEnd: "17:00", address: "8 place Bellecour, 69002 Lyon" };

describe("the half-days a trainer teaches once the session moved", () => {
  const from = { startDate: "2099-03-10", endDate: "2099-03-11" }; // Tuesday, Wednesday
  it("keeps each rank; all of them for a trainer who taught all; drops the ranks a shorter session no longer has", () => {
    const all = ["2099-03-10:matin", "2099-03-10:apres-midi", "2099-03-11:matin", "2099-03-11:apres-midi"];
    expect(followedSlots(all, from, { startDate: "2099-06-08", endDate: "2099-06-10" })).toEqual([
      "2099-06-08:matin",
      "2099-06-08:apres-midi",
      "2099-06-09:matin",
      "2099-06-09:apres-midi",
      "2099-06-10:matin",
      "2099-06-10:apres-midi",
    ]);
    // Friday to Monday: the weekend is skipped, the second day is the Monday.
    expect(followedSlots(["2099-03-11:matin"], from, { startDate: "2099-06-12", endDate: "2099-06-15" })).toEqual(["2099-06-15:matin"]);
    expect(
      followedSlots(["2099-03-10:apres-midi", "2099-03-11:apres-midi"], from, { startDate: "2099-06-08", endDate: "2099-06-08" }),
    ).toEqual(["2099-06-08:apres-midi"]);
  });
});

describe.each(engines)("moving a session with its trainers ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
  });
  afterAll(() => t.cleanup());
  const ctx = () => ({ actor: staff, target: t.db });

  async function trainer(name: string, status = "interne") {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}@formavia.test`;
    const external = status === "interne" ? {} : { siret: "732 829 320 00074" };
    const r = await createTrainer({ name, email, status, ...external }, ctx());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  }

  const datesOf = (id: string) =>
    t.db.selectFrom("formation_sessions").select(["start_date", "end_date"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("the trainers' half-days follow the new dates, the journal says so, and the trainer's calendar feed shows them", async () => {
    const marie = await trainer("Marie Curie");
    const paul = await trainer("Paul Martin", "independant");
    const sessionId = await fixture.newSession(10);
    const { start_date: day1, end_date: day2 } = await datesOf(sessionId);
    expect((await assignTrainer(sessionId, { trainerId: marie.id }, ctx())).ok).toBe(true);
    expect((await assignTrainer(sessionId, { trainerId: paul.id, halfDays: [`${day2}:apres-midi`] }, ctx())).ok).toBe(true);
    const link = await createFeedLink(marie.id, ctx());
    const secret = /agenda\/([\w-]+)\//.exec(link.ok ? link.value : "")![1]!;
    expect(await trainerFeed(secret, t.db)).toContain(`DTSTART:${day1.replaceAll("-", "")}`);

    // No registration: saved at once.
    const saved = await updateSessionWithTrainers(sessionId, { ...place, startDate: "2099-06-08", endDate: "2099-06-09" }, staff, t.db);
    expect(saved).toEqual({ ok: true, notified: 0 });
    const after = await sessionTrainers(sessionId, t.db);
    expect(after.map((a) => [a.trainer.name, a.halfDays, a.complete])).toEqual([
      ["Marie Curie", ["2099-06-08:matin", "2099-06-08:apres-midi", "2099-06-09:matin", "2099-06-09:apres-midi"], true],
      ["Paul Martin", ["2099-06-09:apres-midi"], false],
    ]);
    const leftovers = await t.db.selectFrom("trainer_slots").select("slot").where("slot", "like", `${day1}%`).execute();
    expect(leftovers).toEqual([]);
    const audit = await listAudit(t.db, { page: 1, entity: "trainer" });
    expect(audit.entries.map((e) => e.summary)).toContain("Marie Curie suit le déplacement de la session (4\u00a0demi-journées).");

    // The feed follows: the new days, not the old ones.
    const feed = (await trainerFeed(secret, t.db))!;
    expect(feed).toContain("DTSTART:20990608T");
    expect(feed).toContain("DTSTART:20990609T");
    expect(feed).not.toContain(`DTSTART:${day1.replaceAll("-", "")}`);

    // Shorter: the second day's half-days are dropped.
    expect(await updateSessionWithTrainers(sessionId, { ...place, startDate: "2099-06-08", endDate: "2099-06-08" }, staff, t.db)).toEqual({
      ok: true,
      notified: 0,
    });
    expect((await sessionTrainers(sessionId, t.db)).map((a) => [a.trainer.name, a.halfDays])).toEqual([
      ["Marie Curie", ["2099-06-08:matin", "2099-06-08:apres-midi"]],
    ]);
  });

  it("refuses the move, nothing saved, when a trainer teaches another session or is unavailable at the new dates, naming them", async () => {
    const lise = await trainer("Lise Meitner");
    const irene = await trainer("Irène Joliot", "independant");
    const moving = await fixture.newSession(10);
    await fixture.newSession(10); // between the two: they do not overlap
    const other = await fixture.newSession(10);
    const before = await datesOf(moving);
    const otherDates = await datesOf(other);
    expect((await assignTrainer(moving, { trainerId: lise.id }, ctx())).ok).toBe(true);
    expect((await assignTrainer(other, { trainerId: lise.id }, ctx())).ok).toBe(true);
    // A registration: the refusal comes before the confirmation that would tell the registrants.
    await registerByHand(t.db, moving, "entreprise", 1);

    const onto = { ...place, startDate: otherDates.start_date, endDate: otherDates.end_date };
    const refused = await updateSessionWithTrainers(moving, onto, staff, t.db);
    expect(refused).toEqual({
      ok: false,
      conflict: expect.stringMatching(
        /^La session n'a pas été déplacée\u00a0: Lise Meitner anime déjà la session «\u00a0.+\u00a0» du \d+ au \d+ mars 2099\. Choisissez d'autres dates, ou retirez d'abord ce formateur de la session\.$/,
      ),
    });
    expect(await updateSessionWithTrainers(moving, { ...onto, confirmation: true }, staff, t.db)).toMatchObject({ ok: false });
    expect(await datesOf(moving)).toEqual(before);
    expect((await sessionTrainers(moving, t.db))[0]!.halfDays[0]).toBe(`${before.start_date}:matin`);

    // An external trainer's unavailability refuses it the same way.
    const third = await fixture.newSession(10);
    expect((await assignTrainer(third, { trainerId: irene.id }, ctx())).ok).toBe(true);
    expect((await addUnavailability(irene.id, { from: "2099-07-01", to: "2099-07-03" }, ctx())).ok).toBe(true);
    expect(await updateSessionWithTrainers(third, { ...place, startDate: "2099-07-02", endDate: "2099-07-03" }, staff, t.db)).toEqual({
      ok: false,
      conflict:
        "La session n'a pas été déplacée\u00a0: Irène Joliot est indisponible le 2 juillet 2099. Choisissez d'autres dates, ou retirez d'abord ce formateur de la session.",
    });
    // Elsewhere, it moves (the hours alone never touch the half-days).
    expect((await updateSessionWithTrainers(third, { ...place, startDate: "2099-07-06", endDate: "2099-07-07" }, staff, t.db)).ok).toBe(
      true,
    );
    expect(
      (await updateSessionWithTrainers(third, { ...place, dayStart: "08:30", startDate: "2099-07-06", endDate: "2099-07-07" }, staff, t.db))
        .ok,
    ).toBe(true);
    expect((await sessionTrainers(third, t.db))[0]!.halfDays).toEqual([
      "2099-07-06:matin",
      "2099-07-06:apres-midi",
      "2099-07-07:matin",
      "2099-07-07:apres-midi",
    ]);
  });

  it("the formation's editor refuses to change the dates of a session with trainers: that is done on the session's page", async () => {
    const ada = await trainer("Ada Lovelace");
    const sessionId = await fixture.newSession(10);
    expect((await assignTrainer(sessionId, { trainerId: ada.id }, ctx())).ok).toBe(true);
    const formation = (await getFormationById(fixture.formationId, t.db))!;
    const values = formationToFormValues(formation);
    const sessions = (values.sessions as Array<Record<string, unknown>>).map((s) =>
      s.id === sessionId ? { ...s, startDate: "2099-09-01", endDate: "2099-09-02" } : s,
    );
    const index = sessions.findIndex((s) => s.id === sessionId);
    const refused = await updateFormation(fixture.formationId, { ...values, sessions }, { db: t.db });
    expect(refused).toMatchObject({
      ok: false,
      errors: { [`sessions.${index}.startDate`]: expect.stringContaining("Cette session a des formateurs affectés") },
    });
  });
});
