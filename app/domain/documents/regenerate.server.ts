import { db, type Db } from "~/platform/db/db.server";
import { KIND_LABELS, type DocumentKind } from "./model";

/** The documents that print a session's dates, hours or place (a certificate is issued after it). */
const SCHEDULE_KINDS = ["convention", "contrat", "convocation", "emargement"] as const satisfies readonly DocumentKind[];

export interface DocumentToRegenerate {
  id: string;
  number: string;
  kindLabel: string;
  createdAt: string;
}

/**
 * The current documents of a session issued before its last move (`schedule_changed_at`): they
 * show the old dates, hours or place and are « à régénérer ». Computed, not stored: regenerating
 * one issues a new version after the move, which clears it.
 */
export async function documentsToRegenerate(sessionId: string, target: Db = db()): Promise<DocumentToRegenerate[]> {
  const session = await target
    .selectFrom("formation_sessions")
    .select("schedule_changed_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  const changedAt = session?.schedule_changed_at;
  if (!changedAt) return [];
  const rows = await target
    .selectFrom("documents")
    .select(["id", "number", "kind", "created_at"])
    .where("session_id", "=", sessionId)
    .where("state", "=", "actif")
    .where("kind", "in", SCHEDULE_KINDS)
    .where("created_at", "<", changedAt)
    .orderBy("kind")
    .orderBy("number")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kindLabel: KIND_LABELS[r.kind as DocumentKind] ?? r.kind,
    createdAt: r.created_at,
  }));
}
