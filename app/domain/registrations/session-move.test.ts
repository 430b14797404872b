import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { generateDocument } from "~/domain/documents/documents.server";
import { documentsToRegenerate } from "~/domain/documents/regenerate.server";
import { documentsFixture, registerByHand, staff } from "~/domain/documents/test-fixtures";
import { getFormationById, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import type { Db } from "~/platform/db/db.server";
import { valueOf } from "~/platform/validation/errors";
import { updateSessionDetails } from "./admin.server";
import { documentsTestConfig } from "~/domain/documents/test-config";

documentsTestConfig("session-move-test-");

interface QueuedCalendar {
  to: string;
  purpose: string;
  subject: string;
  text: string;
  events: Array<{ uid: string; sequence: number; start: string; status: string | null; location: string }>;
}

/** The queued mails of a session's registrations (oldest first), each with its parsed .ics events. */
async function queuedMails(target: Db, sessionId: string): Promise<QueuedCalendar[]> {
  const rows = await target
    .selectFrom("mail_queue as m")
    .innerJoin("registrations as r", "r.id", "m.registration_id")
    .select(["m.to_address", "m.purpose", "m.subject", "m.text_body", "m.attachments"])
    .where("r.session_id", "=", sessionId)
    .orderBy("m.created_at")
    .orderBy("m.to_address")
    .execute();
  return rows.map((m) => {
    const files = JSON.parse(m.attachments) as Array<{ filename: string; content?: string }>;
    const ics = files.find((f) => f.filename.endsWith(".ics"))?.content;
    const events = ics
      ? new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => {
          const e = new ICAL.Event(v);
          return {
            uid: e.uid,
            sequence: e.sequence,
            start: e.startDate.toJSDate().toISOString(),
            status: (v.getFirstPropertyValue("status") as string | null) ?? null,
            location: e.location,
          };
        })
      : [];
    return { to: m.to_address, purpose: m.purpose, subject: m.subject, text: m.text_body, events };
  });
}

describe.each(engines)("moving a session ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: Awaited<ReturnType<typeof documentsFixture>>;

  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("asks first, then e-mails each contact and trainee the new schedule with the same calendar events (SEQUENCE + 1)", async () => {
    const sessionId = await fixture.newSession(10);
    const company = await registerByHand(t.db, sessionId, "entreprise", 2);
    await registerByHand(t.db, sessionId, "particulier", 1);
    const before = await queuedMails(t.db, sessionId);
    const confirmation = before.find((m) => m.purpose === "inscription-recue" && m.events.length > 0)!;
    expect(confirmation.events).toHaveLength(2);
    expect(confirmation.events.every((e) => e.sequence === 0)).toBe(true);
    const session = (await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow())!;
    const convention = await generateDocument({ kind: "convention", sessionId, registrationId: company }, { actor: staff, target: t.db });
    expect(convention.ok).toBe(true);

    const move = {
      kind: "inter" as const,
      startDate: "2099-06-08",
      endDate: "2099-06-09",
      dayStart: "09:30",
      dayEnd: "17:30",
      address: "8 place Bellecour, 69002 Lyon",
    };
    // Without confirmation: nothing is saved, staff learn how many registrations and trainees are concerned.
    expect(await updateSessionDetails(sessionId, move, staff, t.db)).toEqual({
      ok: false,
      audience: { registrations: 2, trainees: 3 },
    });
    const unchanged = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(unchanged.start_date).toBe(session.start_date);
    expect(await queuedMails(t.db, sessionId)).toHaveLength(before.length);

    expect(await updateSessionDetails(sessionId, { ...move, confirmation: true }, staff, t.db)).toEqual({ ok: true, notified: 5 });
    const moved = (await queuedMails(t.db, sessionId)).slice(before.length);
    expect(moved).toHaveLength(5);
    // One e-mail per contact and per trainee, nobody twice.
    expect(new Set(moved.map((m) => m.to)).size).toBe(5);
    expect(moved.filter((m) => m.purpose === "session-deplacee")).toHaveLength(2);
    expect(moved.filter((m) => m.purpose === "deplacee-stagiaire")).toHaveLength(3);
    const uids = confirmation.events.map((e) => e.uid);
    for (const m of moved) {
      expect(m.events.map((e) => e.uid)).toEqual(uids);
      expect(m.events.map((e) => e.sequence)).toEqual([1, 1]);
      expect(m.events.map((e) => e.start)).toEqual(["2099-06-08T07:30:00.000Z", "2099-06-09T07:30:00.000Z"]);
      expect(m.events[0]!.location).toBe("8 place Bellecour, 69002 Lyon");
      expect(m.text).toContain("Dates\u00a0: du 8 au 9 juin 2099");
      expect(m.text).toContain(
        `(au lieu de\u00a0: du ${Number(session.start_date.slice(8))} au ${Number(session.end_date.slice(8))} mars 2099)`,
      );
      expect(m.text).toContain("Horaires\u00a0: de 9\u00a0h\u00a030 à 17\u00a0h\u00a030 (heure de Paris)");
      expect(m.text).toContain("Lieu\u00a0: 8 place Bellecour, 69002 Lyon");
    }

    // The convention issued before the move is « à régénérer »; a new version clears it.
    expect((await documentsToRegenerate(sessionId, t.db)).map((d) => d.kindLabel)).toEqual(["Convention de formation"]);
    const again = await generateDocument(
      { kind: "convention", sessionId, registrationId: company },
      { actor: staff, target: t.db, now: Date.now() + 1000 },
    );
    expect(again.ok).toBe(true);
    expect(await documentsToRegenerate(sessionId, t.db)).toEqual([]);

    // A second, shorter move: day 1 is updated (SEQUENCE 2), day 2 goes out cancelled.
    const shorter = { ...move, startDate: "2099-06-15", endDate: "2099-06-15", confirmation: true };
    expect(await updateSessionDetails(sessionId, shorter, staff, t.db)).toEqual({ ok: true, notified: 5 });
    const last = (await queuedMails(t.db, sessionId)).slice(before.length + 5);
    expect(last).toHaveLength(5);
    expect(last[0]!.events.map((e) => [e.uid, e.sequence, e.status])).toEqual([
      [uids[0], 2, "CONFIRMED"],
      [uids[1], 2, "CANCELLED"],
    ]);
  });

  it("the formation editor refuses to move a session that has registrations (its page asks and tells them)", async () => {
    const sessionId = await fixture.newSession(10);
    await registerByHand(t.db, sessionId, "entreprise", 1);
    const formation = (await getFormationById(fixture.formationId, t.db))!;
    const values = formationToFormValues(formation);
    const rows = values.sessions as Array<Record<string, unknown>>;
    const i = rows.findIndex((r) => r.id === sessionId);
    const sessions = rows.map((r, k) => (k === i ? { ...r, startDate: "2099-07-01", endDate: "2099-07-02" } : r));
    const outcome = await updateFormation(fixture.formationId, { ...values, sessions }, { db: t.db });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? null : outcome.errors[`sessions.${i}.startDate`]).toContain("changez ses dates ou son lieu sur sa page");
    const kept = await t.db.selectFrom("formation_sessions").select("start_date").where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(kept.start_date).not.toBe("2099-07-01");
    expect(await queuedMails(t.db, sessionId)).toHaveLength(1 + 1); // the registration's own mails: contact and staff
  });

  it("changing what is not the schedule (the formation's description, the session's type) sends nothing and flags nothing", async () => {
    const sessionId = await fixture.newSession(10);
    const company = await registerByHand(t.db, sessionId, "entreprise", 1);
    expect((await generateDocument({ kind: "convention", sessionId, registrationId: company }, { actor: staff, target: t.db })).ok).toBe(
      true,
    );
    const count = (await queuedMails(t.db, sessionId)).length;
    const session = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();

    const formation = (await getFormationById(fixture.formationId, t.db))!;
    const values = formationToFormValues(formation);
    valueOf(
      await updateFormation(
        fixture.formationId,
        { ...values, description: `${String(values.description)}\n\nMise à jour du programme.` },
        { db: t.db },
      ),
    );
    const same = { startDate: session.start_date, endDate: session.end_date, dayStart: session.day_start, dayEnd: session.day_end };
    expect(await updateSessionDetails(sessionId, { ...same, kind: "intra", address: session.address }, staff, t.db)).toEqual({
      ok: true,
      notified: 0,
    });
    expect(await queuedMails(t.db, sessionId)).toHaveLength(count);
    expect(await documentsToRegenerate(sessionId, t.db)).toEqual([]);
    const after = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(Number(after.schedule_sequence)).toBe(0);
    expect(after.kind).toBe("intra");
  });
});
