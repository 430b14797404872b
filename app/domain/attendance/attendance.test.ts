import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { markAttendance } from "~/domain/documents/attendance.server";
import { documentFile, generateDocument } from "~/domain/documents/documents.server";
import { AFTER_SESSIONS } from "~/domain/documents/test-fixtures";
import { SPACE_REALM } from "~/domain/registrations/space-links";
import { formatDateTime, formatHours } from "~/platform/format";
import { openLinkSession } from "~/platform/link-sign-in/link-sign-in.server";
import { databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { assignTrainer, createTrainer } from "~/domain/trainers/trainers.server";
import {
  attendedHalfDays,
  closeHalfDay,
  halfDayState,
  markTrainee,
  remindMissing,
  requestEmailCode,
  resolveTrainee,
  sessionTrainees,
  signHalfDay,
  type SessionTrainee,
} from "./attendance.server";
import { verifyChain } from "./chain.server";
import { attendanceCutoff, pruneAttendance } from "./retention.server";
import { attachmentFile, uploadAttachment } from "./files.server";
import { attendanceProof, trainerSheet } from "./sheet.server";
import { checkRoomCode, roomCode, traineeOfToken, traineeToken } from "./codes.server";
import { halfDayTimes, signSchema } from "./model";

documentsTestConfig("attendance-test-");

/** A tiny valid PNG, as the signing pad sends it. */
const PNG =
  "data:image/png;base64," +
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]).toString("base64");
const client = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (iPhone) Test" };

/** The fixture's sessions run from 09:00 to 17:00 (Paris, UTC+1 in March 2099). */
const at = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+01:00`);

describe("half-day times", () => {
  it("cuts the day at the lunch break, or in its middle", () => {
    expect(halfDayTimes("2099-03-10:matin", "09:00", "17:00")).toEqual({ start: "09:00", end: "12:30" });
    expect(halfDayTimes("2099-03-10:apres-midi", "09:00", "17:00")).toEqual({ start: "13:30", end: "17:00" });
    expect(halfDayTimes("2099-03-10:matin", "14:00", "18:00")).toEqual({ start: "14:00", end: "16:00" });
  });

  it("accepts the current and the previous room code only", () => {
    const now = Date.parse("2099-03-10T08:30:10Z");
    const { code } = roomCode("s1", "2099-03-10:matin", now);
    expect(code).toMatch(/^\d{6}$/);
    expect(checkRoomCode("s1", "2099-03-10:matin", code, now)).toBe(true);
    expect(checkRoomCode("s1", "2099-03-10:matin", code, now + 30_000)).toBe(true);
    expect(checkRoomCode("s1", "2099-03-10:matin", code, now + 60_000)).toBe(false);
    expect(checkRoomCode("s1", "2099-03-10:apres-midi", code, now)).toBe(roomCode("s1", "2099-03-10:apres-midi", now).code === code);
    expect(checkRoomCode("s2", "2099-03-10:matin", code, now)).toBe(roomCode("s2", "2099-03-10:matin", now).code === code);
  });

  it("a personal token names its trainee, and nothing else", () => {
    const token = traineeToken("abc-123");
    expect(traineeOfToken(token)).toBe("abc-123");
    expect(traineeOfToken(`${token.slice(0, -1)}x`)).toBeNull();
    expect(traineeOfToken("abc-124.xyz")).toBeNull();
  });
});

describe.each(engines)("attendance on $name", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());

  async function session(trainees = 2) {
    const sessionId = await fixture.newSession(10);
    await registerByHand(t.db, sessionId, "entreprise", trainees);
    const list = await sessionTrainees(sessionId, t.db);
    const row = await t.db.selectFrom("formation_sessions").select("start_date").where("id", "=", sessionId).executeTakeFirstOrThrow();
    return { sessionId, list, day: row.start_date };
  }

  const input = (day: string, code: string, extra: Record<string, unknown> = {}) =>
    signSchema.parse({ d: `${day}-matin`, methode: "salle", code, signature: PNG, ...extra });

  async function sign(sessionId: string, trainee: SessionTrainee, day: string, now: number, extra: Record<string, unknown> = {}) {
    const { code } = roomCode(sessionId, `${day}:matin`, now);
    return signHalfDay(sessionId, input(day, code, extra), trainee, client, { target: t.db, now });
  }

  it("records a signature in its window, with the proof, and refuses outside it, twice, or with a stale or foreign code", async () => {
    const { sessionId, list, day } = await session();
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    const before = await sign(sessionId, alice, day, at(day, "08:59"));
    expect(before).toMatchObject({ ok: false, kind: "conflict" });
    expect(!before.ok && before.error).toContain("n'est pas encore ouverte");
    const after = await sign(sessionId, alice, day, at(day, "13:31"));
    expect(after).toMatchObject({ ok: false, kind: "conflict" });
    expect(!after.ok && after.error).toContain("est fermée depuis le");

    const now = at(day, "09:10");
    const stale = roomCode(sessionId, `${day}:matin`, now - 61_000).code;
    const expired = await signHalfDay(sessionId, input(day, stale), alice, client, { target: t.db, now });
    expect(expired.ok || stale === roomCode(sessionId, `${day}:matin`, now).code).toBe(false);
    expect(!expired.ok && expired.error).toContain("change toutes les 30");

    const other = await session(1);
    const foreign = roomCode(other.sessionId, `${day}:matin`, now).code;
    if (foreign !== roomCode(sessionId, `${day}:matin`, now).code) {
      const refused = await signHalfDay(sessionId, input(day, foreign), alice, client, { target: t.db, now });
      expect(refused).toMatchObject({ ok: false, kind: "invalid" });
    }

    expect(await sign(sessionId, alice, day, now)).toMatchObject({ ok: true, halfDayLabel: expect.stringContaining("matin") });
    const twice = await sign(sessionId, alice, day, now + 5_000);
    expect(twice).toMatchObject({ ok: false, kind: "conflict" });
    expect(!twice.ok && twice.error).toContain("Vous avez déjà signé");

    const state = await halfDayState(sessionId, `${day}:matin`, t.db);
    const record = state.trainees.get(alice.id)!.signature!;
    expect(record).toMatchObject({
      trainee_id: alice.id,
      trainee_name: alice.name,
      method: "salle",
      signature_kind: "dessin",
      ip: client.ip,
      user_agent: client.userAgent,
      created_at: new Date(now).toISOString(),
    });
    expect(state.trainees.get(bob.id)).toBeUndefined();
    const events = await t.db.selectFrom("webhook_events").select(["type", "payload"]).where("type", "=", "attendance.signed").execute();
    expect(events.some((e) => e.payload.includes(alice.id))).toBe(true);
  });

  it("signs with an e-mail code and a typed name (no JavaScript), once per code", async () => {
    const { sessionId, list, day } = await session(1);
    const [alice] = list as [SessionTrainee];
    const now = at(day, "10:00");
    expect(await requestEmailCode(sessionId, `${day}:matin`, alice, { target: t.db, now })).toEqual({ ok: true });
    const mail = await t.db
      .selectFrom("mail_queue")
      .select(["subject", "to_address"])
      .where("purpose", "=", "emargement-code")
      .where("to_address", "=", alice.email)
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(mail.subject)![1]!;
    const typed = (c: string) => signSchema.parse({ d: `${day}-matin`, methode: "email", code: c, signature: "", nom: "Élise Test" });
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await signHalfDay(sessionId, typed(wrong), alice, client, { target: t.db, now })).toMatchObject({ ok: false, kind: "invalid" });
    expect(await signHalfDay(sessionId, typed(code), alice, client, { target: t.db, now })).toMatchObject({ ok: true });
    const state = await halfDayState(sessionId, `${day}:matin`, t.db);
    expect(state.trainees.get(alice.id)!.signature).toMatchObject({ method: "email", signature_kind: "nom", signature: "Élise Test" });
    // An unknown address gets the same answer and no e-mail.
    expect(await resolveTrainee(sessionId, { email: "inconnu@exemple.test" }, t.db)).toBeNull();
    expect(await resolveTrainee(sessionId, { token: traineeToken(alice.id) }, t.db)).toMatchObject({ id: alice.id });
    // Signed in to their space, the trainee is known on the signing page.
    const setCookie = await openLinkSession(t.db, SPACE_REALM, alice.email.toUpperCase());
    const request = new Request(`http://formavia.test/emargement/${sessionId}`, { headers: { cookie: setCookie.split(";")[0]! } });
    expect(await resolveTrainee(sessionId, { request }, t.db)).toMatchObject({ id: alice.id });
  });

  it("detects an altered, removed or reordered record in the hash chain", async () => {
    const { sessionId, list, day } = await session(2);
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    await sign(sessionId, alice, day, at(day, "09:30"));
    await sign(sessionId, bob, day, at(day, "09:31"));
    const halfDay = `${day}:matin`;
    expect(await verifyChain(t.db, sessionId, halfDay)).toMatchObject({ ok: true, records: 2 });
    const first = await t.db
      .selectFrom("attendance_records")
      .selectAll()
      .where("session_id", "=", sessionId)
      .where("seq", "=", 1)
      .executeTakeFirstOrThrow();
    await t.db.updateTable("attendance_records").set({ created_at: "2099-03-01T00:00:00.000Z" }).where("id", "=", first.id).execute();
    expect(await verifyChain(t.db, sessionId, halfDay)).toMatchObject({ ok: false, seq: 1 });
    await t.db.updateTable("attendance_records").set({ created_at: first.created_at }).where("id", "=", first.id).execute();
    expect(await verifyChain(t.db, sessionId, halfDay)).toMatchObject({ ok: true });
    await t.db
      .updateTable("attendance_records")
      .set({ signature: PNG.replace("AQEB", "AgIC") })
      .where("id", "=", first.id)
      .execute();
    expect(await verifyChain(t.db, sessionId, halfDay)).toMatchObject({ ok: false, seq: 1, reason: "La signature a été remplacée." });
    // Erasing the picture keeps the chain (its SHA-256 is what the chain holds).
    await t.db.updateTable("attendance_records").set({ signature: "" }).where("id", "=", first.id).execute();
    expect(await verifyChain(t.db, sessionId, halfDay)).toMatchObject({ ok: true });
    await t.db.deleteFrom("attendance_records").where("session_id", "=", sessionId).where("seq", "=", 2).execute();
    expect(await verifyChain(t.db, sessionId, halfDay)).toMatchObject({ ok: false });
  });

  it("a trainer marks and countersigns; a closed half-day refuses trainees and trainers, staff correct it with a reason", async () => {
    const { sessionId, list, day } = await session(2);
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    const created = await createTrainer(
      { name: "Marie Curie", email: "marie@formavia.test", status: "interne" },
      { actor: staff, target: t.db },
    );
    if (!created.ok) throw new Error("trainer");
    expect((await assignTrainer(sessionId, { trainerId: created.value.id, halfDays: [] }, { actor: staff, target: t.db })).ok).toBe(true);
    const trainer = { kind: "formateur" as const, trainerId: created.value.id };
    const outsider = { kind: "formateur" as const, trainerId: "personne" };
    const now = at(day, "12:20");
    await sign(sessionId, alice, day, at(day, "09:05"));
    const mark = { d: `${day}-matin`, stagiaire: bob.id, statut: "absent" as const, motif: "Malade" };
    expect(await markTrainee(sessionId, mark, outsider, { target: t.db, now })).toMatchObject({ ok: false, kind: "not-found" });
    expect(await markTrainee(sessionId, mark, trainer, { target: t.db, now })).toEqual({ ok: true });
    const close = { d: `${day}-matin`, signature: PNG, nom: "Marie Curie" };
    expect(await closeHalfDay(sessionId, close, trainer, client, { target: t.db, now })).toEqual({ ok: true });
    expect(await closeHalfDay(sessionId, close, trainer, client, { target: t.db, now })).toMatchObject({ ok: false, kind: "conflict" });

    // A trainee can no longer sign, a trainer no longer change it.
    const late = await sign(sessionId, bob, day, now + 60_000);
    expect(late).toMatchObject({ ok: false, kind: "conflict" });
    expect(!late.ok && late.error).toContain("est close");
    const byTrainer = await markTrainee(sessionId, { ...mark, statut: "present" }, trainer, { target: t.db, now });
    expect(byTrainer).toMatchObject({ ok: false, kind: "conflict" });
    const asStaff = { kind: "equipe" as const, actor: staff };
    expect(await markTrainee(sessionId, { ...mark, statut: "present", motif: "" }, asStaff, { target: t.db, now })).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(
      await markTrainee(sessionId, { ...mark, statut: "present", motif: "Feuille papier retrouvée" }, asStaff, { target: t.db, now }),
    ).toEqual({
      ok: true,
    });
    const state = await halfDayState(sessionId, `${day}:matin`, t.db);
    expect(state.closed).toMatchObject({ by: "Marie Curie" });
    expect(state.trainees.get(bob.id)!.statusRecord).toMatchObject({ reason: "Correction après clôture\u00a0: Feuille papier retrouvée" });
    // The history keeps the absence and the correction, in the chain.
    expect(state.records.map((r) => r.event)).toEqual(["signature", "statut", "contre-signature", "statut"]);
    expect(await verifyChain(t.db, sessionId, `${day}:matin`)).toMatchObject({ ok: true, records: 4 });
    // The trainer's screen (their space will show it): only for a session they teach.
    expect(await trainerSheet(created.value.id, sessionId, `${day}-matin`, t.db, now)).toMatchObject({
      selected: { slug: `${day}-matin`, closed: expect.stringContaining("Marie Curie") },
    });
    expect(await trainerSheet("personne", sessionId, `${day}-matin`, t.db, now)).toBeNull();
    const closed = await t.db.selectFrom("webhook_events").select("payload").where("type", "=", "attendance.closed").execute();
    expect(closed.some((e) => e.payload.includes(sessionId))).toBe(true);
  });

  it("a trainer acts only on the half-days they teach: theirs marked and closed from their space, a co-trainer's or another session's refused", async () => {
    const { sessionId, list, day } = await session(2);
    const other = await session(1);
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    const newTrainer = async (name: string, email: string) => {
      const created = await createTrainer({ name, email, status: "interne" }, { actor: staff, target: t.db });
      if (!created.ok) throw new Error("trainer");
      return created.value.id;
    };
    const morning = await newTrainer("Ada Lovelace", "ada@formavia.test");
    const afternoon = await newTrainer("Alan Turing", "alan@formavia.test");
    for (const [trainerId, sessionOf, halfDays] of [
      [morning, sessionId, [`${day}:matin`]],
      [afternoon, sessionId, [`${day}:apres-midi`]],
      [afternoon, other.sessionId, []],
    ] as const)
      expect((await assignTrainer(sessionOf, { trainerId, halfDays: [...halfDays] }, { actor: staff, target: t.db })).ok).toBe(true);
    const ada = { kind: "formateur" as const, trainerId: morning };
    const now = at(day, "09:20");

    // Their screen lists their half-days only, with the room code of the open one, and nothing of staff's history.
    const sheet = await trainerSheet(morning, sessionId, "", t.db, now);
    expect(sheet?.halfDays.map((h) => h.slug)).toEqual([`${day}-matin`]);
    expect(sheet?.room?.code).toBe(roomCode(sessionId, `${day}:matin`, now).code);
    expect(sheet?.history).toEqual([]);
    expect(await trainerSheet(morning, other.sessionId, "", t.db, now)).toBeNull();
    // The afternoon asked for: their own half-day instead, never the co-trainer's.
    expect((await trainerSheet(morning, sessionId, `${day}-apres-midi`, t.db, now))?.selected?.slug).toBe(`${day}-matin`);

    await sign(sessionId, alice, day, at(day, "09:05"));
    const mark = { d: `${day}-matin`, stagiaire: bob.id, statut: "retard" as const, motif: "Train en retard" };
    expect(await markTrainee(sessionId, mark, ada, { target: t.db, now })).toEqual({ ok: true });
    // The co-trainer's afternoon, another session (its trainee, its half-day): refused.
    const theirs = { ...mark, d: `${day}-apres-midi` };
    expect(await markTrainee(sessionId, theirs, ada, { target: t.db, now })).toMatchObject({ ok: false, kind: "not-found" });
    const foreign = { d: `${day}-matin`, stagiaire: other.list[0]!.id, statut: "absent" as const, motif: "" };
    expect(await markTrainee(other.sessionId, foreign, ada, { target: t.db, now })).toMatchObject({ ok: false, kind: "not-found" });
    const closeAfternoon = { d: `${day}-apres-midi`, signature: "", nom: "Ada Lovelace" };
    expect(await closeHalfDay(sessionId, closeAfternoon, ada, client, { target: t.db, now: at(day, "17:00") })).toMatchObject({
      ok: false,
      kind: "not-found",
    });
    expect(
      await closeHalfDay(other.sessionId, { ...closeAfternoon, d: `${day}-matin` }, ada, client, { target: t.db, now: at(day, "12:30") }),
    ).toMatchObject({ ok: false, kind: "not-found" });

    const close = { d: `${day}-matin`, signature: "", nom: "Ada Lovelace" };
    expect(await closeHalfDay(sessionId, close, ada, client, { target: t.db, now: at(day, "12:25") })).toEqual({ ok: true });
    const closed = await trainerSheet(morning, sessionId, `${day}-matin`, t.db, at(day, "12:26"));
    expect(closed).toMatchObject({ room: null, selected: { closed: expect.stringContaining("Ada Lovelace") } });
    expect(closed?.rows.find((r) => r.id === bob.id)).toMatchObject({ status: "retard", reason: "Train en retard" });
    // Closed: a trainee's signature and the trainer's change are refused.
    const late = await sign(sessionId, bob, day, at(day, "12:27"));
    expect(late).toMatchObject({ ok: false, kind: "conflict" });
    const change = await markTrainee(sessionId, { ...mark, statut: "present" }, ada, { target: t.db, now: at(day, "12:28") });
    expect(change).toMatchObject({ ok: false, kind: "conflict" });
    expect(!change.ok && change.error).toContain("seule l'équipe");
    const state = await halfDayState(sessionId, `${day}:matin`, t.db);
    expect(state.records.map((r) => [r.event, r.actor_kind])).toEqual([
      ["signature", "stagiaire"],
      ["statut", "formateur"],
      ["contre-signature", "formateur"],
    ]);
  });

  it("the certificate's half-days are the signed and countersigned ones; the reminder goes to those missing", async () => {
    const { sessionId, list, day } = await session(2);
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    const asStaff = { kind: "equipe" as const, actor: staff };
    await sign(sessionId, alice, day, at(day, "09:05"));
    const reminded = await remindMissing(sessionId, `${day}-matin`, staff, { target: t.db, now: at(day, "09:30") });
    expect(reminded).toEqual({ ok: true, sent: 1 });
    const reminder = await t.db
      .selectFrom("mail_queue")
      .select(["to_address", "text_body"])
      .where("purpose", "=", "emargement-rappel")
      .where("to_address", "=", bob.email)
      .executeTakeFirstOrThrow();
    expect(reminder.text_body).toContain(`/emargement/${sessionId}?t=`);

    const ticked = new Map([
      [alice.id, [`${day}:matin`, `${day}:apres-midi`]],
      [bob.id, [`${day}:matin`]],
    ]);
    // Signed but not yet countersigned: not counted; the afternoon, never handled online, keeps the ticked box.
    expect((await attendedHalfDays(sessionId, ticked, t.db)).get(alice.id)).toEqual([`${day}:apres-midi`]);
    await closeHalfDay(sessionId, { d: `${day}-matin`, signature: "", nom: "Équipe Formavia" }, asStaff, client, {
      target: t.db,
      now: at(day, "12:40"),
    });
    const attended = await attendedHalfDays(sessionId, ticked, t.db);
    expect(attended.get(alice.id)).toEqual([`${day}:apres-midi`, `${day}:matin`]);
    expect(attended.get(bob.id)).toEqual([]);
  });

  it("the signed sheet prints each signature with its time, the countersignature and the proof; the certificate counts the signed half-days", async () => {
    const { sessionId, list, day } = await session(2);
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    const asStaff = { kind: "equipe" as const, actor: staff };
    const signedAt = at(day, "09:07");
    await sign(sessionId, alice, day, signedAt);
    await markTrainee(sessionId, { d: `${day}-matin`, stagiaire: bob.id, statut: "absent", motif: "Rendez-vous médical" }, asStaff, {
      target: t.db,
      now: at(day, "10:00"),
    });
    await closeHalfDay(sessionId, { d: `${day}-matin`, signature: PNG, nom: "Marie Curie" }, asStaff, client, {
      target: t.db,
      now: at(day, "12:35"),
    });
    const first = await generateDocument({ kind: "emargement", sessionId }, { actor: staff, target: t.db, now: at(day, "18:00") });
    if (!first.ok) throw new Error(first.error);
    const text = await pdfText((await documentFile(first.id, t.db))!.body);
    const surname = alice.name.split(" ").at(-1)!.toUpperCase();
    expect(text).toContain(surname);
    expect(text).toContain(`Signé le ${formatDateTime(new Date(signedAt)).replace(/\u00a0/g, " ")}`);
    expect(text).toContain("Absent — Rendez-vous médical");
    expect(text).toContain("Contre-signature du formateur");
    expect(text).toContain("Annexe : preuve de l'émargement en ligne");
    expect(text).toContain("code affiché en salle, signature dessinée");
    expect(text).toContain(client.ip);
    const records = await t.db.selectFrom("attendance_records").select("hash").where("session_id", "=", sessionId).orderBy("seq").execute();
    expect(text.replace(/\s/g, "")).toContain(records[0]!.hash);
    // A correction, then a new version: the previous one is kept, « remplacé ».
    await markTrainee(sessionId, { d: `${day}-matin`, stagiaire: bob.id, statut: "present", motif: "Feuille papier retrouvée" }, asStaff, {
      target: t.db,
      now: at(day, "18:05"),
    });
    const second = await generateDocument({ kind: "emargement", sessionId }, { actor: staff, target: t.db, now: at(day, "18:10") });
    expect(second.ok).toBe(true);
    const versions = await t.db
      .selectFrom("documents")
      .select(["id", "state"])
      .where("session_id", "=", sessionId)
      .where("kind", "=", "emargement")
      .execute();
    expect(versions.find((v) => v.id === first.id)?.state).toBe("remplace");

    // The certificate: the signed and countersigned half-days × their hours (no box ticked).
    await markAttendance(sessionId, { stagiaire: alice.id, presence: [], resultat: "acquis" }, staff, t.db);
    const cert = await generateDocument(
      { kind: "certificat", sessionId, registrationId: await registrationOf(alice.id), traineeId: alice.id },
      { actor: staff, target: t.db, now: AFTER_SESSIONS },
    );
    if (!cert.ok) throw new Error(cert.error);
    const certText = await pdfText((await documentFile(cert.id, t.db))!.body);
    const formation = await t.db
      .selectFrom("formation_sessions as s")
      .innerJoin("formations as f", "f.id", "s.formation_id")
      .select("f.duration_hours")
      .where("s.id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const hours = Math.round(((Number(formation.duration_hours) * 1) / 4) * 10) / 10;
    expect(certText).toContain(`${formatHours(hours).replace(/\u00a0/g, " ")} (1 demi-journée sur 4)`);
  });

  async function registrationOf(traineeId: string) {
    const row = await t.db
      .selectFrom("registration_trainees")
      .select("registration_id")
      .where("id", "=", traineeId)
      .executeTakeFirstOrThrow();
    return row.registration_id;
  }

  it("keeps the proofs for the funders' control period, then deletes them; expired e-mail codes go after a day", async () => {
    expect(attendanceCutoff(Date.parse("2106-06-01T00:00:00Z"))).toBe("2099-12-31");
    const { sessionId, list, day } = await session(1);
    const [alice] = list as [SessionTrainee];
    await sign(sessionId, alice, day, at(day, "09:05"));
    await requestEmailCode(sessionId, `${day}:apres-midi`, alice, { target: t.db, now: at(day, "14:00") });
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("attendance_records")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("session_id", "=", sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await pruneAttendance(t.db, Date.parse("2105-12-31T12:00:00Z"));
    expect(await count()).toBe(1);
    expect(await t.db.selectFrom("attendance_email_codes").select("id").where("session_id", "=", sessionId).execute()).toEqual([]);
    await pruneAttendance(t.db, Date.parse("2106-01-02T12:00:00Z"));
    expect(await count()).toBe(0);
    expect(await t.db.selectFrom("attendance_half_days").select("id").where("session_id", "=", sessionId).execute()).toEqual([]);
  });

  it("a paper sheet's scan counts as signed for those marked present; a connection report is kept; both are in the proof", async () => {
    const { sessionId, list, day } = await session(2);
    const [alice, bob] = list as [SessionTrainee, SessionTrainee];
    const asStaff = { kind: "equipe" as const, actor: staff };
    const now = at(day, "14:00");
    const d = `${day}-apres-midi`;
    const pdf = new File([Buffer.from("%PDF-1.4 feuille papier")], "feuille-apres-midi.pdf", { type: "application/pdf" });
    const wrong = new File([Buffer.from([0x00, 0x01, 0x02])], "photo.gif", { type: "image/gif" });
    expect(await uploadAttachment(sessionId, d, "papier", wrong, staff, { target: t.db, now })).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await uploadAttachment(sessionId, d, "papier", pdf, staff, { target: t.db, now })).toEqual({ ok: true });
    const csv = new File(["nom;connexion;deconnexion\nPetit;13:31;17:02\n"], "classe-virtuelle.csv", { type: "text/csv" });
    expect(await uploadAttachment(sessionId, d, "connexion", csv, staff, { target: t.db, now })).toEqual({ ok: true });
    await markTrainee(sessionId, { d, stagiaire: alice.id, statut: "present", motif: "" }, asStaff, { target: t.db, now });
    await markTrainee(sessionId, { d, stagiaire: bob.id, statut: "absent", motif: "" }, asStaff, { target: t.db, now });
    await closeHalfDay(sessionId, { d, signature: "", nom: "Équipe" }, asStaff, client, { target: t.db, now: at(day, "17:10") });
    const attended = await attendedHalfDays(
      sessionId,
      new Map([
        [alice.id, []],
        [bob.id, []],
      ]),
      t.db,
    );
    expect(attended.get(alice.id)).toEqual([`${day}:apres-midi`]);
    expect(attended.get(bob.id)).toEqual([]);
    const proof = (await attendanceProof(sessionId, t.db))[`${day}:apres-midi`]!;
    expect(proof.files).toEqual(["Feuille papier\u00a0: feuille-apres-midi.pdf", "Rapport de connexion\u00a0: classe-virtuelle.csv"]);
    const record = await t.db
      .selectFrom("attendance_records")
      .select("id")
      .where("session_id", "=", sessionId)
      .where("event", "=", "papier")
      .executeTakeFirstOrThrow();
    const file = await attachmentFile(record.id, t.db);
    expect(file).toMatchObject({ filename: "feuille-apres-midi.pdf", type: "application/pdf" });
    expect(file!.body.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
