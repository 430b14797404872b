import { data } from "react-router";
import type { Route } from "./+types/formation-edit";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "~/domain/formations/categories.server";
import { toCompleteLabels } from "~/domain/formations/completeness.server";
import { FormationEditor } from "~/domain/formations/components/formation-editor";
import { ToCompleteNotice } from "~/domain/formations/components/to-complete";
import { saveFromEditor } from "~/domain/formations/editor.server";
import { getFormationById } from "~/domain/formations/formations.server";
import { formationToFormValues, newFormationFormValues, type Formation } from "~/domain/formations/model";
import { HistoryLink, RestoredNotice } from "~/domain/revisions/components/history";
import { historyPath } from "~/domain/revisions/model";
import { restoredDraft } from "~/domain/revisions/revisions.server";
import { getFormationDefaults } from "~/domain/formations/defaults.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { editorAnswer, notFoundAs404 } from "~/platform/http/editor-save.server";
import { readFlash } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { publishIntentOf } from "~/ui/form/publish-control";

export const handle = {
  parents: [adminCrumb("/admin/formations")],
  breadcrumb: (d: { formation: { title: string } | null } | undefined) => (d?.formation ? d.formation.title : "Nouvelle formation"),
};

/** /admin/formations/new and /admin/formations/{id}: the full editor (editors and admins). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const [categories, cities, defaults] = await Promise.all([listCategories(), listCities(), getFormationDefaults()]);
  const formation = params.id ? await getFormationById(params.id) : null;
  if (params.id && !formation) throw data(null, { status: 404 });
  const fresh = formation ? null : newFormationFormValues(defaults.values);
  // « Ouvrir ce brouillon dans l'éditeur »: a restored revision fills the form (its sessions stay today's).
  const restored = formation ? await restoredDraft<Formation>(request, "formation", formation.id) : null;
  return {
    formation: formation
      ? { id: formation.id, slug: formation.slug, title: formation.title, status: formation.status, updatedAt: formation.updatedAt }
      : null,
    values: formation
      ? restored
        ? { ...formationToFormValues({ ...restored.content, sessions: formation.sessions }), status: formation.status }
        : formationToFormValues(formation)
      : fresh!.values,
    restored: restored ? { id: restored.id, createdAt: restored.createdAt } : null,
    /** Fields of a new formation filled from the organisation's defaults. */
    defaulted: fresh?.defaulted ?? [],
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    toComplete: formation && formation.status === "draft" ? toCompleteLabels(formation) : [],
    /** Set right after a save: the editor moves the focus to the result. */
    justSaved: Boolean((await readFlash(request))?.data.saved),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const intent = publishIntentOf(form);
  form.delete("intent");
  form.delete("scheduledAt");
  const values = formDataToObject(form);
  const saved = await saveFromEditor(params.id, values, intent, actor).catch(notFoundAs404);
  return editorAnswer(saved, { path: (id) => `/admin/formations/${id}`, values, intent });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.formation ? `Modifier « ${args.loaderData.formation.title} »` : "Nouvelle formation",
    description: "Éditeur de formation.",
    noindex: true,
  });

export default function FormationEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { formation } = loaderData;
  // Remount the form after each successful save (new data); keep it (and what was typed) on an error.
  return (
    <>
      {formation ? <HistoryLink to={historyPath("formation", formation.id)} /> : null}
      <RestoredNotice restored={loaderData.restored} />
      <ToCompleteNotice items={loaderData.toComplete} />
      <FormationEditor
        key={formation ? `${formation.id}-${formation.updatedAt}-${loaderData.restored?.id ?? ""}` : "nouvelle"}
        formation={formation}
        categories={loaderData.categories}
        cities={loaderData.cities}
        justSaved={loaderData.justSaved}
        defaulted={loaderData.defaulted}
        values={actionData?.values ?? loaderData.values}
        reply={actionData ?? null}
      />
    </>
  );
}
