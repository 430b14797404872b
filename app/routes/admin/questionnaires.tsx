import { data } from "react-router";
import type { Route } from "./+types/questionnaires";
import {
  AddFormationQuestionnaire,
  EraseForm,
  FinancersTable,
  QuestionnaireList,
  RuleNote,
  SettingsForm,
  type ListReply,
} from "~/domain/questionnaires/components/admin-list";
import { eraseQuestionnairesOf } from "~/domain/questionnaires/people.server";
import {
  createFormationQuestionnaire,
  financersOf,
  formationOptions,
  getQuestionnaireSettings,
  listQuestionnaires,
  saveFinancerAddress,
  updateQuestionnaireSettings,
} from "~/domain/questionnaires/questionnaires.server";
import { questionnaireSettingsSchema } from "~/domain/questionnaires/schemas";
import { requireEditor } from "~/platform/auth/guard.server";
import { isAdmin } from "~/platform/auth/roles";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { parisCalendarDay } from "~/platform/intl";
import { pageMeta } from "~/platform/seo/meta";
import { formDataToObject } from "~/platform/validation/form-data";
import { validate } from "~/platform/validation/errors";

export const handle = { breadcrumb: "Questionnaires" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Questionnaires",
    description: "Questionnaires de satisfaction, de positionnement et d'évaluation.",
    noindex: true,
  });

const lastYear = () => Number(parisCalendarDay(new Date()).slice(0, 4)) - 1;

/**
 * /admin/questionnaires (editors; settings and erasure: admins): the questionnaires and their
 * answers, a positioning or quiz per formation, the delays, the financers' addresses.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const year = lastYear();
  const [items, formations, settings, financers] = await Promise.all([
    listQuestionnaires(),
    formationOptions(),
    getQuestionnaireSettings(),
    financersOf(year),
  ]);
  return { items, formations, settings, financers, year, admin: isAdmin(user) };
}

const reply = (r: ListReply, status?: number) => replyWithToast<ListReply>(r, { status });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const actor = { id: user.id, email: user.email, role: user.role };
  const values = formDataToObject(await request.formData());
  const intent = String(values.intent ?? "");
  if (intent === "creer") {
    const created = await createFormationQuestionnaire(String(values.use ?? "") as "positionnement", String(values.formation ?? ""), {
      actor,
    });
    if (!created.ok)
      return reply(
        { ok: false, intent, message: Object.values(created.errors)[0] ?? "Action impossible.", errors: created.errors, values },
        failureStatus(created.kind),
      );
    return reply({ ok: true, intent, message: "Questionnaire créé depuis son modèle\u00a0: adaptez ses questions ci-dessus." });
  }
  if (intent === "financeur") {
    const saved = await saveFinancerAddress(values, { actor });
    const target = String(values.financeur ?? "");
    if (!saved.ok)
      return reply(
        { ok: false, intent, target, message: Object.values(saved.errors)[0] ?? "Adresse refusée.", errors: saved.errors, values },
        400,
      );
    return reply({ ok: true, intent, target, message: "Adresse du financeur enregistrée." });
  }
  if (!isAdmin(user)) return reply({ ok: false, intent, message: "Réservé aux administrateurs." }, 403);
  if (intent === "reglages") {
    const parsed = validate(questionnaireSettingsSchema, values);
    if (!parsed.ok) return reply({ ok: false, intent, message: "Corrigez les délais signalés.", errors: parsed.errors, values }, 400);
    await updateQuestionnaireSettings(parsed.value, actor);
    return reply({ ok: true, intent, message: "Délais d'envoi enregistrés." });
  }
  if (intent === "effacer") {
    const email = String(values.email ?? "").trim();
    if (!/^\S+@\S+\.\S+$/.test(email))
      return reply(
        { ok: false, intent, message: "Saisissez une adresse e-mail valide.", errors: { email: "Saisissez une adresse e-mail valide." } },
        400,
      );
    const n = await eraseQuestionnairesOf(email, actor);
    return reply({
      ok: true,
      intent,
      message: n ? `Réponses effacées (${n} questionnaire${n > 1 ? "s" : ""}).` : "Aucun questionnaire à cette adresse.",
    });
  }
  return data({ ok: false, intent, message: "Action inconnue." } satisfies ListReply, { status: 400 });
}

export default function AdminQuestionnaires({ loaderData, actionData }: Route.ComponentProps) {
  const { items, formations, settings, financers, year, admin } = loaderData;
  const answer = actionData as ListReply | undefined;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Questionnaires</h1>
        <p className="max-w-4xl text-slate-700 dark:text-slate-300">
          Chaque questionnaire part par e-mail au bon moment, avec un lien vers sa page de réponse et l'espace de la personne, et un seul
          rappel à qui n'a pas répondu (Qualiopi, indicateurs 2, 8, 11 et 30). Modifier les questions crée une nouvelle version&nbsp;; les
          réponses gardent la leur.
        </p>
        <RuleNote />
      </div>
      <QuestionnaireList items={items} />
      <AddFormationQuestionnaire formations={formations} reply={answer} />
      {admin ? <SettingsForm settings={settings} reply={answer} /> : null}
      <FinancersTable year={year} financers={financers} reply={answer} />
      {admin ? <EraseForm reply={answer} /> : null}
    </div>
  );
}
