import { data, redirect } from "react-router";
import type { Route } from "./+types/registration";
import { RegistrantPanel, type RegistrantReply } from "~/domain/registrations/components/registrant-page";
import { SessionCard } from "~/domain/registrations/components/registration-sections";
import { CANCELLED_TOAST, changeAsRegistrant } from "~/domain/registrations/registrant-action.server";
import { DocumentsSection, SpaceFrame, TraineesList } from "~/domain/space/components/space-pages";
import { requireSpacePerson, spaceHeaders } from "~/domain/space/sign-in.server";
import { contactSpacePage } from "~/domain/space/space.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { failureStatus } from "~/platform/http/failure-status";
import { redirectWithToast } from "~/platform/toast/flash.server";

/**
 * /espace/inscriptions/{id}: the contact's page of one of their registrations: status and dates,
 * trainees (changed or cancelled until the deadline, as on the registrant's page), documents.
 * Anyone else: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const page = await contactSpacePage(person.email, params.id);
  if (!page) throw data(null, { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  return data({ email: person.email, ...page }, { headers: spaceHeaders(person) });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Inscription ${loaderData.view.reference}` : "Votre espace" }, { name: "robots", content: "noindex" }];
}

export async function action({ params, request }: Route.ActionArgs) {
  const person = await requireSpacePerson(request);
  const page = await contactSpacePage(person.email, params.id);
  if (!page) throw data(null, { status: 404 });
  const change = await changeAsRegistrant(page.view, await request.formData(), "Le contact (espace client)");
  // Cancelled: the space's sessions of its people end with it (docs/decisions/0029-space-sign-in-by-link.md).
  if (change.kind === "cancelled") return redirectWithToast("/espace", CANCELLED_TOAST);
  if (change.kind === "saved") throw redirect(`/espace/inscriptions/${encodeURIComponent(params.id)}`);
  return data(change.reply, { status: change.failure ? failureStatus(change.failure) : 200 });
}

export default function SpaceRegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, documents, invoices, email } = loaderData;
  return (
    <SpaceFrame email={email} eyebrow={`Inscription ${view.reference}`} title={view.session.formationTitle} back>
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <RegistrantPanel view={view} reply={actionData as RegistrantReply | undefined} />
          {view.canChange ? null : <TraineesList trainees={view.trainees} />}
          <DocumentsSection documents={documents} />
          <DocumentsSection documents={invoices} id="factures" title="Factures" />
        </div>
        <aside aria-label="Résumé de la session" className="lg:col-span-1">
          <SessionCard session={view.session} />
        </aside>
      </div>
    </SpaceFrame>
  );
}
