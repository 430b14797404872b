import { useActionData } from "react-router";
import type { Route } from "./+types/categories";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/domain/formations/categories.server";
import { TextAreaField, TextField } from "~/ui/form/fields";
import { referenceMutation } from "~/platform/http/action-result.server";
import { categoryInputSchema } from "~/domain/formations/model";
import { requireEditor } from "~/platform/auth/guard.server";
import { MutationResultMessage } from "~/domain/formations/components/mutation-result";
import {
  ReferenceForm,
  ReferenceRecordRow,
  fieldText,
  type ReferenceFormValues,
  type ReferenceResult,
} from "~/domain/formations/components/reference-record-row";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { schemaValidator } from "~/ui/form/use-form";

export const handle = { breadcrumb: "Catégories" };

/** /admin/categories: the catalogue's categories (one-word identifiers, used in /formation-{identifiant}/{ville}). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  return { categories: await listCategories() };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  return referenceMutation(
    await request.formData(),
    categoryInputSchema,
    {
      create: (values) => createCategory(values, { actor }),
      update: (id, values) => updateCategory(id, values, { actor }),
      delete: (id) => deleteCategory(id, { actor }),
    },
    {
      created: (name) => `Catégorie « ${name} » créée.`,
      updated: (name) => `Catégorie « ${name} » enregistrée.`,
      deleted: "Catégorie supprimée.",
    },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Catégories", description: "Catégories du catalogue.", noindex: true });

/** The fields of one category's form; `form` makes their ids unique on the page (one form per category). */
function CategoryFields({ form, values, errors }: { form: string; values: ReferenceFormValues; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_1fr_8rem]">
      <TextField form={form} name="name" label="Nom" defaultValue={fieldText(values.name)} error={errors.name} required maxLength={60} />
      <TextField
        form={form}
        name="slug"
        label="Identifiant (un seul mot)"
        defaultValue={fieldText(values.slug)}
        error={errors.slug}
        required
        maxLength={30}
        hint="Minuscules sans accent ni tiret&nbsp;: «&nbsp;bureautique&nbsp;»."
      />
      <TextField
        form={form}
        name="position"
        label="Ordre"
        defaultValue={fieldText(values.position)}
        error={errors.position}
        inputMode="numeric"
      />
      <TextAreaField
        form={form}
        name="description"
        label="Présentation"
        defaultValue={fieldText(values.description)}
        error={errors.description}
        required
        rows={3}
        maxLength={600}
        className="sm:col-span-3"
      />
    </div>
  );
}

/** The shared schema, loaded when the editor first enters a form (the action checks the same). */
const loadValidator = () => import("~/domain/formations/model").then((m) => schemaValidator(m.categoryInputSchema));

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ReferenceResult | undefined;
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
        <ReferenceForm
          key={result?.ok ? `ok-${loaderData.categories.length}` : "form"}
          form="nouvelle-categorie-form"
          intent="create"
          values={{}}
          reply={creating}
          validator={loadValidator}
          fields={CategoryFields}
          className="mt-4 space-y-4"
        >
          <Button type="submit">Ajouter la catégorie</Button>
        </ReferenceForm>
      </section>
      <section aria-labelledby="liste-categories">
        <h2 id="liste-categories" className="text-lg font-bold">
          {loaderData.categories.length} catégorie{loaderData.categories.length > 1 ? "s" : ""}
        </h2>
        <ul className="mt-4 space-y-3">
          {loaderData.categories.map((c) => (
            <ReferenceRecordRow
              key={c.id}
              record={c}
              result={result}
              form={`categorie-${c.id}`}
              title={c.name}
              usage={
                <>
                  /formation-{c.slug}/… · {c.formationCount} formation{c.formationCount > 1 ? "s" : ""} dont {c.publishedCount} publiée
                  {c.publishedCount > 1 ? "s" : ""}
                </>
              }
              deleteLabel={`Supprimer la catégorie ${c.name}`}
              confirmTitle={`Supprimer la catégorie « ${c.name} » ?`}
              confirmText="Une catégorie qui contient encore des formations ne peut pas être supprimée."
              validator={loadValidator}
              fields={CategoryFields}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
