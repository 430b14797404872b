import { createHash, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { lockForUpdate } from "~/platform/db/dialect";
import type { AttendanceRecordsTable } from "~/platform/db/schema";

/**
 * The journal of a half-day (docs/decisions/0033-attendance-signed-online.md): every signature,
 * status, countersignature and file is a record appended in order, never changed. Each record's
 * hash is sha256(previous hash + canonical JSON of the record), the first one's previous hash being
 * "". Altering, removing or reordering a record breaks every hash after it. The picture of a
 * signature is outside the JSON: its SHA-256 is in it, so erasing the picture keeps the chain.
 */

export type AttendanceRecord = Selectable<AttendanceRecordsTable>;

/** What a caller gives for a new record; the chain fills in the rest. */
export interface NewRecord {
  event: "signature" | "statut" | "contre-signature" | "papier" | "connexion";
  traineeId?: string | null;
  traineeName?: string;
  status?: string;
  method?: string;
  signatureKind?: string;
  signature?: string;
  reason?: string;
  actorKind: "stagiaire" | "formateur" | "equipe";
  actorName?: string;
  actorEmail?: string;
  ip?: string;
  userAgent?: string;
  fileKey?: string;
  fileName?: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The fields a hash covers, in a fixed order of keys (canonical JSON: sorted keys, no spaces). */
const HASHED = [
  "actor_email",
  "actor_kind",
  "actor_name",
  "created_at",
  "event",
  "file_key",
  "file_name",
  "half_day",
  "id",
  "ip",
  "method",
  "reason",
  "seq",
  "session_id",
  "signature_kind",
  "signature_sha256",
  "status",
  "trainee_id",
  "trainee_name",
  "user_agent",
] as const;

export function canonicalJson(record: Omit<AttendanceRecord, "hash" | "prev_hash" | "signature">): string {
  const r = record as unknown as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(HASHED.map((k) => [k, k === "seq" ? Number(r[k]) : (r[k] ?? null)])));
}

export function recordHash(prevHash: string, record: Omit<AttendanceRecord, "hash" | "prev_hash" | "signature">): string {
  return sha256(prevHash + canonicalJson(record));
}

export const signatureDigest = (signature: string) => (signature ? sha256(signature) : "");

/** The head of a half-day's chain, created if needed and locked until the transaction ends. */
export async function lockHalfDay(trx: Db, sessionId: string, halfDay: string, now: string) {
  await trx
    .insertInto("attendance_half_days")
    .values({ id: randomUUID(), session_id: sessionId, half_day: halfDay, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["session_id", "half_day"]).doNothing())
    .execute();
  return lockForUpdate(
    trx.selectFrom("attendance_half_days").selectAll().where("session_id", "=", sessionId).where("half_day", "=", halfDay),
    trx,
  ).executeTakeFirstOrThrow();
}

/** Appends one record to the half-day's chain (call inside a transaction, after `lockHalfDay`). */
export async function appendRecord(
  trx: Db,
  head: { session_id: string; half_day: string; seq: number; last_hash: string },
  input: NewRecord,
  now: string,
): Promise<AttendanceRecord> {
  const signature = input.signature ?? "";
  const record = {
    id: randomUUID(),
    session_id: head.session_id,
    half_day: head.half_day,
    seq: Number(head.seq) + 1,
    event: input.event,
    trainee_id: input.traineeId ?? null,
    trainee_name: input.traineeName ?? "",
    status: input.status ?? "",
    method: input.method ?? "",
    signature_kind: input.signatureKind ?? "",
    signature_sha256: signatureDigest(signature),
    reason: input.reason ?? "",
    actor_kind: input.actorKind,
    actor_name: (input.actorName ?? "").slice(0, 200),
    actor_email: (input.actorEmail ?? "").slice(0, 320),
    ip: (input.ip ?? "").slice(0, 64),
    user_agent: (input.userAgent ?? "").slice(0, 400),
    file_key: input.fileKey ?? "",
    file_name: (input.fileName ?? "").slice(0, 200),
    created_at: now,
  };
  const prev_hash = head.last_hash;
  const hash = recordHash(prev_hash, record);
  const row: AttendanceRecord = { ...record, signature, prev_hash, hash };
  await trx.insertInto("attendance_records").values(row).execute();
  await trx
    .updateTable("attendance_half_days")
    .set({ seq: record.seq, last_hash: hash, updated_at: now })
    .where("session_id", "=", head.session_id)
    .where("half_day", "=", head.half_day)
    .execute();
  head.seq = record.seq;
  head.last_hash = hash;
  return row;
}

/** A half-day's records, in order, and its head (the chain's last hash, and whether it is closed). */
export function readChain(target: Db, sessionId: string, halfDay: string) {
  return Promise.all([
    target
      .selectFrom("attendance_records")
      .selectAll()
      .where("session_id", "=", sessionId)
      .where("half_day", "=", halfDay)
      .orderBy("seq")
      .execute(),
    target
      .selectFrom("attendance_half_days")
      .select(["closed_at", "closed_by", "seq", "last_hash"])
      .where("session_id", "=", sessionId)
      .where("half_day", "=", halfDay)
      .executeTakeFirst(),
  ]);
}

export type ChainCheck = { ok: true; records: number; lastHash: string } | { ok: false; seq: number; reason: string };

/**
 * Checks a half-day's chain: the records follow each other (1, 2, …), each one's previous hash is
 * the hash before it, each hash is recomputed from the record, a signature still present matches
 * its SHA-256, and the head's last hash is the last record's.
 */
export async function verifyChain(target: Db, sessionId: string, halfDay: string): Promise<ChainCheck> {
  const [rows, head] = await readChain(target, sessionId, halfDay);
  return checkRecords(rows, head);
}

export function checkRecords(rows: AttendanceRecord[], head: { seq: number; last_hash: string } | undefined): ChainCheck {
  let prev = "";
  for (const [i, r] of rows.entries()) {
    const seq = Number(r.seq);
    if (seq !== i + 1) return { ok: false, seq: i + 1, reason: "Un enregistrement manque ou a été déplacé." };
    if (r.prev_hash !== prev) return { ok: false, seq, reason: "L'enregistrement ne suit pas le précédent." };
    const { hash, prev_hash: _p, signature, ...fields } = r;
    if (recordHash(prev, fields) !== hash) return { ok: false, seq, reason: "L'enregistrement a été modifié après coup." };
    if (signature && signatureDigest(signature) !== r.signature_sha256) return { ok: false, seq, reason: "La signature a été remplacée." };
    prev = hash;
  }
  if (head && (Number(head.seq) !== rows.length || head.last_hash !== prev))
    return { ok: false, seq: rows.length, reason: "Le dernier enregistrement a été supprimé." };
  return { ok: true, records: rows.length, lastHash: prev };
}
