import { sessionTrainers, trainerChanges } from "~/domain/trainers/trainers.server";
import { db, type Db } from "~/platform/db/db.server";
import { KIND_LABELS, isTrainerKind, type DocumentKind } from "./model";

/** The documents that print a session's dates, hours or place (a certificate is issued after it). */
const SCHEDULE_KINDS = [
  "convention",
  "contrat",
  "convocation",
  "emargement",
  "mission",
  "sous-traitance",
] as const satisfies readonly DocumentKind[];

export interface DocumentToRegenerate {
  id: string;
  number: string;
  kindLabel: string;
  /** Whom it is about, when it is one trainer's (« de Marie Curie »); empty otherwise. */
  about: string;
  createdAt: string;
  /** Why: « dates, horaires ou lieu changés », « formateurs changés » or « demi-journées du formateur changées ». */
  reason: string;
}

const MOVED = "dates, horaires ou lieu changés";

/**
 * The current documents of a session that show what is no longer so, « à régénérer »:
 * - issued before its last move (`schedule_changed_at`): the old dates, hours or place;
 * - the convention, contract, convocations and attendance sheet issued before the last change of
 *   its trainers (assigned, taken off: `trainer_session_changes`), which name them;
 * - a trainer's lettre de mission or contrat de sous-traitance issued before their half-days changed.
 * Computed, not stored: regenerating one issues a new version after the change, which clears it. A
 * trainer's document is left out once they teach none of the session (nothing to regenerate).
 */
export async function documentsToRegenerate(sessionId: string, target: Db = db()): Promise<DocumentToRegenerate[]> {
  const session = await target
    .selectFrom("formation_sessions")
    .select("schedule_changed_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!session) return [];
  const [changes, assigned] = await Promise.all([trainerChanges(sessionId, target), sessionTrainers(sessionId, target)]);
  const movedAt = session.schedule_changed_at ?? "";
  const trainersChangedAt = [...changes.values()].sort().at(-1) ?? "";
  if (!movedAt && !trainersChangedAt) return [];
  const names = new Map(assigned.map((a) => [a.trainer.id, a.trainer.name]));
  const rows = await target
    .selectFrom("documents")
    .select(["id", "number", "kind", "trainer_id", "created_at"])
    .where("session_id", "=", sessionId)
    .where("state", "=", "actif")
    .where("kind", "in", SCHEDULE_KINDS)
    .orderBy("kind")
    .orderBy("number")
    .execute();
  return rows.flatMap((r) => {
    const trainer = isTrainerKind(r.kind) ? (r.trainer_id ?? "") : null;
    if (trainer !== null && !names.has(trainer)) return [];
    const reason =
      r.created_at < movedAt
        ? MOVED
        : trainer === null
          ? r.created_at < trainersChangedAt
            ? "formateurs changés"
            : ""
          : r.created_at < (changes.get(trainer) ?? "")
            ? "demi-journées du formateur changées"
            : "";
    if (!reason) return [];
    return [
      {
        id: r.id,
        number: r.number,
        kindLabel: KIND_LABELS[r.kind as DocumentKind] ?? r.kind,
        about: trainer === null ? "" : `de ${names.get(trainer)}`,
        createdAt: r.created_at,
        reason,
      },
    ];
  });
}
