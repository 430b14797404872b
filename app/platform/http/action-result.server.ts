import { data } from "react-router";
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
