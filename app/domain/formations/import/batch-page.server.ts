import { cancelJob, confirmJob, createJob, getJob } from "./jobs.server";
import type { Actor } from "./import.server";
import { IMPORT_MAX_BATCH_FILES, IMPORT_MAX_BATCH_REQUEST_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { IGNORED_ACK_FIELD, ignoredHeaders, mappingFrom } from "./mapping";
import { ImportFileError } from "./model";

/**
 * The batch import screen's server side: upload (the files' columns are read, the job waits for
 * the editor), the mapping step (confirmed, the job is queued for the worker), cancellation.
 */

export type BatchReply = { ok: true; message: string; jobId?: string } | { ok: false; message: string; status: number; ignored?: string[] };

export async function receiveBatch(request: Request, actor: Actor): Promise<BatchReply> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_MAX_BATCH_REQUEST_BYTES) {
    return {
      ok: false,
      status: 413,
      message: `L'envoi dépasse ${IMPORT_MAX_BATCH_FILES} fichiers de ${IMPORT_MAX_UPLOAD_LABEL} : répartissez vos fichiers en plusieurs lots.`,
    };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, status: 400, message: "Envoi incomplet : réessayez." };
  }
  const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  try {
    const id = await createJob(
      actor,
      await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))),
    );
    return { ok: true, message: "Vérifiez les colonnes de chaque fichier, puis lancez l'import.", jobId: id };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, status: 422, message: error.message };
    throw error;
  }
}

/** The mapping step: file n's column i is the field `f{n}c{i}`; the boxes « J'ai compris » and « Tout ou rien ». */
export async function confirmBatch(form: FormData): Promise<BatchReply> {
  const id = String(form.get("id") ?? "");
  const job = await getJob(id);
  if (!job) return { ok: false, status: 404, message: "Cet import n'existe pas." };
  const mappings = Object.fromEntries(
    job.files.flatMap((f, n) => (f.preview ? [[f.id, mappingFrom(form, f.preview.headers, `f${n}c`).mapping]] : [])),
  );
  const result = await confirmJob(id, {
    mappings,
    allOrNothing: form.get("toutOuRien") === "1",
    acknowledged: form.get(IGNORED_ACK_FIELD) === "1",
  });
  if (result.ok) return { ok: true, message: "Import lancé : suivez sa progression ci-dessous.", jobId: id };
  const ignored = job.files.flatMap((f) => (f.preview && mappings[f.id] ? ignoredHeaders(f.preview.headers, mappings[f.id]!) : []));
  return { ...result, ignored };
}

export async function cancelBatch(form: FormData): Promise<BatchReply> {
  const result = await cancelJob(String(form.get("id") ?? ""));
  if (result === "missing") return { ok: false, status: 404, message: "Cet import n'existe pas." };
  if (result === "over") return { ok: false, status: 409, message: "Cet import est déjà terminé : il ne peut plus être annulé." };
  return {
    ok: true,
    message:
      result === "cancelled"
        ? "Import annulé avant son démarrage."
        : "Annulation demandée : le fichier en cours est abandonné sans rien enregistrer.",
  };
}
