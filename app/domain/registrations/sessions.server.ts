import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { authSecret } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { lockForUpdate } from "~/platform/db/dialect";
import { parisCalendarDay } from "~/platform/intl";

/**
 * Sessions as registrations see them, and their seats. `formation_sessions.seats_left` is the one
 * counter of free seats (docs/decisions/0011-registrations-seats.md): seats are taken by one
 * conditional UPDATE that refuses when fewer remain, and given back by one relative UPDATE. Both are
 * atomic on SQLite (one writer) and on PostgreSQL (the row is locked by the UPDATE, and the
 * condition is checked again on the row's latest version), whatever the number of instances.
 */

export interface RegistrationSession {
  id: string;
  formationId: string;
  formationSlug: string;
  formationTitle: string;
  formationPublished: boolean;
  durationHours: number;
  startDate: string;
  endDate: string;
  dayStart: string;
  dayEnd: string;
  kind: string;
  seatsLeft: number;
  city: { slug: string; name: string } | null;
  address: string;
  disabilityContactName: string;
  disabilityContactEmail: string;
  /** SEQUENCE of the session's calendar events: one more at each move (dates, hours, place). */
  scheduleSequence: number;
  /** The last move with registrants (ISO instant), null if never moved. */
  scheduleChangedAt: string | null;
  /** The formation's price per person in cents (null: on quote), as entered in its VAT mode. */
  priceCents: number | null;
  vatMode: string;
}

export const REMOTE_PLACE = "À distance (classe virtuelle)\u00a0: le lien de connexion vous sera envoyé avec la convocation";

/** Where the session takes place: its address, else its city, else the remote sentence. */
export function placeOf(s: Pick<RegistrationSession, "address" | "city">): string {
  if (s.address.trim()) return s.address.trim();
  return s.city ? s.city.name : REMOTE_PLACE;
}

function sessionQuery(target: Db) {
  return target
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .leftJoin("cities as c", "c.id", "s.city_id")
    .selectAll("s")
    .select([
      "f.slug as formation_slug",
      "f.title as formation_title",
      "f.status as formation_status",
      "f.duration_hours",
      "f.price_inter_cents",
      "f.vat_mode",
      "f.disability_contact_name",
      "f.disability_contact_email",
      "c.slug as city_slug",
      "c.name as city_name",
    ]);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["executeTakeFirstOrThrow"]>>;

function toSession(r: SessionRow): RegistrationSession {
  return {
    id: r.id,
    formationId: r.formation_id,
    formationSlug: r.formation_slug,
    formationTitle: r.formation_title,
    formationPublished: r.formation_status === "published",
    durationHours: Number(r.duration_hours),
    startDate: r.start_date,
    endDate: r.end_date,
    dayStart: r.day_start,
    dayEnd: r.day_end,
    kind: r.kind,
    seatsLeft: Number(r.seats_left),
    city: r.city_slug && r.city_name ? { slug: r.city_slug, name: r.city_name } : null,
    address: r.address,
    disabilityContactName: r.disability_contact_name,
    disabilityContactEmail: r.disability_contact_email,
    scheduleSequence: Number(r.schedule_sequence ?? 0),
    scheduleChangedAt: r.schedule_changed_at ?? null,
    priceCents: r.price_inter_cents === null ? null : Number(r.price_inter_cents),
    vatMode: r.vat_mode,
  };
}

export async function getSession(sessionId: string, target: Db = db()): Promise<RegistrationSession | null> {
  const row = await sessionQuery(target).where("s.id", "=", sessionId).executeTakeFirst();
  return row ? toSession(row) : null;
}

/** Sessions in date order (admin list, moves): upcoming ones by default. */
export async function listSessions({ from, formationId }: { from?: string; formationId?: string } = {}, target: Db = db()) {
  let q = sessionQuery(target);
  if (from) q = q.where("s.start_date", ">=", from);
  if (formationId) q = q.where("s.formation_id", "=", formationId);
  const rows = await q.orderBy("s.start_date").orderBy("f.title").orderBy("s.id").execute();
  return rows.map(toSession);
}

/**
 * Why a session takes no registration online (null: it does). Intra-company sessions, and sessions
 * already started, keep the quote path.
 */
export function registrationClosedReason(s: RegistrationSession, today = parisCalendarDay(new Date())): string | null {
  if (!s.formationPublished) return "Cette formation n'est pas publiée.";
  if (s.kind !== "inter") return "Cette session est organisée pour une seule entreprise (intra-entreprise)\u00a0: demandez-nous un devis.";
  if (s.startDate <= today)
    return "Cette session a commencé ou est passée\u00a0: les inscriptions en ligne sont closes. Demandez-nous un devis pour une prochaine date.";
  return null;
}

/**
 * Takes `n` free seats of a session, or nothing: one conditional UPDATE. Who may take them (the
 * waiting list first, in order) is decided by the caller under the session's lock (`serveWaitingList`).
 */
export async function takeSeats(trx: Db, sessionId: string, n: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable("formation_sessions")
    .set((eb) => ({ seats_left: eb("seats_left", "-", n), updated_at: now }))
    .where("id", "=", sessionId)
    .where("seats_left", ">=", n)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) === 1;
}

/** Gives `n` seats back to a session (a cancellation, an expired offer, fewer trainees). */
export async function releaseSeats(trx: Db, sessionId: string, n: number, now: string): Promise<void> {
  if (n <= 0) return;
  await trx
    .updateTable("formation_sessions")
    .set((eb) => ({ seats_left: eb("seats_left", "+", n), updated_at: now }))
    .where("id", "=", sessionId)
    .execute();
}

/** Locks a session's row until the transaction ends (PostgreSQL; SQLite transactions already hold the lock). */
export async function lockSession(trx: Db, sessionId: string): Promise<number | null> {
  const row = await lockForUpdate(
    trx.selectFrom("formation_sessions").select("seats_left").where("id", "=", sessionId),
    trx,
  ).executeTakeFirst();
  return row ? Number(row.seats_left) : null;
}

/**
 * Locks a registration for a change of its seats or status: its session's row first, then its own
 * row (PostgreSQL `FOR UPDATE`; SQLite transactions hold the only write lock). Every seat movement
 * of a session takes the session's row first, so they run one after the other and none reads a
 * stale number of seats. Null: no such registration.
 */
export async function lockRegistration(
  trx: Db,
  id: string,
): Promise<{ id: string; status: string; session_id: string; seats: number } | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const seen = await trx.selectFrom("registrations").select("session_id").where("id", "=", id).executeTakeFirst();
    if (!seen) return null;
    await lockSession(trx, seen.session_id);
    const row = await lockForUpdate(
      trx.selectFrom("registrations").select(["id", "status", "session_id", "seats"]).where("id", "=", id),
      trx,
    ).executeTakeFirst();
    if (!row) return null;
    // Moved to another session meanwhile: lock that one instead.
    if (row.session_id === seen.session_id) return { ...row, seats: Number(row.seats) };
  }
  throw new Error(`Inscription ${id} déplacée sans cesse : verrou impossible`);
}

/**
 * All the seats of a session: free, held by registrations, held by open offers. One statement, so one
 * snapshot: read in separate queries, a registration committed in between moved seats from one count
 * to another unseen, and a session with free seats looked full.
 */
export async function sessionCapacity(sessionId: string, target: Db = db()): Promise<number> {
  const row = await target
    .selectFrom("formation_sessions as s")
    .select((eb) => [
      "s.seats_left",
      eb
        .selectFrom("registrations as r")
        .select(sql<number | string>`coalesce(sum(r.seats), 0)`.as("n"))
        .whereRef("r.session_id", "=", "s.id")
        .where("r.status", "in", ["recue", "confirmee"])
        .as("taken"),
      eb
        .selectFrom("registration_offers as o")
        .select(sql<number | string>`coalesce(sum(o.seats), 0)`.as("n"))
        .whereRef("o.session_id", "=", "s.id")
        .where("o.state", "=", "open")
        .as("offered"),
    ])
    .where("s.id", "=", sessionId)
    .executeTakeFirst();
  return row ? Number(row.seats_left) + Number(row.taken ?? 0) + Number(row.offered ?? 0) : 0;
}

/** Seats of a session by use: held by registrations, held by open offers, people waiting. */
export async function seatUse(
  sessionIds: string[],
  target: Db = db(),
): Promise<Map<string, { taken: number; offered: number; waiting: number }>> {
  const out = new Map<string, { taken: number; offered: number; waiting: number }>();
  if (sessionIds.length === 0) return out;
  for (const id of sessionIds) out.set(id, { taken: 0, offered: 0, waiting: 0 });
  const regs = await target
    .selectFrom("registrations")
    .select(["session_id", "status", sql<number | string>`sum(seats)`.as("seats"), sql<number | string>`count(*)`.as("n")])
    .where("session_id", "in", sessionIds)
    .where("status", "in", ["recue", "confirmee", "en_attente"])
    .groupBy(["session_id", "status"])
    .execute();
  for (const r of regs) {
    const use = out.get(r.session_id)!;
    if (r.status === "en_attente") use.waiting += Number(r.n);
    else use.taken += Number(r.seats);
  }
  const offers = await target
    .selectFrom("registration_offers")
    .select(["session_id", sql<number | string>`sum(seats)`.as("seats")])
    .where("session_id", "in", sessionIds)
    .where("state", "=", "open")
    .groupBy("session_id")
    .execute();
  for (const o of offers) out.get(o.session_id)!.offered += Number(o.seats);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Signed links (manage a registration, accept an offer): the id and an HMAC, nothing stored.

function signature(purpose: string, id: string): string {
  return createHmac("sha256", authSecret()).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);
}

export function signedToken(purpose: "gerer" | "offre", id: string): string {
  return `${id}.${signature(purpose, id)}`;
}

/** The id in a signed token, or null when the signature does not match. */
export function verifySignedToken(purpose: "gerer" | "offre", token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 120) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(purpose, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export const newId = () => randomUUID();
