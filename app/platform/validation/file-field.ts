import { z } from "zod";
import type { FileInfo } from "./form-data";

function isFileInfo(value: unknown): value is FileInfo {
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
