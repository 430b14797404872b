import { useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/categories";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
  type CategoryWithCount,
} from "~/domain/formations/categories.server";
import { TextAreaField, TextField } from "~/ui/form/fields";
import { refusedMutation, unknownIntent } from "~/platform/http/action-result.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { dataWithToast } from "~/platform/toast/flash.server";
import { MutationResultMessage } from "~/domain/formations/components/mutation-result";
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

/** A change made: its message, shown under the title and as a toast. */
function done(message: string) {
  return dataWithToast({ ok: true as const, message }, { kind: "success", title: "C'est fait", description: message });
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
      return done(`Catégorie « ${c.name} » créée.`);
    }
    if (intent === "update") {
      const c = await updateCategory(id, values, { actor });
      return done(`Catégorie « ${c.name} » enregistrée.`);
    }
    if (intent === "delete") {
      await deleteCategory(id, { actor });
      return done("Catégorie supprimée.");
    }
    return unknownIntent({ intent, id, values });
  } catch (error) {
    return refusedMutation(error, { intent, id, values });
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Catégories", description: "Catégories du catalogue.", noindex: true });

type FormValues = Record<string, unknown>;
type Result = { ok: boolean; message: string; intent?: string; id?: string; errors?: Record<string, string>; values?: FormValues };

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The fields of one category's form; `form` makes their ids unique on the page (one form per category). */
function CategoryFields({ form, values, errors }: { form: string; values: FormValues; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_1fr_8rem]">
      <TextField form={form} name="name" label="Nom" defaultValue={str(values.name)} error={errors.name} required maxLength={60} />
      <TextField
        form={form}
        name="slug"
        label="Identifiant (un seul mot)"
        defaultValue={str(values.slug)}
        error={errors.slug}
        required
        maxLength={30}
        hint="Minuscules sans accent ni tiret : « bureautique »."
      />
      <TextField
        form={form}
        name="position"
        label="Ordre"
        defaultValue={str(values.position)}
        error={errors.position}
        inputMode="numeric"
      />
      <TextAreaField
        form={form}
        name="description"
        label="Présentation"
        defaultValue={str(values.description)}
        error={errors.description}
        required
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
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
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
      {refusal ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          Suppression impossible&nbsp;: {refusal}
        </p>
      ) : null}
      <details className="mt-3" open={Boolean(mine)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">Modifier</summary>
        <Form method="post" className="mt-3 space-y-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={category.id} />
          <CategoryFields form={`categorie-${category.id}`} values={mine?.values ?? { ...category }} errors={mine?.errors ?? {}} />
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
  const creating = result && !result.ok && result.intent === "create" ? result : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">Catégories</h1>
      <MutationResultMessage result={result} formOf={(r) => (r.intent === "update" ? `categorie-${r.id}` : "nouvelle-categorie-form")} />
      <section
        aria-labelledby="nouvelle-categorie"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="nouvelle-categorie" className="text-lg font-bold">
          Nouvelle catégorie
        </h2>
        <Form method="post" className="mt-4 space-y-4" noValidate key={result?.ok ? `ok-${loaderData.categories.length}` : "form"}>
          <input type="hidden" name="intent" value="create" />
          <CategoryFields form="nouvelle-categorie-form" values={creating?.values ?? {}} errors={creating?.errors ?? {}} />
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
