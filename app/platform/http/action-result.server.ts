import { data } from "react-router";
import { dataWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { FieldValidationError, NotFoundError } from "~/platform/validation/errors";

/** What an admin screen with several small forms (categories, cities) sends back on a refused change. */
interface RefusedContext {
  intent: string;
  id: string;
  values: Record<string, unknown>;
}

function refused({ intent, id, values }: RefusedContext, message: string, errors: Record<string, string>, status: number) {
  return data({ ok: false as const, intent, id, message, errors, values }, { status });
}

/** An action name the screen does not know: 400, values kept. */
export function unknownIntent(ctx: RefusedContext) {
  return refused(ctx, "Action inconnue.", {}, 400);
}

/** Invalid fields (400, errors beside the fields, values kept) or a missing record (404); anything else is rethrown. */
export function refusedMutation(error: unknown, ctx: RefusedContext) {
  if (error instanceof FieldValidationError)
    return refused(ctx, error.fieldErrors._form ?? "Corrigez les champs signalés.", error.fieldErrors, 400);
  if (error instanceof NotFoundError) return refused(ctx, error.message, {}, 404);
  throw error;
}

/** A change made: its message, shown under the title and as a toast. */
function done(message: string) {
  return dataWithToast({ ok: true as const, message }, { kind: "success", title: "C'est fait", description: message });
}

/**
 * The action of a small reference list's screen (categories, cities): the form's `intent` (create,
 * update, delete) and `id` pick the change; the answer is the change's message or the refusal.
 */
export async function referenceMutation(
  form: FormData,
  changes: {
    create: (values: Record<string, unknown>) => Promise<{ name: string }>;
    update: (id: string, values: Record<string, unknown>) => Promise<{ name: string }>;
    delete: (id: string) => Promise<void>;
  },
  messages: { created: (name: string) => string; updated: (name: string) => string; deleted: string },
) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  form.delete("intent");
  form.delete("id");
  const values = formDataToObject(form);
  try {
    if (intent === "create") return done(messages.created((await changes.create(values)).name));
    if (intent === "update") return done(messages.updated((await changes.update(id, values)).name));
    if (intent === "delete") {
      await changes.delete(id);
      return done(messages.deleted);
    }
    return unknownIntent({ intent, id, values });
  } catch (error) {
    return refusedMutation(error, { intent, id, values });
  }
}
