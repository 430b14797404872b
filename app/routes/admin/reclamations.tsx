import { useNavigation } from "react-router";
import type { Route } from "./+types/reclamations";
import { ComplaintSettingsSection, RegisterFilters, RegisterTable } from "~/domain/complaints/components/register";
import { getComplaintSettings, listRegister, updateComplaintSettings } from "~/domain/complaints/complaints.server";
import { complaintSettingsSchema, parseRegisterFilter, workingDaysLabel } from "~/domain/complaints/model";
import { requireAdmin, requireEditor } from "~/platform/auth/guard.server";
import { isAdmin } from "~/platform/auth/roles";
import { saveSettingsForm, type SettingsReply } from "~/platform/http/settings-save.server";
import { pageMeta } from "~/platform/seo/meta";

export const handle = { breadcrumb: "Réclamations" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Registre des réclamations",
    description: "Les réclamations reçues, leur réponse écrite, leur délai et l'action corrective décidée.",
    noindex: true,
  });

/**
 * /admin/reclamations (editors and admins; README « Registre des réclamations »): the register, newest
 * first, with the delay between receipt and answer; a complaint without answer past the
 * organisation's delay is highlighted. Admins set that delay here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const filter = parseRegisterFilter(new URL(request.url).searchParams);
  const [register, settings] = await Promise.all([listRegister(filter), getComplaintSettings()]);
  return {
    register,
    delayDays: settings.answerDelayDays,
    canEditSettings: isAdmin(user),
    filter: { statut: filter.statut, du: filter.du ?? "", au: filter.au ?? "" },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, complaintSettingsSchema, (values) => updateComplaintSettings(values, me), {
    to: "/admin/reclamations",
    title: "Délai enregistré",
    description: "Le registre signale désormais les réclamations sans réponse au-delà de ce délai.",
  });
}

export default function ComplaintsRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { register, delayDays, canEditSettings, filter } = loaderData;
  const busy = useNavigation().state === "submitting";
  const waiting = register.counts.recue + register.counts.en_cours;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Registre des réclamations</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Chaque réclamation reçue par le formulaire de contact (sujet «&nbsp;Réclamation&nbsp;») ou par l'espace client et stagiaire, avec
          sa réponse écrite et l'action corrective décidée (Qualiopi, indicateur&nbsp;31). Réponse attendue sous{" "}
          {workingDaysLabel(delayDays)}.
        </p>
      </div>
      <p role="status" className="text-sm font-medium" data-testid="registre-compte">
        {waiting === 0
          ? "Aucune réclamation n'attend de réponse."
          : `${waiting === 1 ? "1 réclamation attend" : `${waiting} réclamations attendent`} une réponse écrite${
              register.counts.overdue > 0 ? `, dont ${register.counts.overdue} au-delà du délai` : ""
            }.`}
      </p>
      <RegisterFilters {...filter} />
      <RegisterTable rows={register.rows} caption="Registre des réclamations" />
      <ComplaintSettingsSection
        delayDays={delayDays}
        canEdit={canEditSettings}
        reply={actionData as SettingsReply | undefined}
        busy={busy}
      />
    </div>
  );
}
