import { z } from "zod";
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

/** A required text, trimmed, of `min` to `max` characters. */
export const requiredText = (label: string, min: number, max: number) => {
  const base = z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label));
  return (min > 1 ? base.min(min, minLengthMessage(label, min)) : base).max(max, maxLengthMessage(label, max));
};

/** An optional text (missing reads as ""), trimmed, of `max` characters at most. */
export const optionalText = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(max, maxLengthMessage(label, max)));
