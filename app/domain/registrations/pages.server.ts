import { formatDateFr } from "~/domain/content/format";
import { sessionDatesLabel } from "~/domain/formations/labels";
import { parisCalendarDay } from "~/platform/intl";
import { db, type Db } from "~/platform/db/db.server";
import { isDatabaseUnavailable } from "~/platform/db/errors";
import { formatDateTime } from "~/platform/format";
import { getOrganisation, getRegistrationSettings } from "~/domain/settings/settings.server";
import { deadlineDay, sessionDays, timeLabel } from "./calendar";
import { STATUS_LABELS, type RegistrationStatus } from "./labels";
import { registrationPath } from "~/domain/formations/session-links";
import type { MailRegistration } from "./mail-content.server";
import { getOffer, loadMailRegistration } from "./registrations.server";
import { currentTerms, type LegalVersion } from "~/domain/revisions/legal-documents.server";
import { getSession, placeOf, registrationClosedReason, verifySignedToken } from "./sessions.server";
import { pageShowsSeats } from "~/platform/cache/page-tags.server";

export interface SessionSummary {
  id: string;
  formationTitle: string;
  formationSlug: string;
  datesLabel: string;
  days: number;
  hours: string;
  place: string;
  seatsLeft: number;
}

export interface RegistrationPageData {
  session: SessionSummary;
  /** Why the session takes no registration online (the quote path instead), or null. */
  closedReason: string | null;
  terms: { cgv: TermsView | null; reglement: TermsView | null };
  disabilityContactName: string;
  quoteHref: string;
  path: string;
  /** The formation's price per person (cents, null: on quote) and VAT mode: the form's quote. */
  price: { cents: number | null; vatMode: string };
}

export interface TermsView {
  id: string;
  dateLabel: string;
  isDemo: boolean;
}

const termsView = (v: LegalVersion | null): TermsView | null =>
  v ? { id: v.id, dateLabel: formatDateFr(v.createdAt.slice(0, 10)), isDemo: v.isDemo } : null;

/** The registration pages this process rendered last (a few hundred at most), by slug and session. */
const lastPages = new Map<string, RegistrationPageData>();
const LAST_PAGES_MAX = 300;

/**
 * The registration page of a session: null when the session or its formation is not public. When
 * the database does not answer, the page this process rendered last for that session: the form
 * stays usable (its answer goes to the local spool, docs/decisions/0010-lead-spool.md).
 */
export async function registrationPage(slug: string, sessionId: string, target: Db = db()): Promise<RegistrationPageData | null> {
  const key = `${slug}/${sessionId}`;
  pageShowsSeats(sessionId);
  try {
    const page = await readRegistrationPage(slug, sessionId, target);
    lastPages.delete(key);
    if (page) {
      lastPages.set(key, page);
      if (lastPages.size > LAST_PAGES_MAX) lastPages.delete(lastPages.keys().next().value!);
    }
    return page;
  } catch (error) {
    const last = lastPages.get(key);
    if (!last || !isDatabaseUnavailable(error)) throw error;
    return last;
  }
}

async function readRegistrationPage(slug: string, sessionId: string, target: Db): Promise<RegistrationPageData | null> {
  const session = await getSession(sessionId, target);
  if (!session || session.formationSlug !== slug || !session.formationPublished) return null;
  const terms = await currentTerms(target);
  const days = sessionDays(session.startDate, session.endDate).length;
  return {
    session: {
      id: session.id,
      formationTitle: session.formationTitle,
      formationSlug: session.formationSlug,
      datesLabel: sessionDatesLabel(session.startDate, session.endDate),
      days,
      hours: `de ${timeLabel(session.dayStart)} à ${timeLabel(session.dayEnd)}`,
      place: placeOf(session),
      seatsLeft: session.seatsLeft,
    },
    closedReason: registrationClosedReason(session, parisCalendarDay(new Date())),
    terms: { cgv: termsView(terms.cgv), reglement: termsView(terms.reglement) },
    disabilityContactName: session.disabilityContactName,
    quoteHref: `/devis?formation=${encodeURIComponent(session.formationSlug)}`,
    path: registrationPath(session.formationSlug, session.id),
    price: { cents: session.priceCents, vatMode: session.vatMode },
  };
}

export interface RegistrantView {
  id: string;
  reference: string;
  status: RegistrationStatus;
  statusLabel: string;
  session: SessionSummary;
  contactName: string;
  trainees: Array<{ prenom: string; nom: string; email: string; fonction: string }>;
  /** Last day to cancel or change online, « 12 mars 2099 ». */
  deadlineLabel: string;
  canChange: boolean;
  /** An individual's withdrawal period: the day the registration becomes final, « 8 décembre 2026 ». */
  finalOnLabel: string | null;
  /** The session's last day (AAAA-MM-JJ): the link stops answering the day after. */
  lastDay: string;
}

function summaryOf(r: MailRegistration): SessionSummary {
  const s = r.session;
  return {
    id: s.id,
    formationTitle: s.formationTitle,
    formationSlug: s.formationSlug,
    datesLabel: sessionDatesLabel(s.startDate, s.endDate),
    days: sessionDays(s.startDate, s.endDate).length,
    hours: `de ${timeLabel(s.dayStart)} à ${timeLabel(s.dayEnd)}`,
    place: placeOf(s),
    seatsLeft: s.seatsLeft,
  };
}

/** The registrant's page (signed link of the e-mails): null when the link is wrong. */
export async function registrantView(token: string, target: Db = db(), now = new Date()): Promise<RegistrantView | null> {
  const id = verifySignedToken("gerer", token);
  return id ? registrantViewById(id, target, now) : null;
}

/** The registrant's view of one registration (the contact's page, and their space's): null when there is none. */
export async function registrantViewById(id: string, target: Db = db(), now = new Date()): Promise<RegistrantView | null> {
  const r = await loadMailRegistration(target, id);
  if (!r) return null;
  const settings = await getRegistrationSettings(target);
  const deadline = deadlineDay(r.session.startDate, settings.cancellationDeadlineDays);
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    statusLabel: STATUS_LABELS[r.status],
    session: summaryOf(r),
    contactName: r.contactName,
    trainees: r.trainees.map((t) => ({ prenom: t.firstName, nom: t.lastName, email: t.email, fonction: t.jobTitle })),
    deadlineLabel: formatDateFr(deadline),
    canChange: r.status !== "annulee" && parisCalendarDay(now) <= deadline,
    finalOnLabel: r.finalOn ? formatDateFr(r.finalOn) : null,
    lastDay: r.session.endDate,
  };
}

/** Whom a registrant whose link has expired may contact: the organisation's name, e-mail and phone. */
export interface RegistrantContact {
  name: string;
  email: string;
  phone: string;
}

/**
 * What the registrant's signed link opens: null when the link is wrong; « expired » once the
 * registration is cancelled or the session is over (from the day after its last day, Paris time),
 * so that a link kept in a mailbox does not open a registration for ever; else the registrant's page.
 */
export type RegistrantLink =
  { kind: "open"; view: RegistrantView } | { kind: "expired"; reason: "annulee" | "terminee"; contact: RegistrantContact };

export async function registrantLink(token: string, target: Db = db(), now = new Date()): Promise<RegistrantLink | null> {
  const view = await registrantView(token, target, now);
  if (!view) return null;
  const reason = view.status === "annulee" ? "annulee" : parisCalendarDay(now) > view.lastDay ? "terminee" : null;
  if (!reason) return { kind: "open", view };
  const { name, email, phone } = await getOrganisation(target);
  return { kind: "expired", reason, contact: { name, email, phone } };
}

export interface OfferPageData {
  state: "open" | "accepted" | "expired" | "withdrawn";
  offerId: string;
  expiresLabel: string;
  reference: string;
  seats: number;
  session: SessionSummary;
}

/** The page of a seat offered from the waiting list: null when the link is wrong. */
export async function offerPage(token: string, target: Db = db()): Promise<OfferPageData | null> {
  const id = verifySignedToken("offre", token);
  if (!id) return null;
  const offer = await getOffer(id, target);
  if (offer.kind === "invalid") return null;
  return {
    state: offer.kind,
    offerId: offer.offerId,
    expiresLabel: formatDateTime(offer.expiresAt),
    reference: offer.registration.reference,
    seats: offer.registration.trainees.length,
    session: summaryOf(offer.registration),
  };
}
