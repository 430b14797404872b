import { useActionData } from "react-router";
import type { Route } from "./+types/villes";
import { createCity, deleteCity, listCities, updateCity } from "~/domain/cities/cities.server";
import { TextAreaField, TextField } from "~/ui/form/fields";
import { referenceMutation } from "~/platform/http/action-result.server";
import { cityInputSchema } from "~/domain/cities/model";
import { cityPath } from "~/domain/formations/slug";
import { requireEditor } from "~/platform/auth/guard.server";
import { fieldText, type ReferenceFormValues, type ReferenceResult } from "~/domain/formations/components/reference-record-row";
import { ReferenceScreen } from "~/domain/formations/components/reference-screen";
import { pageMeta } from "~/platform/seo/meta";
import { schemaValidator } from "~/ui/form/use-form";

export const handle = { breadcrumb: "Villes" };

/** /admin/villes: cities where formations run (landing pages /formations/ville/{identifiant}). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  return { cities: await listCities() };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  return referenceMutation(
    await request.formData(),
    cityInputSchema,
    {
      create: (values) => createCity(values, { actor }),
      update: (id, values) => updateCity(id, values, { actor }),
      delete: (id) => deleteCity(id, { actor }),
    },
    {
      created: (name) => `Ville « ${name} » créée.`,
      updated: (name) => `Ville « ${name} » enregistrée.`,
      deleted: "Ville supprimée.",
    },
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Villes", description: "Villes du catalogue.", noindex: true });

/** The fields of one city's form; `form` makes their ids unique on the page (one form per city). */
function CityFields({ form, values, errors }: { form: string; values: ReferenceFormValues; errors: Record<string, string> }) {
  const field = (name: string) => ({ form, name, defaultValue: fieldText(values[name]), error: errors[name] });
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <TextField {...field("name")} label="Nom" required maxLength={80} />
      <TextField
        {...field("slug")}
        label="Identifiant"
        required
        maxLength={60}
        hint="Minuscules, chiffres et tirets&nbsp;: «&nbsp;clermont-ferrand&nbsp;»."
      />
      <TextField {...field("region")} label="Région" required maxLength={80} />
      <div className="grid grid-cols-2 gap-3">
        <TextField {...field("latitude")} label="Latitude" required inputMode="decimal" hint="De -90 à 90." />
        <TextField {...field("longitude")} label="Longitude" required inputMode="decimal" hint="De -180 à 180." />
      </div>
      <TextAreaField
        {...field("intro")}
        label="Présentation (lieu des sessions, accès)"
        required
        rows={3}
        maxLength={2000}
        className="sm:col-span-2 lg:col-span-4"
      />
    </div>
  );
}

/** The shared schema, loaded when the editor first enters a form (the action checks the same). */
const loadValidator = () => import("~/domain/cities/model").then((m) => schemaValidator(m.cityInputSchema));

export default function AdminCities({ loaderData }: Route.ComponentProps) {
  return (
    <ReferenceScreen
      title="Villes"
      prefix="ville"
      listId="villes"
      noun="ville"
      newTitle="Nouvelle ville"
      addLabel="Ajouter la ville"
      records={loaderData.cities}
      result={useActionData<typeof action>() as ReferenceResult | undefined}
      validator={loadValidator}
      fields={CityFields}
      recordTitle={(c) => (
        <>
          {c.name} <span className="font-normal text-slate-600 dark:text-slate-400">({c.region})</span>
        </>
      )}
      path={(c) => cityPath(c.slug)}
      deleteLabel={(c) => `Supprimer la ville ${c.name}`}
      confirmTitle={(c) => `Supprimer la ville « ${c.name} » ?`}
      confirmText="Une ville où des formations ou des sessions ont lieu ne peut pas être supprimée."
    />
  );
}
