import { Plus, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { ConfirmNotice, FormSection, SendingIcon, SpamGuards, useFormToken } from "~/ui/form/public-form";
import type { FieldErrors } from "~/platform/validation/errors";
import { buttonClass } from "~/ui/button";
import { CheckboxField, ChoiceGroup, FormErrorSummary, RequiredNote, SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm, type Validator } from "~/ui/form/use-form";
import { PriceBlock } from "./price-block";
import { TraineeFields } from "./trainee-fields";
import {
  BUYER_KINDS,
  FUNDINGS,
  INTENT_ADD,
  INTENT_FIELD,
  INTENT_SUBMIT,
  MAX_TRAINEES,
  OPCO_OPTIONS,
  REGISTRATION_FORM,
  fieldLabels,
} from "../labels";

/** What the action answers when it does not store the registration (errors, or one row more or less). */
export interface RegistrationReply {
  errors: FieldErrors;
  values: Record<string, unknown>;
  formError?: string;
  confirm?: boolean;
  token: string;
}

export interface TermsVersion {
  id: string;
  /** « 28 novembre 2026 » */
  dateLabel: string;
  isDemo: boolean;
}

/** The schema, loaded when the visitor starts filling the form in (zod stays out of the first download). */
const validator = (): Promise<Validator> => import("../model").then(({ registrationSchema }) => schemaValidator(registrationSchema));

function text(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  return typeof v === "string" ? v : "";
}

/** The trainee rows as posted (an array or an object of rows), at least one. */
function rowsOf(values: Record<string, unknown>): Array<Record<string, unknown>> {
  const raw = values.stagiaires;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === "object" ? Object.values(raw) : [];
  const rows = list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object");
  return rows.length > 0 ? rows : [{}];
}

/**
 * The registration form: who pays, the company and its address, the contact, the trainees (one
 * row each; « Ajouter un stagiaire » and « Retirer » are submit buttons, so that rows change
 * without JavaScript too), the funding, accessibility needs, and the acceptance of the CGV and of
 * the règlement intérieur in their dated versions.
 */
export function RegistrationForm({
  reply,
  values,
  full,
  terms,
  disabilityContactName,
  price,
  staff = false,
  formId = "inscription",
}: {
  /** The formation's price per person and VAT mode: the quote shown under the trainees. */
  price?: { cents: number | null; vatMode: string };
  /** Staff add a registration taken by phone: no anti-spam fields, confirmed at once. */
  staff?: boolean;
  /** The form's id (field ids derive from it). */
  formId?: string;
  reply: RegistrationReply | undefined;
  values: Record<string, unknown>;
  /** The session is full: the form puts the registration on the waiting list. */
  full: boolean;
  terms: { cgv: TermsVersion | null; reglement: TermsVersion | null };
  disabilityContactName: string;
}) {
  const FORM_ID = formId;
  const form = useForm({ id: FORM_ID, reply, validator });
  const token = useFormToken(REGISTRATION_FORM, reply?.token);
  const sending = useNavigation().state === "submitting";
  const errors = form.errors;
  const rows = rowsOf(values);
  const buyer = text(values, "acheteur") || "entreprise";
  const funding = text(values, "financement");
  const submitLabel = staff
    ? "Enregistrer l'inscription confirmée"
    : full
      ? "M'inscrire sur la liste d'attente"
      : "Envoyer mon inscription";

  return (
    <Form
      method="post"
      {...form.formProps}
      aria-label={staff ? "Ajouter une inscription" : "Inscription à la session"}
      className="relative"
    >
      {staff ? <input type="hidden" name="intent" value="ajouter-inscription" /> : null}
      {staff && typeof values.devis === "string" && values.devis ? <input type="hidden" name="devis" value={values.devis} /> : null}
      <FormErrorSummary form={form} labels={fieldLabels(rows.length)} />
      {reply?.confirm ? <ConfirmNotice submitLabel={submitLabel} /> : null}
      <RequiredNote />
      {staff ? null : <SpamGuards token={token} />}
      <div className="space-y-10">
        <FormSection id={`${FORM_ID}-section-acheteur`} title="Qui paie la formation&nbsp;?">
          <ChoiceGroup
            form={FORM_ID}
            name="acheteur"
            label="La formation est payée par"
            type="radio"
            required
            className="sm:col-span-2"
            groups={[{ options: BUYER_KINDS }]}
            selected={[buyer]}
            error={errors.acheteur}
          />
          <TextField
            form={FORM_ID}
            name="entreprise"
            label="Raison sociale"
            hint="Obligatoire quand une entreprise paie."
            autoComplete="organization"
            defaultValue={text(values, "entreprise")}
            error={errors.entreprise}
          />
          <TextField
            form={FORM_ID}
            name="siret"
            label="SIRET"
            hint="Facultatif&nbsp;: 14 chiffres, pour la convention."
            inputMode="numeric"
            defaultValue={text(values, "siret")}
            error={errors.siret}
          />
          <TextField
            form={FORM_ID}
            name="adresse"
            label="Adresse"
            hint="Celle de l'entreprise, ou la vôtre si vous payez vous-même&nbsp;: elle figure sur la convention ou le contrat."
            required
            autoComplete="street-address"
            className="sm:col-span-2"
            defaultValue={text(values, "adresse")}
            error={errors.adresse}
          />
          <TextField
            form={FORM_ID}
            name="codePostal"
            label="Code postal"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            defaultValue={text(values, "codePostal")}
            error={errors.codePostal}
          />
          <TextField
            form={FORM_ID}
            name="ville"
            label="Ville"
            required
            autoComplete="address-level2"
            defaultValue={text(values, "ville")}
            error={errors.ville}
          />
        </FormSection>

        <FormSection id={`${FORM_ID}-section-contact`} title="Personne à contacter">
          <TextField
            form={FORM_ID}
            name="contactNom"
            label="Nom et prénom"
            required
            autoComplete="name"
            defaultValue={text(values, "contactNom")}
            error={errors.contactNom}
          />
          <TextField
            form={FORM_ID}
            name="contactEmail"
            label="E-mail"
            type="email"
            required
            autoComplete="email"
            hint="La confirmation et le fichier d'agenda y sont envoyés."
            defaultValue={text(values, "contactEmail")}
            error={errors.contactEmail}
          />
          <TextField
            form={FORM_ID}
            name="contactTelephone"
            label="Téléphone"
            type="tel"
            autoComplete="tel"
            defaultValue={text(values, "contactTelephone")}
            error={errors.contactTelephone}
          />
        </FormSection>

        <section aria-labelledby={`${FORM_ID}-stagiaires-titre`} className="border-t border-slate-200 pt-6 dark:border-slate-800">
          <h2 id={`${FORM_ID}-stagiaires-titre`} className="text-lg font-bold text-slate-900 dark:text-white">
            Stagiaires ({rows.length})
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Une ligne par personne qui suit la formation, {MAX_TRAINEES} au plus. Chacun reçoit sa convocation à son adresse.
          </p>
          {errors.stagiaires ? (
            <p id={`${FORM_ID}-stagiaires`} className="mt-2 text-sm font-medium text-red-700 dark:text-red-400" tabIndex={-1}>
              {errors.stagiaires}
            </p>
          ) : null}
          <ol className="mt-4 space-y-4">
            {rows.map((row, i) => (
              <li key={i}>
                <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">Stagiaire {i + 1}</legend>
                  <TraineeFields formId={FORM_ID} index={i} row={row} count={rows.length} errors={errors} fonctionHint="Facultatif." />
                </fieldset>
              </li>
            ))}
          </ol>
          {rows.length < MAX_TRAINEES ? (
            <button type="submit" name={INTENT_FIELD} value={INTENT_ADD} formNoValidate className={buttonClass("secondary", "sm", "mt-4")}>
              <Plus aria-hidden="true" className="size-4" />
              Ajouter un stagiaire
            </button>
          ) : null}
        </section>

        {price ? <PriceBlock id={`${FORM_ID}-prix`} price={price} trainees={rows.length} /> : null}

        <FormSection id={`${FORM_ID}-section-financement`} title="Financement envisagé">
          <ChoiceGroup
            form={FORM_ID}
            name="financement"
            label="Comment la formation sera-t-elle financée ?"
            type="radio"
            required
            groups={[{ options: FUNDINGS }]}
            selected={funding ? [funding] : []}
            error={errors.financement}
          />
          <SelectField
            form={FORM_ID}
            name="opco"
            label="OPCO de l'entreprise"
            hint="Si un OPCO prend en charge la formation. Le simulateur de financement vous aide à le trouver."
            placeholder="Choisir un OPCO"
            groups={[{ options: OPCO_OPTIONS }]}
            defaultValue={text(values, "opco")}
            error={errors.opco}
          />
        </FormSection>

        <FormSection id={`${FORM_ID}-section-accessibilite`} title="Accessibilité">
          <TextAreaField
            form={FORM_ID}
            name="accessibilite"
            label="Besoins d'adaptation (handicap, santé, rythme…)"
            hint={`Facultatif. Transmis à ${disabilityContactName ? `notre référent handicap, ${disabilityContactName},` : "notre référent handicap,"} qui vous contactera avant la session.`}
            rows={3}
            className="sm:col-span-2"
            defaultValue={text(values, "accessibilite")}
            error={errors.accessibilite}
          />
        </FormSection>

        <div className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800">
          <input type="hidden" name="cgvVersion" value={terms.cgv?.id ?? ""} />
          <input type="hidden" name="reglementVersion" value={terms.reglement?.id ?? ""} />
          <CheckboxField
            form={FORM_ID}
            name="cgv"
            required
            defaultChecked={values.cgv === "on"}
            error={errors.cgv}
            label={
              <>
                J'ai lu et j'accepte les{" "}
                <Link
                  to="/conditions-generales-de-vente"
                  target="_blank"
                  className="font-medium text-brand-700 underline dark:text-brand-300"
                >
                  conditions générales de vente<span className="sr-only"> (nouvel onglet)</span>
                </Link>
                {terms.cgv ? ` (version du ${terms.cgv.dateLabel})` : null}.
              </>
            }
          />
          <CheckboxField
            form={FORM_ID}
            name="reglement"
            required
            defaultChecked={values.reglement === "on"}
            error={errors.reglement}
            label={
              <>
                J'ai lu et j'accepte le{" "}
                <Link to="/reglement-interieur" target="_blank" className="font-medium text-brand-700 underline dark:text-brand-300">
                  règlement intérieur<span className="sr-only"> (nouvel onglet)</span>
                </Link>
                {terms.reglement ? ` (version du ${terms.reglement.dateLabel})` : null}, que je transmets aux stagiaires.
              </>
            }
          />
        </div>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" name={INTENT_FIELD} value={INTENT_SUBMIT} className={buttonClass("primary", "lg")} disabled={sending}>
            {sending ? <SendingIcon /> : <Send aria-hidden="true" className="size-5" />}
            {sending ? "Envoi en cours…" : submitLabel}
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {staff
              ? "Le contact reçoit la confirmation et le fichier d'agenda par e-mail."
              : full
                ? "Aucune somme n'est demandée tant qu'une place ne vous est pas offerte."
                : "Votre place est réservée dès l'envoi."}
          </p>
        </div>
      </div>
    </Form>
  );
}
