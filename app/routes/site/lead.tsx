import { data } from "react-router";
import type { Route } from "./+types/lead";
import { resolveFormations } from "~/domain/leads/catalogue.server";
import { Confirmation, LeadForm, type LeadReply } from "~/domain/leads/components/lead-form";
import {
  ConfirmationText,
  ConsentText,
  ContactFields,
  LEAD_PAGES,
  LeadAside,
  LeadIntro,
  QuoteFields,
} from "~/domain/leads/components/lead-sections";
import { COMPLAINT_CONTACT_SUBJECT } from "~/domain/complaints/labels";
import { CONTACT_SUBJECTS, quotePrefill, type FormValues, type LeadFormationRef, type LeadKind } from "~/domain/leads/labels";
import { submitLead } from "~/domain/leads/leads.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { config } from "~/platform/config.server";
import { clientIp } from "~/platform/http/client-ip.server";
import { intakeReplyInit } from "~/platform/intake/outcome";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { readFlash, redirectWithToast } from "~/platform/toast/flash.server";
import { useRootData } from "~/root";
import { ServerHtml } from "~/ui/server-html";

/**
 * /devis and /contact: one page, one form pattern, two sets of fields. The page is the same for
 * every visitor (it is cached and shared); the form asks for its own token, and a request once
 * stored leads (redirect) to its confirmation, shown from the flash cookie.
 */
function kindOf(request: Request): LeadKind {
  return new URL(request.url).pathname.startsWith("/contact") ? "contact" : "devis";
}

const META: Record<LeadKind, { title: string; description: string }> = {
  devis: {
    title: "Demander un devis de formation",
    description:
      "Devis gratuit pour une formation inter-entreprises, intra-entreprise ou à distance : réponse sous deux jours ouvrés et aide au financement (OPCO, CPF…).",
  },
  contact: {
    title: "Nous contacter",
    description:
      "Une question sur une formation, son financement, l'accessibilité ou une inscription ? Écrivez-nous : réponse sous deux jours ouvrés. Adresse, téléphone et e-mail.",
  },
};

export function meta(args: Route.MetaArgs) {
  const kind = args.loaderData?.kind ?? "devis";
  return [
    ...pageMeta(args, { ...META[kind], path: `/${kind}` }),
    ...pageBreadcrumbMeta(args, kind === "devis" ? "Demande de devis" : "Contact"),
  ];
}

async function chosenFormations(values: FormValues): Promise<{ selected: LeadFormationRef[]; unknown: string[] }> {
  const wanted = Array.isArray(values.formation) ? values.formation : values.formation ? [values.formation] : [];
  const resolved = await resolveFormations(wanted);
  return {
    selected: resolved.filter((f) => f.known).map(({ slug, title }) => ({ slug, title })),
    unknown: resolved.filter((f) => !f.known).map((f) => f.slug),
  };
}

/** A request the site could not keep (503) tells when to try again, on the document as on `.data`. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

function formationsAsTyped(values: FormValues): LeadFormationRef[] {
  const wanted = Array.isArray(values.formation) ? values.formation : values.formation ? [values.formation] : [];
  return wanted.map((slug) => ({ slug, title: slug }));
}

export async function loader({ request }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const flash = (await readFlash(request))?.data;
  const reference = flash?.kind === kind ? (flash.reference ?? null) : null;
  // A message sent with the subject « Réclamation » also went to the complaints register.
  const complaint = reference !== null && flash?.complaint === "1";
  const params = new URL(request.url).searchParams;
  let values: FormValues = {};
  let selected: LeadFormationRef[] = [];
  if (kind === "devis") {
    values = quotePrefill(params);
    const chosen = await chosenFormations(values);
    selected = chosen.selected;
    values.formation = selected.map((f) => f.slug);
    // A formation that is not (or no longer) in the catalogue still reaches us, as written.
    if (chosen.unknown.length) values.autreFormation = chosen.unknown.join(", ");
  } else {
    // /contact?sujet=handicap (from the accessibility page, a formation page…) preselects the subject.
    const subject = params.get("sujet") ?? "";
    if (CONTACT_SUBJECTS.some((s) => s.value === subject)) values.sujet = subject;
  }
  return { kind, values, selected, reference, complaint, retentionMonths: config().leadRetentionMonths };
}

export async function action({ request }: Route.ActionArgs) {
  const kind = kindOf(request);
  const form = await request.formData();
  const result = await submitLead(kind, form, { ip: clientIp(request) });
  if (result.ok) {
    const complaint = kind === "contact" && form.get("sujet") === COMPLAINT_CONTACT_SUBJECT;
    return redirectWithToast(
      `/${kind}`,
      {
        kind: "success",
        title: kind === "devis" ? "Demande de devis envoyée" : "Message envoyé",
        description: `Votre référence\u00a0: ${result.reference}. Un e-mail de confirmation va vous être adressé.`,
      },
      { data: { kind, reference: result.reference, ...(complaint ? { complaint: "1" } : {}) } },
    );
  }
  // The database refused and the spool too (503): the form comes back as typed, titles unknown.
  const { selected } =
    result.kind === "unavailable" ? { selected: formationsAsTyped(result.values) } : await chosenFormations(result.values);
  const { errors, values, formError, token } = result;
  return data({ errors, values, formError, confirm: result.kind === "confirm" || undefined, token, selected }, intakeReplyInit(result));
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, reference, complaint, retentionMonths } = loaderData;
  const reply = actionData as (LeadReply & { selected: LeadFormationRef[] }) | undefined;
  const organisation = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const page = LEAD_PAGES[kind];
  const selected = reply?.selected ?? loaderData.selected;
  const values = reply?.values ?? loaderData.values;
  return (
    <>
      <ServerHtml>{() => <LeadIntro kind={kind} />}</ServerHtml>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3 lg:py-14">
        <div className="lg:col-span-2">
          {reference ? (
            <Confirmation kind={kind} reference={reference}>
              <ConfirmationText kind={kind} complaint={complaint} />
            </Confirmation>
          ) : (
            <LeadForm
              kind={kind}
              reply={reply ? { ...reply, values } : undefined}
              labels={page.labels}
              label={page.label}
              submitLabel={page.submitLabel}
              consent={<ConsentText kind={kind} organisation={organisation} retentionMonths={retentionMonths} />}
            >
              {(errors) =>
                kind === "devis" ? (
                  <QuoteFields errors={errors} values={values} selected={selected} />
                ) : (
                  <ContactFields errors={errors} values={values} />
                )
              }
            </LeadForm>
          )}
        </div>
        <aside aria-labelledby={kind === "devis" ? "devis-ensuite" : "contact-coordonnees"} className="space-y-8 lg:col-span-1">
          <ServerHtml className="space-y-8">{() => <LeadAside kind={kind} organisation={organisation} />}</ServerHtml>
        </aside>
      </div>
    </>
  );
}
