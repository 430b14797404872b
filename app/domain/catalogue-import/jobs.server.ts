import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { FormationImportFilesTable, FormationImportJobsTable } from "~/platform/db/schema";
import { leaseMs } from "~/platform/jobs/lease.server";
import { log } from "~/platform/log.server";
import { guessMapping, mappingProblems, type ColumnMapping } from "./columns";
import { toCsv } from "./csv";
import { FILE_NOT_IN_JOB, JOB_MISSING } from "./forms";
import { sheetUseLabel, skippedRowLabel, type SkippedRow } from "./sheets";
import { IGNORED_ACK_FIELD, ignoredHeaders, previewOf, unacknowledgedIgnored, type FilePreview } from "./mapping";
import {
  ImportCancelledError,
  ImportWriteError,
  analyseTable,
  applyAnalysis,
  creditEarlierAttempts,
  type Actor,
  type RowReport,
} from "./import.server";
import { ImportFileError, jobPercent, type FileState, type JobState, type JobView } from "./model";
import { readTable } from "./read.server";
import { IMPORT_MAX_BATCH_FILES, IMPORT_MAX_ROWS, IMPORT_MAX_UPLOAD_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";

/**
 * Uploaded files and batch jobs, persisted in the database so that any instance can read a file
 * and run a job. A new job waits in "review" while the editor checks each file's columns (read at
 * upload: headers and a few values); confirmed, it is "queued". A job is claimed by one worker at
 * a time (atomic UPDATE with a lock token and an expiry renewed while it works); each file is
 * imported in chunks (see import.server.ts), its counters and report rows with its last chunk,
 * and undone if it fails, is cancelled or the worker stops: a file is imported entirely or not at
 * all. After a crash, the job is resumed and the file imported again, which completes it.
 */

/**
 * A claim not renewed for this long (crashed instance) can be taken over by another worker. The
 * job runner renews it every few seconds while the job runs, the chunked write included.
 */

// ---------------------------------------------------------------------------------------------
// Uploads of the one-file page (kept 24 hours, for the mapping, preview and import steps).

export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export async function saveUpload(ownerId: string | null, name: string, bytes: Uint8Array, target: Db = db()): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await target
    .insertInto("formation_import_files")
    .values({
      id,
      job_id: null,
      owner_id: ownerId,
      position: 0,
      name: safeName(name),
      size: bytes.byteLength,
      content: Buffer.from(bytes).toString("base64"),
      state: "uploaded",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** An upload of this user (another editor's upload is not visible). */
export async function getUpload(
  id: string,
  ownerId: string | null,
  target: Db = db(),
): Promise<{ id: string; name: string; size: number; bytes: Uint8Array } | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const row = await target
    .selectFrom("formation_import_files")
    .select(["id", "name", "size", "content", "owner_id"])
    .where("id", "=", id)
    .where("job_id", "is", null)
    .where("state", "=", "uploaded")
    .executeTakeFirst();
  if (!row || row.owner_id !== ownerId) return undefined;
  return { id: row.id, name: row.name, size: Number(row.size), bytes: new Uint8Array(Buffer.from(row.content, "base64")) };
}

export async function deleteUpload(id: string, target: Db = db()): Promise<void> {
  await target.deleteFrom("formation_import_files").where("id", "=", id).where("job_id", "is", null).execute();
}

/** Drops the uploads of the one-file page, and the batches whose columns were never checked, after 24 hours. */
export async function pruneUploads(now = Date.now(), target: Db = db()): Promise<number> {
  const before = new Date(now - UPLOAD_TTL_MS).toISOString();
  const res = await target
    .deleteFrom("formation_import_files")
    .where("job_id", "is", null)
    .where("created_at", "<", before)
    .executeTakeFirst();
  const jobs = await target
    .deleteFrom("formation_import_jobs")
    .where("state", "=", "review")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0) + Number(jobs.numDeletedRows ?? 0);
}

function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "fichier";
  // eslint-disable-next-line no-control-regex -- control characters are removed from file names
  return base.replace(/[\u0000-\u001f"]/g, "").slice(0, 200) || "fichier";
}

// ---------------------------------------------------------------------------------------------
// Batch jobs.

const listeners = new Set<() => void>();

/** The worker of this process listens, to start a new job at once rather than at its next poll. */
export function onJobQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface NewJobFile {
  name: string;
  bytes: Uint8Array;
}

/** Checks the files of a new batch (count, size); French message or undefined. */
export function batchFilesProblem(files: NewJobFile[]): string | undefined {
  if (files.length === 0) return "Choisissez au moins un fichier à importer.";
  if (files.length > IMPORT_MAX_BATCH_FILES)
    return `Un lot compte ${IMPORT_MAX_BATCH_FILES} fichiers au plus : répartissez-les en plusieurs lots.`;
  const big = files.find((f) => f.bytes.byteLength > IMPORT_MAX_UPLOAD_BYTES);
  if (big) return `Le fichier « ${big.name} » dépasse ${IMPORT_MAX_UPLOAD_LABEL} : découpez-le en plusieurs fichiers.`;
  const empty = files.find((f) => f.bytes.byteLength === 0);
  if (empty) return `Le fichier « ${empty.name} » est vide.`;
  return undefined;
}

/**
 * Creates a job waiting for the editor to check its columns: each file's headers and first values
 * are read now (in the reading thread), a file that cannot be read is marked as not imported with
 * its reason. Throws ImportFileError when no file of the batch can be read.
 */
export async function createJob(actor: Actor, files: NewJobFile[], target: Db = db()): Promise<string> {
  const problem = batchFilesProblem(files);
  if (problem) throw new ImportFileError(problem);
  const previews = await Promise.all(
    files.map(async (f): Promise<{ preview?: FilePreview; error?: string }> => {
      try {
        return { preview: previewOf(await readTable(f.name, f.bytes, { previewRows: 3 })) };
      } catch (error) {
        if (error instanceof ImportFileError) return { error: error.message };
        throw error;
      }
    }),
  );
  if (previews.every((p) => p.error)) {
    throw new ImportFileError(
      files.length === 1
        ? `« ${files[0]!.name} » : ${previews[0]!.error}`
        : `Aucun des fichiers ne peut être lu. « ${files[0]!.name} » : ${previews[0]!.error}`,
    );
  }
  const id = randomUUID();
  const now = nowIso();
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("formation_import_jobs")
      .values({
        id,
        state: "review",
        stage: "Colonnes à vérifier",
        all_or_nothing: 1,
        actor_id: actor.id,
        actor_email: actor.email,
        actor_role: actor.role,
        total_files: files.length,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [position, f] of files.entries()) {
      const { preview, error } = previews[position]!;
      await trx
        .insertInto("formation_import_files")
        .values({
          id: randomUUID(),
          job_id: id,
          owner_id: actor.id,
          position,
          name: safeName(f.name),
          size: f.bytes.byteLength,
          content: preview ? Buffer.from(f.bytes).toString("base64") : "",
          state: preview ? "pending" : "failed",
          error: error ?? "",
          preview: preview ? JSON.stringify(preview) : "",
          ignored_columns: preview ? JSON.stringify(ignoredHeaders(preview.headers, guessMapping(preview.headers))) : "[]",
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  return id;
}

/** The refusal of a change to a job whose columns were validated (header row, confirmation). */
const ALREADY_CONFIRMED = "Les colonnes de cet import sont déjà validées.";

/**
 * Reads a file of a job under review again with another header row (as the spreadsheet numbers it):
 * its columns, samples and guessed mapping are those of that row. The mapping shown for the other
 * files of the batch (`draftsOf`: per file id, read from the form for the job's files) is kept as the
 * editor left it on screen.
 */
export async function changeHeaderRow(
  id: string,
  fileIndex: number,
  headerLine: number,
  draftsOf: (files: JobView["files"]) => Record<string, ColumnMapping>,
  target: Db = db(),
): Promise<{ ok: true; fileName: string; headerLine: number } | { ok: false; status: number; message: string }> {
  const job = await getJob(id, target);
  if (!job) return { ok: false, status: 404, message: JOB_MISSING };
  if (job.state !== "review") return { ok: false, status: 409, message: ALREADY_CONFIRMED };
  const drafts = draftsOf(job.files);
  const file = job.files[fileIndex];
  if (!file?.preview) return { ok: false, status: 404, message: FILE_NOT_IN_JOB };
  const { content } = await target
    .selectFrom("formation_import_files")
    .select("content")
    .where("id", "=", file.id)
    .executeTakeFirstOrThrow();
  let preview: FilePreview;
  try {
    preview = previewOf(await readTable(file.name, new Uint8Array(Buffer.from(content, "base64")), { previewRows: 3, headerLine }));
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, status: 422, message: `« ${file.name} » : ${error.message}` };
    throw error;
  }
  const now = nowIso();
  await target.transaction().execute(async (trx) => {
    for (const other of job.files) {
      const draft = drafts[other.id];
      if (other.id === file.id || !other.preview || !draft) continue;
      await trx
        .updateTable("formation_import_files")
        .set({ mapping: JSON.stringify(draft), updated_at: now })
        .where("id", "=", other.id)
        .execute();
    }
    await trx
      .updateTable("formation_import_files")
      .set({
        preview: JSON.stringify(preview),
        mapping: "",
        ignored_columns: JSON.stringify(ignoredHeaders(preview.headers, guessMapping(preview.headers))),
        updated_at: now,
      })
      .where("id", "=", file.id)
      .execute();
  });
  return { ok: true, fileName: file.name, headerLine: preview.headerLine ?? headerLine };
}

export interface JobConfirmation {
  /** The field of each column, per file id (files that could not be read have none). */
  mappings: Record<string, ColumnMapping>;
  allOrNothing: boolean;
  /** The editor ticked « J'ai compris » for the ignored columns. */
  acknowledged: boolean;
}

/**
 * Starts a job once its columns are checked. Returns a French refusal when a file maps two
 * columns to one field or ignores columns not acknowledged (the box's refusal: `field`); "missing"
 * or "started" otherwise.
 */
export async function confirmJob(
  id: string,
  confirmation: JobConfirmation,
  target: Db = db(),
): Promise<{ ok: true } | { ok: false; status: number; message: string; field?: typeof IGNORED_ACK_FIELD }> {
  const job = await getJob(id, target);
  if (!job) return { ok: false, status: 404, message: JOB_MISSING };
  if (job.state !== "review") return { ok: false, status: 409, message: ALREADY_CONFIRMED };
  const readable = job.files.filter((f) => f.preview);
  const ignored: string[] = [];
  const chosen = new Map<string, ColumnMapping>();
  for (const f of readable) {
    const headers = f.preview!.headers;
    const mapping = headers.map((_, i) => confirmation.mappings[f.id]?.[i] ?? "");
    const { duplicates } = mappingProblems(headers, mapping);
    if (duplicates.length > 0) return { ok: false, status: 422, message: `« ${f.name} » : ${duplicates[0]}` };
    ignored.push(...ignoredHeaders(headers, mapping).map((h) => (readable.length > 1 ? `${h} (${f.name})` : h)));
    chosen.set(f.id, mapping);
  }
  const refusal = unacknowledgedIgnored(ignored, confirmation.acknowledged);
  if (refusal) return { ok: false, status: 422, message: refusal, field: IGNORED_ACK_FIELD };
  const now = nowIso();
  const started = await target.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable("formation_import_jobs")
      .set({ state: "queued", stage: "En attente de démarrage", all_or_nothing: confirmation.allOrNothing ? 1 : 0, updated_at: now })
      .where("id", "=", id)
      .where("state", "=", "review")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    for (const [fileId, mapping] of chosen) {
      const headers = readable.find((f) => f.id === fileId)!.preview!.headers;
      await trx
        .updateTable("formation_import_files")
        .set({ mapping: JSON.stringify(mapping), ignored_columns: JSON.stringify(ignoredHeaders(headers, mapping)), updated_at: now })
        .where("id", "=", fileId)
        .execute();
    }
    return true;
  });
  if (!started) return { ok: false, status: 409, message: ALREADY_CONFIRMED };
  for (const listener of listeners) listener();
  return { ok: true };
}

type JobRow = Selectable<FormationImportJobsTable>;

const JOB_DATE = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });
type FileRow = Omit<Selectable<FormationImportFilesTable>, "content" | "write_stamps">;

function toView(job: JobRow, files: FileRow[]): JobView {
  const finished = files.filter((f) => f.state === "done" || f.state === "failed" || f.state === "cancelled");
  const running = files.find((f) => f.state === "running");
  const finishedRows = finished.reduce((n, f) => n + Number(f.rows), 0);
  const base = {
    state: job.state,
    totalFiles: Number(job.total_files),
    filesDone: finished.length,
    totalRows: Number(job.total_rows),
    rowsDone: Number(job.rows_done),
    currentFileRows: running ? Number(running.rows) : 0,
    currentFileRowsDone: running ? Math.max(0, Number(job.rows_done) - finishedRows) : 0,
  };
  return {
    id: job.id,
    label: `Lot du ${JOB_DATE.format(new Date(job.created_at))}`,
    state: job.state as JobState,
    stage: job.stage,
    allOrNothing: Number(job.all_or_nothing) === 1,
    actorEmail: job.actor_email,
    totalFiles: base.totalFiles,
    filesDone: base.filesDone,
    totalRows: base.totalRows,
    rowsDone: base.rowsDone,
    counts: {
      created: Number(job.created_count),
      updated: Number(job.updated_count),
      unchanged: Number(job.unchanged_count),
      rejected: Number(job.rejected_count),
      incomplete: Number(job.incomplete_count),
    },
    cancelRequested: Number(job.cancel_requested) === 1,
    error: job.error,
    createdAt: job.created_at,
    startedAt: job.started_at,
    finishedAt: job.finished_at,
    percent: jobPercent(base),
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      size: Number(f.size),
      state: f.state as FileState,
      rows: Number(f.rows),
      counts: {
        created: Number(f.created_count),
        updated: Number(f.updated_count),
        unchanged: Number(f.unchanged_count),
        rejected: Number(f.rejected_count),
        incomplete: Number(f.incomplete_count),
      },
      ignoredColumns: JSON.parse(f.ignored_columns || "[]") as string[],
      mapping: f.mapping ? (JSON.parse(f.mapping) as ColumnMapping) : null,
      preview: f.preview ? (JSON.parse(f.preview) as FilePreview) : null,
      error: f.error,
    })),
  };
}

const FILE_COLUMNS = [
  "id",
  "job_id",
  "owner_id",
  "position",
  "name",
  "size",
  "state",
  "rows",
  "created_count",
  "updated_count",
  "unchanged_count",
  "rejected_count",
  "incomplete_count",
  "ignored_columns",
  "mapping",
  "preview",
  "error",
  "created_at",
  "updated_at",
] as const;

export async function getJob(id: string, target: Db = db()): Promise<JobView | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const job = await target.selectFrom("formation_import_jobs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!job) return undefined;
  const files = await target
    .selectFrom("formation_import_files")
    .select(FILE_COLUMNS)
    .where("job_id", "=", id)
    .orderBy("position")
    .execute();
  return toView(job, files);
}

/** The latest jobs, newest first (every editor sees every batch: the catalogue is shared). */
export async function listJobs(limit = 10, target: Db = db()): Promise<JobView[]> {
  const jobs = await target
    .selectFrom("formation_import_jobs")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  if (jobs.length === 0) return [];
  const files = await target
    .selectFrom("formation_import_files")
    .select(FILE_COLUMNS)
    .where(
      "job_id",
      "in",
      jobs.map((j) => j.id),
    )
    .orderBy("position")
    .execute();
  return jobs.map((j) =>
    toView(
      j,
      files.filter((f) => f.job_id === j.id),
    ),
  );
}

/** Cancels a job: at once when it has not started, otherwise at the worker's next check. */
export async function cancelJob(id: string, target: Db = db()): Promise<"cancelled" | "requested" | "over" | "missing"> {
  const now = nowIso();
  return target.transaction().execute(async (trx) => {
    const job = await trx.selectFrom("formation_import_jobs").select(["state"]).where("id", "=", id).executeTakeFirst();
    if (!job) return "missing";
    if (job.state === "queued" || job.state === "review") {
      const res = await trx
        .updateTable("formation_import_jobs")
        .set({ state: "cancelled", stage: "", cancel_requested: 1, finished_at: now, updated_at: now })
        .where("id", "=", id)
        .where("state", "in", ["queued", "review"])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) {
        await trx
          .updateTable("formation_import_files")
          .set({ state: "cancelled", content: "", updated_at: now })
          .where("job_id", "=", id)
          .where("state", "!=", "failed")
          .execute();
        return "cancelled";
      }
    }
    if (job.state === "running" || job.state === "queued") {
      await trx
        .updateTable("formation_import_jobs")
        .set({ cancel_requested: 1, stage: "Annulation demandée…", updated_at: now })
        .where("id", "=", id)
        .execute();
      return "requested";
    }
    return "over";
  });
}

/**
 * Claims the oldest job to run (queued, or running under an expired claim) for this worker.
 * The UPDATE re-checks the state: two workers never hold the same job.
 */
export async function claimJob(target: Db = db(), now = Date.now()): Promise<{ id: string; token: string } | undefined> {
  const iso = new Date(now).toISOString();
  const candidates = await target
    .selectFrom("formation_import_jobs")
    .select("id")
    .where((eb) => eb.or([eb("state", "=", "queued"), eb.and([eb("state", "=", "running"), eb("locked_until", "<", iso)])]))
    .orderBy("created_at")
    .limit(5)
    .execute();
  for (const c of candidates) {
    const token = randomUUID();
    const res = await target
      .updateTable("formation_import_jobs")
      .set({
        state: "running",
        lock_token: token,
        locked_until: new Date(now + leaseMs()).toISOString(),
        started_at: sql<string>`coalesce(started_at, ${iso})`,
        updated_at: iso,
      })
      .where("id", "=", c.id)
      .where((eb) => eb.or([eb("state", "=", "queued"), eb.and([eb("state", "=", "running"), eb("locked_until", "<", iso)])]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return { id: c.id, token };
  }
  return undefined;
}

/** Extends the claim of a running job (the worker is alive; called by the job runner while it works). */
export async function renewJob(claim: { id: string; token: string }, target: Db = db(), now = Date.now()): Promise<void> {
  await target
    .updateTable("formation_import_jobs")
    .set({ locked_until: new Date(now + leaseMs()).toISOString() })
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .where("state", "=", "running")
    .execute();
}

/** Gives a job still held by this claim back to the queue (its file in progress starts over). */
export async function releaseJob(claim: { id: string; token: string }, target: Db = db()): Promise<boolean> {
  const now = nowIso();
  const released = await target
    .updateTable("formation_import_jobs")
    .set({ state: "queued", stage: "Reprise au prochain démarrage", lock_token: null, locked_until: null, updated_at: now })
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .where("state", "=", "running")
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) !== 1) return false;
  await target
    .updateTable("formation_import_files")
    .set({ state: "pending", updated_at: now })
    .where("job_id", "=", claim.id)
    .where("state", "=", "running")
    .execute();
  return true;
}

export interface RunOptions {
  target?: Db;
  /** True when the process is stopping: the file in progress is rolled back and the job released. */
  stopping?: () => boolean;
}

class WorkerStoppingError extends Error {}

/** Runs a claimed job to its end (or cancellation). Returns its final state. */
export async function runJob(claim: { id: string; token: string }, options: RunOptions = {}): Promise<JobState> {
  const target = options.target ?? db();
  const { id, token } = claim;
  const job = await target
    .selectFrom("formation_import_jobs")
    .selectAll()
    .where("id", "=", id)
    .where("lock_token", "=", token)
    .executeTakeFirst();
  if (!job) return "failed";
  const actor: Actor = { id: job.actor_id, email: job.actor_email, role: job.actor_role };
  const allOrNothing = Number(job.all_or_nothing) === 1;
  const day = new Intl.DateTimeFormat("fr-FR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Paris",
  }).format(new Date(job.created_at));
  const context = `import par lots du ${day}`;

  const mine = (q: Db) => q.updateTable("formation_import_jobs").where("id", "=", id).where("lock_token", "=", token);
  const touch = async (values: { stage?: string; rows_done?: number; total_rows?: number }) => {
    const now = Date.now();
    await mine(target)
      .set({ ...values, locked_until: new Date(now + leaseMs()).toISOString(), updated_at: new Date(now).toISOString() })
      .execute();
  };
  const cancelRequested = async (q: Db) => {
    const row = await q
      .selectFrom("formation_import_jobs")
      .select(["cancel_requested", "lock_token"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (row?.lock_token !== token) throw new WorkerStoppingError("claim lost");
    return Number(row.cancel_requested) === 1;
  };
  const shouldStop = async (q: Db) => {
    if (options.stopping?.()) throw new WorkerStoppingError("stopping");
    return cancelRequested(q);
  };

  const files = await target
    .selectFrom("formation_import_files")
    .select(["id", "name", "state", "rows", "mapping", "preview", "write_stamps"])
    .where("job_id", "=", id)
    .orderBy("position")
    .execute();
  const finish = async (state: JobState, error = "") => {
    const now = nowIso();
    await target.transaction().execute(async (trx) => {
      if (state === "cancelled") {
        await trx
          .updateTable("formation_import_files")
          .set({ state: "cancelled", updated_at: now })
          .where("job_id", "=", id)
          .where("state", "in", ["pending", "running"])
          .execute();
      }
      // The files' contents are no longer needed: only their names and counts stay.
      await trx.updateTable("formation_import_files").set({ content: "" }).where("job_id", "=", id).execute();
      await mine(trx).set({ state, stage: "", error, lock_token: null, locked_until: null, finished_at: now, updated_at: now }).execute();
    });
    return state;
  };

  try {
    for (const file of files) {
      if (file.state === "done" || file.state === "failed" || file.state === "cancelled") continue;
      if (await shouldStop(target)) return await finish("cancelled");
      const totals = await target
        .selectFrom("formation_import_files")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("rows"), sql<number>`0`).as("n"))
        .where("job_id", "=", id)
        .where("state", "in", ["done", "failed", "cancelled"])
        .executeTakeFirst();
      const rowsBefore = Number(totals?.n ?? 0);
      await target
        .updateTable("formation_import_files")
        .set({ state: "running", updated_at: nowIso() })
        .where("id", "=", file.id)
        .execute();
      await touch({ stage: `Lecture du fichier « ${file.name} »`, rows_done: rowsBefore });

      const content = await target
        .selectFrom("formation_import_files")
        .select("content")
        .where("id", "=", file.id)
        .executeTakeFirstOrThrow();
      let table;
      try {
        // The header row the editor checked the columns on (detected again for jobs created before the choice existed).
        const headerLine = file.preview ? (JSON.parse(file.preview) as FilePreview).headerLine : undefined;
        table = await readTable(file.name, new Uint8Array(Buffer.from(content.content, "base64")), { headerLine: headerLine || undefined });
        if (table.rows.length > IMPORT_MAX_ROWS)
          throw new ImportFileError(
            `Le fichier compte ${table.rows.length.toLocaleString("fr-FR")} lignes\u00a0: ${IMPORT_MAX_ROWS.toLocaleString("fr-FR")} au plus par fichier.`,
          );
        if (table.rows.length === 0) throw new ImportFileError("Le fichier ne contient aucune formation sous sa ligne d'en-tête.");
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        await failFile(target, file.id, error.message);
        await touch({ stage: "" });
        continue;
      }
      // The mapping the editor checked (a job created before that step: guessed from the headers).
      const stored = file.mapping ? (JSON.parse(file.mapping) as ColumnMapping) : null;
      const mapping = stored && stored.length === table.headers.length ? stored : guessMapping(table.headers);
      const ignored = ignoredHeaders(table.headers, mapping);
      const rows = table.rows.length;
      await target
        .updateTable("formation_import_files")
        .set({ rows, ignored_columns: JSON.stringify(ignored), updated_at: nowIso() })
        .where("id", "=", file.id)
        .execute();
      const allRows = await target
        .selectFrom("formation_import_files")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("rows"), sql<number>`0`).as("n"))
        .where("job_id", "=", id)
        .executeTakeFirst();
      await touch({ stage: `Vérification des lignes de « ${file.name} »`, total_rows: Number(allRows?.n ?? 0) });

      const analysis = await analyseTable(table, mapping, target, {
        onProgress: (n) => touch({ rows_done: rowsBefore + n }),
        shouldStop: () => shouldStop(target),
      });
      const rejected = analysis.rows.filter((r) => r.action === "reject");
      if (allOrNothing && rejected.length > 0) {
        await target.transaction().execute(async (trx) => {
          await insertReportRows(trx, id, file.name, rejected, table.skipped);
          await trx
            .updateTable("formation_import_files")
            .set({
              state: "failed",
              rejected_count: rejected.length,
              error: `${rejected.length} ligne${rejected.length > 1 ? "s refusées" : " refusée"} : fichier non importé (option « tout ou rien »).`,
              updated_at: nowIso(),
            })
            .where("id", "=", file.id)
            .execute();
          await mine(trx)
            .set((eb) => ({ rejected_count: eb("rejected_count", "+", rejected.length), files_done: eb("files_done", "+", 1) }))
            .execute();
        });
        continue;
      }
      // Taken over after an instance died while writing this file: what it wrote is the file's work.
      const earlier = parseStamps(file.write_stamps);
      creditEarlierAttempts(analysis, earlier);
      const drafts = analysis.rows.filter((r) => (r.action === "create" || r.action === "update") && r.toComplete.length > 0);
      // This attempt's stamp, committed before the first chunk: a takeover will recognise its writes.
      const stamp = nowIso();
      await target
        .updateTable("formation_import_files")
        .set({ write_stamps: JSON.stringify([...earlier, stamp]), updated_at: nowIso() })
        .where("id", "=", file.id)
        .execute();
      await touch({
        stage: `Enregistrement de « ${file.name} » (${analysis.planned.length.toLocaleString("fr-FR")} formation${analysis.planned.length > 1 ? "s" : ""})`,
      });
      const c = analysis.counts;
      try {
        await applyAnalysis(analysis, {
          now: stamp,
          actor,
          fileName: file.name,
          context,
          target,
          shouldStop: (trx) => shouldStop(trx),
          within: async (trx) => {
            await insertReportRows(trx, id, file.name, [...rejected, ...drafts], table.skipped);
            await trx
              .updateTable("formation_import_files")
              .set({
                state: "done",
                created_count: c.created,
                updated_count: c.updated,
                unchanged_count: c.unchanged,
                rejected_count: c.rejected,
                incomplete_count: c.incomplete,
                updated_at: nowIso(),
              })
              .where("id", "=", file.id)
              .execute();
            await mine(trx)
              .set((eb) => ({
                created_count: eb("created_count", "+", c.created),
                updated_count: eb("updated_count", "+", c.updated),
                unchanged_count: eb("unchanged_count", "+", c.unchanged),
                rejected_count: eb("rejected_count", "+", c.rejected),
                incomplete_count: eb("incomplete_count", "+", c.incomplete),
                files_done: eb("files_done", "+", 1),
                rows_done: rowsBefore + rows,
              }))
              .execute();
          },
        });
      } catch (error) {
        if (error instanceof ImportWriteError) {
          await failFile(target, file.id, error.message);
          continue;
        }
        throw error;
      }
    }
    return await finish("done");
  } catch (error) {
    if (error instanceof ImportCancelledError) return finish("cancelled");
    if (error instanceof WorkerStoppingError) {
      // Stopping (or the claim was taken over): the file in progress was rolled back; release the job.
      await releaseJob(claim, target);
      return "queued";
    }
    log.error("Import par lots : échec inattendu", { error, job: id });
    await target
      .updateTable("formation_import_files")
      .set({ state: "failed", error: "Erreur inattendue : rien n'a été importé de ce fichier.", updated_at: nowIso() })
      .where("job_id", "=", id)
      .where("state", "=", "running")
      .execute();
    return finish(
      "failed",
      "Une erreur inattendue a interrompu l'import. Les fichiers déjà terminés sont importés ; les autres ne le sont pas.",
    );
  }

  async function failFile(q: Db, fileId: string, message: string) {
    await q.transaction().execute(async (trx) => {
      await trx
        .updateTable("formation_import_files")
        .set({ state: "failed", error: message, updated_at: nowIso() })
        .where("id", "=", fileId)
        .execute();
      await mine(trx)
        .set((eb) => ({ files_done: eb("files_done", "+", 1) }))
        .execute();
    });
  }
}

/** The stamps of the earlier attempts at writing a file (JSON list; none when it never started writing). */
function parseStamps(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** The rows of the report: refused rows with their reasons, drafts with what they lack, rows left out (totals). */
async function insertReportRows(trx: Db, jobId: string, fileName: string, rows: RowReport[], skipped: SkippedRow[] = []): Promise<void> {
  const left = skipped.map((r) => ({
    id: randomUUID(),
    job_id: jobId,
    file_name: fileName,
    row_number: r.line,
    slug: "",
    title: "",
    kind: "skipped",
    reasons: skippedRowLabel(r),
  }));
  const values = rows.map((r) => {
    const draft = r.action !== "reject";
    return {
      id: randomUUID(),
      job_id: jobId,
      file_name: fileName,
      row_number: r.line,
      slug: r.slug,
      title: r.title.slice(0, 300),
      kind: draft ? "draft" : "reject",
      reasons: draft
        ? `Importée en brouillon, à compléter : ${r.toComplete.map((i) => `${i.header} : ${i.message}`).join("\n")}`
        : r.issues.map((i) => `${i.header} : ${i.message}`).join("\n"),
    };
  });
  values.push(...left);
  for (let i = 0; i < values.length; i += 200)
    await trx
      .insertInto("formation_import_rejections")
      .values(values.slice(i, i + 200))
      .execute();
}

/** The report of a job: every rejected row with its reasons, and every file not imported. CSV for Excel. */
export async function jobReportCsv(id: string, target: Db = db()): Promise<string | undefined> {
  const job = await getJob(id, target);
  if (!job) return undefined;
  const rejections = await target
    .selectFrom("formation_import_rejections")
    .select(["file_name", "row_number", "slug", "title", "reasons"])
    .where("job_id", "=", id)
    .orderBy("kind", "desc")
    .orderBy("file_name")
    .orderBy("row_number")
    .execute();
  const rows: Array<Array<string | number>> = [["Fichier", "Ligne", "Adresse (slug)", "Titre", "Motifs du refus"]];
  for (const f of job.files) {
    for (const sheet of f.preview?.sheets ?? [])
      rows.push([f.name, "", "", "", `Feuille «\u00a0${sheet.name}\u00a0»\u00a0: ${sheetUseLabel(sheet)}`]);
    if (f.state === "failed" && f.counts.rejected === 0) rows.push([f.name, "", "", "", `Fichier non importé : ${f.error}`]);
    if (f.state === "cancelled") rows.push([f.name, "", "", "", "Fichier non traité : import annulé."]);
  }
  for (const r of rejections) rows.push([r.file_name, Number(r.row_number), r.slug, r.title, r.reasons]);
  return toCsv(rows);
}
