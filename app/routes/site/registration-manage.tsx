import { data, redirect } from "react-router";
import type { Route } from "./+types/registration-manage";
import { PageIntro } from "~/domain/content/components";
import { ExpiredRegistrantLink, RegistrantPanel, type RegistrantReply } from "~/domain/registrations/components/registrant-page";
import { SessionCard } from "~/domain/registrations/components/registration-sections";
import { registrantLink } from "~/domain/registrations/pages.server";
import { CANCELLED_TOAST, changeAsRegistrant } from "~/domain/registrations/registrant-action.server";
import { contactSpacePath } from "~/domain/registrations/space-links";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { failureStatus } from "~/platform/http/failure-status";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { Link } from "~/ui/link";

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
  const here = `/inscription/gerer/${encodeURIComponent(params.token)}`;
  const change = await changeAsRegistrant(link.view, await request.formData(), "Le contact (page de l'inscription)");
  if (change.kind === "cancelled") return redirectWithToast(here, CANCELLED_TOAST);
  if (change.kind === "saved") throw redirect(here);
  return data(change.reply, { status: change.failure ? failureStatus(change.failure) : 200 });
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
        <p>
          Toutes vos inscriptions, vos stagiaires et vos documents sont aussi dans{" "}
          <Link to={contactSpacePath(view.id)}>votre espace client</Link>.
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
