import type { FieldErrors } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";
import { mappingProblems } from "./columns";
import { FILE_MISSING, UPLOAD_MISSING, headerRowFrom, importConfirmSchema, importUploadSchema } from "./forms";
import type { SheetReport, SkippedRow } from "./sheets";
import type { HeaderCandidate } from "./header-row";
import { ImportWriteError, analyseTable, importTable, previewRows, type Actor, type RowReport } from "./import.server";
import { deleteUpload, getUpload, saveUpload } from "./jobs.server";
import { ImportFileError, PREVIEW_ROWS, type ImportCounts } from "./model";
import { IMPORT_MAX_INTERACTIVE_ROWS, IMPORT_MAX_REQUEST_BYTES, IMPORT_MAX_UPLOAD_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { readTable } from "./read.server";
import {
  IGNORED_ACK_FIELD,
  ignoredHeaders,
  mappingColumns,
  mappingFrom,
  samplesOf,
  unacknowledgedIgnored,
  type MappingColumn,
} from "./mapping";

/**
 * The one-file import screen's server side: upload, mapping read from the query string, preview
 * and dry run (analysis without writing), then the import. Kept here so the route stays thin.
 */

export type ImportPageData =
  | { step: "upload"; notice?: string }
  | { step: "error"; message: string; tooManyRows?: boolean }
  | {
      step: "review";
      upload: { id: string; name: string; size: number };
      description: string;
      rowCount: number;
      lineWord: string;
      /** The row of the column names (0 for JSON), whether the editor chose it, and the rows to choose from. */
      headerLine: number;
      headerChosen: boolean;
      headerCandidates: HeaderCandidate[];
      /** A workbook's sheets with what the import does with each, and the rows left out (totals). */
      sheets?: SheetReport[];
      skipped: SkippedRow[];
      columns: MappingColumn[];
      mappingChosen: boolean;
      duplicates: string[];
      missingRequired: string[];
      /** Headers of the columns no field takes: acknowledged before the import. */
      ignored: string[];
      /** Fields filled by the organisation's defaults for new formations (labels). */
      defaulted: string[];
      simulation: boolean;
      counts: ImportCounts;
      rows: RowReport[];
      hiddenRows: number;
      planned: Array<{ slug: string; title: string; action: "create" | "update" }>;
    };

const MISSING = FILE_MISSING;

export async function importPageData(url: URL, actor: Actor): Promise<ImportPageData> {
  const fileId = url.searchParams.get("fichier");
  if (!fileId) return { step: "upload" };
  const upload = await getUpload(fileId, actor.id);
  if (!upload) return { step: "error", message: MISSING };
  const header = headerRowFrom(url.searchParams);
  let table;
  try {
    table = await readTable(upload.name, upload.bytes, { headerLine: header.headerLine });
  } catch (error) {
    if (error instanceof ImportFileError) return { step: "error", message: error.message };
    throw error;
  }
  if (table.rows.length > IMPORT_MAX_INTERACTIVE_ROWS) {
    return {
      step: "error",
      tooManyRows: true,
      message: `Ce fichier compte ${table.rows.length.toLocaleString("fr-FR")} formations : au-delà de ${IMPORT_MAX_INTERACTIVE_ROWS.toLocaleString("fr-FR")}, utilisez l'import par lots, qui travaille en arrière-plan.`,
    };
  }
  if (table.rows.length === 0) return { step: "error", message: "Le fichier ne contient aucune formation sous sa ligne d'en-tête." };
  // Another header row: the columns on screen were those of the previous one, their mapping is guessed again.
  const { mapping, chosen } = mappingFrom(header.changed ? new URLSearchParams() : url.searchParams, table.headers);
  const problems = mappingProblems(table.headers, mapping);
  const analysis = await analyseTable(table, mapping);
  const shown = previewRows(analysis.rows, PREVIEW_ROWS);
  return {
    step: "review",
    upload: { id: upload.id, name: upload.name, size: upload.size },
    description: table.description,
    rowCount: table.rows.length,
    lineWord: table.lineWord,
    headerLine: table.headerLine,
    headerChosen: table.headerChosen,
    headerCandidates: table.headerCandidates,
    ...(table.sheets ? { sheets: table.sheets } : {}),
    skipped: table.skipped,
    columns: mappingColumns(
      table.headers,
      mapping,
      table.headers.map((_, i) => samplesOf(table.rows, i)),
    ),
    mappingChosen: chosen,
    duplicates: problems.duplicates,
    missingRequired: problems.missingRequired.map((c) => c.label).filter((label) => !analysis.defaulted.includes(label)),
    ignored: ignoredHeaders(table.headers, mapping),
    defaulted: analysis.defaulted,
    simulation: url.searchParams.get("simulation") === "1",
    counts: analysis.counts,
    rows: shown,
    hiddenRows: analysis.rows.length - shown.length,
    planned: analysis.planned.slice(0, 100).map((p) => ({ slug: p.slug, title: p.data.title, action: p.action })),
  };
}

export type UploadResult = { ok: true; fileId: string } | { ok: false; errors: FieldErrors; status: number };

const refusedFile = (message: string, status: number): UploadResult => ({ ok: false, errors: { file: message }, status });

/**
 * Stores an uploaded file after checking it: the form with `importUploadSchema` (a file, within the
 * size limit), then its content (can it be read?). Every refusal is the file field's message.
 */
export async function receiveUpload(request: Request, actor: Actor): Promise<UploadResult> {
  const length = Number(request.headers.get("content-length") ?? 0);
  const tooBig = `Le fichier dépasse ${IMPORT_MAX_UPLOAD_LABEL} : découpez-le en plusieurs fichiers (l'import par lots en accepte plusieurs à la fois).`;
  if (length > IMPORT_MAX_REQUEST_BYTES) return refusedFile(tooBig, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refusedFile("Envoi incomplet : réessayez.", 400);
  }
  const parsed = await parseSubmission(form, importUploadSchema, { files: true });
  const file = form.get("file");
  if (!parsed.ok)
    return { ok: false, errors: parsed.errors, status: file instanceof File && file.size > IMPORT_MAX_UPLOAD_BYTES ? 413 : 400 };
  if (!(file instanceof File)) return refusedFile(UPLOAD_MISSING, 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    await readTable(file.name, bytes);
  } catch (error) {
    if (error instanceof ImportFileError) return refusedFile(`« ${file.name} » : ${error.message}`, 422);
    throw error;
  }
  return { ok: true, fileId: await saveUpload(actor.id, file.name, bytes) };
}

export type ImportOutcome =
  | {
      ok: true;
      written: boolean;
      fileName: string;
      counts: ImportCounts;
      rejected: RowReport[];
      rejectedTotal: number;
      /** Drafts written with what they lack (the first 50). */
      drafts: RowReport[];
    }
  | { ok: false; errors: FieldErrors; status: number };

const refusedImport = (message: string, status: number): ImportOutcome => ({ ok: false, errors: { _form: message }, status });

/**
 * The import itself (POST): the form checked with `importConfirmSchema`, then the same analysis as
 * the preview, then one transaction. Ignored columns not acknowledged: the box's message (422).
 */
export async function runImport(form: FormData, actor: Actor): Promise<ImportOutcome> {
  const parsed = await parseSubmission(form, importConfirmSchema);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, status: parsed.errors[IGNORED_ACK_FIELD] ? 422 : 400 };
  const upload = await getUpload(String(parsed.data.fichier), actor.id);
  if (!upload) return refusedImport(MISSING, 404);
  try {
    const table = await readTable(upload.name, upload.bytes, { headerLine: headerRowFrom(form).headerLine });
    if (table.rows.length > IMPORT_MAX_INTERACTIVE_ROWS)
      return refusedImport("Ce fichier est trop grand pour cet écran : utilisez l'import par lots.", 422);
    const { mapping } = mappingFrom(form, table.headers);
    const problems = mappingProblems(table.headers, mapping);
    if (problems.duplicates.length > 0) return refusedImport(problems.duplicates[0]!, 422);
    const unacknowledged = unacknowledgedIgnored(ignoredHeaders(table.headers, mapping), form.get(IGNORED_ACK_FIELD) === "1");
    if (unacknowledged) return { ok: false, errors: { [IGNORED_ACK_FIELD]: unacknowledged }, status: 422 };
    const result = await importTable(table, mapping, { actor, fileName: upload.name, allOrNothing: form.get("toutOuRien") === "1" });
    if (result.written) await deleteUpload(upload.id);
    const rejected = result.analysis.rows.filter((r) => r.action === "reject");
    const drafts = result.written ? result.analysis.rows.filter((r) => r.action !== "reject" && r.toComplete.length > 0) : [];
    return {
      ok: true,
      written: result.written,
      fileName: upload.name,
      counts: result.written ? result.analysis.counts : result.counts,
      rejected: rejected.slice(0, 50),
      rejectedTotal: rejected.length,
      drafts: drafts.slice(0, 50),
    };
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof ImportWriteError) return refusedImport(error.message, 409);
    throw error;
  }
}
