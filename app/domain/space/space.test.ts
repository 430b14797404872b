import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { markAttendance } from "~/domain/documents/attendance.server";
import { generateDocument, sendDocument } from "~/domain/documents/documents.server";
import { sessionHalfDays } from "~/domain/documents/model";
import { AFTER_SESSIONS, documentsFixture, registerByHand, staff } from "~/domain/documents/test-fixtures";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { cancelRegistration, updateTrainees } from "~/domain/registrations/registrations.server";
import { SPACE_REALM } from "~/domain/registrations/space-links";
import { LINK_MINUTES, readLinkSession, redeemSignInLink } from "~/platform/link-sign-in/link-sign-in.server";
import { ipCounter, lastLinkSecret, linkMails as sentLinks, signInForm, spaceRequest } from "./test-support";
import { openSpaceLink, pruneSpace, requestSpaceLink, sendSpaceLinkByStaff } from "./sign-in.server";
import { eraseCopies } from "~/platform/privacy/erasure.server";
import {
  contactSpacePage,
  registrationSpaceAccess,
  spaceDataExport,
  spaceDocumentFile,
  spaceOverview,
  traineeCalendar,
  traineeSpacePage,
} from "./space.server";

/**
 * The client's and trainee's space (docs/decisions/0029-space-sign-in-by-link.md): the sign-in link
 * (single use, 15 minutes, one person's), no enumeration, each person sees only what concerns
 * them, and a cancelled registration's spaces close.
 */

documentsTestConfig("space-test-");

const nextIp = ipCounter("10.77");
const request = (cookie?: string, path = "/espace") => spaceRequest(cookie, path);

describe.each(engines)("the client's and trainee's space ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: Awaited<ReturnType<typeof documentsFixture>>;

  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const linkMails = (to: string) => sentLinks(t.db, to);

  /** Asks for a link as a visitor and returns its secret (from the e-mail queued). */
  async function askLink(email: string, suite = ""): Promise<string> {
    expect(await requestSpaceLink(signInForm(email, suite), { ip: nextIp(), target: t.db, minFillSeconds: 0 })).toEqual({ ok: true });
    const secret = await lastLinkSecret(t.db, email);
    expect(secret, "the e-mail carries the link").toBeTruthy();
    return secret;
  }

  async function signIn(email: string): Promise<string> {
    const opened = await openSpaceLink(await askLink(email), request(), t.db);
    if (!opened.ok) throw new Error(`sign-in refused: ${opened.reason}`);
    return opened.setCookie;
  }

  async function people(registrationId: string) {
    const r = await t.db.selectFrom("registrations").select("contact_email").where("id", "=", registrationId).executeTakeFirstOrThrow();
    const trainees = await t.db
      .selectFrom("registration_trainees")
      .select(["id", "email"])
      .where("registration_id", "=", registrationId)
      .orderBy("position")
      .execute();
    return { contact: r.contact_email, trainees };
  }

  it("answers an unknown address as a known one, and sends it nothing", async () => {
    const unknown = "personne.inconnue@exemple.test";
    const answer = await requestSpaceLink(signInForm(unknown), { ip: nextIp(), target: t.db, minFillSeconds: 0 });
    expect(answer).toEqual({ ok: true });
    expect(await linkMails(unknown)).toHaveLength(0);
    const sessionId = await fixture.newSession(5);
    const registrationId = await registerByHand(t.db, sessionId, "entreprise", 1);
    const { contact } = await people(registrationId);
    expect(await requestSpaceLink(signInForm(contact), { ip: nextIp(), target: t.db, minFillSeconds: 0 })).toEqual(answer);
    expect(await linkMails(contact)).toHaveLength(1);
  });

  it("uses a link once, within 15 minutes, for its own person only", async () => {
    const sessionId = await fixture.newSession(5);
    const registrationId = await registerByHand(t.db, sessionId, "entreprise", 1);
    const { contact, trainees } = await people(registrationId);

    const secret = await askLink(contact);
    const first = await openSpaceLink(secret, request(), t.db);
    expect(first).toMatchObject({ ok: true, next: "/espace" });
    expect(await openSpaceLink(secret, request(), t.db)).toEqual({ ok: false, reason: "utilise", home: "/espace" });

    const late = await askLink(trainees[0]!.email);
    const at = Date.now() + LINK_MINUTES * 60_000 + 1000;
    expect(await openSpaceLink(late, request(), t.db, at)).toEqual({ ok: false, reason: "expire", home: "/espace" });

    // A link opens its own person's session, never another's, nor another space's.
    const mine = await askLink(trainees[0]!.email);
    expect(await redeemSignInLink(t.db, "formateurs", mine)).toEqual({ ok: false, reason: "invalide" });
    expect(await openSpaceLink(`${mine.slice(0, -2)}AA`, request(), t.db)).toEqual({ ok: false, reason: "invalide", home: "/espace" });
    const opened = await openSpaceLink(mine, request(), t.db);
    if (!opened.ok) throw new Error(opened.reason);
    const session = await readLinkSession(request(opened.setCookie), SPACE_REALM, t.db);
    expect(session?.subject).toBe(trainees[0]!.email.toLowerCase());
    expect(await contactSpacePage(session!.subject, registrationId, t.db)).toBeNull();
  });

  it("shows a trainee only themselves: every other id answers nothing", async () => {
    const sessionId = await fixture.newSession(6);
    const company = await registerByHand(t.db, sessionId, "entreprise", 2);
    const other = await registerByHand(t.db, sessionId, "entreprise", 1);
    const { contact, trainees } = await people(company);
    const [one, two] = trainees as [{ id: string; email: string }, { id: string; email: string }];
    const convention = await generateDocument({ kind: "convention", sessionId, registrationId: company }, { actor: staff, target: t.db });
    const convocationOne = await generateDocument(
      { kind: "convocation", sessionId, registrationId: company, traineeId: one.id },
      { actor: staff, target: t.db },
    );
    const convocationTwo = await generateDocument(
      { kind: "convocation", sessionId, registrationId: company, traineeId: two.id },
      { actor: staff, target: t.db },
    );
    const session = await t.db
      .selectFrom("formation_sessions")
      .select(["start_date", "end_date"])
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const presence = sessionHalfDays(session.start_date, session.end_date);
    expect(await markAttendance(sessionId, { stagiaire: two.id, presence, resultat: "acquis" }, staff, t.db)).toEqual({ ok: true });
    const certificateTwo = await generateDocument(
      { kind: "certificat", sessionId, registrationId: company, traineeId: two.id },
      { actor: staff, target: t.db, now: AFTER_SESSIONS },
    );
    for (const d of [convention, convocationOne, convocationTwo, certificateTwo]) expect(d.ok, JSON.stringify(d)).toBe(true);
    const id = (d: typeof convention) => (d.ok ? d.id : "");

    // The contact: the registration, its two trainees, the convention and the certificate.
    const contactPage = await contactSpacePage(contact, company, t.db);
    expect(contactPage?.view.trainees.map((x) => x.email)).toEqual([one.email, two.email]);
    expect(contactPage?.documents.map((d) => d.id).sort()).toEqual([id(convention), id(certificateTwo)].sort());
    expect(await spaceDocumentFile(contact, id(convention), t.db)).toMatchObject({ filename: expect.any(String) });
    expect(await spaceDocumentFile(contact, id(convocationOne), t.db)).toBeNull();
    expect(await contactSpacePage(contact, other, t.db)).toBeNull();

    // Trainee one: their session and convocation; nothing of trainee two, the contact or the other registration.
    const page = await traineeSpacePage(one.email, company, t.db);
    expect(page?.documents.map((d) => d.id)).toEqual([id(convocationOne)]);
    expect(page?.traineeName).toMatch(/^Élise0 /);
    expect(await traineeCalendar(one.email, company, t.db)).toMatchObject({ filename: "session.ics" });
    expect(await spaceDocumentFile(one.email, id(convocationOne), t.db)).not.toBeNull();
    for (const doc of [convocationTwo, certificateTwo, convention]) expect(await spaceDocumentFile(one.email, id(doc), t.db)).toBeNull();
    expect(await contactSpacePage(one.email, company, t.db)).toBeNull();
    expect(await traineeSpacePage(one.email, other, t.db)).toBeNull();
    expect(await traineeCalendar(one.email, other, t.db)).toBeNull();
    expect(await spaceDocumentFile(one.email, "00000000-0000-4000-8000-000000000000", t.db)).toBeNull();
    // The e-mails lead each person to their page of the space: the contact's confirmation, the trainee's convocation.
    expect((await sendDocument(id(convocationOne), staff, t.db)).ok).toBe(true);
    const mails = await t.db.selectFrom("mail_queue").select(["to_address", "text_body"]).where("registration_id", "=", company).execute();
    expect(mails.find((m) => m.to_address === contact)?.text_body).toContain(`http://formavia.test/espace/inscriptions/${company}`);
    expect(mails.find((m) => m.to_address === one.email)?.text_body).toContain(`http://formavia.test/espace/formations/${company}`);
    const overview = await spaceOverview(one.email, t.db);
    expect(overview.asContact).toEqual([]);
    expect(overview.asTrainee.map((x) => x.registrationId)).toEqual([company]);
  });

  it("gives each person their own data to download, and nothing of anyone else's", async () => {
    const sessionId = await fixture.newSession(4);
    const company = await registerByHand(t.db, sessionId, "entreprise", 2);
    const { contact, trainees } = await people(company);
    const [one, two] = trainees as [{ id: string; email: string }, { id: string; email: string }];
    await signIn(one.email);

    const contactData = await spaceDataExport(contact, t.db);
    const mine = contactData.inscriptionsCommeContact.find((r) => r.contact_email === contact)!;
    expect(mine.stagiaires.map((x) => x.email)).toEqual([one.email, two.email]);
    expect(JSON.stringify(contactData)).not.toContain("form_token");

    const traineeData = await spaceDataExport(one.email, t.db);
    expect(traineeData.inscriptionsCommeContact).toEqual([]);
    expect(traineeData.participationsCommeStagiaire.map((p) => p.email)).toEqual([one.email]);
    expect(JSON.stringify(traineeData)).not.toContain(two.email);
    expect(traineeData.accèsÀLEspace.map((a) => a.event)).toContain("connexion");

    const nobody = await spaceDataExport("personne.inconnue@exemple.test", t.db);
    expect([nobody.inscriptionsCommeContact, nobody.participationsCommeStagiaire, nobody.accèsÀLEspace]).toEqual([[], [], []]);
  });

  it("closes the spaces of a registration staff cancel, and of a trainee replaced", async () => {
    const sessionId = await fixture.newSession(6);
    const registrationId = await registerByHand(t.db, sessionId, "entreprise", 2);
    const { contact, trainees } = await people(registrationId);
    const contactCookie = await signIn(contact);
    const traineeCookie = await signIn(trainees[0]!.email);
    const replacedCookie = await signIn(trainees[1]!.email);
    expect(await readLinkSession(request(contactCookie), SPACE_REALM, t.db)).not.toBeNull();

    const view = (await contactSpacePage(contact, registrationId, t.db))!.view;
    const kept = view.trainees.slice(0, 1).map((x) => ({ ...x, fonction: "" }));
    expect(
      await updateTrainees(registrationId, [...kept, { prenom: "Jean", nom: "Neuf", email: "jean.neuf@dupre.test", fonction: "" }], {
        target: t.db,
      }),
    ).toEqual({ ok: true });
    expect(await readLinkSession(request(replacedCookie), SPACE_REALM, t.db)).toBeNull();
    expect(await readLinkSession(request(traineeCookie), SPACE_REALM, t.db)).not.toBeNull();

    // Staff see the accesses and can send the link.
    expect(await sendSpaceLinkByStaff(registrationId, contact, staff, t.db)).toMatchObject({ ok: true });
    const access = await registrationSpaceAccess(registrationId, t.db);
    expect(access?.accesses.some((a) => a.event.startsWith("Connexion par lien") && a.who.includes("(contact)"))).toBe(true);
    expect(access?.accesses.every((a) => a.client.startsWith("p-"))).toBe(true);

    expect(
      await cancelRegistration(registrationId, { by: { id: staff.id, label: staff.email }, reason: "Session reportée", target: t.db }),
    ).toEqual({ ok: true });
    expect(await readLinkSession(request(contactCookie), SPACE_REALM, t.db)).toBeNull();
    expect(await readLinkSession(request(traineeCookie), SPACE_REALM, t.db)).toBeNull();
    expect(await contactSpacePage(contact, registrationId, t.db)).toBeNull();
    expect(await traineeSpacePage(trainees[0]!.email, registrationId, t.db)).toBeNull();
    // No new link either: the address has nothing left in the space.
    const before = (await linkMails(contact)).length;
    expect(await requestSpaceLink(signInForm(contact), { ip: nextIp(), target: t.db, minFillSeconds: 0 })).toEqual({ ok: true });
    expect(await linkMails(contact)).toHaveLength(before);
    expect(await sendSpaceLinkByStaff(registrationId, contact, staff, t.db)).toMatchObject({ ok: false });
  });

  it("expires a session 30 days after its last use, and slides with each use", async () => {
    const sessionId = await fixture.newSession(3);
    const registrationId = await registerByHand(t.db, sessionId, "particulier", 1);
    const { contact } = await people(registrationId);
    const cookie = await signIn(contact);
    const day = 86_400_000;
    const renewed = await readLinkSession(request(cookie), SPACE_REALM, t.db, Date.now() + 20 * day);
    expect(renewed?.setCookie).toContain("Max-Age=2592000");
    expect(renewed?.setCookie).toContain("HttpOnly");
    expect(renewed?.setCookie).toContain("SameSite=Lax");
    expect(await readLinkSession(request(cookie), SPACE_REALM, t.db, Date.now() + 45 * day)).not.toBeNull();
    expect(await readLinkSession(request(cookie), SPACE_REALM, t.db, Date.now() + 80 * day)).toBeNull();
    // Housekeeping: the ended session goes; erasure takes the live ones too.
    expect(await pruneSpace(t.db, Date.now() + 80 * day)).toBeGreaterThan(0);
    const fresh = await signIn(contact);
    await eraseCopies(t.db, [contact.toUpperCase()]);
    expect(await readLinkSession(request(fresh), SPACE_REALM, t.db)).toBeNull();
  });
});
