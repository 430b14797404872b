import { data } from "react-router";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { NotFoundError, type Outcome } from "~/platform/validation/errors";

/** A record saved by a full-page editor (a formation, a post): where the editor goes next, what the toast says. */
export interface EditorSave {
  id: string;
  toast: { title: string; description: string };
}

/**
 * The answer of a full-page editor's action: after a save, a redirect to the record's editor with
 * the success toast (flash cookie) and `saved` for its loader (the focus moves to the result);
 * after a refusal, 400 with the messages beside the fields and what was typed.
 */
export function editorAnswer(
  outcome: Outcome<EditorSave>,
  { path, values, intent }: { path: (id: string) => string; values: Record<string, unknown>; intent: string },
) {
  if (!outcome.ok) return data({ errors: outcome.errors, values, intent }, { status: 400 });
  return redirectWithToast(path(outcome.value.id), { kind: "success", ...outcome.value.toast }, { data: { saved: intent } });
}

/** A record that no longer exists answers 404 (the error screen); anything else is rethrown. */
export function notFoundAs404(error: unknown): never {
  if (error instanceof NotFoundError) throw data(null, { status: 404 });
  throw error;
}
