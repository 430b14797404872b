import { Form, data } from "react-router";
import { formatCount, plural } from "~/platform/format";
import { Link } from "~/ui/link";
import type { Route } from "./+types/session";
import { queueBatch } from "~/domain/documents/jobs.server";
import { adminSessionDetail, isRegistrationOfSession } from "~/domain/registrations/admin.server";
import {
  RegistrationList,
  SessionDetailsForm,
  moveWarning,
  type SessionActionReply,
} from "~/domain/registrations/components/admin-sessions";
import { documentsToRegenerate } from "~/domain/documents/regenerate.server";
import { sessionAudience } from "~/domain/registrations/session-move.server";
import { ToRegenerate } from "~/domain/registrations/components/to-regenerate";
import { RegistrationForm, type RegistrationReply } from "~/domain/registrations/components/registration-form";
import { registrationSchema, sessionDetailsSchema } from "~/domain/registrations/model";
import { isStaffRegistrationIntent, staffRegistrationAction } from "~/domain/registrations/staff-action.server";
import { leadOfOrder, valuesFromLead } from "~/domain/registrations/from-lead.server";
import { registrationPage } from "~/domain/registrations/pages.server";
import { addRegistrationByHand, adjustTrainees } from "~/domain/registrations/registrations.server";
import { SessionTrainers } from "~/domain/trainers/components/session-trainers";
import { updateSessionWithTrainers } from "~/domain/trainers/session-move.server";
import { SessionQuestionnairesPanel } from "~/domain/questionnaires/components/session-panel";
import { sessionQuestionnaires } from "~/domain/questionnaires/results.server";
import { SessionAttendanceSummary } from "~/domain/attendance/components/session-summary";
import { attendanceSummary } from "~/domain/attendance/sheet.server";
import { SessionInvoicingPanel } from "~/domain/invoices/components/registration-invoicing";
import { sessionInvoicing } from "~/domain/invoices/pages.server";
import { changeSessionTrainers, sessionTrainerPanel } from "~/domain/trainers/trainers.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { replyWithToast } from "~/platform/http/action-result.server";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";
import { Button } from "~/ui/button";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/sessions")],
  breadcrumb: (d: { detail?: { session: { datesLabel: string } } } | undefined) => d?.detail?.session.datesLabel ?? "Session",
};
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Session ${args.loaderData?.detail.session.formationTitle ?? ""}`,
    description: "Inscriptions de la session.",
    noindex: true,
  });

/** /admin/sessions/{id} (editors): the registrations and trainees, the waiting list, and staff's actions. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const detail = await adminSessionDetail(params.id);
  if (!detail) throw data(null, { status: 404 });
  const page = await registrationPage(detail.session.formationSlug, detail.session.id);
  const devis = new URL(request.url).searchParams.get("devis"); // from a quote request (/admin/devis/{id}): the form is prefilled
  const fromLead = devis ? await valuesFromLead(devis) : undefined;
  const [audience, toRegenerate, trainers, questionnaires, attendance, invoicing] = await Promise.all([
    sessionAudience(params.id),
    documentsToRegenerate(params.id),
    sessionTrainerPanel(params.id),
    sessionQuestionnaires(params.id),
    attendanceSummary(params.id),
    sessionInvoicing(params.id),
  ]);
  return {
    detail,
    terms: page?.terms ?? { cgv: null, reglement: null },
    fromLead,
    audience,
    toRegenerate,
    trainers,
    questionnaires,
    attendance,
    invoicing,
  };
}

const reply = (result: SessionActionReply, status?: number) => replyWithToast(result, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const form = await request.formData();
  const values = formDataToObject(form);
  const intent = String(values.intent ?? "");
  const registrationId = String(values.registrationId ?? "");
  if (registrationId) {
    if (!(await isRegistrationOfSession(registrationId, params.id)))
      return reply({ ok: false, message: "Cette inscription n'est pas sur cette session.", registrationId }, 404);
  }
  if (intent === "formateur-affecter" || intent === "formateur-retirer") {
    const changed = await changeSessionTrainers(params.id, values, user);
    return reply({ ...changed, values }, changed.ok ? undefined : failureStatus(changed.kind));
  }
  if (isStaffRegistrationIntent(intent)) return reply(await staffRegistrationAction(intent, registrationId, form, user));
  if (intent === "convoquer") {
    // One path for convocations: the numbered PDF, the e-mail and its calendar file (app/domain/documents).
    const batch = await queueBatch(params.id, "convocation", { send: true, actor: user });
    if (!batch.ok) return reply({ ok: false, message: batch.error });
    return redirectWithToast(`/admin/sessions/${params.id}/documents`, {
      kind: "success",
      title: `${batch.total} convocation(s) en préparation`,
      description: "Chacune part par e-mail avec son PDF et le fichier agenda.",
    });
  }
  if (intent === "details") {
    const parsed = await parseSubmission(form, sessionDetailsSchema);
    if (!parsed.ok)
      return reply({
        ok: false,
        message: "La session n'a pas été enregistrée : corrigez les champs signalés.",
        errors: parsed.errors,
        values,
      });
    // The trainers' half-days follow the new dates, or the move is refused (docs/decisions/0032).
    const saved = await updateSessionWithTrainers(params.id, parsed.data, user);
    if (saved.ok)
      return reply({
        ok: true,
        message: saved.notified ? `Session déplacée\u00a0: ${formatCount(saved.notified, "e-mail")} aux inscrits.` : "Session enregistrée.",
      });
    if (saved.missing) return reply({ ok: false, message: "Cette session n'existe plus." }, 404);
    if ("conflict" in saved) return reply({ ok: false, message: saved.conflict, errors: { startDate: saved.conflict }, values }, 409);
    return data<SessionActionReply>(
      { ok: false, message: moveWarning(saved.audience), confirmMove: saved.audience, values },
      { status: 409 },
    );
  }
  if (intent === "ajouter-inscription") {
    const adjusted = adjustTrainees(values);
    if (adjusted) return data({ manual: { errors: {}, values: adjusted, token: "" } satisfies RegistrationReply });
    const parsed = await parseSubmission(form, registrationSchema);
    if (!parsed.ok) return data({ manual: { errors: parsed.errors, values, token: "" } satisfies RegistrationReply }, { status: 400 });
    const result = await addRegistrationByHand(params.id, parsed.data, { actor: user, leadId: await leadOfOrder(values.devis) });
    if (!result.ok)
      return data({ manual: { errors: {}, values, formError: result.error, token: "" } satisfies RegistrationReply }, { status: 409 });
    return reply({ ok: true, message: `Inscription ${result.reference} enregistrée et confirmée.` });
  }
  return reply({ ok: false, message: "Requête invalide." });
}

export default function SessionAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, terms, fromLead, audience, toRegenerate, trainers, questionnaires, attendance, invoicing } = loaderData;
  const { session, row } = detail;
  const answer = actionData as (SessionActionReply & { manual?: RegistrationReply }) | undefined;
  const actionReply = answer && "message" in answer ? answer : undefined;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {session.formationTitle}, {session.datesLabel}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {session.place} · {row.taken} / {row.total} {plural(row.total, "place prise", "places prises")}
          {row.offered ? ` (+ ${formatCount(row.offered, "offerte")})` : ""} · {row.waiting} en attente ·{" "}
          <Link to={`/admin/formations/${session.formationId}`} className="text-brand-700 underline dark:text-brand-300">
            Modifier les places dans la formation
          </Link>
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="convoquer" />
            <Button type="submit">Envoyer la convocation à tous les stagiaires</Button>
          </Form>
          <Link
            to={`/admin/sessions/${session.id}/documents`}
            className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700"
          >
            Documents (conventions, émargement, certificats)
          </Link>
          <a
            href={`/admin/sessions/${session.id}/stagiaires.csv`}
            className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700"
          >
            Exporter les stagiaires (CSV)
          </a>
        </div>
      </div>
      <ToRegenerate sessionId={session.id} documents={toRegenerate} />
      <SessionTrainers panel={trainers} reply={actionReply} />
      <SessionAttendanceSummary summary={attendance} />
      <SessionQuestionnairesPanel panel={questionnaires} />
      <SessionInvoicingPanel data={invoicing} />
      <RegistrationList
        title={`Inscriptions (${detail.registrations.length})`}
        id="inscrits"
        items={detail.registrations}
        detail={detail}
        reply={actionReply}
      />
      <RegistrationList
        title={`Liste d'attente (${detail.waiting.length})`}
        id="attente"
        items={detail.waiting}
        detail={detail}
        reply={actionReply}
        ordered
      />
      {detail.cancelled.length ? (
        <RegistrationList
          title={`Annulées (${detail.cancelled.length})`}
          id="annulees"
          items={detail.cancelled}
          detail={detail}
          reply={actionReply}
          readOnly
        />
      ) : null}
      <section aria-labelledby="session-reglages" className="max-w-3xl space-y-3">
        <h2 id="session-reglages" className="text-lg font-semibold">
          Type, dates, horaires et lieu
        </h2>
        <SessionDetailsForm session={session} audience={audience} reply={actionReply} />
      </section>
      <section aria-labelledby="ajout" className="max-w-3xl space-y-3">
        <h2 id="ajout" className="text-lg font-semibold">
          {fromLead ? "Ajouter l'inscription de la demande de devis" : "Ajouter une inscription (par téléphone)"}
        </h2>
        <RegistrationForm
          staff
          formId="ajout-inscription"
          reply={answer?.manual}
          values={answer?.manual?.values ?? fromLead ?? { acheteur: "entreprise" }}
          full={false}
          terms={terms}
          disabilityContactName={session.disabilityContactName}
          price={{ cents: session.priceCents, vatMode: session.vatMode }}
        />
      </section>
    </div>
  );
}
