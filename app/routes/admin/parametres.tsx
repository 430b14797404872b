import { useEffect } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import type { Route } from "./+types/parametres";
import { recordAudit } from "~/domain/audit/audit.server";
import { organisationSchema, type Organisation } from "~/domain/settings/model";
import { getOrganisation, saveOrganisation } from "~/domain/settings/settings.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { db } from "~/platform/db/db.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";

export const handle = { breadcrumb: "Paramètres" };

type Key = keyof Organisation;

/** The form, in the order of the legal notices. */
const SECTIONS: Array<{ title: string; fields: Array<{ key: Key; label: string; type?: string; autoComplete?: string; hint?: string }> }> =
  [
    {
      title: "Organisme",
      fields: [
        { key: "name", label: "Nom de l'organisme", autoComplete: "organization" },
        { key: "legalForm", label: "Forme juridique", hint: "Par exemple : SAS, SARL, association." },
        { key: "shareCapital", label: "Capital social (facultatif)" },
        { key: "siret", label: "SIRET", hint: "14 chiffres." },
        { key: "rcs", label: "Immatriculation RCS (facultatif)" },
        { key: "vatNumber", label: "N° de TVA intracommunautaire (facultatif)" },
        { key: "nda", label: "Numéro de déclaration d'activité", hint: "11 chiffres, attribué par la préfecture de région." },
        { key: "ndaRegion", label: "Région de la déclaration d'activité" },
      ],
    },
    {
      title: "Coordonnées",
      fields: [
        { key: "street", label: "Adresse", autoComplete: "street-address" },
        { key: "postalCode", label: "Code postal", autoComplete: "postal-code" },
        { key: "city", label: "Ville", autoComplete: "address-level2" },
        { key: "phone", label: "Téléphone", type: "tel", autoComplete: "tel" },
        { key: "email", label: "Adresse e-mail de contact", type: "email", autoComplete: "email" },
      ],
    },
    {
      title: "Mentions légales",
      fields: [
        { key: "publicationDirector", label: "Directeur de la publication" },
        { key: "hostName", label: "Hébergeur" },
        { key: "hostAddress", label: "Adresse de l'hébergeur" },
        { key: "hostPhone", label: "Téléphone de l'hébergeur (facultatif)", type: "tel" },
        { key: "dpoEmail", label: "Contact données personnelles (e-mail)", type: "email" },
        { key: "accessibilityContact", label: "Contact accessibilité (e-mail)", type: "email" },
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
          hint: "Affiché comme expéditeur des e-mails du site. Par défaut : le nom de l'organisme. L'adresse reste celle de MAIL_FROM.",
        },
      ],
    },
  ];

const KEYS = SECTIONS.flatMap((s) => s.fields.map((f) => f.key));

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { organisation: await getOrganisation() };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const form = await request.formData();
  const values = Object.fromEntries(KEYS.map((k) => [k, String(form.get(k) ?? "")])) as Record<Key, string>;
  const parsed = organisationSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<Key, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as Key;
      errors[key] ??= issue.message;
    }
    return data({ ok: false as const, errors, values }, { status: 400 });
  }
  const database = db();
  await database.transaction().execute(async (trx) => {
    await saveOrganisation(parsed.data, trx);
    await recordAudit(trx, {
      actor: me,
      action: "settings",
      entity: "settings",
      entityId: "organisation",
      summary: `Identité de l'organisme enregistrée (${parsed.data.name})`,
    });
  });
  return { ok: true as const, errors: {} as Partial<Record<Key, string>>, values: null };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Paramètres",
    description: "Identité de l'organisme affichée dans le pied de page et les mentions légales.",
    noindex: true,
  });

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? loaderData.organisation;
  const firstError = KEYS.find((k) => errors[k]);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) notify.success("Paramètres enregistrés", { description: "Le pied de page et les mentions légales sont à jour." });
    else notify.error("Enregistrement impossible", { description: "Corrigez les champs signalés." });
    if (!actionData.ok && firstError) document.getElementById(`org-${firstError}`)?.focus();
  }, [actionData, firstError]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Paramètres</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          L'identité de l'organisme, affichée dans le pied de page et les pages légales. Les contacts, la TVA et les textes communs aux
          formations sont dans les{" "}
          <Link to="/admin/parametres/formations" className="font-medium underline">
            valeurs par défaut des formations
          </Link>
          .
        </p>
      </div>
      {/* The key resets the fields to the saved values after a successful save. */}
      <Form method="post" noValidate className="space-y-8" key={actionData?.ok ? "saved" : "editing"}>
        {SECTIONS.map((section) => (
          <fieldset key={section.title} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <legend className="px-1 text-lg font-semibold">{section.title}</legend>
            <div className="mt-2 grid gap-5 sm:grid-cols-2">
              {section.fields.map((f) => {
                const id = `org-${f.key}`;
                const error = errors[f.key];
                const describedBy = [f.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
                return (
                  <div key={f.key}>
                    <label htmlFor={id} className="block text-sm font-medium">
                      {f.label}
                    </label>
                    <input
                      id={id}
                      name={f.key}
                      type={f.type ?? "text"}
                      autoComplete={f.autoComplete}
                      defaultValue={values[f.key] ?? ""}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy}
                      className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950"
                    />
                    {f.hint ? (
                      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                        {f.hint}
                      </p>
                    ) : null}
                    {error ? (
                      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <Button type="submit" disabled={busy}>
          {busy ? "Enregistrement…" : "Enregistrer"}
        </Button>
      </Form>
    </div>
  );
}
