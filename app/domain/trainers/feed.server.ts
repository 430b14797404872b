import { createHash, randomBytes } from "node:crypto";
import { createEvents, type EventAttributes } from "ics";
import { recordAudit } from "~/domain/audit/audit.server";
import { halfDayLabel, parisTimeToInstant } from "~/domain/registrations/calendar";
import { placeOf } from "~/domain/registrations/sessions.server";
import { config } from "~/platform/config.server";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import type { Actor } from "~/platform/db/actor";
import type { Trainer } from "./model";
import { TRAINER_REALM } from "./space-links";
import { halfDayTimes } from "./model";
import { changing, type TrainerContext, type TrainerOutcome } from "./trainers.server";

/**
 * A trainer's calendar subscription: a secret address (`/formateurs/agenda/{secret}/agenda.ics`)
 * that staff create on the trainer's page and give to the trainer, or that the trainer creates in
 * their space (`/espace/formateur`), and subscribes to in their calendar. Only the SHA-256 of the
 * secret is stored; creating a new link or revoking it makes the old address answer 404.
 */

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");

export const feedPath = (secret: string) => `/formateurs/agenda/${secret}/agenda.ics`;

/**
 * Writes the trainer's link (a new secret, or none) with its journal entry; answers the full address
 * of a new link, shown once. `by`: who acts, staff or the trainer from their space.
 */
async function writeFeedLink(trainer: Trainer, actor: Actor, target: Db, create: boolean, by: string): Promise<string> {
  const secret = create ? randomBytes(24).toString("base64url") : null;
  await atomically(target, async (trx) => {
    await trx
      .updateTable("trainers")
      .set({ feed_token_hash: secret ? hash(secret) : null, updated_at: nowIso() })
      .where("id", "=", trainer.id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "trainer",
      entityId: trainer.id,
      summary: secret
        ? `Lien d'agenda de ${trainer.name} créé${by} (l'ancien ne répond plus).`
        : `Lien d'agenda de ${trainer.name} révoqué${by}.`,
    });
  });
  return secret ? `${config().siteUrl}${feedPath(secret)}` : "";
}

/** Staff create (or replace) the trainer's link; answers its full address, shown once. */
export function createFeedLink(trainerId: string, ctx: TrainerContext): Promise<TrainerOutcome<string>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }) => ({
    ok: true,
    value: await writeFeedLink(trainer, actor, target, true, ""),
  }));
}

export function revokeFeedLink(trainerId: string, ctx: TrainerContext): Promise<TrainerOutcome<void>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }) => {
    await writeFeedLink(trainer, actor, target, false, "");
    return { ok: true, value: undefined };
  });
}

/** The trainer acting from their own space, as the journal names them. */
const trainerActor = (trainer: Trainer): Actor => ({ id: null, email: trainer.email, role: TRAINER_REALM });

/**
 * The trainer, signed in to their space, replaces their link (`create`) or revokes it: the same
 * change staff make, written in the journal in the trainer's name. The caller has checked that
 * `trainer` is the active trainer of the space's session.
 */
export function changeOwnFeedLink(trainer: Trainer, create: boolean, target: Db = db()): Promise<string> {
  return writeFeedLink(trainer, trainerActor(trainer), target, create, " par le formateur depuis son espace");
}

/** Whether the trainer has a subscription link (its address is never shown again). */
export async function hasFeedLink(trainerId: string, target: Db = db()): Promise<boolean> {
  const row = await target.selectFrom("trainers").select("feed_token_hash").where("id", "=", trainerId).executeTakeFirst();
  return Boolean(row?.feed_token_hash);
}

/**
 * The half-days a trainer teaches, in order, each with its session, formation title and city: all
 * of them, or those of one session (`sessionId`). The calendar and the trainer's space read them.
 */
export async function taughtSlots(trainerId: string, sessionId: string | null, target: Db = db()) {
  let q = target
    .selectFrom("trainer_slots as t")
    .innerJoin("formation_sessions as s", "s.id", "t.session_id")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .leftJoin("cities as c", "c.id", "s.city_id")
    .selectAll("s")
    .select(["t.slot", "s.id as session_id", "f.title", "c.slug as city_slug", "c.name as city_name"])
    .where("t.trainer_id", "=", trainerId);
  if (sessionId) q = q.where("t.session_id", "=", sessionId);
  return q.orderBy("t.slot").execute();
}

/** Where a taught half-day's session takes place (its address, its city, or the remote sentence). */
export const slotPlace = (r: { address: string; city_slug: string | null; city_name: string | null }) =>
  placeOf({ address: r.address, city: r.city_slug && r.city_name ? { slug: r.city_slug, name: r.city_name } : null });

/**
 * The calendar of the trainer whose link this is, or null (unknown or revoked link): one event per
 * day taught, the session's hours (half of them when they teach one half-day only).
 */
export async function trainerFeed(secret: string, target: Db = db()): Promise<string | null> {
  const trainer = await target.selectFrom("trainers").select(["id", "name"]).where("feed_token_hash", "=", hash(secret)).executeTakeFirst();
  if (!trainer) return null;
  const rows = await taughtSlots(trainer.id, null, target);
  const host = new URL(config().siteUrl).host;
  const days = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.session_id}|${r.slot.slice(0, 10)}`;
    days.set(key, [...(days.get(key) ?? []), r]);
  }
  const events: EventAttributes[] = [...days.entries()].map(([key, parts]) => {
    const r = parts[0]!;
    const day = r.slot.slice(0, 10);
    const [start, end] = parts.length > 1 ? [r.day_start, r.day_end] : halfDayTimes(r.slot.slice(11), r.day_start, r.day_end);
    return {
      uid: `${key.replace("|", "-")}-formateur-${trainer.id}@${host}`,
      sequence: Number(r.schedule_sequence ?? 0),
      productId: "-//Formateurs//Agenda//FR",
      title: parts.length > 1 ? r.title : `${r.title} (${halfDayLabel(r.slot).split(", ")[1]})`,
      start: parisTimeToInstant(day, start).getTime(),
      startInputType: "utc",
      startOutputType: "utc",
      end: parisTimeToInstant(day, end).getTime(),
      endInputType: "utc",
      endOutputType: "utc",
      location: slotPlace(r),
      status: "CONFIRMED",
      busyStatus: "BUSY",
    };
  });
  if (!events.length) return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Formateurs//Agenda//FR\r\nEND:VCALENDAR\r\n";
  const { error, value } = createEvents(events, { calName: `Sessions de ${trainer.name}` });
  if (error || !value) throw error ?? new Error("Calendrier vide");
  return value;
}
