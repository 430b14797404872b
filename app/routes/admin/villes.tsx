import { useEffect, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import type { Route } from "./+types/villes";
import { createCity, deleteCity, listCities, updateCity, type CityWithCount } from "~/domain/cities/cities.server";
import { TextField, type FormValues } from "~/domain/formations/components/editor-fields";
import { refusedMutation, unknownIntent } from "~/platform/http/action-result.server";
import { cityPath } from "~/domain/formations/slug";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formDataToObject } from "~/platform/validation/form-data";

export const handle = { breadcrumb: "Villes" };

/** /admin/villes: cities where formations run (landing pages /formations/ville/{identifiant}). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  return { cities: await listCities() };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  form.delete("intent");
  form.delete("id");
  const values = formDataToObject(form);
  try {
    if (intent === "create") {
      const c = await createCity(values, { actor });
      return { ok: true as const, message: `Ville « ${c.name} » créée.` };
    }
    if (intent === "update") {
      const c = await updateCity(id, values, { actor });
      return { ok: true as const, message: `Ville « ${c.name} » enregistrée.` };
    }
    if (intent === "delete") {
      await deleteCity(id, { actor });
      return { ok: true as const, message: "Ville supprimée." };
    }
    return unknownIntent({ intent, id, values });
  } catch (error) {
    return refusedMutation(error, { intent, id, values });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Villes", description: "Villes du catalogue.", noindex: true });

type Result = { ok: boolean; message: string; intent?: string; id?: string; errors?: Record<string, string>; values?: FormValues };

function CityFields({ values, errors }: { values: FormValues; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <TextField name="name" label="Nom" values={values} errors={errors} required maxLength={80} />
      <TextField
        name="slug"
        label="Identifiant"
        values={values}
        errors={errors}
        required
        maxLength={60}
        hint="Minuscules, chiffres et tirets : « clermont-ferrand »."
      />
      <TextField name="region" label="Région" values={values} errors={errors} required maxLength={80} />
      <div className="grid grid-cols-2 gap-3">
        <TextField name="latitude" label="Latitude" values={values} errors={errors} required inputMode="decimal" hint="De -90 à 90." />
        <TextField name="longitude" label="Longitude" values={values} errors={errors} required inputMode="decimal" hint="De -180 à 180." />
      </div>
      <TextField
        name="intro"
        label="Présentation (lieu des sessions, accès)"
        values={values}
        errors={errors}
        required
        multiline
        rows={3}
        maxLength={2000}
        className="sm:col-span-2 lg:col-span-4"
      />
    </div>
  );
}

function CityRow({ city, result }: { city: CityWithCount; result: Result | undefined }) {
  const fetcher = useFetcher<Result>();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok)
      notify.error("Suppression impossible", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const mine = result && !result.ok && result.intent === "update" && result.id === city.id ? result : undefined;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">
            {city.name} <span className="font-normal text-slate-600 dark:text-slate-400">({city.region})</span>
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {cityPath(city.slug)} · {city.formationCount} formation{city.formationCount > 1 ? "s" : ""} dont {city.publishedCount} publiée
            {city.publishedCount > 1 ? "s" : ""}
          </p>
        </div>
        <Button variant="dangerGhost" size="sm" onClick={() => setConfirming(true)} aria-label={`Supprimer la ville ${city.name}`}>
          Supprimer
        </Button>
      </div>
      <details className="mt-3" open={Boolean(mine)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">Modifier</summary>
        <Form method="post" className="mt-3 space-y-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={city.id} />
          <CityFields values={mine?.values ?? { ...city }} errors={mine?.errors ?? {}} />
          <Button type="submit" size="sm">
            Enregistrer
          </Button>
        </Form>
      </details>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Supprimer la ville « ${city.name} » ?`}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => fetcher.submit({ intent: "delete", id: city.id }, { method: "post" })}
      >
        <p>Une ville où des formations ou des sessions ont lieu ne peut pas être supprimée.</p>
      </ConfirmDialog>
    </li>
  );
}

export default function AdminCities({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as Result | undefined;
  const navigation = useNavigation();
  useEffect(() => {
    if (!result || navigation.state !== "idle") return;
    if (result.ok) notify.success("C'est fait", { description: result.message });
    else notify.error("Non enregistré", { description: result.message });
  }, [result, navigation.state]);
  const creating = result && !result.ok && result.intent === "create" ? result : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">Villes</h1>
      <section
        aria-labelledby="nouvelle-ville"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="nouvelle-ville" className="text-lg font-bold">
          Nouvelle ville
        </h2>
        <Form method="post" className="mt-4 space-y-4" noValidate key={result?.ok ? `ok-${loaderData.cities.length}` : "form"}>
          <input type="hidden" name="intent" value="create" />
          <CityFields values={creating?.values ?? {}} errors={creating?.errors ?? {}} />
          <Button type="submit">Ajouter la ville</Button>
        </Form>
      </section>
      <section aria-labelledby="liste-villes">
        <h2 id="liste-villes" className="text-lg font-bold">
          {loaderData.cities.length} ville{loaderData.cities.length > 1 ? "s" : ""}
        </h2>
        <ul className="mt-4 space-y-3">
          {loaderData.cities.map((c) => (
            <CityRow key={c.id} city={c} result={result} />
          ))}
        </ul>
      </section>
    </div>
  );
}
