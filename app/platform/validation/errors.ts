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

/** Thrown when the record to change does not exist (any more). */
export class NotFoundError extends Error {
  constructor(message = "Cet élément n'existe pas ou a été supprimé.") {
    super(message);
    this.name = "NotFoundError";
  }
}

/**
 * Why a change was not made, as the domain says it (never an HTTP status): the input breaks a rule
 * (`invalid`), the record is not there (`not-found`), or the state of the data refuses it
 * (`conflict`). A route maps it to its answer (`failureStatus`, app/platform/http/failure-status.ts).
 */
export type FailureKind = "invalid" | "not-found" | "conflict";

/** A change refused: the messages keyed by field (`_form` for the whole form), shown next to the fields. */
export interface Refusal {
  ok: false;
  errors: FieldErrors;
}

/**
 * What a domain change answers: done (with its value), or refused with field messages, including
 * the rules that need the database (a taken slug, a record still in use). Never thrown.
 */
export type Outcome<T> = { ok: true; value: T } | Refusal;

export function accepted<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function refusal(errors: FieldErrors): Refusal {
  return { ok: false, errors };
}

/** Checks input with a shared schema: its data, or its messages keyed by field (the same check as `parseSubmission`). */
export function validate<T extends z.ZodType>(schema: T, input: unknown): Outcome<z.output<T>> {
  const result = schema.safeParse(input);
  return result.success ? accepted(result.data) : refusal(fieldErrorsOf(result.error));
}

/**
 * The value of a change that cannot be refused (demonstration content, test set-up): a refusal
 * there is a programming error, reported with its messages.
 */
export function valueOf<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`Refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.value;
}
