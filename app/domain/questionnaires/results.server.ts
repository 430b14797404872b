import { sessionDatesLabel } from "~/domain/formations/labels";
import { toCsv, type CsvValue } from "~/platform/csv";
import { db, type Db } from "~/platform/db/db.server";
import { formatDateShort } from "~/platform/format";
import {
  RATINGS,
  STATE_LABELS,
  USE_LABELS,
  isPerFormation,
  isText,
  valuesOf,
  type Answers,
  type InvitationState,
  type Question,
  type QuestionKind,
  type QuestionnaireUse,
} from "./model";

/**
 * What staff read of the answers (README « Questionnaires »): per questionnaire, for one session,
 * one formation or a period, the invitations and the answers (response rate), the distribution
 * of each question and the free texts (staff only: never published), and the CSV of the answers.
 * Names appear only where the answers are about the person: positioning and the assessment quiz.
 */

export interface ResultsFilter {
  questionnaireId: string;
  sessionId?: string;
  formationId?: string;
  /** Sessions ended from / to (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

interface AnswerRow {
  id: string;
  state: string;
  answers: string;
  version_id: string | null;
  session_id: string | null;
  session_end: string | null;
  answered_at: string | null;
  person_name: string;
  score: number | null;
  flagged: number;
  version: number | null;
  questions: string | null;
  start_date: string | null;
  end_date: string | null;
  formation_title: string | null;
}

async function rowsOf(filter: ResultsFilter, target: Db): Promise<AnswerRow[]> {
  let q = target
    .selectFrom("questionnaire_invitations as i")
    .leftJoin("questionnaire_versions as v", "v.id", "i.version_id")
    .leftJoin("formation_sessions as s", "s.id", "i.session_id")
    .leftJoin("formations as f", "f.id", "i.formation_id")
    .selectAll("i")
    .select(["v.version", "v.questions", "s.start_date", "s.end_date", "f.title as formation_title"])
    .where("i.questionnaire_id", "=", filter.questionnaireId);
  if (filter.sessionId) q = q.where("i.session_id", "=", filter.sessionId);
  if (filter.formationId) q = q.where("i.formation_id", "=", filter.formationId);
  if (filter.from) q = q.where("i.session_end", ">=", filter.from);
  if (filter.to) q = q.where("i.session_end", "<=", filter.to);
  const rows = await q.orderBy("i.session_end", "desc").orderBy("i.answered_at", "desc").execute();
  return rows.map((r) => ({ ...r, flagged: Number(r.flagged), version: r.version === null ? null : Number(r.version) }));
}

const parse = <T>(json: string | null, fallback: T): T => {
  try {
    return json ? (JSON.parse(json) as T) : fallback;
  } catch {
    return fallback;
  }
};

export interface QuestionResult {
  id: string;
  label: string;
  kind: QuestionKind;
  answered: number;
  /** Notes, oui/non, choices: the count of each (a multiple choice counts every box ticked). */
  distribution: Array<{ label: string; count: number; share: number }>;
  average: number | null;
  /** Free texts, newest first, with their session (never the person's name). */
  texts: Array<{ text: string; context: string }>;
}

export interface QuestionnaireResults {
  questionnaire: { id: string; title: string; use: QuestionnaireUse; useLabel: string; formationId: string | null; current: Question[] };
  invitations: number;
  started: number;
  answered: number;
  /** Percent, rounded; null without invitations. */
  responseRate: number | null;
  questions: QuestionResult[];
  /** Positioning and quiz: one line per person answered. */
  people: Array<{ id: string; name: string; session: string; state: string; score: number | null; flagged: boolean }>;
}

/** Every question answered in the versions seen, in the current version's order, then the older ones. */
function questionsOf(current: Question[], rows: AnswerRow[]): Question[] {
  const all = new Map(current.map((q) => [q.id, q]));
  for (const r of [...rows].sort((a, b) => (b.version ?? 0) - (a.version ?? 0)))
    for (const q of parse<Question[]>(r.questions, [])) if (!all.has(q.id)) all.set(q.id, q);
  return [...all.values()];
}

const sessionContext = (r: Pick<AnswerRow, "start_date" | "end_date" | "formation_title">) =>
  [r.formation_title, r.start_date && r.end_date ? sessionDatesLabel(r.start_date, r.end_date) : ""].filter(Boolean).join(", ");

export async function questionnaireResults(filter: ResultsFilter, target: Db = db()): Promise<QuestionnaireResults | null> {
  const q = await target
    .selectFrom("questionnaires as q")
    .innerJoin("questionnaire_versions as v", (j) =>
      j.onRef("v.questionnaire_id", "=", "q.id").onRef("v.version", "=", "q.current_version"),
    )
    .select(["q.id", "q.title", "q.use", "q.formation_id", "v.questions"])
    .where("q.id", "=", filter.questionnaireId)
    .executeTakeFirst();
  if (!q) return null;
  const use = q.use as QuestionnaireUse;
  const rows = await rowsOf(filter, target);
  const answered = rows.filter((r) => r.state === "repondue");
  const questions = questionsOf(parse<Question[]>(q.questions, []), answered);
  const results: QuestionResult[] = questions.map((question) => {
    const given = answered
      .map((r) => ({ r, values: valuesOf(parse<Answers>(r.answers, {})[question.id]) }))
      .filter((x) => x.values.length > 0);
    const base = {
      id: question.id,
      label: question.label,
      kind: question.kind,
      answered: given.length,
      average: null,
      texts: [],
      distribution: [],
    };
    if (isText(question)) return { ...base, texts: given.map(({ r, values }) => ({ text: values.join(" "), context: sessionContext(r) })) };
    const labels =
      question.kind === "note"
        ? [...RATINGS]
        : question.kind === "oui_non"
          ? ["oui", "non"]
          : [...new Set([...question.options, ...given.flatMap((g) => g.values)])];
    const counts = labels.map((label) => given.filter((g) => g.values.includes(label)).length);
    const distribution = labels.map((label, i) => ({
      label: question.kind === "oui_non" ? (label === "oui" ? "Oui" : "Non") : label,
      count: counts[i]!,
      share: given.length ? Math.round((100 * counts[i]!) / given.length) : 0,
    }));
    const average =
      question.kind === "note" && given.length
        ? Math.round((10 * given.reduce((sum, g) => sum + Number(g.values[0]), 0)) / given.length) / 10
        : null;
    return { ...base, distribution, average };
  });
  const personal = isPerFormation(use);
  return {
    questionnaire: {
      id: q.id,
      title: q.title,
      use,
      useLabel: USE_LABELS[use] ?? use,
      formationId: q.formation_id,
      current: parse<Question[]>(q.questions, []),
    },
    invitations: rows.length,
    started: rows.filter((r) => r.state === "commencee").length,
    answered: answered.length,
    responseRate: rows.length ? Math.round((100 * answered.length) / rows.length) : null,
    questions: results,
    people: personal
      ? rows.map((r) => ({
          id: r.id,
          name: r.person_name || "Personne anonymisée",
          session: sessionContext(r),
          state: STATE_LABELS[r.state as InvitationState] ?? r.state,
          score: r.score === null ? null : Number(r.score),
          flagged: r.flagged === 1,
        }))
      : [],
  };
}

/** The answers as a CSV (UTF-8 with BOM, « ; »): one line per answer, one column per question. */
export async function resultsCsv(filter: ResultsFilter, target: Db = db()): Promise<string | null> {
  const results = await questionnaireResults(filter, target);
  if (!results) return null;
  const rows = (await rowsOf(filter, target)).filter((r) => r.state === "repondue");
  const questions = questionsOf(results.questionnaire.current, rows);
  const use = results.questionnaire.use;
  const personal = isPerFormation(use);
  const header = [
    "Questionnaire",
    "Version",
    "Formation",
    "Session",
    "Répondu le",
    ...(personal ? ["Personne"] : []),
    ...(use === "evaluation" ? ["Score (%)"] : []),
    ...(use === "positionnement" ? ["Prérequis non atteints"] : []),
    ...questions.map((q) => q.label),
  ];
  const lines: CsvValue[][] = rows.map((r) => {
    const answers = parse<Answers>(r.answers, {});
    return [
      results.questionnaire.title,
      r.version ?? "",
      r.formation_title ?? "",
      r.start_date && r.end_date ? sessionDatesLabel(r.start_date, r.end_date) : "",
      r.answered_at ? formatDateShort(r.answered_at) : "",
      ...(personal ? [r.person_name] : []),
      ...(use === "evaluation" ? [r.score ?? ""] : []),
      ...(use === "positionnement" ? [r.flagged ? "oui" : "non"] : []),
      ...questions.map((q) => valuesOf(answers[q.id]).join(" | ")),
    ];
  });
  return toCsv([header, ...lines]);
}

/** One person's answers (positioning, quiz), for staff: each question with the answer given. */
export async function invitationAnswers(id: string, target: Db = db()) {
  const row = await target
    .selectFrom("questionnaire_invitations as i")
    .innerJoin("questionnaires as q", "q.id", "i.questionnaire_id")
    .leftJoin("questionnaire_versions as v", "v.id", "i.version_id")
    .selectAll("i")
    .select(["q.title", "v.questions"])
    .where("i.id", "=", id)
    .executeTakeFirst();
  if (!row || !isPerFormation(row.use as QuestionnaireUse)) return null;
  const answers = parse<Answers>(row.answers, {});
  return {
    id: row.id,
    questionnaireId: row.questionnaire_id,
    title: row.title,
    name: row.person_name,
    answeredAt: row.answered_at,
    score: row.score === null ? null : Number(row.score),
    flagged: Number(row.flagged) === 1,
    lines: parse<Question[]>(row.questions, []).map((q) => ({
      label: q.label,
      answer: valuesOf(answers[q.id]).join(", ") || "(sans réponse)",
      expected: q.expected.length ? q.expected.join(", ") : null,
    })),
  };
}

export interface SessionQuestionnaires {
  sessionId: string;
  uses: Array<{ questionnaireId: string; use: QuestionnaireUse; label: string; invitations: number; answered: number }>;
  /** Positioning: the trainees whose answers do not meet the prerequisites (Qualiopi indicator 8). */
  flagged: Array<{ invitationId: string; name: string }>;
}

/** The session page's panel: per questionnaire, the invitations and answers; the positioning flags. */
export async function sessionQuestionnaires(sessionId: string, target: Db = db()): Promise<SessionQuestionnaires> {
  const rows = await target
    .selectFrom("questionnaire_invitations")
    .select(["id", "questionnaire_id", "use", "state", "flagged", "person_name"])
    .where("session_id", "=", sessionId)
    .execute();
  const ids = [...new Set(rows.map((r) => r.questionnaire_id))];
  return {
    sessionId,
    uses: ids
      .map((questionnaireId) => {
        const mine = rows.filter((r) => r.questionnaire_id === questionnaireId);
        const use = mine[0]!.use as QuestionnaireUse;
        return {
          questionnaireId,
          use,
          label: USE_LABELS[use] ?? use,
          invitations: mine.length,
          answered: mine.filter((r) => r.state === "repondue").length,
        };
      })
      .sort((a, b) => a.label.localeCompare(b.label, "fr")),
    flagged: rows
      .filter((r) => r.use === "positionnement" && Number(r.flagged) === 1)
      .map((r) => ({ invitationId: r.id, name: r.person_name }))
      .sort((a, b) => a.name.localeCompare(b.name, "fr")),
  };
}

/** The quiz scores of a session's trainees, with the result they propose (documents page: staff confirm it). */
export async function quizScores(sessionId: string, target: Db = db()): Promise<Map<string, { score: number; passPercent: number }>> {
  const rows = await target
    .selectFrom("questionnaire_invitations as i")
    .innerJoin("questionnaires as q", "q.id", "i.questionnaire_id")
    .select(["i.person_key", "i.score", "q.pass_percent"])
    .where("i.session_id", "=", sessionId)
    .where("i.use", "=", "evaluation")
    .where("i.state", "=", "repondue")
    .where("i.score", "is not", null)
    .execute();
  return new Map(rows.map((r) => [r.person_key, { score: Number(r.score), passPercent: Number(r.pass_percent) }]));
}

/** The sessions (and, for an organisation's questionnaire, the formations) that received this questionnaire: the filter's choices. */
export async function resultsFilterOptions(questionnaireId: string, target: Db = db()) {
  const rows = await target
    .selectFrom("questionnaire_invitations as i")
    .innerJoin("formation_sessions as s", "s.id", "i.session_id")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .select(["s.id", "s.start_date", "s.end_date", "f.id as formation_id", "f.title"])
    .distinct()
    .where("i.questionnaire_id", "=", questionnaireId)
    .orderBy("s.end_date", "desc")
    .limit(300)
    .execute();
  const formations = new Map(rows.map((r) => [r.formation_id, r.title]));
  return {
    sessions: rows.map((r) => ({ value: r.id, label: `${r.title}, ${sessionDatesLabel(r.start_date, r.end_date)}` })),
    formations: [...formations.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, "fr")),
  };
}
