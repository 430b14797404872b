import { data, useNavigation } from "react-router";
import type { Route } from "./+types/reclamation";
import {
  AnswerSection,
  ComplaintDetailsSection,
  ComplaintHeader,
  ComplaintMailsSection,
  CorrectiveActionSection,
  EraseSection,
  type ComplaintReply,
} from "~/domain/complaints/components/complaint-page";
import {
  answerComplaint,
  closeComplaint,
  eraseComplaint,
  getComplaint,
  saveCorrectiveAction,
  startComplaint,
  type ComplaintOutcome,
} from "~/domain/complaints/complaints.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { formDataToObject } from "~/platform/validation/form-data";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/reclamations")],
  breadcrumb: (d: { complaint?: { reference: string } } | undefined) => d?.complaint?.reference ?? "Réclamation",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Réclamation ${args.loaderData?.complaint.reference ?? ""}`,
    description: "Une réclamation du registre, sa réponse écrite et son action corrective.",
    noindex: true,
  });

/**
 * /admin/reclamations/{id} (editors and admins): what was received and from whom, « Prendre en
 * charge », the written answer (sent by e-mail to the sender), the corrective action and the closing,
 * the e-mails, the erasure of the sender's data.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const complaint = await getComplaint(params.id);
  if (!complaint) throw data(null, { status: 404 });
  return { complaint };
}

const DONE: Record<string, string> = {
  prendre: "Réclamation prise en charge.",
  repondre: "Réponse écrite enregistrée\u00a0: l'e-mail part dans quelques instants.",
  action: "Action corrective enregistrée.",
  clore: "Réclamation close.",
  effacer: "Données personnelles effacées.",
};

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const values = formDataToObject(await request.formData());
  const intent = typeof values.intent === "string" ? values.intent : "";
  const ctx = { actor };
  const answer = <T,>(outcome: ComplaintOutcome<T>) =>
    outcome.ok
      ? replyWithToast<ComplaintReply>({ ok: true, message: DONE[intent]!, intent })
      : replyWithToast<ComplaintReply>(
          {
            ok: false,
            message: outcome.errors._form ?? Object.values(outcome.errors)[0] ?? "Corrigez les champs signalés.",
            intent,
            errors: outcome.errors,
            values,
          },
          { status: failureStatus(outcome.kind) },
        );
  switch (intent) {
    case "prendre":
      return answer(await startComplaint(params.id, ctx));
    case "repondre":
      return answer(await answerComplaint(params.id, values, ctx));
    case "action":
      return answer(await saveCorrectiveAction(params.id, values, ctx));
    case "clore":
      return answer(await closeComplaint(params.id, values, ctx));
    case "effacer":
      return answer(await eraseComplaint(params.id, ctx));
    default:
      return replyWithToast<ComplaintReply>({ ok: false, message: "Action inconnue." });
  }
}

export default function AdminComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint } = loaderData;
  const reply = actionData as ComplaintReply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <ComplaintHeader complaint={complaint} busy={busy} />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <ComplaintDetailsSection complaint={complaint} />
          <AnswerSection complaint={complaint} reply={reply} busy={busy} />
        </div>
        <div className="space-y-6">
          <CorrectiveActionSection complaint={complaint} reply={reply} busy={busy} />
          <ComplaintMailsSection complaint={complaint} />
          <EraseSection complaint={complaint} busy={busy} />
        </div>
      </div>
    </div>
  );
}
