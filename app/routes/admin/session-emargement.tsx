import { data, Form } from "react-router";
import type { Route } from "./+types/session-emargement";
import { remindMissing, updateAttendanceSettings, type AttendanceOutcome } from "~/domain/attendance/attendance.server";
import { StaffScreen, type StaffReply } from "~/domain/attendance/components/staff-screen";
import { uploadAttachment } from "~/domain/attendance/files.server";
import { attendanceSettingsSchema } from "~/domain/attendance/model";
import { countersignerAction } from "~/domain/attendance/page.server";
import { staffSheet } from "~/domain/attendance/sheet.server";
import { generateDocument } from "~/domain/documents/documents.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { liveClientLoader } from "~/platform/live/live-loader";
import { useLiveData } from "~/platform/live/use-live-data";
import { pageMeta } from "~/platform/seo/meta";
import { formatCount } from "~/platform/format";
import { validate } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import { Button } from "~/ui/button";
import { Link } from "~/ui/link";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/sessions")],
  breadcrumb: () => "Émargement",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Émargement — ${args.loaderData?.sheet.formationTitle ?? "session"}`,
    description: "Émargement de la session.",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** /admin/sessions/{id}/emargement (editors): the room code, signatures, statuses, countersignature, files, reminders. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const sheet = await staffSheet(params.id, new URL(request.url).searchParams.get("d") ?? "");
  if (!sheet) throw data(null, { status: 404 });
  return { sheet };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => liveClientLoader("routes/admin/session-emargement", serverLoader);

const reply = (result: StaffReply, status?: number) => replyWithToast(result, { status });

function answer(outcome: AttendanceOutcome, message: string) {
  return outcome.ok ? reply({ ok: true, message }) : reply({ ok: false, message: outcome.error }, failureStatus(outcome.kind));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const staff = { kind: "equipe" as const, actor: user };
  const form = await request.formData();
  const values = formDataToObject(form);
  const intent = String(values.intent ?? "");
  const invalid = (errors: Record<string, string>) => reply({ ok: false, message: Object.values(errors)[0] ?? "Requête invalide." }, 400);
  const shared = await countersignerAction(params.id, values, staff, request);
  if (shared) return reply(shared.reply, shared.status);
  if (intent === "rappel") {
    const sent = await remindMissing(params.id, String(values.d ?? ""), user);
    return sent.ok ? reply({ ok: true, message: `Rappel envoyé à ${formatCount(sent.sent, "stagiaire")}.` }) : answer(sent, "");
  }
  if (intent === "fichier") {
    const kind = values.type === "connexion" ? "connexion" : "papier";
    const file = form.get("fichier");
    const done = await uploadAttachment(params.id, String(values.d ?? ""), kind, file instanceof File ? file : null, user);
    return answer(done, kind === "papier" ? "Feuille papier jointe." : "Rapport de connexion joint.");
  }
  if (intent === "reglages") {
    const parsed = validate(attendanceSettingsSchema, values);
    if (!parsed.ok) return invalid(parsed.errors);
    await updateAttendanceSettings(parsed.value, user);
    return reply({ ok: true, message: "Délai de signature enregistré." });
  }
  if (intent === "feuille") {
    // The attendance sheet with the signatures and the proof appendix; the previous version is kept « remplacé ».
    const made = await generateDocument({ kind: "emargement", sessionId: params.id }, { actor: user });
    if (!made.ok) return reply({ ok: false, message: made.error }, failureStatus(made.kind));
    return reply({ ok: true, message: `Feuille d'émargement ${made.number} générée.`, documentId: made.id });
  }
  return reply({ ok: false, message: "Requête invalide." }, 400);
}

export default function SessionAttendance({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  useLiveData({ poll: sheet.room !== null, everyMs: 5_000 });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Émargement — {sheet.formationTitle}</h1>
        <p className="mt-1 flex flex-wrap gap-4 text-slate-700 dark:text-slate-300">
          <Link to={`/admin/sessions/${sheet.sessionId}`} className="text-brand-700 underline dark:text-brand-300">
            Retour à la session
          </Link>
          <Link to={`/admin/sessions/${sheet.sessionId}/documents`} className="text-brand-700 underline dark:text-brand-300">
            Documents de la session
          </Link>
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="feuille" />
          <Button type="submit" variant="secondary">
            Générer la feuille d'émargement signée (PDF)
          </Button>
        </Form>
      </div>
      <StaffScreen sheet={sheet} reply={actionData as StaffReply | undefined} />
    </div>
  );
}
