import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { editor, viewer } from "../../../tests/support/actors";
import { attendanceWithQuiz } from "~/composition/attendance-results.server";
import { evidencePack, packCsv } from "~/composition/evidence-pack.server";
import { TYPED_BASIS, formationResults, publicResults } from "~/composition/published-results.server";
import { documentsFixture, registerByHand, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { SPACE_REALM } from "~/domain/registrations/space-links";
import { openLinkSession } from "~/platform/link-sign-in/link-sign-in.server";
import { signedToken } from "~/platform/http/signed-link.server";
import { openInvitation, saveAnswers } from "./answers.server";
import { dispatchQuestionnaires } from "./dispatch.server";
import { verifyInvitationToken } from "./links.server";
import { ratesSentence, sessionsPeriodLabel } from "./model";
import { anonymiseExpiredAnswers, eraseQuestionnairesOf, questionnaireDataOf, questionnairesOf } from "./people.server";
import { assignTrainer, createTrainer } from "~/domain/trainers/trainers.server";
import {
  QuestionnaireForbiddenError,
  createFormationQuestionnaire,
  financersOf,
  saveFinancerAddress,
  getQuestionnaire,
  organisationQuestionnaireId,
  saveQuestionnaire,
} from "./questionnaires.server";
import { computeRates, publishedRates, refreshPublishedRates } from "./rates.server";
import { readContentVersion } from "~/platform/db/content-version.server";
import { questionnaireResults, resultsCsv, sessionQuestionnaires } from "./results.server";

/**
 * Questionnaires (README « Questionnaires »): sent once per person at the right time through the
 * mail queue, reminded once to those who have not answered, answered once and only by their
 * person; the published rate is the rule applied to the stored answers; positioning flags, quiz
 * scores, results and the personal data's retention.
 */

documentsTestConfig("questionnaires-test-");

/** The first session of the fixture: 2099-03-10 to 2099-03-11, ending at 17:00 (Paris, UTC+1 in March). */
const DURING = Date.parse("2099-03-11T10:00:00Z");
const ENDED = Date.parse("2099-03-11T17:30:00Z");
const DAY = 86_400_000;

const request = (cookie?: string) =>
  new Request("http://formavia.test/questionnaires/x", { headers: cookie ? { Cookie: cookie.split(";")[0]! } : {} });

describe.each(engines)("questionnaires on $name", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  let sessionId: string;
  let registrationId: string;
  let trainees: Array<{ id: string; email: string }>;

  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
    sessionId = await fixture.newSession(6);
    registrationId = await registerByHand(t.db, sessionId, "entreprise", 2);
    trainees = await t.db
      .selectFrom("registration_trainees")
      .select(["id", "email"])
      .where("registration_id", "=", registrationId)
      .orderBy("position")
      .execute();
  });
  afterAll(() => t.cleanup());

  const invitations = (use: string) =>
    t.db.selectFrom("questionnaire_invitations").selectAll().where("use", "=", use).where("session_id", "=", sessionId).execute();
  const mails = (purpose: string, to?: string) => {
    let q = t.db.selectFrom("mail_queue").selectAll().where("purpose", "=", purpose);
    if (to) q = q.where("to_address", "=", to);
    return q.execute();
  };
  const tokenOf = (text: string) => /\/questionnaires\/([A-Za-z0-9._-]+)/.exec(text)![1]!;
  const invitationOf = async (use: string, email: string) => (await invitations(use)).find((i) => i.email === email)!;
  const globalAnswers = (overall: string, extra: Record<string, string> = {}) => ({
    qglobal: overall,
    qobjectifs: "4",
    qrecommande: overall >= "4" ? "oui" : "non",
    qameliorer: "Un peu plus d'exercices sur les tableaux croisés.",
    ...extra,
  });

  it("writes no published figure, and drops no cached page, before any questionnaire was sent", async () => {
    const version = await readContentVersion(t.db);
    expect(await refreshPublishedRates(t.db)).toBe(0);
    expect(await t.db.selectFrom("published_rates").selectAll().execute()).toEqual([]);
    expect(await readContentVersion(t.db)).toBe(version);
    expect(await publishedRates(null, t.db)).toEqual({ computed: null, since: null, computedAt: null });
  });

  it("sends the à-chaud questionnaire once per trainee at the end of the session, through the mail queue", async () => {
    expect(await dispatchQuestionnaires(t.db, DURING)).toBe(0);
    expect(await invitations("a_chaud")).toHaveLength(0);

    const queued = await dispatchQuestionnaires(t.db, ENDED);
    expect(queued).toBe(3); // two trainees (à chaud) and the contact (client); no quiz, no trainer yet
    const sent = await invitations("a_chaud");
    expect(sent.map((i) => i.email).sort()).toEqual(trainees.map((x) => x.email).sort());
    for (const trainee of trainees) {
      const [mail] = await mails("questionnaire", trainee.email);
      expect(mail!.subject).toMatch(/^Votre avis sur la formation «\u00a0.+\u00a0»$/);
      expect(mail!.text_body).toContain(`http://formavia.test/questionnaires/`);
      expect(mail!.text_body).toContain(`http://formavia.test/espace/formations/${registrationId}`);
      expect(verifyInvitationToken(tokenOf(mail!.text_body))).toEqual({ ok: true, id: sent.find((i) => i.email === trainee.email)!.id });
    }
    expect(await invitations("client")).toHaveLength(1);

    // Again, and twice at the same moment: nothing more (UNIQUE (use, person, session)).
    expect(await dispatchQuestionnaires(t.db, ENDED + 60_000)).toBe(0);
    await Promise.all([dispatchQuestionnaires(t.db, ENDED + 120_000), dispatchQuestionnaires(t.db, ENDED + 120_000)]);
    expect(await invitations("a_chaud")).toHaveLength(2);
    expect((await mails("questionnaire")).filter((m) => trainees.some((x) => x.email === m.to_address))).toHaveLength(2);
  });

  it("answers once, by its person only; a partial answer is saved to finish later", async () => {
    const [ana, bruno] = trainees as [{ id: string; email: string }, { id: string; email: string }];
    const anaInvitation = await invitationOf("a_chaud", ana.email);
    const brunoInvitation = await invitationOf("a_chaud", bruno.email);
    const anaToken = tokenOf((await mails("questionnaire", ana.email))[0]!.text_body);

    // Required questions are checked when the answers are sent, each message beside its question.
    const missing = await saveAnswers({ via: "lien", token: anaToken }, { qcontenu: "3" }, true, t.db, ENDED + DAY);
    expect(missing).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { qglobal: "Choisissez une note de 1 à 5.", qrecommande: "Répondez par oui ou par non." },
    });
    // Saved to finish later: no check of the required questions, the version is kept.
    expect(await saveAnswers({ via: "lien", token: anaToken }, { qcontenu: "3" }, false, t.db, ENDED + DAY)).toEqual({
      ok: true,
      final: false,
    });
    const opened = await openInvitation({ via: "lien", token: anaToken }, t.db, ENDED + DAY);
    expect(opened).toMatchObject({ ok: true, page: { state: "commencee", answers: { qcontenu: "3" } } });

    // Another person's link: altered, or opened where another person's space is signed in, or from another space.
    const forged = `${brunoInvitation.id}.${anaToken.split(".")[1]}.${anaToken.split(".")[2]}`;
    expect(await openInvitation({ via: "lien", token: forged }, t.db)).toEqual({ ok: false, reason: "invalide" });
    expect(await openInvitation({ via: "lien", token: signedToken("document", anaInvitation.id, 30) }, t.db)).toEqual({
      ok: false,
      reason: "invalide",
    });
    const brunoCookie = await openLinkSession(t.db, SPACE_REALM, bruno.email);
    expect(await openInvitation({ via: "lien", token: anaToken, request: request(brunoCookie) }, t.db)).toEqual({
      ok: false,
      reason: "autre-personne",
    });
    expect(
      await saveAnswers({ via: "lien", token: anaToken, request: request(brunoCookie) }, globalAnswers("5"), true, t.db),
    ).toMatchObject({
      ok: false,
      kind: "refused",
      reason: "autre-personne",
    });
    expect(await openInvitation({ via: "espace", id: anaInvitation.id, email: bruno.email }, t.db)).toEqual({
      ok: false,
      reason: "introuvable",
    });
    const anaCookie = await openLinkSession(t.db, SPACE_REALM, ana.email);
    expect((await openInvitation({ via: "lien", token: anaToken, request: request(anaCookie) }, t.db)).ok).toBe(true);

    // Sent, then refused a second time (by link or from the space).
    expect(await saveAnswers({ via: "lien", token: anaToken }, globalAnswers("5"), true, t.db, ENDED + DAY)).toEqual({
      ok: true,
      final: true,
    });
    const again = await saveAnswers({ via: "espace", id: anaInvitation.id, email: ana.email }, globalAnswers("1"), true, t.db, ENDED + DAY);
    expect(again).toMatchObject({ ok: false, kind: "conflict" });
    const stored = await invitationOf("a_chaud", ana.email);
    expect(stored).toMatchObject({ state: "repondue", overall: 5, recommend: 1 });
    expect(JSON.parse(stored.answers)).toMatchObject({ qglobal: "5" });
  });

  it("reminds once, only those who have not answered, and nothing after the answer", async () => {
    const [ana, bruno] = trainees as [{ id: string; email: string }, { id: string; email: string }];
    expect(await dispatchQuestionnaires(t.db, ENDED + 3 * DAY)).toBe(0); // before the delay (7 days)
    await dispatchQuestionnaires(t.db, ENDED + 8 * DAY);
    expect(await mails("questionnaire-rappel", ana.email)).toHaveLength(0);
    const [reminder] = await mails("questionnaire-rappel", bruno.email);
    expect(reminder!.subject).toMatch(/^Rappel\u00a0: /);
    expect(reminder!.text_body).toContain("Vous n'avez pas encore répondu");
    expect(await dispatchQuestionnaires(t.db, ENDED + 9 * DAY)).toBe(0);
    expect(await mails("questionnaire-rappel", bruno.email)).toHaveLength(1);

    const brunoToken = tokenOf(reminder!.text_body);
    expect(await saveAnswers({ via: "lien", token: brunoToken }, globalAnswers("3"), true, t.db, ENDED + 9 * DAY)).toEqual({
      ok: true,
      final: true,
    });
    expect(await dispatchQuestionnaires(t.db, ENDED + 20 * DAY)).toBe(0);
  });

  it("publishes the rate the rule gives from the stored answers, with its count and period, on the page and in the evidence pack", async () => {
    const asOf = ENDED + 10 * DAY;
    const rates = await computeRates(fixture.formationId, asOf, t.db);
    // Ana 5, Bruno 3: one satisfied out of two.
    expect(rates).toMatchObject({ answers: 2, satisfied: 1, rate: 50, average: 4, recommendAnswers: 2, recommendRate: 50 });
    expect(rates!.period).toBe("sessions de mars 2099");
    expect(ratesSentence(rates!)).toBe("50\u00a0% de stagiaires satisfaits — 2\u00a0réponses, sessions de mars 2099");

    // What the public pages read is the same figure, for the formation and the organisation.
    const published = await publishedRates(fixture.formationId, t.db);
    expect(published.computed).toEqual(rates);
    expect((await publishedRates(null, t.db)).computed).toEqual(rates);
    expect(published.since).toBe(new Date(ENDED).toISOString());

    // The evidence pack shows the same figure as it stood that day, and which figures were typed.
    const pack = await evidencePack("2099-03-25", t.db);
    const row = pack.formations.find((p) => p.formation.id === fixture.formationId)!;
    expect(row.computed).toEqual(rates);
    expect(pack.organisation).toEqual(rates);
    expect(packCsv(pack)).toContain(";50;2;sessions de mars 2099;");
    // Before any answer, nothing is computed.
    expect(await computeRates(fixture.formationId, DURING, t.db)).toBeNull();
  });

  it("shows the computed rate on the formation page and the organisation's pages; a typed figure only for a period before", async () => {
    // The formation page: the computed rate, its sentence and rule; the typed 96 % (measured in 2025, before) labelled.
    const typed = { satisfactionRate: 96, successRate: 90, traineesCount: 120, measuredAt: "2025-01-31" };
    const shown = await formationResults(fixture.formationId, typed, undefined, t.db);
    expect(shown).toMatchObject({ satisfactionRate: 50, typedSatisfaction: 96, successRate: 90 });
    expect(shown.computed!.sentence).toBe("50\u00a0% de stagiaires satisfaits — 2\u00a0réponses, sessions de mars 2099.");
    // A typed rate measured once the questionnaires existed is not published.
    const late = await formationResults(fixture.formationId, { ...typed, measuredAt: "2099-03-20" }, undefined, t.db);
    expect(late.typedSatisfaction).toBeNull();
    // As the staff preview of a past day shows it: before the first answer, the typed rate alone.
    const before = await formationResults(fixture.formationId, typed, "2099-03-01", t.db);
    expect(before).toMatchObject({ satisfactionRate: 96, computed: null, typedSatisfaction: 96 });

    // Home page and /temoignages: the computed figures first; typed satisfaction figures only before, labelled.
    const claims = {
      testimonials: [],
      arguments: [],
      results: [
        {
          id: "a",
          label: "de satisfaits",
          figure: "95 %",
          period: "2025",
          sampleSize: 10,
          measuredOn: "2025-12-31",
          position: 0,
          isDemo: false,
          measure: "satisfaction" as const,
        },
        {
          id: "b",
          label: "de satisfaits",
          figure: "97 %",
          period: "2099",
          sampleSize: 10,
          measuredOn: "2099-03-20",
          position: 1,
          isDemo: false,
          measure: "satisfaction" as const,
        },
        {
          id: "c",
          label: "de réussite",
          figure: "91 %",
          period: "2099",
          sampleSize: 10,
          measuredOn: "2099-03-20",
          position: 2,
          isDemo: false,
          measure: "" as const,
        },
      ],
    };
    const results = (await publicResults(claims, t.db)).results;
    expect(results.map((r) => [r.id, r.figure])).toEqual([
      ["calcul-satisfaction", "50\u00a0%"],
      ["calcul-note", "4/5"],
      ["calcul-recommandation", "50\u00a0%"],
      ["a", "95 %"],
      ["c", "91 %"],
    ]);
    expect(results[0]).toMatchObject({ sampleSize: 2, period: "sessions de mars 2099" });
    expect(results.find((r) => r.id === "a")!.basis).toBe(TYPED_BASIS);
  });

  it("shows the results per session with the response rate and the free texts, and exports them", async () => {
    const results = await questionnaireResults({ questionnaireId: organisationQuestionnaireId("a_chaud"), sessionId }, t.db);
    expect(results).toMatchObject({ invitations: 2, answered: 2, responseRate: 100 });
    const overall = results!.questions.find((q) => q.id === "qglobal")!;
    expect(overall.distribution.map((d) => d.count)).toEqual([0, 0, 1, 0, 1]);
    expect(overall.average).toBe(4);
    expect(results!.questions.find((q) => q.id === "qameliorer")!.texts).toHaveLength(2);
    expect(results!.people).toEqual([]); // satisfaction: no names
    const csv = (await resultsCsv({ questionnaireId: organisationQuestionnaireId("a_chaud"), sessionId }, t.db))!;
    expect(csv.split("\r\n")[0]).toContain("Dans l'ensemble, êtes-vous satisfait(e) de cette formation\u202f?");
    expect(csv).not.toContain(trainees[0]!.email);
    const panel = await sessionQuestionnaires(sessionId, t.db);
    expect(panel.uses.find((u) => u.use === "a_chaud")).toMatchObject({ invitations: 2, answered: 2 });
  });

  it("keeps the version answered when the questions change", async () => {
    const q = (await getQuestionnaire(organisationQuestionnaireId("a_chaud"), t.db))!;
    expect(q.version).toBe(1);
    await expect(saveQuestionnaire(q.id, {}, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(QuestionnaireForbiddenError);
    const questions = q.questions.map((x) => ({
      ...x,
      required: x.required ? "on" : "",
      options: x.options.join("\n"),
      expected: x.expected.join("\n"),
    }));
    const noOverall = await saveQuestionnaire(
      q.id,
      { title: q.title, intro: q.intro, questions: questions.map((x) => ({ ...x, role: "" })) },
      { actor: editor, target: t.db },
    );
    expect(noOverall).toMatchObject({ ok: false, kind: "invalid" });
    const same = await saveQuestionnaire(q.id, { title: q.title, intro: q.intro, questions }, { actor: editor, target: t.db });
    expect(same).toEqual({ ok: true, value: { version: 1, newVersion: false } });
    const added = await saveQuestionnaire(
      q.id,
      { title: q.title, intro: q.intro, questions: [...questions, { id: "", kind: "texte_court", label: "Votre métier", required: "" }] },
      { actor: editor, target: t.db },
    );
    expect(added).toEqual({ ok: true, value: { version: 2, newVersion: true } });
    const after = (await getQuestionnaire(q.id, t.db))!;
    expect(after.questions.at(-1)!.id).toMatch(/^q[a-z0-9]{8}$/);
    expect(after.versions.find((v) => v.version === 1)!.answers).toBe(2);
  });

  it("flags the positioning answers below the prerequisites on the session page", async () => {
    const created = await createFormationQuestionnaire("positionnement", fixture.formationId, { actor: editor, target: t.db });
    expect(created.ok).toBe(true);
    const positioning = (await getQuestionnaire((created as { value: string }).value, t.db))!;
    expect(positioning.questions[0]!.help).toContain("Connaître les bases d'Excel");
    expect(await createFormationQuestionnaire("positionnement", fixture.formationId, { actor: editor, target: t.db })).toMatchObject({
      ok: false,
      kind: "conflict",
    });

    const later = await fixture.newSession(4); // 2099-03-11 to 2099-03-12
    const registration = await registerByHand(t.db, later, "entreprise", 2);
    const before = Date.parse("2099-03-01T09:00:00Z");
    await dispatchQuestionnaires(t.db, before);
    const sent = await t.db
      .selectFrom("questionnaire_invitations")
      .selectAll()
      .where("use", "=", "positionnement")
      .where("registration_id", "=", registration)
      .execute();
    expect(sent).toHaveLength(2);
    const [first, second] = sent as [(typeof sent)[number], (typeof sent)[number]];
    expect(
      await saveAnswers(
        { via: "espace", id: first.id, email: first.email },
        { qprerequis: "non", qniveau: "Débutant" },
        true,
        t.db,
        before,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await saveAnswers(
        { via: "espace", id: second.id, email: second.email },
        { qprerequis: "oui", qniveau: "Avancé", qaisance: "4" },
        true,
        t.db,
        before,
      ),
    ).toMatchObject({ ok: true });
    const panel = await sessionQuestionnaires(later, t.db);
    expect(panel.flagged).toEqual([{ invitationId: first.id, name: first.person_name }]);
  });

  it("pre-fills the trainee's result from the assessment quiz's score, for staff to confirm", async () => {
    const created = await createFormationQuestionnaire("evaluation", fixture.formationId, { actor: editor, target: t.db });
    expect(created.ok).toBe(true);
    const quizSession = await fixture.newSession(4); // 2099-03-12 to 2099-03-13
    const registration = await registerByHand(t.db, quizSession, "entreprise", 2);
    await dispatchQuestionnaires(t.db, Date.parse("2099-03-13T17:30:00Z"));
    const sent = await t.db
      .selectFrom("questionnaire_invitations")
      .selectAll()
      .where("use", "=", "evaluation")
      .where("registration_id", "=", registration)
      .execute();
    expect(sent).toHaveLength(2);
    const [good, poor] = sent as [(typeof sent)[number], (typeof sent)[number]];
    await saveAnswers({ via: "espace", id: good.id, email: good.email }, { qobjectif1: "oui", qobjectif2: "oui" }, true, t.db);
    await saveAnswers({ via: "espace", id: poor.id, email: poor.email }, { qobjectif1: "non", qobjectif2: "non" }, true, t.db);
    const page = (await attendanceWithQuiz(quizSession, t.db))!;
    const lines = page.registrations.flatMap((r) => r.trainees);
    expect(lines.find((l) => l.id === good.person_key)!.quiz).toEqual({ score: 100, passPercent: 70, proposed: "acquis" });
    expect(lines.find((l) => l.id === poor.person_key)!.quiz).toEqual({ score: 0, passPercent: 70, proposed: "non_acquis" });
    expect(lines.find((l) => l.id === good.person_key)!.result).toBe(""); // proposed, not stored until staff save it
  });

  it("lets the person see their answers, and forgets them after the retention period or on request", async () => {
    const [ana, bruno] = trainees as [{ id: string; email: string }, { id: string; email: string }];
    expect((await questionnairesOf(ana.email, t.db)).map((q) => q.state)).toContain("repondue");
    const data = await questionnaireDataOf(ana.email, t.db);
    expect(data.find((d) => d.réponses.length)!.réponses).toContainEqual({
      question: "Que pourrions-nous améliorer\u202f?",
      réponse: "Un peu plus d'exercices sur les tableaux croisés.",
    });

    expect(await eraseQuestionnairesOf(bruno.email, editor, t.db)).toBeGreaterThan(0);
    expect(await questionnairesOf(bruno.email, t.db)).toEqual([]);
    const n = await anonymiseExpiredAnswers(t.db, ENDED + 37 * 30 * DAY);
    expect(n).toBeGreaterThan(0);
    const forgotten = await invitationOf("a_chaud", "");
    expect(forgotten.person_name).toBe("");
    expect(JSON.parse(forgotten.answers).qameliorer).toBeUndefined();
    // The notes stay, and so does the published figure.
    expect((await computeRates(fixture.formationId, ENDED + 10 * DAY, t.db))!.answers).toBe(2);
  });

  it("sends the trainer's at the end, the à-froid after the delay set, the financers' once a year at the address typed", async () => {
    const trainer = await createTrainer(
      { name: "Marie Curie", email: "marie@formavia.test", status: "interne" },
      { actor: editor, target: t.db },
    );
    if (!trainer.ok) throw new Error(JSON.stringify(trainer.errors));
    const session = await fixture.newSession(4); // 2099-03-13 to 2099-03-14
    expect((await assignTrainer(session, { trainerId: trainer.value.id }, { actor: editor, target: t.db })).ok).toBe(true);
    await registerByHand(t.db, session, "entreprise", 1);
    await dispatchQuestionnaires(t.db, Date.parse("2099-03-14T17:30:00Z"));
    const [mail] = await mails("questionnaire", "marie@formavia.test");
    expect(mail!.subject).toMatch(/^Votre bilan de la session/);
    expect(mail!.text_body).toMatch(/http:\/\/formavia\.test\/questionnaires\//);
    expect(mail!.text_body).not.toContain("/espace/");

    // À froid: 90 days after the first session's last day (2099-03-11), not before.
    await dispatchQuestionnaires(t.db, ENDED + 80 * DAY);
    expect(await invitations("a_froid")).toHaveLength(0);
    await dispatchQuestionnaires(t.db, ENDED + 90 * DAY + DAY);
    expect((await invitations("a_froid")).map((i) => i.email).sort()).toEqual(trainees.map((x) => x.email).sort());

    // Financers: AKTO funded 2099's sessions; nothing without an address, then once from January.
    const financers = await financersOf(2099, t.db);
    const akto = financers.find((f) => f.kind === "opco")!;
    expect(akto).toMatchObject({ name: "AKTO", email: "" });
    const january = Date.parse("2100-01-15T09:00:00Z");
    await dispatchQuestionnaires(t.db, january);
    expect(await t.db.selectFrom("questionnaire_invitations").selectAll().where("use", "=", "financeur").execute()).toHaveLength(0);
    expect((await saveFinancerAddress({ financeur: akto.key, email: "qualite@akto.test" }, { actor: editor, target: t.db })).ok).toBe(true);
    await dispatchQuestionnaires(t.db, january);
    await dispatchQuestionnaires(t.db, january + DAY);
    const sent = await t.db.selectFrom("questionnaire_invitations").selectAll().where("use", "=", "financeur").execute();
    expect(sent).toMatchObject([{ email: "qualite@akto.test", scope: "2099" }]);
    const [financerMail] = await mails("questionnaire", "qualite@akto.test");
    expect(financerMail!.subject).toBe("Votre appréciation de notre collaboration en 2099");
  });

  it("labels the period of the sessions in French", () => {
    expect(sessionsPeriodLabel("2026-01-15", "2026-12-03")).toBe("sessions de janvier à décembre 2026");
    expect(sessionsPeriodLabel("2026-11-15", "2027-03-03")).toBe("sessions de novembre 2026 à mars 2027");
    expect(sessionsPeriodLabel("2026-04-15", "2026-08-03")).toBe("sessions d'avril à août 2026");
  });
});
