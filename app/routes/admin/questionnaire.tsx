import { data } from "react-router";
import type { Route } from "./+types/questionnaire";
import { EditorHeading, QuestionnaireEditor, Versions, type EditorReply } from "~/domain/questionnaires/components/editor";
import { arrangeQuestions } from "~/domain/questionnaires/arrange";
import { getQuestionnaire, saveQuestionnaire, setQuestionnaireActive } from "~/domain/questionnaires/questionnaires.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { formDataToObject } from "~/platform/validation/form-data";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { Link } from "~/ui/link";

export const handle = {
  parents: [adminCrumb("/admin/questionnaires")],
  breadcrumb: (d: { view?: { title: string } } | undefined) => d?.view?.title ?? "Questionnaire",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Questionnaire ${args.loaderData?.view.title ?? ""}`,
    description: "Questions d'un questionnaire.",
    noindex: true,
  });

/** /admin/questionnaires/{id} (editors and admins): the questions, their versions, the sending on or off. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const view = await getQuestionnaire(params.id);
  if (!view) throw data(null, { status: 404 });
  return { view };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const values = formDataToObject(await request.formData());
  const intent = String(values.intent ?? "");
  if (intent === "activer" || intent === "suspendre") {
    const done = await setQuestionnaireActive(params.id, intent === "activer", { actor });
    if (!done.ok)
      return replyWithToast<EditorReply>(
        { ok: false, message: done.errors._form ?? "Action impossible." },
        { status: failureStatus(done.kind) },
      );
    return replyWithToast<EditorReply>({ ok: true, message: intent === "activer" ? "Envoi repris." : "Envoi suspendu." });
  }
  const arranged = arrangeQuestions(intent, values);
  if (arranged)
    return data<EditorReply>({ ok: false, arranged: true, message: arranged.message, values: arranged.values, stamp: Date.now() });
  if (intent !== "enregistrer") return replyWithToast<EditorReply>({ ok: false, message: "Action inconnue." });
  const saved = await saveQuestionnaire(params.id, values, { actor });
  if (!saved.ok)
    return replyWithToast<EditorReply>(
      { ok: false, message: saved.errors._form ?? "Corrigez les champs signalés.", errors: saved.errors, values, stamp: Date.now() },
      { status: failureStatus(saved.kind) },
    );
  return replyWithToast<EditorReply>({
    ok: true,
    message: saved.value.newVersion
      ? `Questionnaire enregistré\u00a0: version ${saved.value.version}. Les réponses déjà reçues gardent leur version.`
      : "Questionnaire enregistré.",
    stamp: Date.now(),
  });
}

export default function AdminQuestionnaire({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const reply = actionData as EditorReply | undefined;
  return (
    <div className="max-w-4xl space-y-8">
      <EditorHeading view={view} />
      <p>
        <Link to={`/admin/questionnaires/${view.id}/resultats`} className="font-medium text-brand-700 underline dark:text-brand-300">
          Voir les résultats
        </Link>
      </p>
      <QuestionnaireEditor view={view} reply={reply?.ok === false ? reply : reply?.stamp ? { ...reply, values: undefined } : undefined} />
      <Versions view={view} />
    </div>
  );
}
