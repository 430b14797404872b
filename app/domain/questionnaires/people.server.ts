import { sql } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, type Db } from "~/platform/db/db.server";
import { subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import { checkpointAfterErasure } from "~/platform/privacy/erasure.server";
import { USE_LABELS, isText, valuesOf, type Answers, type Question, type QuestionnaireUse } from "./model";

/**
 * Answers are personal data (docs/legal/questionnaires.md): the person sees and downloads them
 * from their space (RGPD art. 15 and 20); after the retention period (LEAD_RETENTION_MONTHS,
 * 36 months by default, counted from the sending), or when staff erase a person at their request
 * (art. 17), an invitation loses what identifies the person: address, name, links to the
 * registration, and the free texts. The notes and choices stay, anonymous, and so do the published
 * figures computed from them.
 */

export interface PersonQuestionnaire {
  id: string;
  title: string;
  useLabel: string;
  formationTitle: string;
  state: "envoyee" | "commencee" | "repondue";
  answeredAt: string | null;
}

/** The questionnaires sent to this address and still answerable or answered (the space lists them). */
export async function questionnairesOf(email: string, target: Db = db()): Promise<PersonQuestionnaire[]> {
  const rows = await target
    .selectFrom("questionnaire_invitations as i")
    .innerJoin("questionnaires as q", "q.id", "i.questionnaire_id")
    .leftJoin("formations as f", "f.id", "i.formation_id")
    .select(["i.id", "i.use", "i.state", "i.answered_at", "q.title", "f.title as formation_title"])
    .where(sql<string>`lower(i.email)`, "=", subjectOf(email))
    .where("i.anonymised_at", "is", null)
    .orderBy("i.sent_at", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    useLabel: USE_LABELS[r.use as QuestionnaireUse] ?? r.use,
    formationTitle: r.formation_title ?? "",
    state: r.state as PersonQuestionnaire["state"],
    answeredAt: r.answered_at,
  }));
}

/** Everything kept about this address's questionnaires, as the person may ask for it. */
export async function questionnaireDataOf(email: string, target: Db = db()) {
  const rows = await target
    .selectFrom("questionnaire_invitations as i")
    .innerJoin("questionnaires as q", "q.id", "i.questionnaire_id")
    .leftJoin("questionnaire_versions as v", "v.id", "i.version_id")
    .select(["i.use", "i.state", "i.sent_at", "i.reminded_at", "i.answered_at", "i.answers", "i.score", "q.title", "v.questions"])
    .where(sql<string>`lower(i.email)`, "=", subjectOf(email))
    .where("i.anonymised_at", "is", null)
    .orderBy("i.sent_at")
    .execute();
  return rows.map((r) => {
    const answers = JSON.parse(r.answers || "{}") as Answers;
    const questions = JSON.parse(r.questions || "[]") as Question[];
    return {
      questionnaire: r.title,
      usage: USE_LABELS[r.use as QuestionnaireUse] ?? r.use,
      envoyéLe: r.sent_at,
      relancéLe: r.reminded_at,
      réponduLe: r.answered_at,
      score: r.score,
      réponses: questions
        .filter((q) => valuesOf(answers[q.id]).length > 0)
        .map((q) => ({ question: q.label, réponse: valuesOf(answers[q.id]).join(", ") })),
    };
  });
}

/** The answers without their free texts: the notes and choices that stay once the person is forgotten. */
async function anonymise(trx: Db, ids: string[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .selectFrom("questionnaire_invitations as i")
    .leftJoin("questionnaire_versions as v", "v.id", "i.version_id")
    .select(["i.id", "i.answers", "v.questions"])
    .where("i.id", "in", ids)
    .execute();
  const iso = new Date(now).toISOString();
  for (const r of rows) {
    const questions = JSON.parse(r.questions || "[]") as Question[];
    const answers = JSON.parse(r.answers || "{}") as Answers;
    const kept = Object.fromEntries(Object.entries(answers).filter(([id]) => !questions.some((q) => q.id === id && isText(q))) ?? []);
    await trx
      .updateTable("questionnaire_invitations")
      .set({
        email: "",
        person_name: "",
        registration_id: null,
        person_key: `anonyme-${r.id}`,
        answers: JSON.stringify(questions.length ? kept : {}),
        anonymised_at: iso,
        updated_at: iso,
      })
      .where("id", "=", r.id)
      .execute();
  }
  return rows.length;
}

/** Housekeeping: invitations sent more than the retention period ago lose what identifies the person. */
export async function anonymiseExpiredAnswers(target: Db = db(), now = Date.now(), months = config().leadRetentionMonths): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const rows = await target
    .selectFrom("questionnaire_invitations")
    .select("id")
    .where("anonymised_at", "is", null)
    .where("sent_at", "<", cutoff.toISOString())
    .limit(500)
    .execute();
  const n = await atomically(target, (trx) =>
    anonymise(
      trx,
      rows.map((r) => r.id),
      now,
    ),
  );
  if (n > 0) await checkpointAfterErasure(target);
  return n;
}

/** Staff erase one person's questionnaires at their request (RGPD art. 17): the number of invitations anonymised. */
export async function eraseQuestionnairesOf(email: string, actor: Actor, target: Db = db(), now = Date.now()): Promise<number> {
  if (actor.role !== "editor" && actor.role !== "admin")
    throw new Error("Seuls les éditeurs et les administrateurs effacent des réponses.");
  const subject = subjectOf(email);
  if (!subject) return 0;
  const n = await atomically(target, async (trx) => {
    const rows = await trx
      .selectFrom("questionnaire_invitations")
      .select("id")
      .where(sql<string>`lower(email)`, "=", subject)
      .where("anonymised_at", "is", null)
      .execute();
    const count = await anonymise(
      trx,
      rows.map((r) => r.id),
      now,
    );
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: "questionnaire_invitation",
      summary: `Réponses aux questionnaires d'une personne effacées à sa demande (${count}).`,
    });
    return count;
  });
  await checkpointAfterErasure(target);
  return n;
}
