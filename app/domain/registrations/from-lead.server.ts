import { sessionDatesLabel } from "~/domain/formations/labels";
import { db, type Db } from "~/platform/db/db.server";
import { parisCalendarDay } from "~/platform/intl";
import { listSessions, placeOf } from "./sessions.server";

/**
 * A quote request that staff turn into an order: the lead's page offers the upcoming sessions of
 * the formations it asks for, and each leads to the session's « add a registration by hand » form
 * prefilled from the request (`?devis=<id>`); the registration made keeps the request's id
 * (`registrations.lead_id`), so that every document has one source, a registration.
 */

export interface OrderSession {
  id: string;
  label: string;
}

/** Upcoming sessions of the formations a quote request names (all upcoming sessions when it names none of them). */
export async function orderSessions(formationSlugs: string[], target: Db = db(), now = new Date()): Promise<OrderSession[]> {
  const upcoming = await listSessions({ from: parisCalendarDay(now) }, target);
  const matching = upcoming.filter((s) => formationSlugs.includes(s.formationSlug));
  return (matching.length ? matching : upcoming).slice(0, 12).map((s) => ({
    id: s.id,
    label: `${s.formationTitle}, ${sessionDatesLabel(s.startDate, s.endDate)} (${placeOf(s)})`,
  }));
}

/** The registration form's values taken from a quote request, or undefined when it is not one. */
export async function valuesFromLead(leadId: string, target: Db = db()): Promise<Record<string, unknown> | undefined> {
  const lead = await target.selectFrom("leads").selectAll().where("id", "=", leadId).where("kind", "=", "devis").executeTakeFirst();
  if (!lead) return undefined;
  const [first = "", ...rest] = lead.name.trim().split(/\s+/);
  return {
    devis: lead.id,
    acheteur: lead.company ? "entreprise" : "particulier",
    entreprise: lead.company,
    siret: lead.siret,
    ville: lead.city,
    contactNom: lead.name,
    contactEmail: lead.email,
    contactTelephone: lead.phone,
    stagiaires: [{ prenom: first, nom: rest.join(" "), email: lead.email, fonction: "" }],
  };
}

/** The quote request a registration is made from, when the id names one. */
export async function leadOfOrder(leadId: unknown, target: Db = db()): Promise<string | null> {
  if (typeof leadId !== "string" || !leadId) return null;
  const lead = await target.selectFrom("leads").select("id").where("id", "=", leadId).where("kind", "=", "devis").executeTakeFirst();
  return lead?.id ?? null;
}
