import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { listAudit } from "~/domain/audit/audit.server";
import { generateDocument, generateTrainerDocument } from "~/domain/documents/documents.server";
import { AFTER_SESSIONS, databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { changeOwnFeedLink, trainerFeed } from "~/domain/trainers/feed.server";
import type { Trainer } from "~/domain/trainers/model";
import { TRAINER_REALM } from "~/domain/trainers/space-links";
import { assignTrainer, createTrainer, setTrainerArchived, updateTrainer } from "~/domain/trainers/trainers.server";
import { readLinkSession } from "~/platform/link-sign-in/link-sign-in.server";
import { ipCounter, lastLinkSecret, linkMails as sentLinks, signInForm, spaceRequest } from "./test-support";
import { doorAt } from "./doors";
import { openSpaceLink, requestSpaceLink } from "./sign-in.server";
import { sendTrainerSpaceLink, trainerDocumentFile, trainerPerson, trainerSessionPage, trainerSpaceHome } from "./trainer-space.server";

/**
 * The trainer's space (docs/decisions/0031-trainer-space.md): the same sign-in by link as the
 * client's space, behind its own door; an active trainer sees their sessions, the trainees' names
 * and company (never an e-mail nor a phone), the needs until the session ends, the documents of
 * their sessions only; another trainer's session or document is refused; an archived trainer
 * cannot sign in.
 */

documentsTestConfig("trainer-space-test-");

const nextIp = ipCounter("10.78");
const request = (cookie?: string, path = "/espace/formateur") => spaceRequest(cookie, path);

const ask = (email: string, t: TestDatabase, door: "formateur" | "espace" = "formateur") =>
  requestSpaceLink(signInForm(email), { ip: nextIp(), door, target: t.db, minFillSeconds: 0 });

describe.each(engines)("the trainer's space ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  let n = 0;

  beforeAll(async () => ({ t, fixture } = await databaseWithDocuments(create)));
  afterAll(() => t.cleanup());

  const linkMails = (to: string) => sentLinks(t.db, to);

  async function trainer(name: string): Promise<Trainer> {
    const r = await createTrainer({ name, email: `formateur${++n}@formavia.test`, status: "interne" }, { actor: staff, target: t.db });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  }

  /** The secret of the latest link e-mailed to `email`. */
  async function lastLink(email: string): Promise<string> {
    const secret = await lastLinkSecret(t.db, email);
    expect(secret, "the e-mail carries the link").toBeTruthy();
    return secret;
  }

  async function signIn(email: string): Promise<string> {
    expect(await ask(email, t)).toEqual({ ok: true });
    const opened = await openSpaceLink(await lastLink(email), request(), t.db);
    if (!opened.ok) throw new Error(`sign-in refused: ${opened.reason}`);
    return opened.setCookie;
  }

  it("answers every address alike, sends a link to an active trainer only, used once, opening the trainer's space only", async () => {
    const marie = await trainer("Marie Curie");
    const sessionId = await fixture.newSession(4);
    const registrationId = await registerByHand(t.db, sessionId, "entreprise", 1);
    const trainee = await t.db
      .selectFrom("registration_trainees")
      .select("email")
      .where("registration_id", "=", registrationId)
      .executeTakeFirstOrThrow();

    // Unknown, a trainee (not a trainer): the same answer, and no e-mail.
    const answer = await ask("personne.inconnue@exemple.test", t);
    expect(answer).toEqual({ ok: true });
    expect(await ask(trainee.email, t)).toEqual(answer);
    expect(await linkMails("personne.inconnue@exemple.test")).toHaveLength(0);
    expect(await linkMails(trainee.email)).toHaveLength(0);

    expect(await ask(marie.email, t)).toEqual(answer);
    const mails = await linkMails(marie.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("espace formateur");
    const secret = await lastLink(marie.email);
    const opened = await openSpaceLink(secret, request(), t.db);
    expect(opened).toMatchObject({ ok: true, next: "/espace/formateur" });
    expect(opened.ok && opened.setCookie).toMatch(/^lien_formateur=/);
    expect(await openSpaceLink(secret, request(), t.db)).toEqual({ ok: false, reason: "utilise", home: "/espace/formateur" });

    // The trainer's cookie opens the trainer's space, never the client's and trainee's.
    const cookie = opened.ok ? opened.setCookie : "";
    expect((await trainerPerson(request(cookie), t.db))?.trainer.id).toBe(marie.id);
    expect(await readLinkSession(request(cookie), "espace", t.db)).toBeNull();
    // Nor does a trainee's cookie open the trainer's space.
    expect(await ask(trainee.email, t, "espace")).toEqual({ ok: true });
    const traineeOpened = await openSpaceLink(await lastLink(trainee.email), request(), t.db);
    expect(traineeOpened).toMatchObject({ ok: true, next: "/espace" });
    expect(await trainerPerson(request(traineeOpened.ok ? traineeOpened.setCookie : ""), t.db)).toBeNull();

    // Staff can send the link too (journal entry).
    expect(await sendTrainerSpaceLink(marie.id, staff, t.db)).toMatchObject({ ok: true });
    expect(await linkMails(marie.email)).toHaveLength(2);
    expect((await listAudit(t.db, { page: 1, entity: "trainer" })).entries.some((e) => e.action === "send")).toBe(true);
  });

  it("refuses an archived trainer: their session ends, a link asked before fails, none is sent after", async () => {
    const paul = await trainer("Paul Martin");
    const cookie = await signIn(paul.email);
    expect(await ask(paul.email, t)).toEqual({ ok: true });
    const pending = await lastLink(paul.email);
    expect((await setTrainerArchived(paul.id, true, { actor: staff, target: t.db })).ok).toBe(true);

    expect(await trainerPerson(request(cookie), t.db)).toBeNull();
    expect(await readLinkSession(request(cookie), TRAINER_REALM, t.db)).toBeNull();
    expect(await openSpaceLink(pending, request(), t.db)).toMatchObject({ ok: false, reason: "invalide" });
    const before = (await linkMails(paul.email)).length;
    expect(await ask(paul.email, t)).toEqual({ ok: true });
    expect(await linkMails(paul.email)).toHaveLength(before);
    expect(await sendTrainerSpaceLink(paul.id, staff, t.db)).toMatchObject({ ok: false, kind: "conflict" });

    // One address, one active trainer: a new record may take it, the archived one then stays archived.
    const again = await createTrainer({ name: "Paul Martin", email: paul.email, status: "interne" }, { actor: staff, target: t.db });
    expect(again.ok).toBe(true);
    expect(await setTrainerArchived(paul.id, false, { actor: staff, target: t.db })).toMatchObject({ ok: false, kind: "conflict" });
    const other = await trainer("Irène Joliot");
    expect(
      await updateTrainer(other.id, { name: other.name, email: paul.email, status: "interne" }, { actor: staff, target: t.db }),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      errors: { email: expect.stringContaining("a déjà cette adresse e-mail") },
    });
  });

  it("shows a trainer their sessions with names and company only; another trainer's session and documents are refused", async () => {
    const [lise, jeanne, emmy] = [await trainer("Lise Meitner"), await trainer("Jeanne Dupuis"), await trainer("Emmy Noether")];
    const mine = await fixture.newSession(6);
    const theirs = await fixture.newSession(6);
    const day = (await t.db.selectFrom("formation_sessions").select("start_date").where("id", "=", mine).executeTakeFirstOrThrow())
      .start_date;
    expect(
      (await assignTrainer(mine, { trainerId: lise.id, halfDays: [`${day}:matin`, `${day}:apres-midi`] }, { actor: staff, target: t.db }))
        .ok,
    ).toBe(true);
    expect((await assignTrainer(mine, { trainerId: emmy.id }, { actor: staff, target: t.db })).ok).toBe(true);
    expect((await assignTrainer(theirs, { trainerId: jeanne.id }, { actor: staff, target: t.db })).ok).toBe(true);

    const company = await registerByHand(t.db, mine, "entreprise", 2);
    const person = await registerByHand(t.db, mine, "particulier", 1);
    await t.db
      .updateTable("registrations")
      .set({ accessibility_needs: "Fauteuil roulant : salle de plain-pied", contact_phone: "06 12 34 56 78" })
      .where("id", "=", company)
      .execute();
    const trainees = await t.db
      .selectFrom("registration_trainees")
      .select(["id", "email", "first_name", "last_name", "registration_id"])
      .where("registration_id", "in", [company, person])
      .orderBy("position")
      .execute();
    const first = trainees.find((x) => x.registration_id === company)!;
    const contacts = await t.db.selectFrom("registrations").select("contact_email").where("id", "in", [company, person]).execute();
    const generate = (kind: "emargement" | "convocation" | "convention", extra: Record<string, string> = {}) =>
      generateDocument({ kind, sessionId: mine, ...extra }, { actor: staff, target: t.db });
    const sheet = await generate("emargement");
    const convocation = await generate("convocation", { registrationId: company, traineeId: first.id });
    const convention = await generate("convention", { registrationId: company });
    for (const d of [sheet, convocation, convention]) expect(d.ok, JSON.stringify(d)).toBe(true);
    const id = (d: typeof sheet) => (d.ok ? d.id : "");

    const home = await trainerSpaceHome(lise, t.db);
    expect(home.upcoming.map((s) => s.sessionId)).toEqual([mine]);
    expect(home.upcoming[0]!.share).toMatch(/^2\u00a0demi-journées sur 4$/);
    expect(home.past).toEqual([]);

    const page = (await trainerSessionPage(lise, mine, t.db))!;
    expect(page.halfDays.map((h) => h.label)).toHaveLength(2);
    expect(page.coTrainers).toEqual(["Emmy Noether"]);
    expect(page.halfDays[0]!.hours).toMatch(/^de \d/);
    expect(page.trainees).toHaveLength(3);
    expect(page.trainees[0]).toEqual({
      firstName: first.first_name,
      lastName: first.last_name,
      company: "Boulangerie Dupré",
    });
    expect(page.trainees.map((x) => Object.keys(x).sort())).toEqual(Array(3).fill(["company", "firstName", "lastName"]));
    expect(page.needs).toEqual([
      {
        who: `${trainees
          .filter((x) => x.registration_id === company)
          .map((x) => `${x.first_name} ${x.last_name}`)
          .join(", ")} (Boulangerie Dupré)`,
        needs: "Fauteuil roulant\u00a0: salle de plain-pied",
      },
    ]);
    const shown = JSON.stringify(page);
    for (const address of [...trainees.map((x) => x.email), ...contacts.map((c) => c.contact_email)]) expect(shown).not.toContain(address);
    expect(shown).not.toContain("06 12 34 56 78");
    expect(page.documents.map((d) => d.id).sort()).toEqual([id(sheet), id(convocation)].sort());
    expect(page.missionDocuments).toEqual([]);

    // Lise downloads her session's sheet and convocation, never the convention; Jeanne none of them.
    expect(await trainerDocumentFile(lise, id(sheet), t.db)).toMatchObject({ filename: expect.stringMatching(/\.pdf$/) });
    expect(await trainerDocumentFile(lise, id(convocation), t.db)).not.toBeNull();
    expect(await trainerDocumentFile(lise, id(convention), t.db)).toBeNull();
    for (const d of [sheet, convocation, convention]) expect(await trainerDocumentFile(jeanne, id(d), t.db)).toBeNull();
    expect(await trainerDocumentFile(lise, "00000000-0000-4000-8000-000000000000", t.db)).toBeNull();

    // Another trainer's session, or a session that does not exist: refused (the route answers 404).
    expect(await trainerSessionPage(lise, theirs, t.db)).toBeNull();
    expect(await trainerSessionPage(jeanne, mine, t.db)).toBeNull();
    expect(await trainerSessionPage(lise, "absente", t.db)).toBeNull();
    expect((await trainerSpaceHome(jeanne, t.db)).upcoming.map((s) => s.sessionId)).toEqual([theirs]);

    // Once the session is over it is a past one, and the needs are no longer shown.
    const after = new Date(AFTER_SESSIONS);
    expect((await trainerSpaceHome(lise, t.db, after)).past.map((s) => s.sessionId)).toEqual([mine]);
    expect(await trainerSessionPage(lise, mine, t.db, after)).toMatchObject({ past: true, needs: [] });
  });

  it("lists the trainer's own lettre de mission, the version in force only, and never a co-trainer's", async () => {
    const [marie, paul] = [await trainer("Marie Sklodowska"), await trainer("Paul Langevin")];
    const session = await fixture.newSession(4);
    for (const who of [marie, paul])
      expect((await assignTrainer(session, { trainerId: who.id }, { actor: staff, target: t.db })).ok).toBe(true);
    const first = await generateTrainerDocument(session, marie.id, { actor: staff, target: t.db });
    const second = await generateTrainerDocument(session, marie.id, { actor: staff, target: t.db });
    const paulsLetter = await generateTrainerDocument(session, paul.id, { actor: staff, target: t.db });
    const id = (r: typeof first) => (r.ok ? r.id : "");
    expect([first, second, paulsLetter].every((r) => r.ok)).toBe(true);

    const page = (await trainerSessionPage(marie, session, t.db))!;
    expect(page.missionDocuments.map((d) => d.id)).toEqual([id(second)]);
    expect(page.missionDocuments[0]!.label).toMatch(/^Lettre de mission n°\u00a0MISS-/);
    expect((await trainerDocumentFile(marie, id(second), t.db))?.body.subarray(0, 5).toString()).toBe("%PDF-");
    // The replaced version, and the co-trainer's letter, are not hers to download.
    expect(await trainerDocumentFile(marie, id(first), t.db)).toBeNull();
    expect(await trainerDocumentFile(marie, id(paulsLetter), t.db)).toBeNull();
    expect((await trainerSessionPage(paul, session, t.db))!.missionDocuments.map((d) => d.id)).toEqual([id(paulsLetter)]);
  });

  it("lets the trainer replace or revoke their calendar address from their space, in the journal under their name", async () => {
    const ada = await trainer("Ada Lovelace");
    const url = await changeOwnFeedLink(ada, true, t.db);
    const secret = /\/formateurs\/agenda\/([\w-]+)\/agenda\.ics$/.exec(url)![1]!;
    expect(await trainerFeed(secret, t.db)).toContain("BEGIN:VCALENDAR");
    expect((await trainerSpaceHome(ada, t.db)).feedActive).toBe(true);
    const replaced = await changeOwnFeedLink(ada, true, t.db);
    expect(await trainerFeed(secret, t.db)).toBeNull();
    expect(await changeOwnFeedLink(ada, false, t.db)).toBe("");
    expect(await trainerFeed(/agenda\/([\w-]+)\//.exec(replaced)![1]!, t.db)).toBeNull();
    const entries = (await listAudit(t.db, { page: 1, entity: "trainer" })).entries.filter((e) => e.actorEmail === ada.email);
    expect(entries.map((e) => e.actorRole)).toEqual(["formateur", "formateur", "formateur"]);
    expect(entries[0]!.summary).toContain("depuis son espace");
  });
});

describe("the door of a path", () => {
  it("is the trainer's under /espace/formateur (and its .data requests), else the client's and trainee's", () => {
    for (const path of ["/espace/formateur", "/espace/formateur.data", "/espace/formateur/sessions/s1", "/espace/formateur/documents/d1"])
      expect(doorAt(path), path).toBe("formateur");
    for (const path of ["/espace", "/espace.data", "/espace/formations/r1", "/espace/formateurs", "/espace/inscriptions/r1"])
      expect(doorAt(path), path).toBe("espace");
  });
});
