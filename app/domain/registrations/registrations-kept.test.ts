import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { deleteFormation, FormationHasRegistrationsError, getFormationById } from "~/domain/formations/formations.server";
import { guessMapping } from "~/domain/catalogue-import/columns";
import { toCsv } from "~/domain/catalogue-import/csv";
import { analyseTable, applyAnalysis } from "~/domain/catalogue-import/import.server";
import { readTable } from "~/domain/catalogue-import/read.server";
import { adminSessionDetail, updateSessionDetails } from "./admin.server";
import { cancelRegistration, submitRegistration } from "./registrations.server";
import { getSession } from "./sessions.server";
import { addSession, registrationCatalogue, registrationForm, registrationsTestConfig } from "./test-fixtures";

/**
 * A registration is never lost: neither the deletion of a formation nor a catalogue import removes
 * a session that registrations hold (docs/decisions/0011-registrations-seats.md).
 */

const actor = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };

registrationsTestConfig("registrations-kept-");

let ip = 0;

describe.each(engines)("sessions with registrations are kept ($name)", ({ create }) => {
  let t: TestDatabase;
  const words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];
  let catalogue = 0;
  const nextSlug = () => words[catalogue++]!;
  const register = async (sessionId: string, trainees = 1) => {
    const r = await submitRegistration(sessionId, registrationForm({}, trainees), {
      ip: `10.9.0.${++ip}`,
      target: t.db,
      minFillSeconds: 0,
    });
    if (!r.ok) throw new Error(`registration refused: ${r.formError ?? JSON.stringify(r.errors)}`);
    return r;
  };

  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("refuses to delete a formation whose sessions have registrations, cancelled ones included, with a French message", async () => {
    const formationId = await registrationCatalogue(t.db, nextSlug());
    const sessionId = await addSession(t.db, formationId, 5);
    const r = await register(sessionId);
    expect(await cancelRegistration(r.registrationId, { by: { id: actor.id, label: actor.email }, reason: "Test", target: t.db })).toEqual({
      ok: true,
    });

    const refusal = await deleteFormation(formationId, { db: t.db, actor }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(FormationHasRegistrationsError);
    expect((refusal as Error).message).toBe(
      "Cette formation ne peut pas être supprimée\u00a0: ses sessions ont 1 inscription (annulées comprises), qui seraient perdues avec leur historique. Repassez-la en brouillon pour la retirer du site\u00a0: ses sessions et leurs inscriptions restent dans «\u00a0Sessions et inscriptions\u00a0».",
    );
    // Nothing went: the formation, its session and the registration with its history.
    expect(await getFormationById(formationId, t.db)).toBeDefined();
    const detail = await adminSessionDetail(sessionId, t.db);
    expect(detail?.cancelled.map((x) => x.reference)).toEqual([r.reference]);

    // A formation without any registration is deleted as before.
    const other = await registrationCatalogue(t.db, nextSlug());
    await addSession(t.db, other, 5);
    await deleteFormation(other, { db: t.db, actor });
    expect(await getFormationById(other, t.db)).toBeUndefined();
  });

  it("an import that leaves out a session with registrations keeps it as it is, and its report says so", async () => {
    const formationId = await registrationCatalogue(t.db, nextSlug());
    const slug = (await getFormationById(formationId, t.db))!.slug;
    const left = await addSession(t.db, formationId, 5, "2099-04-01", "2099-04-02"); // registrations, not in the file
    const changed = await addSession(t.db, formationId, 6, "2099-05-01", "2099-05-02"); // registrations, other seats in the file
    const free = await addSession(t.db, formationId, 7, "2099-06-01", "2099-06-02"); // no registration, not in the file
    const kept = await register(left, 2);
    const other = await register(changed, 1);

    const file = toCsv([
      ["Adresse (slug)", "Sessions"],
      [slug, "2099-05-01;2099-05-02;à distance;12|2099-07-01;2099-07-03;à distance;9"],
    ]);
    const table = await readTable("catalogue.csv", new Uint8Array(Buffer.from(file, "utf8")));
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    expect(analysis.counts).toMatchObject({ updated: 1, rejected: 0 });
    expect(analysis.rows[0]!.notes.map((n) => n.message)).toEqual([
      "La session du 01/04/2099 au 02/04/2099 à distance n'est pas dans le fichier, mais elle a 1 inscription en cours\u00a0: elle est gardée. Pour la retirer, annulez ou déplacez d'abord ses inscriptions (Sessions et inscriptions).",
      "La session du 01/05/2099 au 02/05/2099 à distance a 1 inscription en cours\u00a0: l'import ne change pas ses places (5\u00a0places libres)\u00a0; elles se règlent dans Sessions et inscriptions.",
    ]);
    await applyAnalysis(analysis, { actor, fileName: "catalogue.csv", target: t.db });

    const sessions = (await getFormationById(formationId, t.db))!.sessions;
    expect(sessions.map((s) => [s.startDate, s.seatsLeft])).toEqual([
      ["2099-04-01", 3],
      ["2099-05-01", 5],
      ["2099-07-01", 9],
    ]);
    expect(sessions.map((s) => s.id).slice(0, 2)).toEqual([left, changed]);
    expect(await getSession(free, t.db)).toBeNull();
    // The registrations still have their session (the admin lists them).
    expect((await adminSessionDetail(left, t.db))?.registrations.map((x) => x.reference)).toEqual([kept.reference]);
    expect((await adminSessionDetail(changed, t.db))?.registrations.map((x) => x.reference)).toEqual([other.reference]);
  });

  it("a session without registrations written again by an import keeps its type, times and address", async () => {
    const formationId = await registrationCatalogue(t.db, nextSlug());
    const slug = (await getFormationById(formationId, t.db))!.slug;
    const intra = await addSession(t.db, formationId, 8, "2099-08-03", "2099-08-04");
    const details = { kind: "intra" as const, dayStart: "08:30", dayEnd: "16:00", address: "Chez le client, 4 quai Perrache, 69002 Lyon" };
    expect(await updateSessionDetails(intra, details, actor, t.db)).toEqual({ ok: true, notified: 0 });

    const file = toCsv([
      ["Adresse (slug)", "Sessions"],
      [slug, "2099-08-03;2099-08-04;à distance;6"],
    ]);
    const table = await readTable("catalogue.csv", new Uint8Array(Buffer.from(file, "utf8")));
    const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
    expect(analysis.counts).toMatchObject({ updated: 1, rejected: 0 });
    await applyAnalysis(analysis, { actor, fileName: "catalogue.csv", target: t.db });

    const row = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", intra).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ seats_left: 6, kind: "intra", day_start: "08:30", day_end: "16:00", address: details.address });
  });
});
