import { Mail, MapPin, Phone, Send } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { PageIntro } from "~/domain/content/components";
import { formatMonthsFr, telHref } from "~/domain/content/format";
import {
  Confirmation,
  ConsentField,
  ErrorSummary,
  FormSection,
  RequiredNote,
  SelectField,
  SendingIcon,
  SpamGuards,
  TextAreaField,
  TextField,
  useLeadForm,
  type LeadActionData,
} from "~/domain/leads/components";
import { clientIp, submitLead } from "~/domain/leads/leads.server";
import { CONTACT_FIELDS, CONTACT_LABELS, CONTACT_SUBJECTS, type FormValues } from "~/domain/leads/model";
import { issueFormToken } from "~/domain/leads/spam.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { config } from "~/platform/config.server";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { buttonClass } from "~/ui/button";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Nous contacter",
    description:
      "Une question sur une formation, son financement, l'accessibilité ou une inscription ? Écrivez-nous : réponse sous deux jours ouvrés. Adresse, téléphone et e-mail.",
    path: "/contact",
  });
}

const SUBJECT_VALUES: readonly string[] = CONTACT_SUBJECTS.map((s) => s.value);

export function loader({ request }: Route.LoaderArgs) {
  // /contact?sujet=handicap (from the accessibility page, a formation page…) preselects the subject.
  const subject = new URL(request.url).searchParams.get("sujet") ?? "";
  const values: FormValues = SUBJECT_VALUES.includes(subject) ? { sujet: subject } : {};
  return { token: issueFormToken("contact"), values, retentionMonths: config().leadRetentionMonths };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await submitLead("contact", await request.formData(), { ip: clientIp(request) });
  if (result.ok) return { ok: true as const, reference: result.reference };
  return data(
    { ok: false as const, errors: result.errors, values: result.values, formError: result.formError, token: result.token },
    { status: result.status },
  );
}

function str(values: FormValues, name: string): string {
  const v = values[name];
  return typeof v === "string" ? v : "";
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as LeadActionData | undefined;
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const values = result && !result.ok ? result.values : loaderData.values;
  const token = result && !result.ok ? result.token : loaderData.token;
  const form = useLeadForm({ kind: "contact", fields: CONTACT_FIELDS, actionData: result });
  const sending = useNavigation().state === "submitting";
  const { errors } = form;

  return (
    <>
      <PageIntro eyebrow="Contact" title="Nous contacter">
        <p>
          Une question sur une formation, son financement, l'accessibilité ou une inscription&nbsp;? Écrivez-nous&nbsp;: nous vous répondons
          sous deux jours ouvrés. Pour un chiffrage, la{" "}
          <Link to="/devis" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
            demande de devis
          </Link>{" "}
          va plus vite.
        </p>
      </PageIntro>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3 lg:py-14">
        <div className="lg:col-span-2">
          {result?.ok ? (
            <Confirmation kind="contact" reference={result.reference} headingRef={form.confirmationRef}>
              <p>
                Nous avons bien reçu votre message. Un e-mail de confirmation vous est adressé&nbsp;: pensez à vérifier vos courriers
                indésirables si vous ne le recevez pas.
              </p>
              <p>Nous vous répondons sous deux jours ouvrés. Rappelez la référence ci-dessus dans vos échanges avec nous.</p>
              <p>
                <a href="/contact" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                  Écrire un autre message
                </a>
              </p>
            </Confirmation>
          ) : (
            <Form method="post" ref={form.formRef} {...form.formProps} aria-label="Formulaire de contact" className="relative">
              {form.summaryVisible ? (
                <ErrorSummary
                  kind="contact"
                  errors={errors}
                  formError={form.formError}
                  labels={CONTACT_LABELS}
                  summaryRef={form.summaryRef}
                />
              ) : null}
              <RequiredNote />
              <SpamGuards token={token} />
              <div className="space-y-8">
                <FormSection title="Vos coordonnées" id="contact-coordonnees-titre">
                  <TextField
                    kind="contact"
                    name="nom"
                    label={CONTACT_LABELS.nom}
                    required
                    autoComplete="name"
                    defaultValue={str(values, "nom")}
                    error={errors.nom}
                    maxLength={120}
                  />
                  <TextField
                    kind="contact"
                    name="email"
                    type="email"
                    label={CONTACT_LABELS.email}
                    required
                    autoComplete="email"
                    inputMode="email"
                    hint="Exemple : prenom.nom@exemple.fr"
                    defaultValue={str(values, "email")}
                    error={errors.email}
                    maxLength={254}
                  />
                  <TextField
                    kind="contact"
                    name="telephone"
                    type="tel"
                    label={`${CONTACT_LABELS.telephone} (facultatif)`}
                    autoComplete="tel"
                    inputMode="tel"
                    hint="Si vous préférez être rappelé."
                    defaultValue={str(values, "telephone")}
                    error={errors.telephone}
                    maxLength={40}
                  />
                </FormSection>
                <FormSection title="Votre message" id="contact-message-titre">
                  <SelectField
                    kind="contact"
                    name="sujet"
                    label={CONTACT_LABELS.sujet}
                    required
                    placeholder="Choisissez un sujet"
                    groups={[{ options: CONTACT_SUBJECTS }]}
                    defaultValue={str(values, "sujet")}
                    error={errors.sujet}
                    className="sm:col-span-2"
                  />
                  <TextAreaField
                    kind="contact"
                    name="message"
                    label={CONTACT_LABELS.message}
                    required
                    rows={7}
                    defaultValue={str(values, "message")}
                    error={errors.message}
                    maxLength={5000}
                    className="sm:col-span-2"
                  />
                </FormSection>

                <ConsentField kind="contact" error={errors.consentement} defaultChecked={str(values, "consentement") === "on"}>
                  J'accepte que {o.name} utilise ces informations pour répondre à mon message. Elles sont conservées{" "}
                  {formatMonthsFr(loaderData.retentionMonths)} après notre dernier échange&nbsp;; voir la{" "}
                  <Link
                    to="/politique-confidentialite"
                    className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  >
                    politique de confidentialité
                  </Link>
                  .
                </ConsentField>

                <button type="submit" className={buttonClass("primary", "lg")} disabled={sending}>
                  {sending ? <SendingIcon /> : <Send aria-hidden="true" className="size-5" />}
                  {sending ? "Envoi en cours…" : "Envoyer mon message"}
                </button>
              </div>
            </Form>
          )}
        </div>

        <aside aria-labelledby="contact-coordonnees" className="lg:col-span-1">
          <section className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 id="contact-coordonnees" className="text-lg font-bold text-slate-900 dark:text-white">
              {o.name}
            </h2>
            <ul className="mt-4 space-y-4 text-sm text-slate-700 dark:text-slate-300">
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                <address className="not-italic">
                  {o.street}
                  <br />
                  {o.postalCode} {o.city}
                </address>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                <span>
                  <span className="sr-only">Téléphone&nbsp;: </span>
                  <a href={telHref(o.phone)} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                    {o.phone}
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                <span>
                  <span className="sr-only">E-mail&nbsp;: </span>
                  <a
                    href={`mailto:${o.email}`}
                    className="font-semibold break-all text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  >
                    {o.email}
                  </a>
                </span>
              </li>
            </ul>
            <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
              Situation de handicap&nbsp;: choisissez le sujet «&nbsp;Accessibilité et situation de handicap&nbsp;», notre référent vous
              répond pour adapter la formation.
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
