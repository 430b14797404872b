import { data } from "react-router";
import type { Route } from "./+types/formateur";
import { generateTrainerDocument, listDocuments } from "~/domain/documents/documents.server";
import { TrainerForm } from "~/domain/trainers/components/trainer-form";
import { AdminTrainerSpace } from "~/domain/space/components/admin-space";
import { sendTrainerSpaceLink } from "~/domain/space/trainer-space.server";
import { FeedLink } from "~/domain/trainers/components/feed-link";
import { TrainerMissions, TrainerPieces } from "~/domain/trainers/components/trainer-pieces";
import { TrainerActions, TrainerFigures, Unavailability, statusLabel, type TrainerReply } from "~/domain/trainers/components/trainer-page";
import { createFeedLink, hasFeedLink, revokeFeedLink } from "~/domain/trainers/feed.server";
import { addTrainerFile, listTrainerFiles, removeTrainerFile } from "~/domain/trainers/files.server";
import { trainerFileSchema, trainerToFormValues } from "~/domain/trainers/model";
import {
  addUnavailability,
  deleteTrainer,
  getTrainer,
  hoursPerYear,
  removeUnavailability,
  setTrainerArchived,
  taughtSessions,
  unavailableDays,
  updateTrainer,
  type TrainerOutcome,
} from "~/domain/trainers/trainers.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/formateurs")],
  breadcrumb: (d: { trainer?: { name: string } } | undefined) => d?.trainer?.name ?? "Formateur",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `Formateur ${args.loaderData?.trainer.name ?? ""}`, description: "Fiche du formateur.", noindex: true });

/**
 * /admin/formateurs/{id} (editors and admins): the record, archive or delete, unavailabilities, hours
 * taught, CV and diplomas, lettres de mission or contrats de sous-traitance.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const trainer = await getTrainer(params.id);
  if (!trainer) throw data(null, { status: 404 });
  const [lines, sessions, days, feed, files, documents] = await Promise.all([
    hoursPerYear(params.id),
    taughtSessions(params.id),
    unavailableDays(params.id),
    hasFeedLink(params.id),
    listTrainerFiles(params.id),
    listDocuments({ trainerId: params.id }),
  ]);
  return { trainer, lines, sessions, days, feed, files, documents };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const values = formDataToObject(form);
  const ctx = { actor };
  const answer = <T,>(outcome: TrainerOutcome<T>, message: string) =>
    outcome.ok
      ? replyWithToast<TrainerReply>({ ok: true, message })
      : replyWithToast<TrainerReply>(
          {
            ok: false,
            message: outcome.errors._form ?? Object.values(outcome.errors)[0] ?? "Corrigez les champs signalés.",
            errors: outcome.errors,
            values,
          },
          { status: failureStatus(outcome.kind) },
        );
  switch (values.intent) {
    case "update":
      return answer(await updateTrainer(params.id, values, ctx), "Formateur enregistré.");
    case "archiver":
      return answer(await setTrainerArchived(params.id, true, ctx), "Formateur archivé.");
    case "reactiver":
      return answer(await setTrainerArchived(params.id, false, ctx), "Formateur réactivé.");
    case "indisponible":
      return answer(await addUnavailability(params.id, values, ctx), "Indisponibilité enregistrée.");
    case "disponible":
      return answer(await removeUnavailability(params.id, String(values.day ?? ""), ctx), "Indisponibilité retirée.");
    case "agenda-lien": {
      const link = await createFeedLink(params.id, ctx);
      return link.ok ? replyWithToast<TrainerReply>({ ok: true, message: "Lien d'agenda créé.", feedUrl: link.value }) : answer(link, "");
    }
    case "espace-lien": {
      const sent = await sendTrainerSpaceLink(params.id, actor);
      return sent.ok
        ? replyWithToast<TrainerReply>({ ok: true, message: sent.message })
        : replyWithToast<TrainerReply>({ ok: false, message: sent.error }, { status: failureStatus(sent.kind) });
    }
    case "agenda-revoquer":
      return answer(await revokeFeedLink(params.id, ctx), "Lien d'agenda révoqué\u00a0: l'ancienne adresse ne répond plus.");
    case "piece": {
      // A CV or a diploma (multipart, 10 Mo at most: server/body-limits.ts): the shared schema, then the content.
      const parsed = await parseSubmission(form, trainerFileSchema, { files: true });
      if (!parsed.ok)
        return replyWithToast<TrainerReply>(
          { ok: false, message: Object.values(parsed.errors)[0] ?? "Corrigez les champs signalés.", errors: parsed.errors, values },
          { status: 400 },
        );
      const file = form.get("file") as File;
      const body = Buffer.from(await file.arrayBuffer());
      return answer(await addTrainerFile(params.id, { kind: parsed.data.kind, filename: file.name, body }, ctx), "Pièce enregistrée.");
    }
    case "piece-supprimer":
      return answer(await removeTrainerFile(params.id, String(values.pieceId ?? ""), ctx), "Pièce supprimée.");
    case "document-formateur": {
      const made = await generateTrainerDocument(String(values.sessionId ?? ""), params.id, { actor });
      if (made.ok) return replyWithToast<TrainerReply>({ ok: true, message: `Document ${made.number} généré.` });
      return replyWithToast<TrainerReply>({ ok: false, message: made.error }, { status: failureStatus(made.kind) });
    }
    case "supprimer": {
      const deleted = await deleteTrainer(params.id, ctx);
      if (deleted.ok)
        return redirectWithToast("/admin/formateurs", { kind: "success", title: "C'est fait", description: "Formateur supprimé." });
      return answer(deleted, "");
    }
    default:
      return replyWithToast<TrainerReply>({ ok: false, message: "Action inconnue." });
  }
}

export default function AdminTrainer({ loaderData, actionData }: Route.ComponentProps) {
  const { trainer, lines, sessions, days, feed, files, documents } = loaderData;
  const reply = actionData as TrainerReply | undefined;
  const formReply = reply && !reply.ok && reply.values?.intent === "update" ? reply : undefined;
  const pieceReply = reply && !reply.ok && reply.values?.intent === "piece" ? reply : undefined;
  return (
    <div className="space-y-10">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{trainer.name}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {statusLabel(trainer.status)}
          {trainer.archived ? " · archivé" : ""}
        </p>
        {reply && !reply.ok && !formReply && !pieceReply ? (
          <p role="alert" className="font-medium text-red-700 dark:text-red-300">
            {reply.message}
          </p>
        ) : null}
        <TrainerActions trainer={trainer} />
      </div>
      <TrainerFigures lines={lines} sessions={sessions} />
      <TrainerMissions status={trainer.status} sessions={sessions} documents={documents} />
      <TrainerPieces trainerId={trainer.id} files={files} reply={pieceReply} />
      <Unavailability trainer={trainer} days={days} reply={reply} />
      <FeedLink active={feed} url={reply?.feedUrl} />
      <AdminTrainerSpace email={trainer.email} archived={trainer.archived} />
      <section aria-labelledby="fiche" className="max-w-4xl space-y-3">
        <h2 id="fiche" className="text-lg font-semibold">
          Fiche
        </h2>
        <TrainerForm
          form="formateur-form"
          intent="update"
          values={trainerToFormValues(trainer)}
          reply={formReply}
          submitLabel="Enregistrer"
        />
      </section>
    </div>
  );
}
