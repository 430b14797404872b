import { z } from "zod";
import type { FileInfo } from "./form-data";

export function isFileInfo(value: unknown): value is FileInfo {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === "string" && typeof v.type === "string" && typeof v.size === "number";
}

/**
 * A file field, as a form read with `files` describes it (`parseSubmission`, `useForm`): present and
 * not empty, or refused with `missing`. The field's other rules (type, size) refine it; the server
 * checks the content itself afterwards.
 */
export function fileField(missing: string) {
  return z.custom<FileInfo>((value) => isFileInfo(value) && value.size > 0, { error: missing });
}

/**
 * A field of several files (`multiple`), as a form read with `files` describes it: the chosen files,
 * without the empty part a browser sends when none is chosen. Its rules (count, sizes) refine it.
 */
export function fileListField() {
  return z
    .unknown()
    .optional()
    .transform((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(isFileInfo).filter((f) => f.size > 0));
}
