import { data } from "react-router";
import type { Route } from "./+types/session-documents";
import { markAttendance } from "~/domain/documents/attendance.server";
import { DocumentsScreen, type DocumentsReply } from "~/domain/documents/components/documents-screen";
import { generateDocument, sendSessionDocument } from "~/domain/documents/documents.server";
import { isActiveBatch, queueBatch } from "~/domain/documents/jobs.server";
import { attendanceSchema, batchSchema, generateSchema } from "~/domain/documents/model";
import { attendanceWithQuiz } from "~/composition/attendance-results.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";
import { liveClientLoader } from "~/platform/live/live-loader";
import { pageMeta } from "~/platform/seo/meta";
import { replyWithToast } from "~/platform/http/action-result.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/sessions")],
  breadcrumb: () => "Documents",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Documents — ${args.loaderData?.page.session.title ?? "session"}`,
    description: "Documents de la session.",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** /admin/sessions/{id}/documents (editors): presence and results, conventions, contracts, convocations, attendance sheet, certificates. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  // The assessment quiz's scores propose each trainee's result (staff confirm it by saving).
  const page = await attendanceWithQuiz(params.id);
  if (!page) throw data(null, { status: 404 });
  return { page, polling: page.batches.some((b) => isActiveBatch(b.state)) };
}

/** The progress of a batch is re-read every second while it runs (docs/spec.md#requetes). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => liveClientLoader("routes/admin/session-documents", serverLoader);

const reply = (result: DocumentsReply, status?: number) => replyWithToast(result, { status, title: "C'est fait" });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const actor = { id: user.id, email: user.email, role: user.role };
  const form = await request.formData();
  const values = formDataToObject(form);
  const intent = String(values.intent ?? "");
  if (intent === "presence") {
    const parsed = await parseSubmission(form, attendanceSchema);
    if (!parsed.ok)
      return reply({ ok: false, message: Object.values(parsed.errors)[0] ?? "Saisie invalide.", target: String(values.stagiaire ?? "") });
    const result = await markAttendance(params.id, parsed.data, actor);
    if (!result.ok) return reply({ ok: false, message: result.error, target: parsed.data.stagiaire }, failureStatus(result.kind));
    return reply({ ok: true, message: "Présence et résultat enregistrés.", target: parsed.data.stagiaire });
  }
  if (intent === "generer") {
    const parsed = await parseSubmission(form, generateSchema);
    if (!parsed.ok) return reply({ ok: false, message: Object.values(parsed.errors)[0] ?? "Requête invalide." });
    const { type, inscription, stagiaire, formateur } = parsed.data;
    const result = await generateDocument(
      {
        kind: type,
        sessionId: params.id,
        registrationId: inscription || undefined,
        traineeId: stagiaire || undefined,
        trainerId: formateur || undefined,
      },
      { actor },
    );
    const target = stagiaire || inscription || formateur;
    if (!result.ok) return reply({ ok: false, message: result.error, target }, failureStatus(result.kind));
    return reply({ ok: true, message: `Document ${result.number} généré.`, target });
  }
  if (intent === "envoyer") {
    const result = await sendSessionDocument(params.id, String(values.document ?? ""), actor);
    if (!result.ok) return reply({ ok: false, message: result.error }, failureStatus(result.kind));
    return reply({ ok: true, message: `Document envoyé à ${result.to}.` });
  }
  if (intent === "lot") {
    const parsed = await parseSubmission(form, batchSchema);
    if (!parsed.ok) return reply({ ok: false, message: Object.values(parsed.errors)[0] ?? "Requête invalide." });
    const result = await queueBatch(params.id, parsed.data.type, { send: parsed.data.envoyer, actor });
    return reply(
      result.ok
        ? { ok: true, message: `Lot de ${result.total} document(s) lancé : suivez sa progression ci-dessous.` }
        : { ok: false, message: result.error },
      result.ok ? 200 : 409,
    );
  }
  return reply({ ok: false, message: "Requête invalide." });
}

export default function SessionDocuments({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentsScreen page={loaderData.page} polling={loaderData.polling} reply={actionData as DocumentsReply | undefined} />;
}
