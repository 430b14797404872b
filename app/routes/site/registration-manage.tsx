import { data, redirect } from "react-router";
import type { Route } from "./+types/registration-manage";
import { PageIntro } from "~/domain/content/components";
import { ExpiredRegistrantLink, RegistrantPanel, type RegistrantReply } from "~/domain/registrations/components/registrant-page";
import { SessionCard } from "~/domain/registrations/components/registration-sections";
import { INTENT_FIELD } from "~/domain/registrations/labels";
import { traineesUpdateSchema } from "~/domain/registrations/model";
import { registrantLink } from "~/domain/registrations/pages.server";
import { adjustTrainees, cancelRegistration, updateTrainees } from "~/domain/registrations/registrations.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";

/**
 * /inscription/gerer/{token}: the registrant's page (signed link of the e-mails): status, trainees,
 * cancellation. Once the registration is cancelled or the session is over, the link answers 410
 * with a page saying so and whom to contact.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await registrantLink(params.token);
  if (!link) throw data(null, { status: 404 });
  return data(link, { status: link.kind === "expired" ? 410 : 200, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.kind === "expired" ? "Lien expiré" : "Votre inscription";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function action({ params, request }: Route.ActionArgs) {
  const link = await registrantLink(params.token);
  if (!link) throw data(null, { status: 404 });
  if (link.kind === "expired")
    return data({ errors: {}, values: {}, formError: "Ce lien n'est plus valable." } satisfies RegistrantReply, { status: 410 });
  const { view } = link;
  const here = `/inscription/gerer/${encodeURIComponent(params.token)}`;
  if (!view.canChange)
    return data(
      { errors: {}, values: {}, formError: "Le délai pour changer l'inscription en ligne est passé." } satisfies RegistrantReply,
      { status: 409 },
    );
  const form = await request.formData();
  const intent = String(form.get(INTENT_FIELD) ?? "");
  if (intent === "annuler") {
    const motif = String(form.get("motif") ?? "")
      .trim()
      .slice(0, 1000);
    const result = await cancelRegistration(view.id, {
      by: { id: null, label: "Le contact (page de l'inscription)" },
      reason: motif || "Annulée par le contact.",
    });
    if (!result.ok) return data({ errors: {}, values: {}, formError: result.error } satisfies RegistrantReply, { status: 409 });
    return redirectWithToast(here, {
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

export default function RegistrationManagePage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "expired") return <ExpiredRegistrantLink reason={loaderData.reason} contact={loaderData.contact} />;
  const { view } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Votre inscription" title={view.session.formationTitle}>
        <p>
          Bonjour {view.contactName}, voici votre inscription à la session {view.session.datesLabel}.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RegistrantPanel view={view} reply={actionData as RegistrantReply | undefined} />
        </div>
        <aside aria-label="Résumé de la session" className="lg:col-span-1">
          <SessionCard session={view.session} />
        </aside>
      </div>
    </>
  );
}
