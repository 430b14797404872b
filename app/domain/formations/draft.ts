import { fieldErrorsOf, type FieldErrors } from "~/platform/validation/errors";
import { draftData, isToComplete } from "~/domain/catalogue-import/cells";
import { formationInputSchema, type FormationData } from "./model";

/**
 * A formation saved as a draft: only its title is required. Whatever is missing (an empty field,
 * a text still too short, a rule between fields) waits for publication, where the full checks of
 * `formationInputSchema` apply (`publicationProblems`). A value that cannot be stored as it is (a
 * number that is not one, an invalid e-mail or date, a text too long, a wrong slug) is refused
 * even in a draft. The import saves its incomplete rows by the same rules.
 */

const TITLE_REQUIRED = "Le titre est obligatoire.";

export type DraftResult = { ok: true; data: FormationData } | { ok: false; errors: FieldErrors };

export function parseFormationDraft(input: Record<string, unknown>): DraftResult {
  const title = typeof input.title === "string" ? input.title.trim() : "";
  const parsed = formationInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const refused = parsed.error.issues.filter((issue) => !isToComplete(issue, input));
  const errors = fieldErrorsOf({ issues: refused });
  if (!title) errors.title = TITLE_REQUIRED;
  else if (title.length > 120) errors.title ??= "Le titre ne dépasse pas 120 caractères.";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { ...draftData(input), title } };
}

/** The client check of a draft (same rules as the server's): messages keyed by field. */
export function draftErrors(values: Record<string, unknown>): FieldErrors {
  const result = parseFormationDraft(values);
  return result.ok ? {} : result.errors;
}
