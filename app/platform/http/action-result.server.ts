import type { z } from "zod";
import { data } from "react-router";
import { dataWithToast } from "~/platform/toast/flash.server";
import { NotFoundError, type FieldErrors, type Outcome } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";

/** What an admin screen with several small forms (categories, cities) sends back on a refused change. */
interface RefusedContext {
  intent: string;
  id: string;
  values: Record<string, unknown>;
}

function refused({ intent, id, values }: RefusedContext, message: string, errors: FieldErrors, status: number) {
  return data({ ok: false as const, intent, id, message, errors, values }, { status });
}

/** A refusal of the shared schema or of the domain: 400, the messages beside the fields, the values kept. */
export function refusedMutation(errors: FieldErrors, ctx: RefusedContext) {
  return refused(ctx, errors._form ?? "Corrigez les champs signalés.", errors, 400);
}

/**
 * The answer of a screen's small forms (a session, its documents, a request): the result, shown
 * beside its form, and its toast (flash cookie: shown once the page's data is reloaded), « Action
 * impossible » on a refusal; 200, or 400 for a refusal unless `status` says otherwise.
 */
export function replyWithToast<T extends { ok: boolean; message: string }>(
  result: T,
  { status = result.ok ? 200 : 400, title = "Enregistré" }: { status?: number; title?: string } = {},
) {
  return dataWithToast<T>(
    result,
    result.ok
      ? { kind: "success", title, description: result.message }
      : { kind: "error", title: "Action impossible", description: result.message },
    { status },
  );
}

/** A change made: its message, shown under the title and as a toast. */
function done(message: string) {
  return dataWithToast({ ok: true as const, message }, { kind: "success", title: "C'est fait", description: message });
}

/**
 * The action of a small reference list's screen (categories, cities): the form's `intent` (create,
 * update, delete) and `id` pick the change. A creation or an update is checked with the shared
 * `schema` first (`parseSubmission`), then by the domain (the rules that need the database); the
 * answer is the change's message or the refusal (unknown action: 400; missing record: 404).
 */
export async function referenceMutation(
  form: FormData,
  schema: z.ZodType,
  changes: {
    create: (values: Record<string, unknown>) => Promise<Outcome<{ name: string }>>;
    update: (id: string, values: Record<string, unknown>) => Promise<Outcome<{ name: string }>>;
    delete: (id: string) => Promise<Outcome<void>>;
  },
  messages: { created: (name: string) => string; updated: (name: string) => string; deleted: string },
) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  form.delete("intent");
  form.delete("id");
  const submission = await parseSubmission(form, schema);
  const ctx = { intent, id, values: submission.values };
  try {
    if (intent === "delete") {
      const deleted = await changes.delete(id);
      return deleted.ok ? done(messages.deleted) : refusedMutation(deleted.errors, ctx);
    }
    if (intent !== "create" && intent !== "update") return refused(ctx, "Action inconnue.", {}, 400);
    if (!submission.ok) return refusedMutation(submission.errors, ctx);
    // The domain checks the same schema again (it is the rule, whoever calls it): it takes the raw values.
    const saved = intent === "create" ? await changes.create(submission.values) : await changes.update(id, submission.values);
    if (!saved.ok) return refusedMutation(saved.errors, ctx);
    return done(intent === "create" ? messages.created(saved.value.name) : messages.updated(saved.value.name));
  } catch (error) {
    if (error instanceof NotFoundError) return refused(ctx, error.message, {}, 404);
    throw error;
  }
}
