import { sessionDatesLabel } from "~/domain/formations/labels";
import { SPACE_REALM } from "~/domain/registrations/space-links";
import { atomically, db, type Db } from "~/platform/db/db.server";
import { readLinkSession, subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import { log } from "~/platform/log.server";
import { fieldErrorsOf, type FieldErrors } from "~/platform/validation/errors";
import { verifyInvitationToken } from "./links.server";
import {
  overallRating,
  prerequisitesMissed,
  quizScore,
  recommendation,
  type Answers,
  type InvitationState,
  type Question,
  type QuestionnaireUse,
} from "./model";
import { currentVersion, versionQuestions } from "./questionnaires.server";
import { refreshPublishedRates } from "./rates.server";
import { answerSchema } from "./schemas";

/**
 * The answer page of one invitation (README « Questionnaires »): reached by its signed link (the
 * e-mail's), or from the person's space. Only that person answers it, and only once: a signed-in
 * space of another address is refused, and the final answer is written by an UPDATE … WHERE
 * state <> 'repondue' (a second sending, or two at once, find nothing to update). A partial answer
 * is saved as it is, to finish later; the version answered is kept from the first save.
 */

/** How the page was reached: the signed link (and the request, to see a space session), or the space. */
export type Access = { via: "lien"; token: string; request?: Request } | { via: "espace"; id: string; email: string };

export interface AnswerPage {
  id: string;
  use: QuestionnaireUse;
  title: string;
  intro: string;
  formationTitle: string;
  datesLabel: string;
  questions: Question[];
  answers: Answers;
  state: InvitationState;
  answeredAt: string | null;
}

export type Refused = "invalide" | "expire" | "autre-personne" | "introuvable";
export type OpenOutcome = { ok: true; page: AnswerPage; versionId: string; formationId: string | null } | { ok: false; reason: Refused };

/** What each refusal tells the person (the route picks the status: 404, 403 or 410). */
export const REFUSAL_MESSAGES: Record<Refused, string> = {
  invalide: "Ce lien n'est pas valable. Vérifiez qu'il est complet, ou ouvrez le questionnaire depuis votre espace.",
  expire: "Ce lien a expiré. Ouvrez le questionnaire depuis votre espace, ou demandez un nouveau lien à l'organisme de formation.",
  "autre-personne":
    "Ce questionnaire est adressé à une autre personne que celle connectée à l'espace sur cet appareil. Déconnectez-vous de l'espace pour l'ouvrir.",
  introuvable: "Ce questionnaire n'existe pas, ou il ne vous est pas adressé.",
};

function parseAnswers(json: string): Answers {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Answers) : {};
  } catch {
    return {};
  }
}

/** Opens the invitation the access names, for that person only. */
export async function openInvitation(access: Access, target: Db = db(), now = Date.now()): Promise<OpenOutcome> {
  let id: string;
  if (access.via === "lien") {
    const check = verifyInvitationToken(access.token, now);
    if (!check.ok) return { ok: false, reason: check.reason };
    id = check.id;
  } else id = access.id;
  if (!/^[0-9a-f-]{36}$/.test(id)) return { ok: false, reason: "introuvable" };
  const row = await target
    .selectFrom("questionnaire_invitations as i")
    .innerJoin("questionnaires as q", "q.id", "i.questionnaire_id")
    .leftJoin("formation_sessions as s", "s.id", "i.session_id")
    .leftJoin("formations as f", "f.id", "i.formation_id")
    .selectAll("i")
    .select(["q.title", "q.intro", "f.title as formation_title", "s.start_date", "s.end_date"])
    .where("i.id", "=", id)
    .executeTakeFirst();
  if (!row || row.anonymised_at) return { ok: false, reason: "introuvable" };
  if (access.via === "espace" && subjectOf(access.email) !== subjectOf(row.email)) return { ok: false, reason: "introuvable" };
  if (access.via === "lien" && access.request) {
    const session = await readLinkSession(access.request, SPACE_REALM, target, now);
    if (session && session.subject !== subjectOf(row.email)) return { ok: false, reason: "autre-personne" };
  }
  let versionId = row.version_id;
  let questions: Question[];
  if (versionId) questions = await versionQuestions(versionId, target);
  else {
    const current = await currentVersion(row.questionnaire_id, target);
    if (!current) return { ok: false, reason: "introuvable" };
    versionId = current.id;
    questions = current.questions;
  }
  return {
    ok: true,
    versionId,
    formationId: row.formation_id,
    page: {
      id: row.id,
      use: row.use as QuestionnaireUse,
      title: row.title,
      intro: row.intro,
      formationTitle: row.formation_title ?? "",
      datesLabel: row.start_date && row.end_date ? sessionDatesLabel(row.start_date, row.end_date) : "",
      questions,
      answers: parseAnswers(row.answers),
      state: row.state as InvitationState,
      answeredAt: row.answered_at,
    },
  };
}

export type SaveOutcome =
  | { ok: true; final: boolean }
  | { ok: false; kind: "invalid"; errors: FieldErrors }
  | { ok: false; kind: "conflict"; message: string }
  | { ok: false; kind: "refused"; reason: Refused };

export const ALREADY_ANSWERED = "Vous avez déjà répondu à ce questionnaire\u00a0: vos réponses sont enregistrées, merci.";

/**
 * Saves the answers posted: `final` sends them (required questions checked, then never again),
 * otherwise they are kept to finish later. The figures drawn from them (overall note,
 * recommendation, quiz score, prerequisites) are written with them; an à-chaud answer updates the
 * published figures in the same transaction.
 */
export async function saveAnswers(
  access: Access,
  values: Record<string, unknown>,
  final: boolean,
  target: Db = db(),
  now = Date.now(),
): Promise<SaveOutcome> {
  const opened = await openInvitation(access, target, now);
  if (!opened.ok) return { ok: false, kind: "refused", reason: opened.reason };
  const { page, versionId, formationId } = opened;
  if (page.state === "repondue") return { ok: false, kind: "conflict", message: ALREADY_ANSWERED };
  const parsed = answerSchema(page.questions, final).safeParse(values);
  if (!parsed.success) return { ok: false, kind: "invalid", errors: fieldErrorsOf(parsed.error) };
  const answers = parsed.data as Answers;
  const iso = new Date(now).toISOString();
  const written = await atomically(target, async (trx) => {
    const update = trx
      .updateTable("questionnaire_invitations")
      .set(
        final
          ? {
              answers: JSON.stringify(answers),
              version_id: versionId,
              state: "repondue",
              answered_at: iso,
              overall: overallRating(page.questions, answers),
              recommend: recommendation(page.questions, answers),
              score: page.use === "evaluation" ? quizScore(page.questions, answers) : null,
              flagged: page.use === "positionnement" && prerequisitesMissed(page.questions, answers) ? 1 : 0,
              updated_at: iso,
            }
          : { answers: JSON.stringify(answers), version_id: versionId, state: "commencee", updated_at: iso },
      )
      .where("id", "=", page.id)
      .where("state", "!=", "repondue");
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows ?? 0) !== 1) return false;
    if (final && page.use === "a_chaud") await refreshPublishedRates(trx, now, formationId ? [formationId] : []);
    return true;
  });
  if (!written) return { ok: false, kind: "conflict", message: ALREADY_ANSWERED };
  log.info(final ? "Questionnaire : réponses envoyées" : "Questionnaire : réponses enregistrées", {
    invitation: page.id,
    use: page.use,
  });
  return { ok: true, final };
}
