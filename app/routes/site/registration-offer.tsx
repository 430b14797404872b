import { data, Form } from "react-router";
import type { Route } from "./+types/registration-offer";
import { PageIntro } from "~/domain/content/components";
import { SessionCard } from "~/domain/registrations/components/registration-sections";
import { offerPage } from "~/domain/registrations/pages.server";
import { acceptOffer } from "~/domain/registrations/registrations.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { buttonClass } from "~/ui/button";

/** /inscription/offre/{token}: a seat offered from the waiting list, to confirm before the link expires. */
export async function loader({ params }: Route.LoaderArgs) {
  const offer = await offerPage(params.token);
  if (!offer) throw data(null, { status: 404 });
  return { offer };
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Une place vous est offerte" }, { name: "robots", content: "noindex" }];
}

export async function action({ params }: Route.ActionArgs) {
  const offer = await offerPage(params.token);
  if (!offer) throw data(null, { status: 404 });
  const result = await acceptOffer(offer.offerId);
  return data({ result }, { status: result === "accepted" ? 200 : 409 });
}

const MESSAGES = {
  accepted: "Votre inscription est enregistrée\u00a0: la confirmation, avec le fichier d'agenda, vient de vous être envoyée par e-mail.",
  expired: "Le délai pour confirmer cette place est passé\u00a0: elle a été proposée à la personne suivante de la liste d'attente.",
  withdrawn: "Cette offre n'est plus valable (l'inscription a été annulée).",
  invalid: "Cette offre n'est plus valable.",
} as const;

export default function RegistrationOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const state = actionData?.result ?? offer.state;
  return (
    <>
      <PageIntro eyebrow="Liste d'attente" title={`Une place pour vous\u00a0: ${offer.session.formationTitle}`} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
        <section aria-labelledby="offre" className="lg:col-span-2">
          <h2 id="offre" className="text-lg font-bold text-slate-900 dark:text-white">
            Inscription {offer.reference}
          </h2>
          {state === "open" ? (
            <>
              <p className="mt-3">
                {offer.seats > 1 ? `${offer.seats} places vous sont réservées` : "Une place vous est réservée"} jusqu'au{" "}
                {offer.expiresLabel}. Confirmez pour enregistrer votre inscription.
              </p>
              <Form method="post" className="mt-6">
                <button type="submit" className={buttonClass("primary", "lg")}>
                  Confirmer mon inscription
                </button>
              </Form>
            </>
          ) : (
            <p role="status" className="mt-3">
              {MESSAGES[state]}
            </p>
          )}
        </section>
        <aside aria-label="Résumé de la session" className="lg:col-span-1">
          <SessionCard session={offer.session} />
        </aside>
      </div>
    </>
  );
}
