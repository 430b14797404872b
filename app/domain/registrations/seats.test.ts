import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { registerSpoolHandler, replaySpool, spoolWrite } from "~/platform/spool/spool.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { registrationSchema } from "./model";
import {
  REGISTRATION_SPOOL_KIND,
  SPOOL_SETTLE_MS,
  acceptOffer,
  cancelRegistration,
  newRegistrationReference,
  replaySpooledRegistration,
  submitRegistration,
  sweepWaitingLists,
  updateTrainees,
  type SpooledRegistration,
} from "./registrations.server";
import { newId, sessionCapacity } from "./sessions.server";
import { addSession, registrationCatalogue, registrationForm, registrationsTestConfig } from "./test-fixtures";

/**
 * Seats of a session on both engines: a waiting group never blocks seats it cannot use, a group
 * larger than the session is refused, concurrent changes through two database handles (two
 * instances) conserve the session's capacity, replays from several instances' spools go in arrival
 * order, waiting-list positions follow the committed order, and a visitor cannot make the site
 * mail one address again and again (docs/decisions/0011-registrations-seats.md).
 */

registrationsTestConfig("seats-", "secret-de-test-pour-les-places-0123456789abcdef");

let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const staffLabel = { id: null, label: "Le contact (page de l'inscription)" };
const oneTrainee = [{ prenom: "Ana", nom: "Seule", email: "ana.seule@dupre.test", fonction: "" }];

describe.each(engines)("seats of a session ($name)", ({ name, create }) => {
  let t: TestDatabase;
  let formationId: string;
  /**
   * Another instance of the site: a second handle on the same PostgreSQL database. SQLite serves one
   * instance (docs/decisions/0011-registrations-seats.md): its one handle, whose transactions queue.
   */
  let other: Db;
  let ownHandle = false;

  beforeAll(async () => {
    t = await create();
    formationId = await registrationCatalogue(t.db, "places");
    ownHandle = name === "postgres";
    other = ownHandle ? openDb({ engine: "postgres", url: t.url }).db : t.db;
  });

  afterAll(async () => {
    if (ownHandle) await closeDbHandle(other);
    await t.cleanup();
  });

  let day = 0;
  /** A session of its own (its own dates), `seats` free. */
  const newSession = (seats: number) => {
    day++;
    const date = `2098-${String(1 + Math.floor(day / 28)).padStart(2, "0")}-${String(1 + (day % 28)).padStart(2, "0")}`;
    return addSession(t.db, formationId, seats, date, date);
  };
  const register = (sessionId: string, trainees = 1, overrides: Record<string, string> = {}, target: Db = t.db) =>
    submitRegistration(sessionId, registrationForm(overrides, trainees), { ip: nextIp(), target, minFillSeconds: 0 });
  const registered = async (sessionId: string, trainees = 1, overrides: Record<string, string> = {}) => {
    const r = await register(sessionId, trainees, overrides);
    if (!r.ok) throw new Error(`refusée : ${r.formError ?? JSON.stringify(r.errors)}`);
    return r;
  };
  const seatsLeft = async (sessionId: string) =>
    Number(
      (await t.db.selectFrom("formation_sessions").select("seats_left").where("id", "=", sessionId).executeTakeFirstOrThrow()).seats_left,
    );
  const statusOf = async (id: string) =>
    (await t.db.selectFrom("registrations").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const openOffer = (registrationId: string) =>
    t.db
      .selectFrom("registration_offers")
      .selectAll()
      .where("registration_id", "=", registrationId)
      .where("state", "=", "open")
      .executeTakeFirst();

  it("a waiting group never blocks the seats it cannot use; offers go to the first entries that fit", async () => {
    const sessionId = await newSession(5);
    expect((await registered(sessionId, 3)).status).toBe("recue"); // 2 left
    const group = await registered(sessionId, 3);
    expect(group.status).toBe("en_attente");
    // Someone waits for 3 seats: the 2 free ones still go to those they fit.
    const single = await registered(sessionId, 1);
    expect(single.status).toBe("recue");
    const pair = await registered(sessionId, 1);
    expect(pair.status).toBe("recue");
    expect(await seatsLeft(sessionId)).toBe(0);
    const late = await registered(sessionId, 1);
    expect(late.status).toBe("en_attente");
    // One seat frees: the group of 3 does not fit, the next one does and is offered it.
    expect(await cancelRegistration(single.registrationId, { by: staffLabel, reason: "Indisponible", target: t.db })).toEqual({ ok: true });
    expect(await openOffer(group.registrationId)).toBeUndefined();
    expect(await openOffer(late.registrationId)).toMatchObject({ seats: 1 });
    expect(await seatsLeft(sessionId)).toBe(0);
  });

  it("a registration naming more trainees than the session has seats in all is refused next to the trainees", async () => {
    const sessionId = await newSession(7);
    const result = await register(sessionId, 50, { contactEmail: "cinquante@dupre.test" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.kind).toBe("invalid");
    expect(result.errors.stagiaires).toBe(
      "Cette session compte 7 places en tout\u00a0: une inscription ne peut pas nommer plus de 7 stagiaires. Pour un groupe plus grand, demandez-nous un devis (session intra-entreprise).",
    );
    expect(result.values).toMatchObject({ contactEmail: "cinquante@dupre.test" });
    expect(await t.db.selectFrom("registrations").select("id").where("session_id", "=", sessionId).execute()).toEqual([]);
    // The session stays open to everyone: 7 seats, and the next registrant is seated.
    expect(await seatsLeft(sessionId)).toBe(7);
    expect((await registered(sessionId, 2)).status).toBe("recue");
  });

  it("two instances changing one registration at once never give back more seats than it held", { timeout: 60_000 }, async () => {
    for (let round = 0; round < 6; round++) {
      const sessionId = await newSession(5);
      const r = await registered(sessionId, 3); // 2 left, capacity 5
      const second = await registered(sessionId, 3, {}); // waits for 3
      expect(second.status).toBe("en_attente");
      const races =
        round % 2 === 0
          ? [
              cancelRegistration(r.registrationId, { by: staffLabel, reason: "Annulée", target: t.db }),
              updateTrainees(r.registrationId, oneTrainee, { target: other }),
            ]
          : [
              updateTrainees(r.registrationId, oneTrainee, { target: t.db }),
              updateTrainees(r.registrationId, oneTrainee, { target: other }),
            ];
      await Promise.allSettled(races);
      const row = await t.db
        .selectFrom("registrations")
        .select(["status", "seats"])
        .where("id", "=", r.registrationId)
        .executeTakeFirstOrThrow();
      const trainees = await t.db
        .selectFrom("registration_trainees")
        .select("id")
        .where("registration_id", "=", r.registrationId)
        .execute();
      if (row.status !== "annulee") expect(Number(row.seats)).toBe(trainees.length);
      expect(await sessionCapacity(sessionId, t.db)).toBe(5);
    }
  });

  it("a waiting group made smaller while its offer is open gives the other seats back when it accepts", async () => {
    const sessionId = await newSession(3);
    const first = await registered(sessionId, 3);
    const group = await registered(sessionId, 3);
    expect(await cancelRegistration(first.registrationId, { by: staffLabel, reason: "Annulée", target: t.db })).toEqual({ ok: true });
    const offer = (await openOffer(group.registrationId))!;
    expect(offer).toMatchObject({ seats: 3 });
    expect(await updateTrainees(group.registrationId, oneTrainee, { target: t.db })).toEqual({ ok: true });
    expect(await seatsLeft(sessionId)).toBe(2);
    expect(await acceptOffer(offer.id, { target: t.db })).toBe("accepted");
    expect(await statusOf(group.registrationId)).toBe("recue");
    expect(await seatsLeft(sessionId)).toBe(2);
    expect(await sessionCapacity(sessionId, t.db)).toBe(3);
  });

  it("states waiting-list positions in the committed order, for a burst of registrations", { timeout: 60_000 }, async () => {
    const sessionId = await newSession(1);
    await registered(sessionId, 1);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => register(sessionId, 1, {}, i % 2 ? other : t.db)));
    expect(burst.every((r) => r.ok && r.status === "en_attente")).toBe(true);
    const order = await t.db
      .selectFrom("registrations")
      .select("id")
      .where("session_id", "=", sessionId)
      .where("status", "=", "en_attente")
      .orderBy("waitlisted_at")
      .orderBy("id")
      .execute();
    const mails = await t.db
      .selectFrom("mail_queue")
      .select(["registration_id", "text_body"])
      .where("purpose", "=", "inscription-attente")
      .where(
        "registration_id",
        "in",
        order.map((o) => o.id),
      )
      .execute();
    const told = new Map(mails.map((m) => [m.registration_id, Number(/\(position (\d+)\)/.exec(m.text_body)![1])]));
    expect(order.map((o) => told.get(o.id))).toEqual(order.map((_, i) => i + 1));
  });

  it("replays the spools of two instances in arrival order", { timeout: 60_000 }, async () => {
    const sessionId = await newSession(5);
    const dirs = { a: mkdtempSync(path.join(tmpdir(), "seats-a-")), b: mkdtempSync(path.join(tmpdir(), "seats-b-")) };
    try {
      registerSpoolHandler(REGISTRATION_SPOOL_KIND, async (entry) => {
        await replaySpooledRegistration(entry, t.db);
      });
      const arrivedAt = Date.now() - 600_000;
      // Ten registrations during an outage, one trainee each: arrivals 1, 4, 6 and 7 on instance A.
      const onA = new Set([1, 4, 6, 7]);
      const ids: string[] = [];
      for (let n = 1; n <= 10; n++) {
        const form = registrationForm({ contactEmail: `arrivee${n}.${name}@dupre.test` }, 1);
        const input = registrationSchema.parse(formDataToObject(form));
        const receivedAt = arrivedAt + n * 1_000;
        const payload: SpooledRegistration = {
          sessionId,
          input,
          token: `jeton-${name}-${n}`,
          receivedAt,
          id: newId(),
          reference: newRegistrationReference(receivedAt),
        };
        spoolWrite(REGISTRATION_SPOOL_KIND, payload.token, payload, { dataDir: onA.has(n) ? dirs.a : dirs.b, now: receivedAt });
        ids.push(payload.id!);
      }
      // The database is back: instance B replays first, A a few seconds later.
      expect(await replaySpool({ dataDir: dirs.b })).toBe(6);
      expect(await replaySpool({ dataDir: dirs.a })).toBe(4);
      // Seats are decided once every instance had time to replay: the five first arrivals are seated.
      await sweepWaitingLists({ target: t.db, now: Date.now() + SPOOL_SETTLE_MS + 1_000 });
      const statuses = await Promise.all(ids.map(statusOf));
      expect(statuses).toEqual([...Array(5).fill("recue"), ...Array(5).fill("en_attente")]);
      expect(await seatsLeft(sessionId)).toBe(0);
      const waitMails = await t.db
        .selectFrom("mail_queue")
        .select(["registration_id", "text_body"])
        .where("purpose", "=", "inscription-attente")
        .where("registration_id", "in", ids)
        .execute();
      const told = new Map(waitMails.map((m) => [m.registration_id, Number(/\(position (\d+)\)/.exec(m.text_body)![1])]));
      expect(ids.slice(5).map((id) => told.get(id))).toEqual([1, 2, 3, 4, 5]);
      const received = await t.db
        .selectFrom("mail_queue")
        .select("registration_id")
        .where("purpose", "=", "inscription-recue")
        .where("registration_id", "in", ids)
        .execute();
      expect(received.map((m) => m.registration_id).sort()).toEqual(ids.slice(0, 5).sort());
    } finally {
      rmSync(dirs.a, { recursive: true, force: true });
      rmSync(dirs.b, { recursive: true, force: true });
    }
  });

  it("caps the e-mails 30 registrations naming one contact can trigger; every registration is kept", { timeout: 90_000 }, async () => {
    const sessionId = await newSession(40);
    const victim = `victime.${name}@exemple.test`;
    const results = [];
    for (let i = 0; i < 30; i++) {
      results.push(await register(sessionId, 1, { contactEmail: victim, accessibilite: "Texte choisi par un inconnu." }));
    }
    expect(results.every((r) => r.ok)).toBe(true);
    const kept = await t.db.selectFrom("registrations").select("id").where("session_id", "=", sessionId).execute();
    expect(kept).toHaveLength(30);
    const count = async (to: string, purpose: string, replyTo?: string) => {
      let q = t.db
        .selectFrom("mail_queue")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("to_address", "=", to)
        .where("purpose", "=", purpose);
      if (replyTo) q = q.where("reply_to", "=", replyTo);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    expect(await count(victim, "inscription-recue")).toBe(5);
    expect(await count("equipe@formavia.test", "inscription-equipe", victim)).toBe(5);
    const disability = await t.db
      .selectFrom("mail_queue")
      .select("to_address")
      .where("purpose", "=", "inscription-handicap")
      .where("reply_to", "=", victim)
      .execute();
    expect(disability).toHaveLength(5);
  });
});
