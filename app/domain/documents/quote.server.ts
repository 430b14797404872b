import { getFormationById, getFormationBySlug } from "~/domain/formations/formations.server";
import { sessionDatesLabel } from "~/domain/formations/labels";
import { getSession, placeOf } from "~/domain/registrations/sessions.server";
import { getDocumentClauses, getOrganisation } from "~/domain/settings/settings.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { formatDate } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";
import { validate, type FailureKind } from "~/platform/validation/errors";
import { formationData, logoOf } from "./data.server";
import { storeNumberedDocument, type GenerateResult } from "./documents.server";
import { KIND_LABELS } from "./model";
import { renderDocumentPdf } from "./pdf/render.server";
import { quoteSchema } from "./quote";

/**
 * The devis (DEVIS-2027-0001) staff draw up from a quote request: the formation (and a session of
 * it, or dates in words), the number of trainees, the price per trainee with its VAT or the
 * exemption, the validity and the conditions. On the document path like every other document
 * (`storeNumberedDocument`: numbering, versions, storage); one subject per request
 * (`devis:<lead>`), so a new devis replaces the previous one until one is signed.
 */

export type QuoteOutcome = GenerateResult | { ok: false; kind: FailureKind; error: string; errors: Record<string, string> };

const refuse = (kind: FailureKind, error: string, field = "_form") => ({ ok: false as const, kind, error, errors: { [field]: error } });

function safeName(s: string): string {
  return (
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "client"
  );
}

export async function generateQuote(
  leadId: string,
  input: unknown,
  { actor, target = db(), now = Date.now() }: { actor: Actor; target?: Db; now?: number },
): Promise<QuoteOutcome> {
  const checked = validate(quoteSchema, input);
  if (!checked.ok) {
    const first = Object.values(checked.errors)[0] ?? "Corrigez les champs signalés.";
    return { ok: false, kind: "invalid", error: first, errors: checked.errors };
  }
  const q = checked.value;
  const lead = await target.selectFrom("leads").selectAll().where("id", "=", leadId).where("kind", "=", "devis").executeTakeFirst();
  if (!lead) return refuse("not-found", "Cette demande de devis n'existe pas.");
  const today = parisCalendarDay(new Date(now));
  if (q.validite < today) return refuse("invalid", "La date de validité est déjà passée.", "validite");
  const session = q.session ? await getSession(q.session, target) : null;
  if (q.session && !session) return refuse("invalid", "Cette session n'existe pas.", "session");
  const formation = session
    ? await getFormationById(session.formationId, target)
    : ((await getFormationBySlug(q.formation, target)) ?? (await getFormationById(q.formation, target)));
  if (!formation) return refuse("invalid", "Cette formation n'existe pas.", "formation");
  const f = formationData(formation);
  const organisation = await getOrganisation(target);
  const source = { organisation, clauses: (await getDocumentClauses(target)).values, logo: await logoOf(organisation) };
  const quote = {
    leadReference: lead.reference,
    client: { name: lead.name, company: lead.company, siret: lead.siret, city: lead.city, email: lead.email },
    formationTitle: f.title,
    objectives: f.objectives,
    duration: f.duration,
    modality: f.modality,
    datesLabel: session ? sessionDatesLabel(session.startDate, session.endDate) : q.dates,
    place: session ? placeOf(session) : "",
    trainees: q.stagiaires,
    priceEuros: q.prix,
    vatMode: q.tva,
    validUntil: formatDate(q.validite),
    conditions: q.conditions,
  };
  return storeNumberedDocument({
    kind: "devis",
    year: Number(today.slice(0, 4)),
    subjectKey: `devis:${lead.id}`,
    // A devis belongs to a request; the session it names, if any, files it with that session's documents.
    sessionId: session?.id ?? "",
    registrationId: null,
    traineeId: null,
    trainerId: null,
    filename: `devis-${safeName(lead.company || lead.name)}`,
    render: (number) =>
      renderDocumentPdf({ template: "Quote", props: { source, quote, issue: { number, issuedOn: formatDate(new Date(now)) } } }),
    actor,
    target,
    now,
  });
}

export interface LeadQuote {
  id: string;
  number: string;
  version: number;
  replaced: boolean;
  signed: boolean;
  sessionId: string;
  createdAt: string;
}

/** The devis of a quote request, newest first (the lead's page). */
export async function leadQuotes(leadId: string, target: Db = db()): Promise<LeadQuote[]> {
  const rows = await target
    .selectFrom("documents")
    .select(["id", "number", "version", "state", "signed_at", "session_id", "created_at"])
    .where("subject_key", "=", `devis:${leadId}`)
    .orderBy("version", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    version: Number(r.version),
    replaced: r.state === "remplace",
    signed: Boolean(r.signed_at),
    sessionId: r.session_id,
    createdAt: r.created_at,
  }));
}

export const QUOTE_LABEL = KIND_LABELS.devis;
