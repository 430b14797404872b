import { documentsPage, type DocumentsPage } from "~/domain/documents/page.server";
import { proposedResult } from "~/domain/questionnaires/model";
import { quizScores } from "~/domain/questionnaires/results.server";
import { db, type Db } from "~/platform/db/db.server";

/**
 * The session's attendance-and-results screen (/admin/sessions/{id}/documents) with the scores of
 * the assessment quiz (Qualiopi indicator 11): a trainee whose result is not marked yet gets the
 * result their score proposes, pre-selected; staff confirm it by saving the line, as for any other.
 * Composed here: the documents and the questionnaires do not import each other.
 */
export async function attendanceWithQuiz(sessionId: string, target: Db = db()): Promise<DocumentsPage | null> {
  const [page, scores] = await Promise.all([documentsPage(sessionId, target), quizScores(sessionId, target)]);
  if (!page) return null;
  return {
    ...page,
    registrations: page.registrations.map((r) => ({
      ...r,
      trainees: r.trainees.map((t) => {
        const quiz = scores.get(t.id);
        if (!quiz) return t;
        return { ...t, quiz: { score: quiz.score, passPercent: quiz.passPercent, proposed: proposedResult(quiz.score, quiz.passPercent) } };
      }),
    })),
  };
}
