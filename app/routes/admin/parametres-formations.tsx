import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/parametres-formations";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { formationDefaultsSchema, type FormationDefaultField } from "~/domain/formations/defaults";
import { FORMATION_DEFAULT_LABELS, VAT_DEFAULT_OPTIONS } from "~/domain/formations/defaults-labels";
import { getFormationDefaults, updateFormationDefaults } from "~/domain/formations/defaults.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { saveSettingsForm } from "~/platform/http/settings-save.server";
import { Button } from "~/ui/button";
import { FormErrorSummary, SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";

export const handle = { parents: [adminCrumb("/admin/parametres")], breadcrumb: "Valeurs par défaut des formations" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Valeurs par défaut des formations",
    description: "Contacts, référent handicap, TVA, accès et méthodes communs aux formations de l'organisme.",
    noindex: true,
  });

/** /admin/parametres/formations (admins): what a new formation starts from and an import fills empty fields with. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getFormationDefaults();
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, formationDefaultsSchema, (values) => updateFormationDefaults(values, me), {
    to: "/admin/parametres/formations",
    title: "Valeurs par défaut enregistrées",
    description: "Elles préremplissent les nouvelles formations et complètent les champs vides des imports.",
  });
}

const FORM_ID = "defauts";
const LONG: FormationDefaultField[] = ["accessModalities", "teachingMethods", "evaluationMethods", "accessibility"];
const loadSchema = () => import("~/domain/formations/defaults").then((m) => schemaValidator(m.formationDefaultsSchema));

export default function FormationDefaultsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useForm({ id: FORM_ID, validator: loadSchema, reply: actionData });
  const values = { ...loaderData.values, ...(actionData?.values ?? {}) } as Record<string, unknown>;
  const str = (name: FormationDefaultField) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const field = (name: FormationDefaultField, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      form={FORM_ID}
      name={name}
      label={FORMATION_DEFAULT_LABELS[name]}
      defaultValue={str(name)}
      error={form.errors[name]}
      {...extra}
    />
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Valeurs par défaut des formations</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Ce que la plupart de vos formations ont en commun. Une nouvelle formation part de ces valeurs (marquées «&nbsp;Valeur par défaut
          de l'organisme&nbsp;» dans l'éditeur, modifiables), et un import les reçoit dans ses champs vides&nbsp;; un champ laissé vide ici
          reste «&nbsp;à compléter&nbsp;» sur chaque formation.{" "}
          {loaderData.saved
            ? null
            : "Tant que cette page n'est pas enregistrée, l'adresse e-mail et le téléphone de l'organisme servent de contact."}{" "}
          <Link to="/admin/formations/import" className="font-medium underline">
            Importer des formations
          </Link>
        </p>
      </div>
      <Form method="post" {...form.formProps} className="space-y-8">
        <FormErrorSummary form={form} labels={FORMATION_DEFAULT_LABELS} />
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Contacts</legend>
          <div className="mt-2 grid gap-5 sm:grid-cols-3">
            {field("contactName", { autoComplete: "name" })}
            {field("contactEmail", { type: "email", autoComplete: "email" })}
            {field("contactPhone", { type: "tel", autoComplete: "tel" })}
            {field("disabilityContactName")}
            {field("disabilityContactEmail", { type: "email" })}
          </div>
        </fieldset>
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Prix et accès</legend>
          <div className="mt-2 grid gap-5 sm:grid-cols-2">
            <SelectField
              form={FORM_ID}
              name="vatMode"
              label={FORMATION_DEFAULT_LABELS.vatMode}
              defaultValue={str("vatMode")}
              placeholder="Aucune valeur par défaut"
              groups={[{ options: VAT_DEFAULT_OPTIONS }]}
              error={form.errors.vatMode}
            />
            {field("accessLeadTime")}
          </div>
        </fieldset>
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Textes communs (Markdown)</legend>
          <div className="mt-2 grid gap-5">
            {LONG.map((name) => (
              <TextAreaField
                key={name}
                form={FORM_ID}
                name={name}
                label={FORMATION_DEFAULT_LABELS[name]}
                rows={4}
                defaultValue={str(name)}
                error={form.errors[name]}
              />
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? "Enregistrement…" : "Enregistrer"}
        </Button>
      </Form>
    </div>
  );
}
