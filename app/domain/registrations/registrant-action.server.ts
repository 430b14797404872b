import { data, redirect } from "react-router";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";
import type { RegistrantReply } from "./components/registrant-page";
import { INTENT_FIELD } from "./labels";
import { traineesUpdateSchema } from "./model";
import type { RegistrantView } from "./pages.server";
import { adjustTrainees, cancelRegistration, updateTrainees } from "./registrations.server";

/**
 * What the contact posts on their registration's page (the signed link of the e-mails, and their
 * space): cancel with a reason, add or remove a trainee row (without JavaScript), save the
 * trainees; until the deadline. `here`: the page to come back to; `cancelledTo`: where a
 * cancellation leads (the space's session ends with it).
 */
export async function registrantAction(
  view: RegistrantView,
  form: FormData,
  { here, cancelledTo = here, by }: { here: string; cancelledTo?: string; by: string },
) {
  if (!view.canChange)
    return data(
      { errors: {}, values: {}, formError: "Le délai pour changer l'inscription en ligne est passé." } satisfies RegistrantReply,
      { status: 409 },
    );
  const intent = String(form.get(INTENT_FIELD) ?? "");
  if (intent === "annuler") {
    const motif = String(form.get("motif") ?? "")
      .trim()
      .slice(0, 1000);
    const result = await cancelRegistration(view.id, {
      by: { id: null, label: by },
      reason: motif || "Annulée par le contact.",
    });
    if (!result.ok) return data({ errors: {}, values: {}, formError: result.error } satisfies RegistrantReply, { status: 409 });
    return redirectWithToast(cancelledTo, {
      kind: "success",
      title: "Inscription annulée",
      description: "Un e-mail de confirmation vous est envoyé.",
    });
  }
  const adjusted = adjustTrainees(formDataToObject(form));
  if (adjusted) return data({ errors: {}, values: adjusted } satisfies RegistrantReply);
  const submission = await parseSubmission(form, traineesUpdateSchema);
  if (!submission.ok) return data({ errors: submission.errors, values: submission.values } satisfies RegistrantReply, { status: 400 });
  const result = await updateTrainees(view.id, submission.data.stagiaires);
  if (!result.ok)
    return data({ errors: {}, values: submission.values, formError: result.error } satisfies RegistrantReply, { status: 409 });
  throw redirect(here);
}
