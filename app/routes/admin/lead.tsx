import { data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lead";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { leadKindFromPath, leadsBasePath } from "~/domain/leads/admin";
import {
  LeadDeleteSection,
  LeadDetailsSection,
  LeadHeader,
  LeadMailsSection,
  LeadNotesSection,
  type LeadActionResult,
} from "~/domain/leads/components/lead-detail";
import { addLeadNote, deleteLead, getLead, resendLeadMail, setLeadStatus } from "~/domain/leads/leads.server";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, noteSchema } from "~/domain/leads/model";
import { LeadOrderSection } from "~/domain/registrations/components/lead-order";
import { orderSessions } from "~/domain/registrations/from-lead.server";
import { QuoteSection, type QuoteReply } from "~/domain/documents/components/quote-section";
import { generateQuote, leadQuotes } from "~/domain/documents/quote.server";
import { signatureStates } from "~/domain/signatures/signatures.server";
import { failureStatus } from "~/platform/http/failure-status";
import { formDataToObject } from "~/platform/validation/form-data";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { replyWithToast } from "~/platform/http/action-result.server";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";

export const handle = {
  parents: (pathname: string) => [adminCrumb(leadsBasePath(leadKindFromPath(pathname)))],
  breadcrumb: (data: { lead?: { reference: string } } | undefined) => data?.lead?.reference ?? "Demande",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const kind = leadKindFromPath(new URL(request.url).pathname);
  const lead = await getLead(kind, params.id);
  if (!lead) throw data(null, { status: 404 });
  // A quote request becomes an order: a registration on one of these sessions, prefilled from it.
  const sessions = kind === "devis" ? await orderSessions(lead.formations.map((f) => f.slug)) : [];
  // The devis drawn up from it, and their signatures (README « Signature en ligne »).
  const [quotes, signatures] = kind === "devis" ? await Promise.all([leadQuotes(lead.id), signatureStates({ leadId: lead.id })]) : [[], []];
  const defaultValidity = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    kind,
    lead,
    sessions,
    quotes,
    signatures: signatures.map((s) => ({
      id: s.id,
      number: s.number,
      stateLabel: s.stateLabel,
      signed: s.state === "signe" || s.state === "hors_plateforme",
    })),
    defaultValidity,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(LEAD_STATUSES) }),
  z.object({ intent: z.literal("note"), body: z.string() }),
  z.object({ intent: z.literal("resend"), mailId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("devis") }),
]);

const reply = (result: LeadActionResult, status?: number) => replyWithToast(result, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const kind = leadKindFromPath(new URL(request.url).pathname);
  const parsed = await parseSubmission(request, actionSchema);
  if (!parsed.ok) return reply({ ok: false, message: "Requête invalide." });
  const { data: input, form } = parsed;
  const notFound = () => reply({ ok: false, message: "Cette demande n'existe plus." }, 404);

  if (input.intent === "devis") {
    if (kind !== "devis") return notFound();
    const values = formDataToObject(form);
    const made = await generateQuote(params.id, values, { actor: user });
    return made.ok
      ? replyWithToast<QuoteReply>({ ok: true, intent: "devis", message: `Devis ${made.number} établi.` })
      : replyWithToast<QuoteReply>(
          { ok: false, intent: "devis", message: made.error, errors: "errors" in made ? made.errors : undefined, values },
          { status: failureStatus(made.kind) },
        );
  }

  if (input.intent === "status") {
    if (!(await setLeadStatus(kind, params.id, input.status, user))) return notFound();
    return reply({ ok: true, message: `Statut enregistré\u00a0: ${LEAD_STATUS_LABELS[input.status]}.` });
  }
  if (input.intent === "note") {
    const note = await parseSubmission(form, noteSchema);
    if (!note.ok)
      return reply({ ok: false, message: note.errors.body ?? "Requête invalide.", errors: note.errors, values: { body: input.body } });
    if (!(await addLeadNote(kind, params.id, note.data.body, user))) return notFound();
    return reply({ ok: true, message: "Note ajoutée." });
  }
  if (input.intent === "resend") {
    if (!(await resendLeadMail(kind, params.id, input.mailId, user))) {
      return reply({ ok: false, message: "Cet e-mail est déjà envoyé ou en cours d'envoi." }, 409);
    }
    return reply({ ok: true, message: "Nouvel envoi programmé\u00a0: l'e-mail part dans quelques instants." });
  }
  const reference = await deleteLead(kind, params.id, user);
  if (!reference) return notFound();
  // The list says which request went (flash data), once; the toast confirms it.
  throw await redirectWithToast(
    leadsBasePath(kind),
    {
      kind: "success",
      title: kind === "devis" ? "Demande supprimée" : "Message supprimé",
      description: `${reference}\u00a0: ses données personnelles sont effacées.`,
    },
    { data: { deleted: reference } },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData
      ? `${args.loaderData.kind === "devis" ? "Demande de devis" : "Message"} ${args.loaderData.lead.reference}`
      : "Demande",
    description: "Détail d'une demande reçue par le site.",
    noindex: true,
  });

export default function LeadDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, lead, sessions, quotes, signatures, defaultValidity } = loaderData;
  // The toast comes with the answer (flash cookie).
  const result = actionData as LeadActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  return (
    <div className="space-y-6">
      <LeadHeader kind={kind} lead={lead} busy={busy} />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <LeadDetailsSection kind={kind} lead={lead} />
          <LeadMailsSection lead={lead} busy={busy} />
          {kind === "devis" ? (
            <QuoteSection
              leadId={lead.id}
              formations={lead.formations}
              sessions={sessions}
              trainees={lead.trainees}
              quotes={quotes}
              signatures={signatures}
              defaultValidity={defaultValidity}
              reply={actionData as QuoteReply | undefined}
              busy={busy}
            />
          ) : null}
          {kind === "devis" ? <LeadOrderSection leadId={lead.id} sessions={sessions} /> : null}
        </div>
        <div className="space-y-6">
          <LeadNotesSection lead={lead} busy={busy} reply={result} />
          <LeadDeleteSection kind={kind} lead={lead} busy={busy} />
        </div>
      </div>
    </div>
  );
}
