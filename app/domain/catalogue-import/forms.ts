import { z } from "zod";
import { fileField, fileListField } from "~/platform/validation/file-field";
import { IMPORT_MAX_BATCH_FILES, IMPORT_MAX_UPLOAD_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { IGNORED_ACK_FIELD, IGNORED_LIST_FIELD, unacknowledgedIgnored } from "./mapping";
import { formatBytes } from "./model";

/**
 * The forms of the two import screens, as the shared form pattern reads them: the route actions
 * check them with `parseSubmission` (files described by name, type and size), the browser loads
 * this module when the editor enters a form (`useForm`). What needs the file's content (can it be
 * read? which columns does the mapping leave out?) is the server's answer, beside the same fields.
 */

export const UPLOAD_MISSING = "Choisissez un fichier CSV, XLSX ou JSON à importer.";
export const BATCH_MISSING = "Choisissez au moins un fichier à importer.";

/** The one-file screen's upload: a file, within the size limit. */
export const importUploadSchema = z.object({
  file: fileField(UPLOAD_MISSING).superRefine((file, ctx) => {
    if (file.size > IMPORT_MAX_UPLOAD_BYTES) {
      ctx.addIssue({
        code: "custom",
        message: `Le fichier dépasse ${IMPORT_MAX_UPLOAD_LABEL} (${formatBytes(file.size)}) : découpez-le en plusieurs fichiers.`,
      });
    }
  }),
});

/** The batch screen's upload: one to ten files, each within the size limit. */
export const batchUploadSchema = z.object({
  files: fileListField().superRefine((files, ctx) => {
    const big = files.find((f) => f.size > IMPORT_MAX_UPLOAD_BYTES);
    const message =
      files.length === 0
        ? BATCH_MISSING
        : files.length > IMPORT_MAX_BATCH_FILES
          ? `${files.length} fichiers choisis : ${IMPORT_MAX_BATCH_FILES} au plus par lot.`
          : big
            ? `« ${big.name} » dépasse ${IMPORT_MAX_UPLOAD_LABEL} (${formatBytes(big.size)}) : découpez-le en plusieurs fichiers.`
            : undefined;
    if (message) ctx.addIssue({ code: "custom", message });
  }),
});

const list = z
  .unknown()
  .optional()
  .transform((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === "string"));

/**
 * The confirmation of an import (the one-file screen's « Importer », the batch's « Lancer l'import »):
 * which file or job (`idField`), the mapping (`c0`, `f0c0`… read by the server), « Tout ou rien », and
 * the box that acknowledges the ignored columns the form lists: required while it lists some.
 */
function confirmSchema(idField: "fichier" | "id", missing: string) {
  return z
    .looseObject({
      [idField]: z.string({ error: missing }).min(1, missing).max(100, missing),
      toutOuRien: z.literal("1").optional(),
      [IGNORED_LIST_FIELD]: list,
      [IGNORED_ACK_FIELD]: z.string().optional(),
    })
    .superRefine((values, ctx) => {
      const ignored = values[IGNORED_LIST_FIELD] as string[];
      const message = unacknowledgedIgnored(ignored, values[IGNORED_ACK_FIELD] === "1");
      if (message) ctx.addIssue({ code: "custom", path: [IGNORED_ACK_FIELD], message });
    });
}

const rowNumber = z.coerce.number().int().min(1).max(1_048_576).optional().catch(undefined);

/**
 * The header row of the one-file screen (query string and import form): `entete`, the row the
 * editor picks in the list (a closed list: a value that is not a row number is ignored and the row is
 * detected again), and `enteteLue`, the row the screen showed. When they differ, the columns of the
 * page were those of another row: their mapping is dropped and guessed again from the new headers.
 */
export const headerRowSchema = z.object({ entete: rowNumber, enteteLue: rowNumber });

export function headerRowFrom(params: URLSearchParams | FormData): { headerLine?: number; changed: boolean } {
  const { entete, enteteLue } = headerRowSchema.parse({
    entete: params.get("entete") ?? undefined,
    enteteLue: params.get("enteteLue") ?? undefined,
  });
  return { headerLine: entete, changed: entete !== undefined && enteteLue !== undefined && entete !== enteteLue };
}

export const FILE_MISSING =
  "Ce fichier n'est plus disponible (téléversé il y a plus de 24 heures, déjà importé, ou par une autre personne) : téléversez-le à nouveau.";
export const JOB_MISSING = "Cet import n'existe pas.";

export const importConfirmSchema = confirmSchema("fichier", FILE_MISSING);
export const batchConfirmSchema = confirmSchema("id", JOB_MISSING);

export const FILE_NOT_IN_JOB = "Ce fichier ne fait pas partie de l'import, ou n'a pas pu être lu.";

/**
 * The batch screen's « Lire les en-têtes de cette ligne » under file n (the button's value,
 * `lireEntete`): `f{n}entete` is the row picked in that file's list.
 */
export const batchHeaderSchema = z
  .looseObject({
    id: z.string({ error: JOB_MISSING }).min(1, JOB_MISSING).max(100, JOB_MISSING),
    lireEntete: z.coerce
      .number({ error: FILE_NOT_IN_JOB })
      .int(FILE_NOT_IN_JOB)
      .min(0, FILE_NOT_IN_JOB)
      .max(IMPORT_MAX_BATCH_FILES - 1, FILE_NOT_IN_JOB),
  })
  .transform((values, ctx) => {
    const line = rowNumber.parse(values[`f${values.lireEntete}entete`]);
    if (line === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [`f${values.lireEntete}entete`],
        message: "Choisissez la ligne qui porte les noms des colonnes.",
      });
      return z.NEVER;
    }
    return { id: values.id, fileIndex: values.lireEntete, headerLine: line };
  });
