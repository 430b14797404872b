/**
 * Limits of the formation import, as plain constants (no imports, no zod): the HTTP layer can
 * enforce the byte limits while a request streams in, and the import checks them again itself.
 */

/** Largest file accepted, on the one-file page and per file of a batch (20 MiB). */
export const IMPORT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The same limit as editors read it. */
export const IMPORT_MAX_UPLOAD_LABEL = "20 Mo";
/** Files per batch. */
export const IMPORT_MAX_BATCH_FILES = 10;
/** Multipart overhead allowed on top of the files themselves (field names, boundaries, small fields). */
export const IMPORT_MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** Largest request body of `POST /admin/formations/import` (one file). */
export const IMPORT_MAX_REQUEST_BYTES = IMPORT_MAX_UPLOAD_BYTES + IMPORT_MULTIPART_OVERHEAD_BYTES;
/** Largest request body of `POST /admin/formations/batch-import` (up to ten files). */
export const IMPORT_MAX_BATCH_REQUEST_BYTES = IMPORT_MAX_BATCH_FILES * IMPORT_MAX_UPLOAD_BYTES + IMPORT_MULTIPART_OVERHEAD_BYTES;

/** Rows per file (10 000 and more are the batch's purpose); the reader stops at the first row beyond. */
export const IMPORT_MAX_ROWS = 100_000;
/** Cells per file, empty ones included; the reader stops at the first cell beyond. */
export const IMPORT_MAX_CELLS = 6_000_000;
/** Beyond this many rows, the one-file page sends the editor to the batch import. */
export const IMPORT_MAX_INTERACTIVE_ROWS = 2_000;

/**
 * A workbook (XLSX) is a zip archive: what it inflates to is checked before and while inflating,
 * so that a small file that expands to gigabytes (a "zip bomb") is refused within a second.
 */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 160 * 1024 * 1024;
/** The shared strings are held in memory while the sheet is read: their own, smaller limit. */
export const XLSX_MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;
/** Any other part read (workbook, relationships, styles). */
export const XLSX_MAX_PART_BYTES = 8 * 1024 * 1024;
/** Entries of the archive (an ordinary workbook has about ten). */
export const XLSX_MAX_ENTRIES = 5_000;

/** The thread that reads a file is stopped after this long, and may not use more memory than this. */
export const IMPORT_PARSE_TIMEOUT_MS = 120_000;
export const IMPORT_PARSE_MAX_HEAP_MB = 1_024;
