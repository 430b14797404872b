import { recordAudit } from "~/domain/audit/audit.server";
import { sessionDatesLabel } from "~/domain/formations/labels";
import { toCsv } from "~/platform/csv";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { parisCalendarDay } from "~/platform/intl";
import { STATUS_LABELS, fundingText, type RegistrationStatus } from "./labels";
import { convocationMail } from "./mail-content.server";
import type { SessionDetailsInput } from "./model";
import { calendarOf, loadMailRegistration, mailSetup } from "./registrations.server";
import { notifySessionMoved, scheduleMoved, sessionAudience, type SessionAudience } from "./session-move.server";
import { signalMailQueued } from "~/platform/email/queue.server";
import { formatCount, formatDayRange } from "~/platform/format";
import { getSession, listSessions, placeOf, seatUse, type RegistrationSession } from "./sessions.server";

/** Staff's view of sessions and their registrations (/admin/sessions). */

import type { SessionState } from "./labels";

export interface AdminSessionRow {
  id: string;
  formationId: string;
  formationTitle: string;
  datesLabel: string;
  startDate: string;
  place: string;
  taken: number;
  offered: number;
  total: number;
  waiting: number;
  state: SessionState;
}

function stateOf(s: RegistrationSession, today: string): SessionState {
  if (s.startDate <= today) return "passee";
  if (s.kind !== "inter") return "intra";
  return s.seatsLeft > 0 ? "ouverte" : "complete";
}

/** Sessions with seats taken / total and the waiting list: upcoming ones, or past ones with `past`. */
export async function adminSessionRows(
  { past = false, formationId }: { past?: boolean; formationId?: string } = {},
  target: Db = db(),
): Promise<AdminSessionRow[]> {
  const today = parisCalendarDay(new Date());
  const all = await listSessions({ formationId }, target);
  const sessions = all.filter((s) => (past ? s.startDate <= today : s.startDate > today));
  if (past) sessions.reverse();
  const use = await seatUse(
    sessions.map((s) => s.id),
    target,
  );
  return sessions.map((s) => {
    const u = use.get(s.id)!;
    return {
      id: s.id,
      formationId: s.formationId,
      formationTitle: s.formationTitle,
      datesLabel: sessionDatesLabel(s.startDate, s.endDate),
      startDate: s.startDate,
      place: s.address || (s.city ? s.city.name : "À distance"),
      taken: u.taken,
      offered: u.offered,
      total: s.seatsLeft + u.taken + u.offered,
      waiting: u.waiting,
      state: stateOf(s, today),
    };
  });
}

/** The dashboard's next sessions with their fill rate. */
export async function nextSessionsFill(limit = 5, target: Db = db()): Promise<Array<AdminSessionRow & { fillPercent: number }>> {
  const rows = (await adminSessionRows({}, target)).filter((r) => r.state !== "intra").slice(0, limit);
  return rows.map((r) => ({ ...r, fillPercent: r.total > 0 ? Math.round((100 * (r.taken + r.offered)) / r.total) : 0 }));
}

export interface AdminRegistration {
  id: string;
  reference: string;
  status: RegistrationStatus;
  statusLabel: string;
  source: string;
  buyer: string;
  contact: string;
  contactEmail: string;
  contactPhone: string;
  funding: string;
  accessibilityNeeds: string;
  seats: number;
  createdAt: string;
  finalOn: string | null;
  /** The signing day of an individual's contract, when the withdrawal period counts from it (app/domain/signatures). */
  withdrawalFrom: string | null;
  /** « Convention signée » (or contract): when it was signed, online or on paper. */
  agreementSignedAt: string | null;
  offer: { state: string; expiresAt: string } | null;
  trainees: Array<{ name: string; email: string; jobTitle: string }>;
  history: Array<{ status: string; by: string; reason: string; at: string }>;
}

export interface AdminSessionDetail {
  session: RegistrationSession & { place: string; datesLabel: string };
  row: AdminSessionRow;
  registrations: AdminRegistration[];
  waiting: AdminRegistration[];
  cancelled: AdminRegistration[];
  /** Other upcoming sessions a registration can move to. */
  moveTargets: Array<{ value: string; label: string }>;
}

/** True when the registration is one of this session's (a form of /admin/sessions/{id} names one of its own). */
export async function isRegistrationOfSession(registrationId: string, sessionId: string, target: Db = db()): Promise<boolean> {
  const owner = await target.selectFrom("registrations").select("session_id").where("id", "=", registrationId).executeTakeFirst();
  return owner?.session_id === sessionId;
}

export async function adminSessionDetail(id: string, target: Db = db()): Promise<AdminSessionDetail | null> {
  const session = await getSession(id, target);
  if (!session) return null;
  const [rows, registrations] = await Promise.all([
    adminSessionRows({ formationId: session.formationId, past: session.startDate <= parisCalendarDay(new Date()) }, target),
    target.selectFrom("registrations").selectAll().where("session_id", "=", id).orderBy("created_at").orderBy("id").execute(),
  ]);
  const ids = registrations.map((r) => r.id);
  const [trainees, history, offers, others] = await Promise.all([
    ids.length
      ? target.selectFrom("registration_trainees").selectAll().where("registration_id", "in", ids).orderBy("position").execute()
      : [],
    ids.length
      ? target
          .selectFrom("registration_status_history")
          .selectAll()
          .where("registration_id", "in", ids)
          .orderBy("created_at")
          .orderBy("id")
          .execute()
      : [],
    ids.length
      ? target.selectFrom("registration_offers").selectAll().where("registration_id", "in", ids).orderBy("created_at", "desc").execute()
      : [],
    adminSessionRows({}, target),
  ]);
  const list: AdminRegistration[] = registrations.map((r) => {
    const offer = offers.find((o) => o.registration_id === r.id);
    return {
      id: r.id,
      reference: r.reference,
      status: r.status as RegistrationStatus,
      statusLabel: STATUS_LABELS[r.status as RegistrationStatus] ?? r.status,
      source: r.source === "manuel" ? "Saisie par l'équipe" : "En ligne",
      buyer: r.buyer_kind === "entreprise" ? `${r.company_name}${r.siret ? ` (SIRET ${r.siret})` : ""}` : "Particulier (paie lui-même)",
      contact: r.contact_name,
      contactEmail: r.contact_email,
      contactPhone: r.contact_phone,
      funding: fundingText(r.funding, r.opco),
      accessibilityNeeds: r.accessibility_needs,
      seats: Number(r.seats),
      createdAt: r.created_at,
      finalOn: r.final_on,
      withdrawalFrom: r.withdrawal_from,
      agreementSignedAt: r.agreement_signed_at,
      offer: offer ? { state: offer.state, expiresAt: offer.expires_at } : null,
      trainees: trainees
        .filter((t) => t.registration_id === r.id)
        .map((t) => ({ name: `${t.first_name} ${t.last_name}`, email: t.email, jobTitle: t.job_title })),
      history: history
        .filter((h) => h.registration_id === r.id)
        .map((h) => ({
          status: STATUS_LABELS[h.status as RegistrationStatus] ?? h.status,
          by: h.actor_label,
          reason: h.reason,
          at: h.created_at,
        })),
    };
  });
  const waitingOrder = registrations
    .filter((r) => r.status === "en_attente")
    .sort((a, b) => (a.waitlisted_at ?? "").localeCompare(b.waitlisted_at ?? "") || a.id.localeCompare(b.id))
    .map((r) => r.id);
  return {
    session: { ...session, place: placeOf(session), datesLabel: sessionDatesLabel(session.startDate, session.endDate) },
    row: rows.find((r) => r.id === id) ?? {
      id,
      formationId: session.formationId,
      formationTitle: session.formationTitle,
      datesLabel: sessionDatesLabel(session.startDate, session.endDate),
      startDate: session.startDate,
      place: placeOf(session),
      taken: 0,
      offered: 0,
      total: session.seatsLeft,
      waiting: 0,
      state: "passee",
    },
    registrations: list.filter((r) => r.status === "recue" || r.status === "confirmee"),
    waiting: waitingOrder.map((wid) => list.find((r) => r.id === wid)!),
    cancelled: list.filter((r) => r.status === "annulee"),
    moveTargets: others
      .filter((o) => o.id !== id && o.state !== "passee")
      .map((o) => ({
        value: o.id,
        label: `${o.formationTitle} — ${o.datesLabel}, ${o.place} (${formatCount(o.total - o.taken - o.offered, "place libre", "places libres")})`,
      })),
  };
}

export type SessionSaveResult =
  | { ok: true; notified: number }
  | { ok: false; missing: true }
  /** Rows that follow the session's dates cannot (a trainer busy at the new dates): nothing saved, the reason in French. */
  | { ok: false; missing?: false; conflict: string }
  /** The schedule changes and registrants hold seats: nothing saved until staff confirm. */
  | { ok: false; missing?: false; audience: SessionAudience };

/** A session's first and last days, before and after a move. */
export interface SessionDates {
  startDate: string;
  endDate: string;
}

/**
 * Rows of another domain that follow a session's dates (the trainers' half-days,
 * app/domain/trainers/session-move.server.ts), which this domain does not import: asked before
 * anything is written (a refusal saves nothing, before staff are even asked to confirm), then
 * moved in the transaction that moves the session. A write refused by the database there (a race)
 * rolls the whole move back.
 */
export interface SessionDatesFollower {
  refusal(trx: Db, sessionId: string, from: SessionDates, to: SessionDates): Promise<string | null>;
  follow(trx: Db, sessionId: string, from: SessionDates, to: SessionDates): Promise<void>;
}

/**
 * Staff set the kind, dates, daily hours and address of a session (used by the form, the e-mails and
 * the .ics). Moving it (dates, hours or place) while registrations hold seats needs
 * `confirmation`: then each contact and trainee is e-mailed the old and new schedule with the
 * updated calendar file (same UIDs, SEQUENCE + 1), and the documents issued before are « à
 * régénérer » (`schedule_changed_at`). Dates left out stay as they are. `follower`: what moves
 * with the dates (see SessionDatesFollower).
 */
export async function updateSessionDetails(
  id: string,
  input: Omit<SessionDetailsInput, "startDate" | "endDate" | "confirmation"> & Partial<SessionDetailsInput>,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
  follower?: SessionDatesFollower,
): Promise<SessionSaveResult> {
  const setup = await mailSetup(target);
  const result = await target.transaction().execute(async (trx): Promise<SessionSaveResult> => {
    const before = await getSession(id, trx);
    if (!before) return { ok: false, missing: true };
    const after = {
      startDate: input.startDate ?? before.startDate,
      endDate: input.endDate ?? before.endDate,
      dayStart: input.dayStart,
      dayEnd: input.dayEnd,
      address: input.address,
    };
    const moved = scheduleMoved(before, after);
    const datesMoved = before.startDate !== after.startDate || before.endDate !== after.endDate;
    if (datesMoved && follower) {
      const conflict = await follower.refusal(trx, id, before, after);
      if (conflict) return { ok: false, conflict };
    }
    const audience = moved ? await sessionAudience(id, trx) : { registrations: 0, trainees: 0 };
    if (audience.registrations > 0 && !input.confirmation) return { ok: false, audience };
    const iso = new Date(now).toISOString();
    await trx
      .updateTable("formation_sessions")
      .set((eb) => ({
        kind: input.kind,
        start_date: after.startDate,
        end_date: after.endDate,
        day_start: after.dayStart,
        day_end: after.dayEnd,
        address: after.address,
        updated_at: iso,
        ...(moved ? { schedule_sequence: eb("schedule_sequence", "+", 1), schedule_changed_at: iso } : {}),
      }))
      .where("id", "=", id)
      .execute();
    if (datesMoved && follower) await follower.follow(trx, id, before, after);
    const notified = moved ? await notifySessionMoved(trx, before, setup, now) : 0;
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "session",
      entityId: id,
      summary: moved
        ? `Session déplacée (${formatDayRange(before.startDate, before.endDate)} → ${formatDayRange(after.startDate, after.endDate)}), ${formatCount(notified, "e-mail")} aux inscrits.`
        : "Session modifiée (type, horaires, adresse).",
    });
    return { ok: true, notified };
  });
  if (result.ok && result.notified > 0) signalMailQueued();
  return result;
}

/**
 * The convocation e-mail of one trainee (text and the session's calendar file), for the documents
 * domain, which attaches the numbered PDF convocation and sends it through the mail queue: one
 * path for convocations (app/domain/documents). Null when the trainee is no longer registered.
 */
export async function convocationMailFor(
  registrationId: string,
  traineeEmail: string,
  target: Db = db(),
): Promise<{ subject: string; text: string; calendar: ReturnType<typeof calendarOf> } | null> {
  const [setup, r] = await Promise.all([mailSetup(target), loadMailRegistration(target, registrationId)]);
  const trainee = r?.trainees.find((t) => t.email === traineeEmail);
  if (!r || !trainee) return null;
  return { ...convocationMail(trainee, r, setup.organisation, setup.siteUrl), calendar: calendarOf(r, setup) };
}

/** The session's trainees as CSV for Excel in French (UTF-8 with BOM, « ; », formulas neutralised). */
export async function exportTraineesCsv(sessionId: string, target: Db = db()): Promise<string | null> {
  const detail = await adminSessionDetail(sessionId, target);
  if (!detail) return null;
  const rows: Array<Array<string | number>> = [
    [
      "Référence",
      "Statut",
      "Prénom et nom",
      "E-mail",
      "Fonction",
      "Entreprise ou acheteur",
      "Contact",
      "E-mail du contact",
      "Téléphone",
      "Financement",
      "Besoins d'adaptation",
    ],
  ];
  for (const r of detail.registrations) {
    for (const t of r.trainees) {
      rows.push([
        r.reference,
        r.statusLabel,
        t.name,
        t.email,
        t.jobTitle,
        r.buyer,
        r.contact,
        r.contactEmail,
        r.contactPhone,
        r.funding,
        r.accessibilityNeeds,
      ]);
    }
  }
  return toCsv(rows);
}
