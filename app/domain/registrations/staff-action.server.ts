import type { Actor } from "~/platform/db/actor";
import { parseSubmission } from "~/platform/validation/submission";
import type { SessionActionReply } from "./components/admin-sessions";
import { cancelSchema, moveSchema } from "./model";
import { byActor, cancelRegistration, confirmRegistration, moveRegistration } from "./registrations.server";

/** What staff do to one registration from the session's page, and the message of each outcome. */
const STAFF_INTENTS = ["confirmer", "annuler", "deplacer"] as const;
export type StaffRegistrationIntent = (typeof STAFF_INTENTS)[number];
export const isStaffRegistrationIntent = (intent: string): intent is StaffRegistrationIntent =>
  (STAFF_INTENTS as readonly string[]).includes(intent);

/**
 * Confirms, cancels (with a reason) or moves (to another session) a registration of the session,
 * as staff: the reply the session's page shows (the route has checked the role and that the
 * registration is of this session).
 */
export async function staffRegistrationAction(
  intent: StaffRegistrationIntent,
  registrationId: string,
  form: FormData,
  actor: Actor,
): Promise<SessionActionReply> {
  const by = byActor(actor);
  const outcome = (result: { ok: true } | { ok: false; error: string }, done: string): SessionActionReply =>
    result.ok ? { ok: true, message: done } : { ok: false, message: result.error, registrationId };
  if (intent === "confirmer")
    return outcome(await confirmRegistration(registrationId, { by }), "Inscription confirmée : le contact reçoit la confirmation.");
  if (intent === "annuler") {
    const parsed = await parseSubmission(form, cancelSchema);
    if (!parsed.ok)
      return { ok: false, message: parsed.errors.motif ?? "Motif manquant.", errors: parsed.errors, values: parsed.values, registrationId };
    return outcome(
      await cancelRegistration(registrationId, { by, reason: parsed.data.motif }),
      "Inscription annulée : les places libérées vont à la liste d'attente.",
    );
  }
  const parsed = await parseSubmission(form, moveSchema);
  if (!parsed.ok) return { ok: false, message: parsed.errors.session ?? "Session manquante.", errors: parsed.errors, registrationId };
  return outcome(
    await moveRegistration(registrationId, parsed.data.session, { by }),
    "Inscription déplacée : le contact reçoit les nouvelles dates.",
  );
}
