import { data } from "react-router";
import type { Route } from "./+types/formateurs";
import { TrainerForm } from "~/domain/trainers/components/trainer-form";
import { TrainerList } from "~/domain/trainers/components/trainer-page";
import { createTrainer, listTrainers } from "~/domain/trainers/trainers.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";

export const handle = { breadcrumb: "Formateurs" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Formateurs", description: "Formateurs de l'organisme.", noindex: true });

/** /admin/formateurs (editors and admins): the trainers, and the form to add one. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  return { trainers: await listTrainers() };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const values = formDataToObject(await request.formData());
  const created = await createTrainer(values, { actor });
  if (!created.ok) return data({ errors: created.errors, values }, { status: failureStatus(created.kind) });
  return redirectWithToast(`/admin/formateurs/${created.value.id}`, {
    kind: "success",
    title: "C'est fait",
    description: `Formateur «\u00a0${created.value.name}\u00a0» créé.`,
  });
}

export default function AdminTrainers({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Formateurs</h1>
        <a href="/admin/formateurs/heures.csv" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
          Heures animées par formateur et par année (CSV)
        </a>
      </div>
      <TrainerList trainers={loaderData.trainers} />
      <section
        aria-labelledby="nouveau-formateur"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="nouveau-formateur" className="mb-4 text-lg font-bold">
          Nouveau formateur
        </h2>
        <TrainerForm form="nouveau-formateur-form" intent="create" values={{}} reply={actionData} submitLabel="Ajouter le formateur" />
      </section>
    </div>
  );
}
