import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationById, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import { formationInput } from "~/domain/formations/test-fixtures";
import { valueOf } from "~/platform/validation/errors";
import { parisTimeToInstant, sessionDays } from "./calendar";
import { sessionCalendar } from "./ics.server";
import { saveLegalVersion } from "~/domain/revisions/legal-documents.server";
import { registrationSchema } from "./model";
import { adminSessionDetail, convocationMailFor, exportTraineesCsv, nextSessionsFill, updateSessionDetails } from "./admin.server";
import {
  acceptOffer,
  addRegistrationByHand,
  cancelRegistration,
  confirmRegistration,
  moveRegistration,
  submitRegistration,
  sweepWaitingLists,
} from "./registrations.server";
import { getSession, verifySignedToken } from "./sessions.server";
import { registrationForm, registrationsTestConfig } from "./test-fixtures";

const actor = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };

registrationsTestConfig("registrations-test-");

let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(engines)("registrations ($name)", ({ create }) => {
  let t: TestDatabase;
  let formationId: string;

  async function newSession(seats: number, startDate = "2099-03-25", endDate = "2099-03-26"): Promise<string> {
    const formation = (await getFormationById(formationId, t.db))!;
    const values = formationToFormValues(formation);
    const sessions = [...(values.sessions as Array<Record<string, unknown>>), { id: "", startDate, endDate, cityId: "", seatsLeft: seats }];
    const updated = valueOf(await updateFormation(formationId, { ...values, sessions }, { db: t.db }));
    return updated.sessions.find((s) => !formation.sessions.some((o) => o.id === s.id))!.id;
  }

  const register = (sessionId: string, overrides: Record<string, string> = {}, trainees = 1) =>
    submitRegistration(sessionId, registrationForm(overrides, trainees), { ip: nextIp(), target: t.db, minFillSeconds: 0 });

  beforeAll(async () => {
    t = await create();
    const category = valueOf(
      await createCategory(
        { slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint au quotidien.", position: 1 },
        { db: t.db },
      ),
    ).id;
    formationId = valueOf(await createFormation(formationInput({ categoryId: category }), { db: t.db })).id;
    valueOf(await setFormationStatus([formationId], "published", { db: t.db }));
    const body = "Conditions générales de vente de démonstration. ".repeat(10);
    valueOf(await saveLegalVersion("cgv", { body }, { target: t.db, isDemo: true }));
    valueOf(await saveLegalVersion("reglement_interieur", { body }, { target: t.db, isDemo: true }));
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("never oversells: 20 concurrent registrations for 3 seats → 3 received, 17 on the waiting list", async () => {
    const sessionId = await newSession(3);
    const results = await Promise.all(Array.from({ length: 20 }, () => register(sessionId)));
    const statuses = results.map((r) => (r.ok ? r.status : "refusée"));
    expect(statuses.filter((s) => s === "recue")).toHaveLength(3);
    expect(statuses.filter((s) => s === "en_attente")).toHaveLength(17);
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(0);
    const mails = await t.db
      .selectFrom("mail_queue")
      .select(["purpose", "attachments"])
      .where("purpose", "=", "inscription-recue")
      .execute();
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(mails[0]!.attachments)[0].filename).toBe("session.ics");
    // Every registration records the versions of the CGV and règlement intérieur accepted.
    const rows = await t.db
      .selectFrom("registrations")
      .select(["cgv_version_id", "ri_version_id"])
      .where("session_id", "=", sessionId)
      .execute();
    expect(rows.every((r) => r.cgv_version_id && r.ri_version_id)).toBe(true);
  });

  it("a cancellation offers the seat to the first on the waiting list, by e-mail; an expired offer goes to the next", async () => {
    const sessionId = await newSession(1);
    const first = await register(sessionId);
    const second = await register(sessionId);
    const third = await register(sessionId);
    expect([first, second, third].map((r) => r.ok && r.status)).toEqual(["recue", "en_attente", "en_attente"]);
    if (!first.ok || !second.ok || !third.ok) throw new Error("unexpected");

    expect(
      await cancelRegistration(first.registrationId, {
        by: { id: actor.id, label: actor.email },
        reason: "Stagiaire indisponible",
        target: t.db,
      }),
    ).toEqual({ ok: true });
    // The seat is held for the offer: still full for the public.
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(0);
    const offers = await t.db.selectFrom("registration_offers").selectAll().where("session_id", "=", sessionId).execute();
    expect(offers).toHaveLength(1);
    expect(offers[0]!.registration_id).toBe(second.registrationId);
    const mail = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where("registration_id", "=", second.registrationId)
      .where("purpose", "=", "inscription-offre")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("/inscription/offre/");
    const token = /\/inscription\/offre\/(\S+)/.exec(mail.text_body)![1]!;
    expect(verifySignedToken("offre", token)).toBe(offers[0]!.id);
    expect(verifySignedToken("offre", token.slice(0, -2) + "xx")).toBeNull();
    const history = await t.db
      .selectFrom("registration_status_history")
      .selectAll()
      .where("registration_id", "=", first.registrationId)
      .orderBy("created_at")
      .execute();
    expect(history.map((h) => h.status)).toEqual(["recue", "annulee"]);
    expect(history[1]).toMatchObject({ actor_label: actor.email, reason: "Stagiaire indisponible" });

    // 49 hours later, the offer has expired: the registration is cancelled, the third is offered the seat.
    await sweepWaitingLists({ target: t.db, now: Date.now() + 49 * 3600_000 });
    const secondRow = await t.db
      .selectFrom("registrations")
      .select("status")
      .where("id", "=", second.registrationId)
      .executeTakeFirstOrThrow();
    expect(secondRow.status).toBe("annulee");
    expect(await acceptOffer(offers[0]!.id, { target: t.db })).toBe("invalid");
    const thirdOffer = await t.db
      .selectFrom("registration_offers")
      .selectAll()
      .where("registration_id", "=", third.registrationId)
      .executeTakeFirstOrThrow();
    expect(await acceptOffer(thirdOffer.id, { target: t.db })).toBe("accepted");
    const thirdRow = await t.db
      .selectFrom("registrations")
      .select("status")
      .where("id", "=", third.registrationId)
      .executeTakeFirstOrThrow();
    expect(thirdRow.status).toBe("recue");
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(0);
  });

  it("staff adding seats in the formation editor keeps the seats taken meanwhile, and the sweep offers the new ones", async () => {
    const sessionId = await newSession(2);
    const opened = (await getFormationById(formationId, t.db))!; // the editor shows 2 seats
    const values = formationToFormValues(opened);
    expect((await register(sessionId, {}, 2)).ok).toBe(true); // 0 left
    const waiting = await register(sessionId);
    expect(waiting.ok && waiting.status).toBe("en_attente");
    // Staff raise 2 → 3 in the editor opened before the registration: one seat is added, not three.
    const sessions = (values.sessions as Array<Record<string, unknown>>).map((s) => (s.id === sessionId ? { ...s, seatsLeft: 3 } : s));
    valueOf(await updateFormation(formationId, { ...values, sessions }, { db: t.db }));
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(1);
    expect(await sweepWaitingLists({ target: t.db })).toBeGreaterThan(0);
    expect((await getSession(sessionId, t.db))!.seatsLeft).toBe(0);
    if (!waiting.ok) throw new Error("unexpected");
    expect(
      await t.db.selectFrom("registration_offers").select("state").where("registration_id", "=", waiting.registrationId).executeTakeFirst(),
    ).toEqual({ state: "open" });
  });

  it("the formation editor refuses to remove a session that still has registrations", async () => {
    const sessionId = await newSession(2, "2099-07-06", "2099-07-07");
    const r = await register(sessionId);
    if (!r.ok) throw new Error("unexpected");
    const values = formationToFormValues((await getFormationById(formationId, t.db))!);
    const without = (values.sessions as Array<Record<string, unknown>>).filter((s) => s.id !== sessionId);
    const refused = await updateFormation(formationId, { ...values, sessions: without }, { db: t.db });
    expect(!refused.ok && refused.errors.sessions).toMatch(/a encore des inscriptions/);
    expect(await cancelRegistration(r.registrationId, { by: { id: null, label: "test" }, reason: "x", target: t.db })).toEqual({
      ok: true,
    });
    expect((await updateFormation(formationId, { ...values, sessions: without }, { db: t.db })).ok).toBe(true);
  });

  it("confirm, move to another session, and refusals", async () => {
    const a = await newSession(2, "2099-05-03", "2099-05-04");
    const b = await newSession(1, "2099-06-07", "2099-06-07");
    const r = await register(a, {}, 2);
    if (!r.ok) throw new Error("unexpected");
    const by = { id: actor.id, label: actor.email };
    expect(await confirmRegistration(r.registrationId, { by, target: t.db })).toEqual({ ok: true });
    expect((await confirmRegistration(r.registrationId, { by, target: t.db })).ok).toBe(false);
    expect(await moveRegistration(r.registrationId, b, { by, target: t.db })).toMatchObject({
      ok: false,
      error: expect.stringContaining("plus assez de places"),
    });
    const c = await newSession(5, "2099-06-14", "2099-06-15");
    expect(await moveRegistration(r.registrationId, c, { by, target: t.db })).toEqual({ ok: true });
    expect((await getSession(a, t.db))!.seatsLeft).toBe(2);
    expect((await getSession(c, t.db))!.seatsLeft).toBe(3);
    expect((await cancelRegistration(r.registrationId, { by, reason: "x", target: t.db })).ok).toBe(true);
    expect(await cancelRegistration(r.registrationId, { by, reason: "x", target: t.db })).toEqual({
      ok: false,
      error: "Cette inscription est déjà annulée.",
    });
  });

  it("an individual gets the withdrawal period, the accessibility needs go to the disability contact, the same form is stored once", async () => {
    const sessionId = await newSession(4);
    const form = registrationForm({
      acheteur: "particulier",
      entreprise: "",
      siret: "",
      financement: "fonds_propres",
      opco: "",
      accessibilite: "Fauteuil roulant : salle de plain-pied.",
    });
    const first = await submitRegistration(sessionId, form, { ip: nextIp(), target: t.db, minFillSeconds: 0 });
    const again = await submitRegistration(sessionId, form, { ip: nextIp(), target: t.db, minFillSeconds: 0 });
    if (!first.ok || !again.ok) throw new Error("unexpected");
    expect(again).toMatchObject({ duplicate: true, registrationId: first.registrationId });
    const row = await t.db.selectFrom("registrations").selectAll().where("id", "=", first.registrationId).executeTakeFirstOrThrow();
    expect(row.final_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mails = await t.db.selectFrom("mail_queue").selectAll().where("registration_id", "=", first.registrationId).execute();
    expect(mails.find((m) => m.purpose === "inscription-recue")!.text_body).toContain("L6353-5");
    expect(mails.find((m) => m.purpose === "inscription-recue")!.text_body).toContain("30\u00a0%");
    expect(mails.find((m) => m.purpose === "inscription-handicap")!.text_body).toContain("Fauteuil roulant");
    expect(mails.some((m) => m.purpose === "inscription-equipe" && m.to_address === "equipe@formavia.test")).toBe(true);
  });

  it("staff: registration by phone, session details, convocations with the .ics, CSV of trainees, fill rate", async () => {
    const sessionId = await newSession(3, "2099-09-14", "2099-09-15");
    const input = registrationSchema.parse({
      acheteur: "entreprise",
      entreprise: '=HYPERLINK("http://x")',
      adresse: "3 place Bellecour",
      codePostal: "69002",
      ville: "Lyon",
      contactNom: "Hélène Zoé",
      contactEmail: "helene@exemple.test",
      financement: "fonds_propres",
      cgv: "on",
      reglement: "on",
      stagiaires: [
        { prenom: "Loïc", nom: "Bérénice", email: "loic@exemple.test", fonction: "Comptable" },
        { prenom: "Anaïs", nom: "Çelik", email: "anais@exemple.test" },
      ],
    });
    const added = await addRegistrationByHand(sessionId, input, { actor, target: t.db });
    expect(added.ok).toBe(true);
    const tooMany = await addRegistrationByHand(sessionId, input, { actor, target: t.db });
    expect(tooMany).toEqual({ ok: false, error: "Plus assez de places libres\u00a0: il en reste 1 pour 2\u00a0stagiaires." });
    expect(
      await updateSessionDetails(
        sessionId,
        { kind: "inter", dayStart: "08:30", dayEnd: "16:30", address: "12 rue Mercière, 69002 Lyon", confirmation: true },
        actor,
        t.db,
      ),
    ).toMatchObject({ ok: true });

    // Each trainee's convocation e-mail carries the session's days in Europe/Paris and its address
    // (the documents domain sends it with the numbered PDF: app/domain/documents/jobs.test.ts).
    const registration = await t.db.selectFrom("registrations").select("id").where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    const convocation = (await convocationMailFor(registration.id, "loic@exemple.test", t.db))!;
    expect(convocation.text).toContain("Bonjour Loïc Bérénice,");
    expect(await convocationMailFor(registration.id, "personne@exemple.test", t.db)).toBeNull();
    const ics = convocation.calendar.content as string;
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(["2099-09-14T06:30:00.000Z", "2099-09-15T06:30:00.000Z"]);
    expect(events[0]!.location).toBe("12 rue Mercière, 69002 Lyon");

    const csv = (await exportTraineesCsv(sessionId, t.db))!;
    expect(csv.startsWith("\uFEFFRéférence;Statut;")).toBe(true);
    expect(csv).toContain("Loïc Bérénice;loic@exemple.test;Comptable");
    expect(csv).toContain(";Confirmée;");
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const fill = (await nextSessionsFill(50, t.db)).find((r) => r.id === sessionId)!;
    expect(fill).toMatchObject({ taken: 2, total: 3, fillPercent: 67 });
    const detail = (await adminSessionDetail(sessionId, t.db))!;
    expect(detail.registrations[0]!.history[0]).toMatchObject({ status: "Confirmée", by: actor.email });
  });

  it("refuses bad input with French messages next to the fields, and keeps what was typed", async () => {
    const sessionId = await newSession(4);
    const bad = await register(sessionId, { siret: "73282932000075", cgv: "", codePostal: "690", financement: "opco", opco: "" });
    expect(bad.ok).toBe(false);
    if (bad.ok) throw new Error("unexpected");
    expect(bad.errors).toMatchObject({
      siret: expect.stringContaining("SIRET"),
      cgv: "Acceptez les conditions générales de vente pour vous inscrire.",
      codePostal: "Le code postal comporte 5 chiffres.",
      opco: "Choisissez l'OPCO de l'entreprise.",
    });
    expect(bad.values.entreprise).toBe("Boulangerie Dupré");
    const tooMany = await register(sessionId, {}, 51);
    expect(!tooMany.ok && tooMany.errors.stagiaires).toMatch(/50 stagiaires au plus/);
    const honeypot = await register(sessionId, { website: "http://spam.test" });
    expect(!honeypot.ok && honeypot.formError).toMatch(/protection contre les envois automatiques/);
    const unknown = await register("nope");
    expect(unknown).toMatchObject({ ok: false, kind: "not-found" });
    expect(await t.db.selectFrom("registrations").select("id").where("session_id", "=", sessionId).execute()).toHaveLength(0);
  });
});

describe("registration schema and calendar", () => {
  it("the duplicate e-mail of a trainee is pointed at its row", () => {
    const result = registrationSchema.safeParse({
      acheteur: "entreprise",
      entreprise: "ACME",
      adresse: "1 rue A",
      codePostal: "75001",
      ville: "Paris",
      contactNom: "A",
      contactEmail: "a@acme.test",
      financement: "fonds_propres",
      cgv: "on",
      reglement: "on",
      stagiaires: { 0: { prenom: "A", nom: "B", email: "x@acme.test" }, 1: { prenom: "C", nom: "D", email: "X@acme.test" } },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["stagiaires", 1, "email"]);
  });

  it("the .ics has one event per day, at 09:00–17:00 Paris time on both sides of a daylight-saving change", () => {
    // 27–30 March 2099: Paris moves to summer time on Sunday 29 March 2099.
    const days = sessionDays("2099-03-27", "2099-03-30");
    expect(days).toEqual(["2099-03-27", "2099-03-30"]); // the weekend in between is left out
    const text = sessionCalendar({
      sessionId: "s1",
      formationTitle: "Excel : les bases",
      startDate: "2099-03-27",
      endDate: "2099-03-30",
      dayStart: "09:00",
      dayEnd: "17:00",
      place: "12 rue des Lilas, 69003 Lyon",
      organisationName: "Formavia",
      siteHost: "formavia.test",
      description: "Formation",
      sequence: 0,
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const paris = (d: Date) =>
      new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" }).format(d);
    expect(events.map((e) => paris(e.startDate.toJSDate()))).toEqual(["27/03/2099 09:00", "30/03/2099 09:00"]);
    expect(events.map((e) => paris(e.endDate.toJSDate()))).toEqual(["27/03/2099 17:00", "30/03/2099 17:00"]);
    // Winter: 08:00 UTC; summer: 07:00 UTC.
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(["2099-03-27T08:00:00.000Z", "2099-03-30T07:00:00.000Z"]);
    expect(events[0]!.location).toBe("12 rue des Lilas, 69003 Lyon");
    expect(events[0]!.summary).toBe("Excel : les bases (jour 1 sur 2)");
    expect(parisTimeToInstant("2099-10-26", "09:00").toISOString()).toBe("2099-10-26T08:00:00.000Z");
  });
});
