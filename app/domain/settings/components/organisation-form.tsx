import { Form } from "react-router";
import { ORGANISATION_NAME_MAX, type Organisation } from "~/domain/settings/model";
import { Button } from "~/ui/button";
import { FormErrorSummary, RequiredNote, TextField } from "~/ui/form/fields";
import type { useForm } from "~/ui/form/use-form";

type Key = Exclude<keyof Organisation, "logoUrl">;

interface OrganisationField {
  key: Key;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  hint?: string;
  maxLength?: number;
}

/** The form's id: its fields are `org-name`, `org-siret`… */
export const ORGANISATION_FORM_ID = "org";

/** The form of /admin/parametres, in the order of the legal notices. */
const SECTIONS: Array<{ title: string; fields: OrganisationField[] }> = [
  {
    title: "Organisme",
    fields: [
      {
        key: "name",
        label: "Nom de l'organisme",
        required: true,
        autoComplete: "organization",
        maxLength: ORGANISATION_NAME_MAX,
        hint: `${ORGANISATION_NAME_MAX} caractères au plus\u00a0: il s'affiche dans l'en-tête de chaque page.`,
      },
      { key: "legalForm", label: "Forme juridique", required: true, hint: "Par exemple\u00a0: SAS, SARL, association." },
      { key: "shareCapital", label: "Capital social (facultatif)" },
      { key: "siret", label: "SIRET", required: true, hint: "14 chiffres (la clé de contrôle est vérifiée)." },
      { key: "rcs", label: "Immatriculation RCS (facultatif)" },
      { key: "vatNumber", label: "N° de TVA intracommunautaire (facultatif)" },
      { key: "nda", label: "Numéro de déclaration d'activité", required: true, hint: "11 chiffres, attribué par la préfecture de région." },
      { key: "ndaRegion", label: "Région de la déclaration d'activité", required: true },
    ],
  },
  {
    title: "Coordonnées",
    fields: [
      { key: "street", label: "Adresse", required: true, autoComplete: "street-address" },
      { key: "postalCode", label: "Code postal", required: true, autoComplete: "postal-code" },
      { key: "city", label: "Ville", required: true, autoComplete: "address-level2" },
      {
        key: "phone",
        label: "Téléphone",
        required: true,
        type: "tel",
        autoComplete: "tel",
        hint: "Un numéro français (04 72 00 00 00) ou international (+32 2 123 45 67).",
      },
      { key: "email", label: "Adresse e-mail de contact", required: true, type: "email", autoComplete: "email" },
    ],
  },
  {
    title: "Mentions légales",
    fields: [
      { key: "publicationDirector", label: "Directeur de la publication", required: true },
      { key: "hostName", label: "Hébergeur", required: true },
      { key: "hostAddress", label: "Adresse de l'hébergeur", required: true },
      { key: "hostPhone", label: "Téléphone de l'hébergeur (facultatif)", type: "tel" },
      { key: "dpoEmail", label: "Contact données personnelles (e-mail)", required: true, type: "email" },
      { key: "accessibilityContact", label: "Contact accessibilité (e-mail)", required: true, type: "email" },
    ],
  },
  {
    title: "Qualiopi",
    fields: [
      { key: "qualiopiCertificateNumber", label: "N° du certificat Qualiopi (facultatif)" },
      { key: "qualiopiCertifier", label: "Organisme certificateur (facultatif)" },
      { key: "qualiopiValidUntil", label: "Certificat valable jusqu'au (facultatif)", type: "date" },
    ],
  },
  {
    title: "E-mails",
    fields: [
      {
        key: "mailSenderName",
        label: "Nom de l'expéditeur des e-mails (facultatif)",
        hint: "Affiché comme expéditeur des e-mails du site. Par défaut\u00a0: le nom de l'organisme. L'adresse reste celle de MAIL_FROM.",
      },
    ],
  },
];

/** Field labels in the order of the form (the error summary and the go-live checklist list them so). */
export const ORGANISATION_FIELD_LABELS: Record<string, string> = Object.fromEntries(
  SECTIONS.flatMap((s) => s.fields.map((f) => [f.key, f.label])),
);

/** The organisation's identity: the shared form pattern (`useForm` in the route, the fields of app/ui/form). */
export function OrganisationForm({
  form,
  values,
  busy,
}: {
  form: ReturnType<typeof useForm>;
  values: Record<string, unknown>;
  busy: boolean;
}) {
  return (
    <Form method="post" {...form.formProps} className="space-y-8">
      <FormErrorSummary form={form} labels={ORGANISATION_FIELD_LABELS} />
      <RequiredNote />
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">{section.title}</legend>
          <div className="mt-2 grid gap-5 sm:grid-cols-2">
            {section.fields.map((f) => (
              <TextField
                key={f.key}
                form={ORGANISATION_FORM_ID}
                name={f.key}
                label={f.label}
                required={f.required}
                hint={f.hint}
                maxLength={f.maxLength}
                type={f.type ?? "text"}
                autoComplete={f.autoComplete}
                defaultValue={typeof values[f.key] === "string" ? (values[f.key] as string) : ""}
                error={form.errors[f.key]}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <Button type="submit" disabled={busy}>
        {busy ? "Enregistrement…" : "Enregistrer"}
      </Button>
    </Form>
  );
}
