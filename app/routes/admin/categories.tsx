import { useEffect, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import type { Route } from "./+types/categories";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
  type CategoryWithCount,
} from "~/domain/formations/categories.server";
import { TextField, type FormValues } from "~/domain/formations/components/editor-fields";
import { refusedMutation, unknownIntent } from "~/platform/http/action-result.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formDataToObject } from "~/platform/validation/form-data";

export const handle = { breadcrumb: "Catégories" };

/** /admin/categories: the catalogue's categories (one-word identifiers, used in /formation-{identifiant}/{ville}). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  return { categories: await listCategories() };
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
      const c = await createCategory(values, { actor });
      return { ok: true as const, message: `Catégorie « ${c.name} » créée.` };
    }
    if (intent === "update") {
      const c = await updateCategory(id, values, { actor });
      return { ok: true as const, message: `Catégorie « ${c.name} » enregistrée.` };
    }
    if (intent === "delete") {
      await deleteCategory(id, { actor });
      return { ok: true as const, message: "Catégorie supprimée." };
    }
    return unknownIntent({ intent, id, values });
  } catch (error) {
    return refusedMutation(error, { intent, id, values });
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Catégories", description: "Catégories du catalogue.", noindex: true });

type Result = { ok: boolean; message: string; intent?: string; id?: string; errors?: Record<string, string>; values?: FormValues };

function CategoryFields({ values, errors }: { values: FormValues; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_1fr_8rem]">
      <TextField name="name" label="Nom" values={values} errors={errors} required maxLength={60} />
      <TextField
        name="slug"
        label="Identifiant (un seul mot)"
        values={values}
        errors={errors}
        required
        maxLength={30}
        hint="Minuscules sans accent ni tiret : « bureautique »."
      />
      <TextField name="position" label="Ordre" values={values} errors={errors} inputMode="numeric" />
      <TextField
        name="description"
        label="Présentation"
        values={values}
        errors={errors}
        required
        multiline
        rows={3}
        maxLength={600}
        className="sm:col-span-3"
      />
    </div>
  );
}

function CategoryRow({ category, result }: { category: CategoryWithCount; result: Result | undefined }) {
  const fetcher = useFetcher<Result>();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok)
      notify.error("Suppression impossible", { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const mine = result && !result.ok && result.intent === "update" && result.id === category.id ? result : undefined;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">{category.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            /formation-{category.slug}/… · {category.formationCount} formation{category.formationCount > 1 ? "s" : ""} dont{" "}
            {category.publishedCount} publiée{category.publishedCount > 1 ? "s" : ""}
          </p>
        </div>
        <Button variant="dangerGhost" size="sm" onClick={() => setConfirming(true)} aria-label={`Supprimer la catégorie ${category.name}`}>
          Supprimer
        </Button>
      </div>
      <details className="mt-3" open={Boolean(mine)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">Modifier</summary>
        <Form method="post" className="mt-3 space-y-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={category.id} />
          <CategoryFields values={mine?.values ?? { ...category }} errors={mine?.errors ?? {}} />
          <Button type="submit" size="sm">
            Enregistrer
          </Button>
        </Form>
      </details>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Supprimer la catégorie « ${category.name} » ?`}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => fetcher.submit({ intent: "delete", id: category.id }, { method: "post" })}
      >
        <p>Une catégorie qui contient encore des formations ne peut pas être supprimée.</p>
      </ConfirmDialog>
    </li>
  );
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
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
      <h1 className="text-2xl font-bold tracking-tight">Catégories</h1>
      <section
        aria-labelledby="nouvelle-categorie"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="nouvelle-categorie" className="text-lg font-bold">
          Nouvelle catégorie
        </h2>
        <Form method="post" className="mt-4 space-y-4" noValidate key={result?.ok ? `ok-${loaderData.categories.length}` : "form"}>
          <input type="hidden" name="intent" value="create" />
          <CategoryFields values={creating?.values ?? {}} errors={creating?.errors ?? {}} />
          <Button type="submit">Ajouter la catégorie</Button>
        </Form>
      </section>
      <section aria-labelledby="liste-categories">
        <h2 id="liste-categories" className="text-lg font-bold">
          {loaderData.categories.length} catégorie{loaderData.categories.length > 1 ? "s" : ""}
        </h2>
        <ul className="mt-4 space-y-3">
          {loaderData.categories.map((c) => (
            <CategoryRow key={c.id} category={c} result={result} />
          ))}
        </ul>
      </section>
    </div>
  );
}
