import { IMPORT_MAX_CELLS, IMPORT_MAX_ROWS } from "./limits";
import type { FilePreview } from "./mapping";

/**
 * Formation import: shared types and French labels (pure, runs anywhere). The limits are in `./limits`.
 */

/** Rows of the preview table shown on screen (every error is still counted). */
export const PREVIEW_ROWS = 200;

export const ACCEPTED_EXTENSIONS = [".csv", ".txt", ".xlsx", ".json"] as const;
export const ACCEPT_ATTRIBUTE =
  ".csv,.txt,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type FileFormat = "csv" | "xlsx" | "json";
export const FORMAT_LABELS: Record<FileFormat, string> = { csv: "CSV", xlsx: "classeur Excel (XLSX)", json: "JSON" };

/** A file that cannot be read at all (French message for the editor). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

export function tooManyRowsMessage(): string {
  return `Le fichier compte plus de ${IMPORT_MAX_ROWS.toLocaleString("fr-FR")} lignes\u00a0: découpez-le en plusieurs fichiers de ${IMPORT_MAX_ROWS.toLocaleString("fr-FR")} lignes au plus.`;
}

export function tooManyCellsMessage(): string {
  return `Le fichier compte plus de ${IMPORT_MAX_CELLS.toLocaleString("fr-FR")} cellules : découpez-le en plusieurs fichiers.`;
}

export type RowAction = "create" | "update" | "unchanged" | "reject";
export const ROW_ACTION_LABELS: Record<RowAction, string> = {
  create: "Création",
  update: "Mise à jour",
  unchanged: "Inchangée",
  reject: "Refusée",
};

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Among the created and updated ones: drafts that still lack what publication needs. */
  incomplete: number;
}

export function emptyCounts(): ImportCounts {
  return { created: 0, updated: 0, unchanged: 0, rejected: 0, incomplete: 0 };
}

/** "3 créées, 1 mise à jour, 0 inchangée, 2 refusées", then "(dont 2 brouillons à compléter)" when some are. */
export function countsSentence(c: ImportCounts, conditional = false): string {
  const p = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;
  const sentence = conditional
    ? [
        p(c.created, "serait créée", "seraient créées"),
        p(c.updated, "serait mise à jour", "seraient mises à jour"),
        p(c.unchanged, "resterait inchangée", "resteraient inchangées"),
        p(c.rejected, "serait refusée", "seraient refusées"),
      ].join(", ")
    : [
        p(c.created, "créée", "créées"),
        p(c.updated, "mise à jour", "mises à jour"),
        p(c.unchanged, "inchangée", "inchangées"),
        p(c.rejected, "refusée", "refusées"),
      ].join(", ");
  return c.incomplete > 0 ? `${sentence} (dont ${p(c.incomplete, "brouillon", "brouillons")} à compléter)` : sentence;
}

export type JobState = "review" | "queued" | "running" | "done" | "failed" | "cancelled";
export const JOB_STATE_LABELS: Record<JobState, string> = {
  review: "Colonnes à vérifier",
  queued: "En attente",
  running: "En cours",
  done: "Terminé",
  failed: "Échec",
  cancelled: "Annulé",
};

export type FileState = "uploaded" | "pending" | "running" | "done" | "failed" | "cancelled";
export const FILE_STATE_LABELS: Record<FileState, string> = {
  uploaded: "Téléversé",
  pending: "En attente",
  running: "En cours",
  done: "Importé",
  failed: "Non importé",
  cancelled: "Non traité (annulé)",
};

export function isActiveJob(state: string): boolean {
  return state === "queued" || state === "running";
}

export interface JobView {
  id: string;
  /** "Lot du 23/11/2026 14:05" (Paris time). */
  label: string;
  state: JobState;
  stage: string;
  allOrNothing: boolean;
  actorEmail: string;
  totalFiles: number;
  filesDone: number;
  totalRows: number;
  rowsDone: number;
  counts: ImportCounts;
  cancelRequested: boolean;
  error: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** 0..100 */
  percent: number;
  files: Array<{
    id: string;
    name: string;
    size: number;
    state: FileState;
    rows: number;
    counts: ImportCounts;
    ignoredColumns: string[];
    /** The field of each column as the editor checked it (null before, or for a file that cannot be read). */
    mapping: string[] | null;
    /** Headers and first values read at upload (null for a file that cannot be read). */
    preview: FilePreview | null;
    error: string;
  }>;
}

/** Progress of a job: whole files done, plus the current file's checked rows. */
export function jobPercent(job: {
  state: string;
  totalFiles: number;
  filesDone: number;
  totalRows: number;
  rowsDone: number;
  currentFileRows?: number;
  currentFileRowsDone?: number;
}): number {
  if (job.state === "done") return 100;
  if (job.totalFiles === 0) return 0;
  const current = job.currentFileRows ? Math.min(1, (job.currentFileRowsDone ?? 0) / job.currentFileRows) * 0.9 : 0;
  return Math.max(0, Math.min(99, Math.floor(((job.filesDone + current) / job.totalFiles) * 100)));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 0 })} Ko`;
  return `${(bytes / 1024 / 1024).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
}
