import type { FieldErrors } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";
import { JOB_MISSING, batchConfirmSchema, batchHeaderSchema, batchUploadSchema } from "./forms";
import { cancelJob, changeHeaderRow, confirmJob, createJob, getJob } from "./jobs.server";
import type { Actor } from "./import.server";
import { IMPORT_MAX_BATCH_FILES, IMPORT_MAX_BATCH_REQUEST_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { IGNORED_ACK_FIELD, ignoredHeaders, mappingFrom } from "./mapping";
import { ImportFileError, type JobView } from "./model";
import type { ColumnMapping } from "./columns";

/**
 * The batch import screen's server side: upload (the files' columns are read, the job waits for
 * the editor), the mapping step (confirmed, the job is queued for the worker), cancellation.
 */

/**
 * The action's answer: done (its message, the job to show), or refused: `errors` beside the fields
 * (the files, the box of the ignored columns), `message` for the whole screen.
 */
export type BatchReply =
  { ok: true; message: string; jobId?: string } | { ok: false; status: number; message?: string; errors?: FieldErrors; ignored?: string[] };

const refusedFiles = (message: string, status: number): BatchReply => ({ ok: false, status, errors: { files: message } });

/** A new batch: the files checked with `batchUploadSchema` (one to ten, each within the size limit), then read. */
export async function receiveBatch(request: Request, actor: Actor): Promise<BatchReply> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_MAX_BATCH_REQUEST_BYTES) {
    return refusedFiles(
      `L'envoi dépasse ${IMPORT_MAX_BATCH_FILES} fichiers de ${IMPORT_MAX_UPLOAD_LABEL} : répartissez vos fichiers en plusieurs lots.`,
      413,
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refusedFiles("Envoi incomplet : réessayez.", 400);
  }
  const parsed = await parseSubmission(form, batchUploadSchema, { files: true });
  if (!parsed.ok) return { ok: false, status: 422, errors: parsed.errors };
  const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  try {
    const id = await createJob(
      actor,
      await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))),
    );
    return { ok: true, message: "Vérifiez les colonnes de chaque fichier, puis lancez l'import.", jobId: id };
  } catch (error) {
    if (error instanceof ImportFileError) return refusedFiles(error.message, 422);
    throw error;
  }
}

/** The mapping of each readable file as the form sends it: file n's column i is the field `f{n}c{i}`. */
function mappingsOnScreen(form: FormData, files: JobView["files"]): Record<string, ColumnMapping> {
  return Object.fromEntries(files.flatMap((f, n) => (f.preview ? [[f.id, mappingFrom(form, f.preview.headers, `f${n}c`).mapping]] : [])));
}

/**
 * The mapping step, checked with `batchConfirmSchema`: file n's column i is the field `f{n}c{i}`;
 * the boxes « J'ai compris » and « Tout ou rien ».
 */
export async function confirmBatch(form: FormData): Promise<BatchReply> {
  const parsed = await parseSubmission(form, batchConfirmSchema);
  if (!parsed.ok && parsed.errors.id) return { ok: false, status: 404, message: parsed.errors.id };
  if (!parsed.ok) return { ok: false, status: 422, errors: parsed.errors };
  const id = String(parsed.data.id);
  const job = await getJob(id);
  if (!job) return { ok: false, status: 404, message: JOB_MISSING };
  const mappings = mappingsOnScreen(form, job.files);
  const result = await confirmJob(id, {
    mappings,
    allOrNothing: form.get("toutOuRien") === "1",
    acknowledged: form.get(IGNORED_ACK_FIELD) === "1",
  });
  if (result.ok) return { ok: true, message: "Import lancé : suivez sa progression ci-dessous.", jobId: id };
  const ignored = job.files.flatMap((f) => (f.preview && mappings[f.id] ? ignoredHeaders(f.preview.headers, mappings[f.id]!) : []));
  if (result.field) return { ok: false, status: result.status, errors: { [result.field]: result.message }, ignored };
  return { ok: false, status: result.status, message: result.message, ignored };
}

/**
 * Another header row for one file of the batch (`batchHeaderSchema`): the file is read again from that
 * row; the mapping on screen for the other files is kept.
 */
export async function changeBatchHeader(form: FormData): Promise<BatchReply> {
  const parsed = await parseSubmission(form, batchHeaderSchema);
  if (!parsed.ok && parsed.errors.id) return { ok: false, status: 404, message: parsed.errors.id };
  if (!parsed.ok) return { ok: false, status: 422, message: Object.values(parsed.errors)[0] ?? "Choisissez une ligne d'en-tête." };
  const { id, fileIndex, headerLine } = parsed.data;
  const result = await changeHeaderRow(id, fileIndex, headerLine, (files) => mappingsOnScreen(form, files));
  if (!result.ok) return { ok: false, status: result.status, message: result.message };
  return {
    ok: true,
    message: `« ${result.fileName} » : noms des colonnes lus sur la ligne ${result.headerLine}. Vérifiez leurs champs.`,
    jobId: id,
  };
}

export async function cancelBatch(form: FormData): Promise<BatchReply> {
  const result = await cancelJob(String(form.get("id") ?? ""));
  if (result === "missing") return { ok: false, status: 404, message: JOB_MISSING };
  if (result === "over") return { ok: false, status: 409, message: "Cet import est déjà terminé : il ne peut plus être annulé." };
  return {
    ok: true,
    message:
      result === "cancelled"
        ? "Import annulé avant son démarrage."
        : "Annulation demandée : le fichier en cours est abandonné sans rien enregistrer.",
  };
}
