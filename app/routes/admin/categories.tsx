import { useActionData } from "react-router";
import type { Route } from "./+types/categories";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/domain/formations/categories.server";
import { TextAreaField, TextField } from "~/ui/form/fields";
import { referenceMutation } from "~/platform/http/action-result.server";
import { categoryInputSchema } from "~/domain/formations/model";
import { requireEditor } from "~/platform/auth/guard.server";
import { fieldText, type ReferenceFormValues, type ReferenceResult } from "~/domain/formations/components/reference-record-row";
import { ReferenceScreen } from "~/domain/formations/components/reference-screen";
import { pageMeta } from "~/platform/seo/meta";
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
  return (
    <ReferenceScreen
      title="Catégories"
      prefix="categorie"
      listId="categories"
      noun="catégorie"
      newTitle="Nouvelle catégorie"
      addLabel="Ajouter la catégorie"
      records={loaderData.categories}
      result={useActionData<typeof action>() as ReferenceResult | undefined}
      validator={loadValidator}
      fields={CategoryFields}
      path={(c) => <>/formation-{c.slug}/…</>}
      deleteLabel={(c) => `Supprimer la catégorie ${c.name}`}
      confirmTitle={(c) => `Supprimer la catégorie « ${c.name} » ?`}
      confirmText="Une catégorie qui contient encore des formations ne peut pas être supprimée."
    />
  );
}
