import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeOutages, spoolDataDir, withoutDatabaseNorSpool, type Outage } from "../../../tests/support/outage";
import { registerSpoolHandler, replaySpool, spoolCount } from "~/platform/spool/spool.server";
import {
  REGISTRATION_SPOOL_KIND,
  SPOOL_SETTLE_MS,
  replaySpooledRegistration,
  spooledRegistrationCount,
  submitRegistration,
  sweepWaitingLists,
} from "./registrations.server";
import { getSession } from "./sessions.server";
import { addSession, registrationCatalogue, registrationForm } from "./test-fixtures";

/**
 * A registration sent while the database refuses is never lost: it goes to the same local spool as
 * the quote requests (fsync), the visitor gets a reference and is told that the seat will be
 * confirmed by e-mail, and the job runner stores it once the database answers again: seats taken
 * in one transaction then (or the waiting list), e-mails through the queue, no duplicate
 * (docs/decisions/0010-lead-spool.md). The refusals are the shared outage fixture's
 * (tests/support/outage.ts).
 */

const spool = spoolDataDir("registration-spool-");

/**
 * The scenario on one engine: a session with 2 seats; during the outage a registration of 2 trainees
 * (sent twice) and then one of 1 trainee. Once the database is back, the first takes both seats and
 * the second goes on the waiting list.
 */
async function outageScenario({ site, store, refuse, restore }: Outage) {
  registerSpoolHandler(REGISTRATION_SPOOL_KIND, async (entry) => {
    await replaySpooledRegistration(entry, site);
  });
  const formationId = await registrationCatalogue(store);
  const sessionId = await addSession(store, formationId, 2);
  const first = registrationForm({ contactEmail: "premiere.panne@dupre.test" }, 2);
  const second = registrationForm({ contactEmail: "seconde.panne@dupre.test" }, 1);
  const sentAt = Date.now();
  const ctx = (now: number) => ({ ip: "203.0.113.7", target: site, minFillSeconds: 0, now });

  await refuse();
  const a = await submitRegistration(sessionId, first, ctx(sentAt));
  expect(a).toMatchObject({ ok: true, spooled: true, status: "recue", duplicate: false });
  if (!a.ok) return;
  expect(a.reference).toMatch(/^INS-\d{4}-[A-Z2-9]{6}$/);
  // Sent twice (a second click): one entry, the same reference.
  expect(await submitRegistration(sessionId, first, ctx(sentAt + 500))).toMatchObject({
    ok: true,
    spooled: true,
    reference: a.reference,
    registrationId: a.registrationId,
    duplicate: true,
  });
  const b = await submitRegistration(sessionId, second, ctx(sentAt + 1_000));
  expect(b).toMatchObject({ ok: true, spooled: true });
  if (!b.ok) return;
  expect(spoolCount(REGISTRATION_SPOOL_KIND)).toBe(2);
  expect(spooledRegistrationCount()).toBe(2);
  const files = spool.files(REGISTRATION_SPOOL_KIND);
  const keptA = files.map((f) => readFileSync(f, "utf8")).find((text) => text.includes("premiere.panne@dupre.test"))!;
  expect(keptA).toBeDefined();
  // While the database still refuses, a replay keeps the entries.
  expect(await replaySpool()).toBe(0);
  expect(spoolCount(REGISTRATION_SPOOL_KIND)).toBe(2);

  await restore();
  expect((await getSession(sessionId, store))!.seatsLeft).toBe(2);
  expect(await replaySpool()).toBe(2);
  expect(spoolCount(REGISTRATION_SPOOL_KIND)).toBe(0);
  // Stored, seats undecided until every instance had time to replay its own spool; then in arrival order.
  expect((await getSession(sessionId, store))!.seatsLeft).toBe(2);
  await sweepWaitingLists({ target: store, now: Date.now() + SPOOL_SETTLE_MS + 1_000 });
  const rows = await store
    .selectFrom("registrations")
    .select(["id", "reference", "status", "seats", "contact_email", "created_at"])
    .where("session_id", "=", sessionId)
    .orderBy("created_at")
    .execute();
  // Stored under the references the visitors were given, at the time they sent the form, in that order.
  expect(rows).toEqual([
    {
      id: a.registrationId,
      reference: a.reference,
      status: "recue",
      seats: 2,
      contact_email: "premiere.panne@dupre.test",
      created_at: new Date(sentAt).toISOString(),
    },
    {
      id: b.registrationId,
      reference: b.reference,
      status: "en_attente",
      seats: 1,
      contact_email: "seconde.panne@dupre.test",
      created_at: new Date(sentAt + 1_000).toISOString(),
    },
  ]);
  expect((await getSession(sessionId, store))!.seatsLeft).toBe(0);
  const mails = await store
    .selectFrom("mail_queue")
    .select(["registration_id", "purpose", "to_address", "attachments", "state"])
    .where("registration_id", "in", [a.registrationId, b.registrationId])
    .orderBy("purpose")
    .execute();
  expect(mails.map((m) => [m.registration_id === a.registrationId ? "a" : "b", m.purpose, m.to_address, m.state]).sort()).toEqual([
    ["a", "inscription-equipe", "equipe@formavia.test", "pending"],
    ["a", "inscription-recue", "premiere.panne@dupre.test", "pending"],
    ["b", "inscription-attente", "seconde.panne@dupre.test", "pending"],
    ["b", "inscription-equipe", "equipe@formavia.test", "pending"],
  ]);
  const confirmation = mails.find((m) => m.purpose === "inscription-recue")!;
  expect(JSON.parse(confirmation.attachments)[0].filename).toBe("session.ics");

  // A restart after the insert but before the file was removed: replayed again, stored once, seats taken once.
  writeFileSync(path.join(spool.dir(), "spool", REGISTRATION_SPOOL_KIND, path.basename(files[0]!)), keptA);
  expect(await replaySpool()).toBe(1);
  expect(spoolCount(REGISTRATION_SPOOL_KIND)).toBe(0);
  const again = await store.selectFrom("registrations").select("id").where("session_id", "=", sessionId).execute();
  expect(again).toHaveLength(2);
  expect((await getSession(sessionId, store))!.seatsLeft).toBe(0);
  // And the form sent once more after the recovery answers with the stored registration.
  expect(await submitRegistration(sessionId, first, ctx(Date.now()))).toMatchObject({
    ok: true,
    reference: a.reference,
    duplicate: true,
  });
}

describeOutages("a registration sent", outageScenario, {
  timeout: 90_000,
  onSqlite: (t) => {
    it(
      "answers 'unavailable' (503) with Retry-After and the form as typed when the spool cannot be written either",
      { timeout: 60_000 },
      async () => {
        const sessionId = (await t().db.selectFrom("formation_sessions").select("id").executeTakeFirstOrThrow()).id;
        await withoutDatabaseNorSpool(t(), spool, async () => {
          const result = await submitRegistration(sessionId, registrationForm({ contactEmail: "jamais.perdue@dupre.test" }), {
            ip: "203.0.113.8",
            target: t().db,
            minFillSeconds: 0,
          });
          expect(result).toMatchObject({ ok: false, kind: "unavailable", retryAfterSeconds: 120 });
          if (result.ok) return;
          expect(result.values).toMatchObject({ contactEmail: "jamais.perdue@dupre.test", entreprise: "Boulangerie Dupré" });
          expect(result.formError).toContain("Votre inscription n'a pas été envoyée\u00a0:");
        });
        expect(
          await t().db.selectFrom("registrations").select("id").where("contact_email", "=", "jamais.perdue@dupre.test").execute(),
        ).toEqual([]);
      },
    );
  },
});
