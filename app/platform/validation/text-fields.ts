import { z } from "zod";
import { frenchSpacing } from "~/platform/format";
import { maxLengthMessage, minLengthMessage, requiredMessage } from "~/ui/french";

/**
 * Field builders of the editors' schemas (formations, articles), with their French messages:
 * « Le titre est obligatoire. », « Le titre comporte au moins 5 caractères. », « … ne dépasse pas 120 caractères. ».
 */

/** A blank text counts as « not given ». */
export function emptyToNull(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? null : value;
}

/** A repeated form field as a list: nothing → [], one value → [value]. */
export function toArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Text typed by a person and shown to others (a title, an excerpt, a note, a message): stored with
 * French typography (`frenchSpacing`: no-break space before « : ; ! ? » and inside « »), so that a
 * page never shows an ordinary space there. Markdown is spaced when rendered instead
 * (app/platform/markdown), which leaves its code alone.
 */
export const typed = <T extends z.ZodType<string>>(schema: T) => schema.transform(frenchSpacing);

const requiredString = (label: string, min: number, max: number) => {
  const base = z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label));
  return (min > 1 ? base.min(min, minLengthMessage(label, min)) : base).max(max, maxLengthMessage(label, max));
};

const optionalString = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(max, maxLengthMessage(label, max)));

/** A required text, trimmed, of `min` to `max` characters, with French spacing. */
export const requiredText = (label: string, min: number, max: number) => typed(requiredString(label, min, max));

/** An optional text (missing reads as ""), trimmed, of `max` characters at most, with French spacing. */
export const optionalText = (label: string, max: number) => typed(optionalString(label, max));

/** Required and optional Markdown: kept as typed (spaced when rendered). */
export const requiredMarkdown = requiredString;
export const optionalMarkdown = optionalString;
