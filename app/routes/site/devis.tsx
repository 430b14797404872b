import { Send } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/devis";
import { PageIntro } from "~/domain/content/components";
import { formatMonthsFr, telHref } from "~/domain/content/format";
import { formationChoices } from "~/domain/leads/catalogue.server";
import {
  ChoiceGroup,
  Confirmation,
  ConsentField,
  ErrorSummary,
  FormSection,
  RequiredNote,
  SelectField,
  SpamGuards,
  TextAreaField,
  TextField,
  useLeadForm,
  SendingIcon,
  type LeadActionData,
} from "~/domain/leads/components";
import { clientIp, submitLead } from "~/domain/leads/leads.server";
import {
  FORMATS,
  FORMAT_LABELS,
  MAX_TRAINEES,
  OPCO_FUNDINGS,
  OTHER_FUNDINGS,
  QUOTE_FIELDS,
  QUOTE_LABELS,
  quotePrefill,
  type FormValues,
} from "~/domain/leads/model";
import { issueFormToken } from "~/domain/leads/spam.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { config } from "~/platform/config.server";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { buttonClass } from "~/ui/button";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Demander un devis de formation",
    description:
      "Demande de devis gratuite pour une formation inter-entreprises, intra-entreprise ou à distance : réponse sous deux jours ouvrés et aide au financement (OPCO, CPF, France Travail).",
    path: "/devis",
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const prefill = quotePrefill(new URL(request.url).searchParams);
  const groups = await formationChoices();
  const known = new Set(groups.flatMap((g) => g.formations.map((f) => f.slug)));
  const wanted = (prefill.formation as string[] | undefined) ?? [];
  const values: FormValues = { ...prefill, formation: wanted.filter((slug) => known.has(slug)) };
  // A formation that is not (or no longer) in the catalogue still reaches us, as written.
  const unknown = wanted.filter((slug) => !known.has(slug));
  if (unknown.length) values.autreFormation = unknown.join(", ");
  return { token: issueFormToken("devis"), values, groups, retentionMonths: config().leadRetentionMonths };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await submitLead("devis", await request.formData(), { ip: clientIp(request) });
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

export default function Devis({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as LeadActionData | undefined;
  const organisation = useRootData()?.organisation ?? DEMO_ORGANISATION;
  const values = result && !result.ok ? result.values : loaderData.values;
  const token = result && !result.ok ? result.token : loaderData.token;
  const form = useLeadForm({ kind: "devis", fields: QUOTE_FIELDS, actionData: result });
  const sending = useNavigation().state === "submitting";
  const { errors } = form;
  const hasCatalogue = loaderData.groups.length > 0;
  const selectedFormations = Array.isArray(values.formation) ? values.formation : [];
  // Without a catalogue to tick, the "at least one formation" rule is about the text field.
  const labels = hasCatalogue ? QUOTE_LABELS : { ...QUOTE_LABELS, autreFormation: "Formation souhaitée" };
  const { formation: formationError, ...otherErrors } = errors;
  const summaryErrors =
    hasCatalogue || !formationError ? errors : { ...otherErrors, autreFormation: errors.autreFormation ?? formationError };
  const otherError = summaryErrors.autreFormation;

  return (
    <>
      <PageIntro eyebrow="Devis gratuit et sans engagement" title="Demander un devis">
        <p>
          Décrivez votre projet de formation&nbsp;: un conseiller étudie votre besoin et vous répond sous deux jours ouvrés avec une
          proposition adaptée, les dates possibles et les solutions de financement.
        </p>
      </PageIntro>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3 lg:py-14">
        <div className="lg:col-span-2">
          {result?.ok ? (
            <Confirmation kind="devis" reference={result.reference} headingRef={form.confirmationRef}>
              <p>
                Nous avons bien enregistré votre demande. Un e-mail de confirmation vous est adressé avec le récapitulatif&nbsp;: pensez à
                vérifier vos courriers indésirables si vous ne le recevez pas.
              </p>
              <p>
                Un conseiller formation vous recontacte sous deux jours ouvrés. Rappelez la référence ci-dessus dans vos échanges avec nous.
              </p>
              <p>
                <a href="/devis" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                  Faire une autre demande de devis
                </a>
              </p>
            </Confirmation>
          ) : (
            <Form method="post" ref={form.formRef} {...form.formProps} aria-label="Demande de devis" className="relative">
              {form.summaryVisible ? (
                <ErrorSummary kind="devis" errors={summaryErrors} formError={form.formError} labels={labels} summaryRef={form.summaryRef} />
              ) : null}
              <RequiredNote />
              <SpamGuards token={token} />

              <div className="space-y-8">
                <FormSection title="Votre entreprise" id="devis-entreprise-titre">
                  <TextField
                    kind="devis"
                    name="entreprise"
                    label={QUOTE_LABELS.entreprise}
                    required
                    autoComplete="organization"
                    defaultValue={str(values, "entreprise")}
                    error={errors.entreprise}
                    maxLength={200}
                  />
                  <TextField
                    kind="devis"
                    name="siret"
                    label={`${QUOTE_LABELS.siret} (facultatif)`}
                    hint="14 chiffres, pour préparer la convention et le dossier de financement."
                    inputMode="numeric"
                    defaultValue={str(values, "siret")}
                    error={errors.siret}
                    maxLength={20}
                  />
                </FormSection>

                <FormSection title="Vos coordonnées" id="devis-coordonnees-titre">
                  <TextField
                    kind="devis"
                    name="nom"
                    label={QUOTE_LABELS.nom}
                    required
                    autoComplete="name"
                    defaultValue={str(values, "nom")}
                    error={errors.nom}
                    maxLength={120}
                  />
                  <TextField
                    kind="devis"
                    name="email"
                    type="email"
                    label={QUOTE_LABELS.email}
                    required
                    autoComplete="email"
                    inputMode="email"
                    hint="Exemple : prenom.nom@entreprise.fr"
                    defaultValue={str(values, "email")}
                    error={errors.email}
                    maxLength={254}
                  />
                  <TextField
                    kind="devis"
                    name="telephone"
                    type="tel"
                    label={QUOTE_LABELS.telephone}
                    required
                    autoComplete="tel"
                    inputMode="tel"
                    hint="Exemple : 06 12 34 56 78"
                    defaultValue={str(values, "telephone")}
                    error={errors.telephone}
                    maxLength={40}
                  />
                </FormSection>

                <FormSection title="Votre projet de formation" id="devis-projet-titre">
                  {hasCatalogue ? (
                    <ChoiceGroup
                      kind="devis"
                      name="formation"
                      type="checkbox"
                      label={QUOTE_LABELS.formation}
                      hint="Cochez une ou plusieurs formations du catalogue, ou décrivez votre besoin dans le champ suivant."
                      groups={loaderData.groups.map((g) => ({
                        label: g.category,
                        options: g.formations.map((f) => ({ value: f.slug, label: f.title })),
                      }))}
                      selected={selectedFormations}
                      error={errors.formation}
                      className="sm:col-span-2"
                      listClassName="max-h-80 overflow-y-auto rounded-lg border border-slate-300 p-4 dark:border-slate-600"
                    />
                  ) : null}
                  <TextAreaField
                    kind="devis"
                    name="autreFormation"
                    label={hasCatalogue ? "Autre besoin ou formation sur mesure (facultatif)" : "Formation souhaitée"}
                    required={!hasCatalogue}
                    hint="Intitulé, thème ou objectifs : par exemple « Excel pour les comptables, niveau intermédiaire »."
                    rows={2}
                    defaultValue={str(values, "autreFormation")}
                    error={otherError}
                    maxLength={500}
                    className="sm:col-span-2"
                  />
                  <TextField
                    kind="devis"
                    name="stagiaires"
                    type="number"
                    label={QUOTE_LABELS.stagiaires}
                    required
                    inputMode="numeric"
                    min={1}
                    max={MAX_TRAINEES}
                    defaultValue={str(values, "stagiaires")}
                    error={errors.stagiaires}
                  />
                  <TextField
                    kind="devis"
                    name="periode"
                    label={`${QUOTE_LABELS.periode} (facultatif)`}
                    hint="Exemple : mars 2027, avant l'été, dès que possible"
                    defaultValue={str(values, "periode")}
                    error={errors.periode}
                    maxLength={200}
                  />
                  <ChoiceGroup
                    kind="devis"
                    name="format"
                    type="radio"
                    label={QUOTE_LABELS.format}
                    required
                    groups={[{ options: FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f].label, hint: FORMAT_LABELS[f].hint })) }]}
                    selected={[str(values, "format")]}
                    error={errors.format}
                    className="sm:col-span-2"
                  />
                  <TextField
                    kind="devis"
                    name="ville"
                    label="Ville de la formation (facultatif)"
                    hint="Pour une session en présentiel : la ville de vos locaux ou la plus proche."
                    autoComplete="address-level2"
                    defaultValue={str(values, "ville")}
                    error={errors.ville}
                    maxLength={120}
                  />
                </FormSection>

                <FormSection title="Financement" id="devis-financement-titre">
                  <SelectField
                    kind="devis"
                    name="financement"
                    label={QUOTE_LABELS.financement}
                    required
                    placeholder="Choisissez un financement"
                    hint={
                      <>
                        Votre OPCO dépend de la branche professionnelle de votre entreprise. Pour l'estimer, essayez le{" "}
                        <Link to="/simulateur-opco" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
                          simulateur OPCO
                        </Link>
                        .
                      </>
                    }
                    groups={[
                      { label: "Opérateurs de compétences (OPCO)", options: OPCO_FUNDINGS },
                      { label: "Autres financements", options: OTHER_FUNDINGS },
                    ]}
                    defaultValue={str(values, "financement")}
                    error={errors.financement}
                    className="sm:col-span-2"
                  />
                </FormSection>

                <FormSection title="Votre message" id="devis-message-titre">
                  <TextAreaField
                    kind="devis"
                    name="message"
                    label={`${QUOTE_LABELS.message} (facultatif)`}
                    hint="Niveau des participants, objectifs, contraintes de planning, besoins liés à une situation de handicap…"
                    rows={5}
                    defaultValue={str(values, "message")}
                    error={errors.message}
                    maxLength={5000}
                    className="sm:col-span-2"
                  />
                </FormSection>

                <ConsentField kind="devis" error={errors.consentement} defaultChecked={str(values, "consentement") === "on"}>
                  J'accepte que {organisation.name} utilise ces informations pour établir mon devis et me recontacter. Elles sont conservées{" "}
                  {formatMonthsFr(loaderData.retentionMonths)} après notre dernier échange&nbsp;; voir la{" "}
                  <Link
                    to="/politique-confidentialite"
                    className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  >
                    politique de confidentialité
                  </Link>
                  .
                </ConsentField>

                <div className="flex flex-wrap items-center gap-4">
                  <button type="submit" className={buttonClass("primary", "lg")} disabled={sending}>
                    {sending ? <SendingIcon /> : <Send aria-hidden="true" className="size-5" />}
                    {sending ? "Envoi en cours…" : "Envoyer ma demande de devis"}
                  </button>
                  <p className="text-sm text-slate-600 dark:text-slate-400">Réponse sous deux jours ouvrés.</p>
                </div>
              </div>
            </Form>
          )}
        </div>

        <aside aria-labelledby="devis-ensuite" className="space-y-8 lg:col-span-1">
          <section className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 id="devis-ensuite" className="text-lg font-bold text-slate-900 dark:text-white">
              Et ensuite&nbsp;?
            </h2>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-sm text-slate-700 dark:text-slate-300">
              <li>Nous étudions votre demande et vérifions les dates et les formateurs disponibles.</li>
              <li>Un conseiller vous appelle pour préciser les objectifs, le niveau des participants et vos contraintes.</li>
              <li>
                Vous recevez une proposition détaillée&nbsp;: programme, dates, tarif, et l'aide au montage du dossier de financement.
              </li>
            </ol>
          </section>
          <section aria-labelledby="devis-appel" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
            <h2 id="devis-appel" className="text-lg font-bold text-slate-900 dark:text-white">
              Vous préférez en parler&nbsp;?
            </h2>
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              Appelez-nous au{" "}
              <a
                href={telHref(organisation.phone)}
                className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                {organisation.phone}
              </a>{" "}
              ou posez votre question par le{" "}
              <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                formulaire de contact
              </Link>
              .
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
