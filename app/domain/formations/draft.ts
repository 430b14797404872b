import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "~/platform/validation/errors";
import { parseFrenchNumber } from "~/platform/validation/numbers";
import { COLUMN_BY_FIELD, cellText } from "./columns";
import { formationInputSchema, programModuleSchema, type FormationData } from "./model";

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

type SchemaIssue = z.core.$ZodIssue;

/** An empty value: nothing, a blank text or an empty list. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The value at a schema issue's path in an input. */
export function valueAt(input: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let node: unknown = input;
  for (const k of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[k];
  }
  return node;
}

/**
 * Missing rather than wrong: an empty value, a text or list too short, a rule between fields.
 * A draft may be saved with these; anything else (a number that is not one, an unknown choice,
 * an invalid e-mail or date, a text too long) refuses the row, so nothing is stored wrongly.
 */
export function isToComplete(issue: SchemaIssue, input: Record<string, unknown>): boolean {
  if (isBlank(valueAt(input, issue.path))) return true;
  if (issue.code === "too_small") return issue.origin === "string" || issue.origin === "array";
  if (issue.code !== "custom") return false;
  // A rule between fields (the field itself is valid) rather than a value that cannot be read.
  const field = String(issue.path[0] ?? "");
  const schema = (formationInputSchema.shape as Record<string, z.ZodType | undefined>)[field];
  return schema !== undefined && schema.safeParse(input[field]).success;
}

/** The empty value of each field of a draft, by column kind. */
function emptyValue(field: string): unknown {
  switch (COLUMN_BY_FIELD.get(field)?.kind) {
    case "number":
    case "date":
    case "image":
      return null;
    case "bool":
      return false;
    case "lines":
    case "program":
    case "cities":
    case "funding":
    case "opcos":
    case "sessions":
      return [];
    case "certification":
      return "none";
    default:
      return "";
  }
}

/** A draft's data: each field as the schema reads it when it can, its empty value otherwise. */
export function draftData(input: Record<string, unknown>): FormationData {
  const shape = formationInputSchema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(input[field]);
    out[field] = parsed.success ? parsed.data : emptyValue(field);
  }
  // Modules keep their order: one without a title is kept, for the editor to complete.
  const modules = input.program;
  if (Array.isArray(modules) && modules.length > 0 && (out.program as unknown[]).length === 0) {
    out.program = (modules as Array<Record<string, unknown>>).map((m) => {
      const parsed = programModuleSchema.safeParse(m);
      if (parsed.success) return parsed.data;
      const hours = parseFrenchNumber(m.durationHours);
      return { title: cellText(m.title).trim(), content: cellText(m.content), durationHours: typeof hours === "number" ? hours : null };
    });
  }
  return out as FormationData;
}
