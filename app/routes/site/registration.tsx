import { data } from "react-router";
import type { Route } from "./+types/registration";
import { clientIp } from "~/platform/http/client-ip.server";
import { intakeReplyInit } from "~/platform/intake/outcome";
import { TOKEN_FIELD } from "~/platform/intake/fields";
import { RegistrationForm, type RegistrationReply } from "~/domain/registrations/components/registration-form";
import {
  RegistrationClosed,
  RegistrationConfirmation,
  RegistrationIntro,
  SessionCard,
} from "~/domain/registrations/components/registration-sections";
import { PriceBlock } from "~/domain/registrations/components/price-block";
import { registrationPath } from "~/domain/formations/session-links";
import { registrationPage } from "~/domain/registrations/pages.server";
import { adjustTrainees, submitRegistration, traineeRowsOf } from "~/domain/registrations/registrations.server";
import { pageMeta } from "~/platform/seo/meta";
import { readFlash, redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";

/**
 * /formations/{slug}/inscription/{sessionId}: registration to an inter-company session, or to its
 * waiting list when full. The page is shared by every visitor (cached); the form asks for its own
 * anti-spam token, and a stored registration leads (redirect) to its confirmation, from the flash cookie.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await registrationPage(params.slug, params.sessionId);
  if (!page) throw data(null, { status: 404 });
  const flash = (await readFlash(request))?.data;
  const confirmation =
    flash?.kind === "inscription" && flash.session === page.session.id && flash.reference
      ? { reference: flash.reference, waiting: flash.status === "en_attente", trainees: Number(flash.stagiaires) || 1 }
      : null;
  return { ...page, confirmation };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  return pageMeta(args, {
    title: `Inscription\u00a0: ${d.session.formationTitle}, ${d.session.datesLabel}`,
    description: `Inscrivez un ou plusieurs stagiaires à la session ${d.session.datesLabel} de la formation ${d.session.formationTitle}\u00a0: places en temps réel, confirmation par e-mail avec fichier d'agenda.`,
    path: d.path,
    noindex: true,
  });
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await request.formData();
  // « Ajouter un stagiaire » / « Retirer »: the same form back with one row more or less.
  const adjusted = adjustTrainees(formDataToObject(form));
  if (adjusted) return data({ errors: {}, values: adjusted, token: String(form.get(TOKEN_FIELD) ?? "") } satisfies RegistrationReply);
  const result = await submitRegistration(params.sessionId, form, { ip: clientIp(request) });
  if (result.ok && result.spooled) {
    // The database is unavailable: kept in the local spool, the seat is taken once it answers.
    return redirectWithToast(
      "/inscription/recue",
      {
        kind: "success",
        title: "Inscription reçue",
        description: `Votre référence\u00a0: ${result.reference}. Votre place vous sera confirmée par e-mail.`,
      },
      { data: { kind: "inscription-differee", reference: result.reference } },
    );
  }
  if (result.ok) {
    const waiting = result.status === "en_attente";
    return redirectWithToast(
      registrationPath(params.slug, params.sessionId),
      {
        kind: "success",
        title: waiting ? "Inscription sur liste d'attente" : "Inscription envoyée",
        description: `Votre référence\u00a0: ${result.reference}. Un e-mail de confirmation va vous être adressé.`,
      },
      {
        data: {
          kind: "inscription",
          session: params.sessionId,
          reference: result.reference,
          status: result.status,
          stagiaires: String(traineeRowsOf(formDataToObject(form)).length),
        },
      },
    );
  }
  const { errors, values, formError, token } = result;
  return data(
    { errors, values, formError, confirm: result.kind === "confirm" || undefined, token } satisfies RegistrationReply,
    intakeReplyInit(result),
  );
}

/** A registration the site could not keep (503) tells when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, closedReason, confirmation, terms, disabilityContactName, quoteHref, price } = loaderData;
  const reply = actionData as RegistrationReply | undefined;
  const full = session.seatsLeft <= 0;
  return (
    <>
      {/* Not in ServerHtml: the seats shown change with the registration just sent. */}
      <RegistrationIntro session={session} full={full} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3 lg:py-14">
        <div className="lg:col-span-2">
          {confirmation && !reply ? (
            <RegistrationConfirmation
              reference={confirmation.reference}
              waiting={confirmation.waiting}
              quote={<PriceBlock id="confirmation-prix" price={price} trainees={confirmation.trainees} />}
            />
          ) : closedReason ? (
            <RegistrationClosed reason={closedReason} quoteHref={quoteHref} />
          ) : (
            <RegistrationForm
              reply={reply}
              values={reply?.values ?? { acheteur: "entreprise" }}
              full={full}
              terms={terms}
              disabilityContactName={disabilityContactName}
              price={price}
            />
          )}
        </div>
        <aside aria-label="Résumé de la session" className="lg:col-span-1">
          <SessionCard session={session} />
        </aside>
      </div>
    </>
  );
}
