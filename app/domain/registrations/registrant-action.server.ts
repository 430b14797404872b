import type { FailureKind } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";
import type { RegistrantReply } from "./components/registrant-page";
import { INTENT_FIELD } from "./labels";
import { traineesUpdateSchema } from "./model";
import type { RegistrantView } from "./pages.server";
import { adjustTrainees, cancelRegistration, updateTrainees } from "./registrations.server";

/** The toast after the contact cancelled their registration. */
export const CANCELLED_TOAST = {
  kind: "success",
  title: "Inscription annulée",
  description: "Un e-mail de confirmation vous est envoyé.",
} as const;

/**
 * What a contact's post on their registration's page did: cancelled, trainees saved, or the form to
 * show again (one row more or less without JavaScript, or refused: `failure` says why).
 */
export type RegistrantChange = { kind: "cancelled" } | { kind: "saved" } | { kind: "reply"; reply: RegistrantReply; failure?: FailureKind };

/**
 * What the contact posts on their registration's page (the signed link of the e-mails, and their
 * space): cancel with a reason, add or remove a trainee row (without JavaScript), save the
 * trainees; until the deadline. `by`: who changes it, as the status history records it.
 */
export async function changeAsRegistrant(view: RegistrantView, form: FormData, by: string): Promise<RegistrantChange> {
  if (!view.canChange)
    return {
      kind: "reply",
      reply: { errors: {}, values: {}, formError: "Le délai pour changer l'inscription en ligne est passé." },
      failure: "conflict",
    };
  const intent = String(form.get(INTENT_FIELD) ?? "");
  if (intent === "annuler") {
    const motif = String(form.get("motif") ?? "")
      .trim()
      .slice(0, 1000);
    const result = await cancelRegistration(view.id, { by: { id: null, label: by }, reason: motif || "Annulée par le contact." });
    return result.ok
      ? { kind: "cancelled" }
      : { kind: "reply", reply: { errors: {}, values: {}, formError: result.error }, failure: "conflict" };
  }
  const adjusted = adjustTrainees(formDataToObject(form));
  if (adjusted) return { kind: "reply", reply: { errors: {}, values: adjusted } };
  const submission = await parseSubmission(form, traineesUpdateSchema);
  if (!submission.ok) return { kind: "reply", reply: { errors: submission.errors, values: submission.values }, failure: "invalid" };
  const result = await updateTrainees(view.id, submission.data.stagiaires);
  if (!result.ok) return { kind: "reply", reply: { errors: {}, values: submission.values, formError: result.error }, failure: "conflict" };
  return { kind: "saved" };
}
