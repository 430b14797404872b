import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { registrantView } from "./pages.server";
import { cancelRegistration, submitRegistration, updateTrainees } from "./registrations.server";
import { getSession, signedToken } from "./sessions.server";
import { addSession, registrationCatalogue, registrationForm, registrationsTestConfig } from "./test-fixtures";

/**
 * The registrant's own page (the signed link of the e-mails): changing the trainees until the
 * deadline, fewer trainees giving seats back to the session and its waiting list.
 */

registrationsTestConfig("registrant-");

let ip = 0;

describe.each(engines)("the registrant changes the trainees ($name)", ({ create }) => {
  let t: TestDatabase;
  let formationId: string;
  const register = async (sessionId: string, trainees: number) => {
    const r = await submitRegistration(sessionId, registrationForm({}, trainees), {
      ip: `10.8.0.${++ip}`,
      target: t.db,
      minFillSeconds: 0,
    });
    if (!r.ok) throw new Error(`registration refused: ${r.formError ?? JSON.stringify(r.errors)}`);
    return r;
  };
  const trainee = (prenom: string, nom: string) => ({
    prenom,
    nom,
    email: `${prenom.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}@dupre.test`,
    fonction: "Comptable",
  });

  beforeAll(async () => {
    t = await create();
    formationId = await registrationCatalogue(t.db);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("renames and removes trainees: the freed seat goes to the first waiting, staff are told, the history says it", async () => {
    const sessionId = await addSession(t.db, formationId, 3);
    const mine = await register(sessionId, 3);
    const waiting = await register(sessionId, 1);
    expect([mine.status, waiting.status]).toEqual(["recue", "en_attente"]);

    // Three trainees become two, one of them another person.
    expect(await updateTrainees(mine.registrationId, [trainee("Élise", "Bérard"), trainee("Hugo", "Durand")], { target: t.db })).toEqual({
      ok: true,
    });
    const rows = await t.db
      .selectFrom("registration_trainees")
      .select(["position", "first_name", "last_name", "email", "job_title"])
      .where("registration_id", "=", mine.registrationId)
      .orderBy("position")
      .execute();
    expect(rows).toEqual([
      { position: 0, first_name: "Élise", last_name: "Bérard", email: "elise@dupre.test", job_title: "Comptable" },
      { position: 1, first_name: "Hugo", last_name: "Durand", email: "hugo@dupre.test", job_title: "Comptable" },
    ]);
    const registration = await t.db
      .selectFrom("registrations")
      .select(["seats", "status"])
      .where("id", "=", mine.registrationId)
      .executeTakeFirstOrThrow();
    expect(registration).toEqual({ seats: 2, status: "recue" });
    // The freed seat is held for the first on the waiting list, who is offered it by e-mail.
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(0);
    const offer = await t.db
      .selectFrom("registration_offers")
      .select(["registration_id", "seats", "state"])
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(offer).toEqual({ registration_id: waiting.registrationId, seats: 1, state: "open" });
    const mails = await t.db
      .selectFrom("mail_queue")
      .select(["registration_id", "purpose", "subject"])
      .where("registration_id", "in", [mine.registrationId, waiting.registrationId])
      .where("purpose", "in", ["inscription-offre", "inscription-equipe"])
      .execute();
    expect(mails.filter((m) => m.registration_id === waiting.registrationId && m.purpose === "inscription-offre")).toHaveLength(1);
    expect(mails.filter((m) => m.registration_id === mine.registrationId && m.purpose === "inscription-equipe")).toHaveLength(2);
    const history = await t.db
      .selectFrom("registration_status_history")
      .select(["status", "actor_label", "reason"])
      .where("registration_id", "=", mine.registrationId)
      .orderBy("created_at")
      .execute();
    expect(history.at(-1)).toEqual({ status: "recue", actor_label: "Le contact (page de l'inscription)", reason: "Stagiaires modifiés." });
    // The page shows the new names.
    const view = await registrantView(signedToken("gerer", mine.registrationId), t.db);
    expect(view?.trainees.map((x) => `${x.prenom} ${x.nom}`)).toEqual(["Élise Bérard", "Hugo Durand"]);
  });

  it("refuses more trainees than seats, and any change to a cancelled registration", async () => {
    const sessionId = await addSession(t.db, formationId, 5, "2099-04-20", "2099-04-21");
    const r = await register(sessionId, 1);
    expect(await updateTrainees(r.registrationId, [trainee("Anne", "Un"), trainee("Bruno", "Deux")], { target: t.db })).toEqual({
      ok: false,
      error: "Votre inscription compte 1\u00a0place\u00a0: pour ajouter un stagiaire, faites une nouvelle inscription.",
    });
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(4);
    expect(
      await cancelRegistration(r.registrationId, { by: { id: null, label: "Le contact" }, reason: "Empêchement", target: t.db }),
    ).toEqual({ ok: true });
    expect(await updateTrainees(r.registrationId, [trainee("Anne", "Un")], { target: t.db })).toEqual({
      ok: false,
      error: "Cette inscription est annulée.",
    });
  });

  it("the page allows changes until the deadline (7 days before the start by default), not after", async () => {
    const sessionId = await addSession(t.db, formationId, 5, "2099-06-15", "2099-06-16");
    const r = await register(sessionId, 1);
    const token = signedToken("gerer", r.registrationId);
    const on = (day: string) => registrantView(token, t.db, new Date(`${day}T10:00:00Z`));
    expect(await on("2099-06-08")).toMatchObject({ canChange: true, deadlineLabel: "8 juin 2099" });
    expect(await on("2099-06-09")).toMatchObject({ canChange: false, deadlineLabel: "8 juin 2099" });
    expect(await registrantView(`${token.slice(0, -2)}xx`, t.db)).toBeNull();
  });
});
