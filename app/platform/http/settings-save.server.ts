import type { z } from "zod";
import { data } from "react-router";
import { redirectWithToast } from "~/platform/toast/flash.server";
import type { FieldErrors } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";

/** What a one-form settings screen gets back when its form is refused: the messages beside the fields, what was typed. */
export interface SettingsReply {
  errors?: FieldErrors;
  values?: Record<string, unknown>;
}

/**
 * The action of a one-form settings screen (registration settings, document clauses, formation
 * defaults, LHÉO codes): the form is checked with its shared schema; refused, 400 with the messages
 * and the values; accepted, `save` (the domain function, which writes the change and its journal
 * entry) and a redirect to `to` with the success toast.
 */
export async function saveSettingsForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  save: (values: z.output<S>) => Promise<unknown>,
  { to, title, description }: { to: string; title: string; description: string },
) {
  const parsed = await parseSubmission(request, schema);
  if (!parsed.ok) return data<SettingsReply>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  await save(parsed.data);
  return redirectWithToast(to, { kind: "success", title, description });
}
