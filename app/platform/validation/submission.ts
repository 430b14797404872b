import type { z } from "zod";
import { validate, type FieldErrors } from "./errors";
import { formDataToObject } from "./form-data";

export type Submission<T> =
  | { ok: true; data: T; values: Record<string, unknown>; form: FormData }
  | { ok: false; errors: FieldErrors; values: Record<string, unknown>; form: FormData };

/**
 * The server half of the form pattern: reads the posted form with the one safe parser, then
 * validates it with the shared schema. On refusal, `values` go back to the form so that nothing
 * typed is lost (never a password: strip them before answering).
 */
export async function parseSubmission<S extends z.ZodType>(
  source: Request | FormData,
  schema: S,
  /** `files`: the schema checks the posted files too, as `FileInfo` (name, type, size). */
  options: { files?: boolean } = {},
): Promise<Submission<z.output<S>>> {
  const form = source instanceof Request ? await source.formData() : source;
  const values = formDataToObject(form, options);
  const result = validate(schema, values);
  return result.ok ? { ok: true, data: result.value, values, form } : { ok: false, errors: result.errors, values, form };
}

/** The values without the fields that must never be sent back (passwords). */
export function withoutSecrets(
  values: Record<string, unknown>,
  secrets: readonly string[] = ["password", "newPassword", "confirmPassword"],
) {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !secrets.includes(k)));
}
