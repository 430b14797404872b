import { randomUUID } from "node:crypto";
import { recordAudit } from "~/domain/audit/audit.server";
import { signalMailQueued } from "~/platform/email/queue.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { parisCalendarDay } from "~/platform/intl";
import { leaseMs } from "~/platform/jobs/lease.server";
import { log } from "~/platform/log.server";
import { loadRegistrations, loadSource } from "./data.server";
import { generateDocument, queueDocumentMail } from "./documents.server";

/**
 * Batches of documents (a session's convocations or certificates) worked by the shared job runner
 * (docs/decisions/0004-job-queue.md): one row in `document_jobs` with the trainees still to do.
 * Each trainee's document, its e-mail and the job's progress are committed in one transaction, so
 * a batch taken over after a crash neither repeats a document nor sends an e-mail twice.
 */

export type BatchKind = "convocation" | "certificat";

const listeners = new Set<() => void>();

export function onBatchQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface BatchView {
  id: string;
  kind: BatchKind;
  state: string;
  total: number;
  done: number;
  percent: number;
  send: boolean;
  error: string;
  actorEmail: string;
  createdAt: string;
}

export const isActiveBatch = (state: string) => state === "queued" || state === "running";

/** Queues a batch for a session: every trainee of its registrations (for certificates, those whose result is marked). */
export async function queueBatch(
  sessionId: string,
  kind: BatchKind,
  { send, actor, target = db(), now = Date.now() }: { send: boolean; actor: Actor; target?: Db; now?: number },
): Promise<{ ok: true; id: string; total: number } | { ok: false; error: string }> {
  const source = await loadSource(sessionId, target);
  if (!source) return { ok: false, error: "Cette session n'existe pas." };
  if (kind === "certificat" && parisCalendarDay(new Date(now)) < source.session.endDate)
    return { ok: false, error: "Les certificats se font après le dernier jour de la session." };
  const trainees = (await loadRegistrations(sessionId, target)).flatMap((r) => r.trainees);
  const targets = (kind === "certificat" ? trainees.filter((t) => t.result) : trainees).map((t) => t.id);
  if (!targets.length)
    return {
      ok: false,
      error:
        kind === "certificat"
          ? "Aucun stagiaire n'a encore sa présence et son résultat indiqués."
          : "Aucun stagiaire inscrit sur cette session.",
    };
  const running = await target
    .selectFrom("document_jobs")
    .select("id")
    .where("session_id", "=", sessionId)
    .where("kind", "=", kind)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirst();
  if (running) return { ok: false, error: "Un lot de ce type est déjà en cours pour cette session." };
  const id = randomUUID();
  const iso = new Date(now).toISOString();
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("document_jobs")
      .values({
        id,
        session_id: sessionId,
        kind,
        send: send ? 1 : 0,
        state: "queued",
        total: targets.length,
        done: 0,
        targets: JSON.stringify(targets),
        actor_email: actor.email,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "session",
      entityId: sessionId,
      summary: `Lot de ${targets.length} document(s) (${kind === "certificat" ? "certificats" : "convocations"}) lancé${send ? " avec envoi par e-mail" : ""}.`,
    });
  });
  for (const l of listeners) l();
  return { ok: true, id, total: targets.length };
}

export async function listBatches(sessionId: string, target: Db = db()): Promise<BatchView[]> {
  const rows = await target
    .selectFrom("document_jobs")
    .selectAll()
    .where("session_id", "=", sessionId)
    .orderBy("created_at", "desc")
    .limit(5)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as BatchKind,
    state: r.state,
    total: Number(r.total),
    done: Number(r.done),
    percent: Number(r.total) ? Math.round((Number(r.done) * 100) / Number(r.total)) : 100,
    send: Number(r.send) === 1,
    error: r.error,
    actorEmail: r.actor_email,
    createdAt: r.created_at,
  }));
}

type Claim = { id: string; token: string };

const claimable = (iso: string) => (eb: any) =>
  eb.or([eb("state", "=", "queued"), eb.and([eb("state", "=", "running"), eb("locked_until", "<", iso)])]);

export async function claimBatch(target: Db = db(), now = Date.now()): Promise<Claim | undefined> {
  const iso = new Date(now).toISOString();
  const candidates = await target.selectFrom("document_jobs").select("id").where(claimable(iso)).orderBy("created_at").limit(5).execute();
  for (const c of candidates) {
    const token = randomUUID();
    const res = await target
      .updateTable("document_jobs")
      .set({ state: "running", lock_token: token, locked_until: new Date(now + leaseMs()).toISOString(), updated_at: iso })
      .where("id", "=", c.id)
      .where(claimable(iso))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return { id: c.id, token };
  }
  return undefined;
}

export async function renewBatch(claim: Claim, target: Db = db(), now = Date.now()): Promise<void> {
  await target
    .updateTable("document_jobs")
    .set({ locked_until: new Date(now + leaseMs()).toISOString() })
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .execute();
}

/** Gives a batch still held by this claim back to the queue (what is done stays done). */
export async function releaseBatch(claim: Claim, target: Db = db()): Promise<void> {
  await target
    .updateTable("document_jobs")
    .set({ state: "queued", lock_token: null, locked_until: null })
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .where("state", "=", "running")
    .execute();
}

class LeaseLost extends Error {}

/** Works a claimed batch until it is done or the process stops. */
export async function runBatch(
  claim: Claim,
  { stopping, target = db(), now = Date.now }: { stopping: () => boolean; target?: Db; now?: () => number },
): Promise<string> {
  const job = await target
    .selectFrom("document_jobs")
    .selectAll()
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .executeTakeFirst();
  if (!job) return "lost";
  const actor: Actor = { id: null, email: job.actor_email, role: "editor" };
  const source = await loadSource(job.session_id, target);
  const regs = await loadRegistrations(job.session_id, target);
  const finish = (state: string, error = "") =>
    target
      .updateTable("document_jobs")
      .set({ state, error, lock_token: null, locked_until: null, updated_at: new Date(now()).toISOString() })
      .where("id", "=", claim.id)
      .where("lock_token", "=", claim.token)
      .execute();
  if (!source) {
    await finish("failed", "La session n'existe plus.");
    return "failed";
  }
  let targets = JSON.parse(job.targets) as string[];
  let sent = false;
  while (targets.length) {
    if (stopping()) return "released";
    const traineeId = targets[0]!;
    const registrationId = regs.find((r) => r.trainees.some((t) => t.id === traineeId))?.id;
    const rest = targets.slice(1);
    try {
      const result = await generateDocument(
        { kind: job.kind as "convocation" | "certificat", sessionId: job.session_id, registrationId, traineeId },
        {
          actor,
          target,
          now: now(),
          preloaded: { source, regs },
          async alsoInTransaction(trx, id) {
            if (Number(job.send) === 1) {
              const mail = await queueDocumentMail(trx, id, actor, now());
              sent ||= mail.ok;
            }
            await progress(trx, claim, rest, now());
          },
        },
      );
      if (!result.ok) {
        // A trainee cancelled since the batch was queued: skipped, the batch goes on.
        log.warn("Lot de documents : stagiaire ignoré", { job: claim.id, trainee: traineeId, reason: result.error });
        await target.transaction().execute((trx) => progress(trx, claim, rest, now()));
      }
    } catch (error) {
      if (error instanceof LeaseLost) return "lost";
      await finish("failed", error instanceof Error ? error.message.slice(0, 500) : String(error));
      throw error;
    } finally {
      if (sent) signalMailQueued();
      sent = false;
    }
    targets = rest;
  }
  await finish("done");
  return "done";
}

/** One trainee done: the list shrinks and the count grows, only while this claim holds the batch. */
async function progress(trx: Db, claim: Claim, rest: string[], now: number): Promise<void> {
  const res = await trx
    .updateTable("document_jobs")
    .set((eb) => ({ targets: JSON.stringify(rest), done: eb("done", "+", 1), updated_at: new Date(now).toISOString() }))
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new LeaseLost();
}
