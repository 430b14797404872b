import { Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import { PageIntro } from "~/domain/content/components";
import { formatMonthsFr } from "~/domain/content/format";
import { formatPhoneFr, telHref } from "~/platform/format";
import type { Organisation } from "~/domain/settings/model";
import type { FieldErrors } from "~/platform/validation/errors";
import { ChoiceGroup, SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import {
  CONTACT_LABELS,
  CONTACT_SUBJECTS,
  FORMATS,
  FORMAT_LABELS,
  MAX_TRAINEES,
  OPCO_FUNDINGS,
  OTHER_FUNDINGS,
  QUOTE_LABELS,
  type FormValues,
  type LeadFormationRef,
  type LeadKind,
} from "../labels";
import { FormationPicker } from "./formation-picker";
import { FormSection } from "~/ui/form/public-form";

/** What each of the two lead pages says around the shared form. */
export interface LeadPageText {
  title: string;
  eyebrow: string;
  label: string;
  submitLabel: string;
  labels: Record<string, string>;
}

export const LEAD_PAGES: Record<LeadKind, LeadPageText> = {
  devis: {
    title: "Demander un devis",
    eyebrow: "Devis gratuit et sans engagement",
    label: "Demande de devis",
    submitLabel: "Envoyer ma demande de devis",
    labels: QUOTE_LABELS,
  },
  contact: {
    title: "Nous contacter",
    eyebrow: "Contact",
    label: "Formulaire de contact",
    submitLabel: "Envoyer mon message",
    labels: CONTACT_LABELS,
  },
};

const link = "font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300";

function str(values: FormValues, name: string): string {
  const v = values[name];
  return typeof v === "string" ? v : "";
}

const EMAIL_HINT_QUOTE = "Exemple\u00a0: prenom.nom@entreprise.fr";
const PHONE_HINT_QUOTE = "Exemple\u00a0: 06 12 34 56 78";
const EMAIL_HINT_CONTACT = "Exemple\u00a0: prenom.nom@exemple.fr";

/** Name, e-mail and telephone: the same three fields on both forms (the telephone is optional on the contact form). */
function ContactDetailsFields({
  form: f,
  titleId,
  labels,
  values,
  errors,
  emailHint,
  phone,
}: {
  form: string;
  titleId: string;
  labels: { nom: string; email: string; telephone: string };
  values: FormValues;
  errors: FieldErrors;
  emailHint: string;
  phone: { required: boolean; hint: string };
}) {
  return (
    <FormSection title="Vos coordonnées" id={titleId}>
      <TextField
        form={f}
        name="nom"
        label={labels.nom}
        required
        autoComplete="name"
        defaultValue={str(values, "nom")}
        error={errors.nom}
        maxLength={120}
      />
      <TextField
        form={f}
        name="email"
        type="email"
        label={labels.email}
        required
        autoComplete="email"
        inputMode="email"
        hint={emailHint}
        defaultValue={str(values, "email")}
        error={errors.email}
        maxLength={254}
      />
      <TextField
        form={f}
        name="telephone"
        type="tel"
        label={phone.required ? labels.telephone : `${labels.telephone} (facultatif)`}
        required={phone.required}
        autoComplete="tel"
        inputMode="tel"
        hint={phone.hint}
        defaultValue={str(values, "telephone")}
        error={errors.telephone}
        maxLength={40}
      />
    </FormSection>
  );
}

export function LeadIntro({ kind }: { kind: LeadKind }) {
  const page = LEAD_PAGES[kind];
  return (
    <PageIntro eyebrow={page.eyebrow} title={page.title}>
      {kind === "devis" ? (
        <p>
          Décrivez votre projet de formation&nbsp;: un conseiller étudie votre besoin et vous répond sous deux jours ouvrés avec une
          proposition adaptée, les dates possibles et les solutions de financement.
        </p>
      ) : (
        <p>
          Une question sur une formation, son financement, l'accessibilité ou une inscription&nbsp;? Écrivez-nous&nbsp;: nous vous répondons
          sous deux jours ouvrés. Pour un chiffrage, la{" "}
          <Link to="/devis" className={link}>
            demande de devis
          </Link>{" "}
          va plus vite.
        </p>
      )}
    </PageIntro>
  );
}

export function ConsentText({
  kind,
  organisation,
  retentionMonths,
}: {
  kind: LeadKind;
  organisation: Organisation;
  retentionMonths: number;
}) {
  return (
    <>
      J'accepte que {organisation.name} utilise ces informations pour{" "}
      {kind === "devis" ? "établir mon devis et me recontacter" : "répondre à mon message"}. Elles sont conservées{" "}
      {formatMonthsFr(retentionMonths)} après notre dernier échange&nbsp;; voir la{" "}
      <Link to="/politique-confidentialite" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
        politique de confidentialité
      </Link>
      .
    </>
  );
}

export function ConfirmationText({ kind, complaint = false }: { kind: LeadKind; complaint?: boolean }) {
  if (complaint)
    return (
      <>
        <p>
          Nous avons bien reçu votre réclamation. Elle est enregistrée dans notre registre des réclamations&nbsp;: un e-mail vous en donne
          le numéro, et notre réponse écrite vous sera adressée par e-mail. Pensez à vérifier vos courriers indésirables.
        </p>
        <p>
          <a href="/contact" className={link}>
            Écrire un autre message
          </a>
        </p>
      </>
    );
  return kind === "devis" ? (
    <>
      <p>
        Nous avons bien enregistré votre demande. Un e-mail de confirmation vous est adressé avec sa référence&nbsp;: pensez à vérifier vos
        courriers indésirables si vous ne le recevez pas.
      </p>
      <p>Un conseiller formation vous recontacte sous deux jours ouvrés. Rappelez la référence ci-dessus dans vos échanges avec nous.</p>
      <p>
        <a href="/devis" className={link}>
          Faire une autre demande de devis
        </a>
      </p>
    </>
  ) : (
    <>
      <p>
        Nous avons bien reçu votre message. Un e-mail de confirmation vous est adressé&nbsp;: pensez à vérifier vos courriers indésirables
        si vous ne le recevez pas.
      </p>
      <p>Nous vous répondons sous deux jours ouvrés. Rappelez la référence ci-dessus dans vos échanges avec nous.</p>
      <p>
        <a href="/contact" className={link}>
          Écrire un autre message
        </a>
      </p>
    </>
  );
}

/** The quote request's own fields. */
export function QuoteFields({ errors, values, selected }: { errors: FieldErrors; values: FormValues; selected: LeadFormationRef[] }) {
  const f = "devis";
  return (
    <>
      <FormSection title="Votre entreprise" id="devis-entreprise-titre">
        <TextField
          form={f}
          name="entreprise"
          label={QUOTE_LABELS.entreprise}
          required
          autoComplete="organization"
          defaultValue={str(values, "entreprise")}
          error={errors.entreprise}
          maxLength={200}
        />
        <TextField
          form={f}
          name="siret"
          label={`${QUOTE_LABELS.siret} (facultatif)`}
          hint="14 chiffres, pour préparer la convention et le dossier de financement."
          inputMode="numeric"
          defaultValue={str(values, "siret")}
          error={errors.siret}
          maxLength={20}
        />
      </FormSection>
      <ContactDetailsFields
        form={f}
        titleId="devis-coordonnees-titre"
        labels={QUOTE_LABELS}
        values={values}
        errors={errors}
        emailHint={EMAIL_HINT_QUOTE}
        phone={{ required: true, hint: PHONE_HINT_QUOTE }}
      />
      <FormSection title="Votre projet de formation" id="devis-projet-titre">
        <FormationPicker
          form={f}
          selected={selected}
          error={errors.formation}
          label={QUOTE_LABELS.formation}
          hint="Cherchez une ou plusieurs formations du catalogue, ou décrivez votre besoin dans le champ suivant."
        />
        <TextAreaField
          form={f}
          name="autreFormation"
          label="Autre besoin ou formation sur mesure (facultatif)"
          hint="Intitulé, thème ou objectifs : par exemple « Excel pour les comptables, niveau intermédiaire »."
          rows={2}
          defaultValue={str(values, "autreFormation")}
          error={errors.autreFormation}
          maxLength={500}
          className="sm:col-span-2"
        />
        <TextField
          form={f}
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
          form={f}
          name="periode"
          label={`${QUOTE_LABELS.periode} (facultatif)`}
          hint="Exemple : mars 2027, avant l'été, dès que possible"
          defaultValue={str(values, "periode")}
          error={errors.periode}
          maxLength={200}
        />
        <ChoiceGroup
          form={f}
          name="format"
          type="radio"
          label={QUOTE_LABELS.format}
          required
          groups={[{ options: FORMATS.map((v) => ({ value: v, label: FORMAT_LABELS[v].label, hint: FORMAT_LABELS[v].hint })) }]}
          selected={[str(values, "format")]}
          error={errors.format}
          className="sm:col-span-2"
        />
        <TextField
          form={f}
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
          form={f}
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
          form={f}
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
    </>
  );
}

/** The contact message's own fields. */
export function ContactFields({ errors, values }: { errors: FieldErrors; values: FormValues }) {
  const f = "contact";
  return (
    <>
      <ContactDetailsFields
        form={f}
        titleId="contact-coordonnees-titre"
        labels={CONTACT_LABELS}
        values={values}
        errors={errors}
        emailHint={EMAIL_HINT_CONTACT}
        phone={{ required: false, hint: "Si vous préférez être rappelé." }}
      />
      <FormSection title="Votre message" id="contact-message-titre">
        <SelectField
          form={f}
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
          form={f}
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
    </>
  );
}

function AsideBox({ id, title, children, muted = false }: { id: string; title: ReactNode; children: ReactNode; muted?: boolean }) {
  return (
    <section
      aria-labelledby={id}
      className={
        muted
          ? "rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
          : "rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
      }
    >
      <h2 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LeadAside({ kind, organisation: o }: { kind: LeadKind; organisation: Organisation }) {
  if (kind === "devis") {
    return (
      <>
        <AsideBox id="devis-ensuite" title={<>Et ensuite&nbsp;?</>} muted>
          <ol className="mt-4 list-decimal space-y-3 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>Nous étudions votre demande et vérifions les dates et les formateurs disponibles.</li>
            <li>Un conseiller vous appelle pour préciser les objectifs, le niveau des participants et vos contraintes.</li>
            <li>Vous recevez une proposition détaillée&nbsp;: programme, dates, tarif, et l'aide au montage du dossier de financement.</li>
          </ol>
        </AsideBox>
        <AsideBox id="devis-appel" title={<>Vous préférez en parler&nbsp;?</>}>
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            Appelez-nous au{" "}
            <a href={telHref(o.phone)} className={link}>
              {formatPhoneFr(o.phone)}
            </a>{" "}
            ou posez votre question par le{" "}
            <Link to="/contact" className={link}>
              formulaire de contact
            </Link>
            .
          </p>
        </AsideBox>
      </>
    );
  }
  return (
    <AsideBox id="contact-coordonnees" title={o.name} muted>
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
            <a href={telHref(o.phone)} className={link}>
              {formatPhoneFr(o.phone)}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>
            <span className="sr-only">E-mail&nbsp;: </span>
            <a href={`mailto:${o.email}`} className={`${link} break-all`}>
              {o.email}
            </a>
          </span>
        </li>
      </ul>
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
        Situation de handicap&nbsp;: choisissez le sujet «&nbsp;Accessibilité et situation de handicap&nbsp;», notre référent vous répond
        pour adapter la formation.
      </p>
    </AsideBox>
  );
}
