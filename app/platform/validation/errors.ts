import type { z } from "zod";

/** Field messages keyed by the field's dotted name (`program.0.title`), as the form names it; `_form` for the whole form. */
export type FieldErrors = Record<string, string>;

/** What a schema reports (zod's issues, typed structurally so that no browser bundle needs zod for it). */
export interface IssueList {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** The first message for each field. */
export function fieldErrorsOf(error: IssueList): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Thrown when input breaks a rule (including rules that need the database, like a taken slug). */
export class FieldValidationError extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors)[0] ?? "Les données saisies ne sont pas valides.");
    this.name = "FieldValidationError";
  }
}

/** Thrown when the record to change does not exist (any more). */
export class NotFoundError extends Error {
  constructor(message = "Cet élément n'existe pas ou a été supprimé.") {
    super(message);
    this.name = "NotFoundError";
  }
}

/** Validates with a schema and throws FieldValidationError with French messages keyed by field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new FieldValidationError(fieldErrorsOf(result.error));
  return result.data;
}
