import { listDocuments, documentFile } from "~/domain/documents/documents.server";
import type { DocumentKind } from "~/domain/documents/model";
import { halfDayLabel, sessionHalfDays } from "~/domain/registrations/calendar";
import { scheduleText, type ScheduleText } from "~/domain/registrations/mail-content.server";
import { getSession, REMOTE_PLACE } from "~/domain/registrations/sessions.server";
import { hasFeedLink, slotPlace, taughtSlots } from "~/domain/trainers/feed.server";
import { halfDayTimes } from "~/domain/trainers/model";
import type { Trainer } from "~/domain/trainers/model";
import { TRAINER_REALM, trainerDocumentPath, trainerSessionPath } from "~/domain/trainers/space-links";
import { activeTrainerByEmail, getTrainer, sessionTrainers } from "~/domain/trainers/trainers.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { formatDayRange, formatTimeRange, frenchSpacing } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";
import { personAt, sendLinkByStaff, signInFirst, type SpacePerson, type StaffLinkResult } from "./sign-in.server";
import type { SpaceDocument } from "./space.server";

/**
 * The trainer's space (README « Espace formateur », docs/decisions/0031-trainer-space.md): an
 * active trainer signs in by link (door `formateur`) and sees the sessions they teach, with their
 * half-days, the trainees' first and last names and company (never an e-mail nor a phone: they are
 * not even read), the accessibility needs recorded on the registrations until the session ends, the
 * session's attendance sheet and convocations, and their calendar subscription. Everything is read
 * from the signed-in trainer's own slots: another trainer's session or document answers null (404).
 */

/** The registrations whose trainees attend (as on the attendance sheet): received or confirmed, not waitlisted. */
const ATTENDING = ["recue", "confirmee"] as const;

/** The documents of a session the trainer downloads: the attendance sheet they sign, the trainees' convocations. */
const TRAINER_KINDS: readonly DocumentKind[] = ["emargement", "convocation"];

export interface TrainerPerson extends SpacePerson {
  trainer: Trainer;
}

/** The active trainer of the request's session of the trainer space, or null (none, or archived since). */
export async function trainerPerson(request: Request, target: Db = db(), now = Date.now()): Promise<TrainerPerson | null> {
  const person = await personAt(TRAINER_REALM, request, target, now);
  if (!person) return null;
  const trainer = await activeTrainerByEmail(person.email, target);
  return trainer ? { ...person, trainer } : null;
}

/** The active trainer of the request's session; without one, a redirect to the trainer space's sign-in page. */
export async function requireTrainerPerson(request: Request, target: Db = db(), now = Date.now()): Promise<TrainerPerson> {
  const person = await trainerPerson(request, target, now);
  if (!person) throw signInFirst(TRAINER_REALM, request);
  return person;
}

export interface TrainerSessionItem {
  sessionId: string;
  formationTitle: string;
  dates: string;
  place: string;
  /** « Toute la session » or « 3 demi-journées sur 4 ». */
  share: string;
  href: string;
}

export interface TrainerSpaceHome {
  name: string;
  upcoming: TrainerSessionItem[];
  past: TrainerSessionItem[];
  /** Whether the trainer has a calendar subscription address (it is shown once, when created). */
  feedActive: boolean;
}

const share = (taught: number, total: number) =>
  taught >= total ? "Toute la session" : `${taught}\u00a0demi-journée${taught > 1 ? "s" : ""} sur ${total}`;

/** The trainer space's home: the sessions they teach, upcoming (soonest first) and past (latest first). */
export async function trainerSpaceHome(trainer: Trainer, target: Db = db(), now = new Date()): Promise<TrainerSpaceHome> {
  const today = parisCalendarDay(now);
  const slots = await taughtSlots(trainer.id, null, target);
  const sessions = new Map<string, { row: (typeof slots)[number]; taught: number }>();
  for (const r of slots) sessions.set(r.session_id, { row: r, taught: (sessions.get(r.session_id)?.taught ?? 0) + 1 });
  const items = [...sessions.values()]
    .sort((a, b) => a.row.start_date.localeCompare(b.row.start_date))
    .map(({ row, taught }) => ({
      end: row.end_date,
      item: {
        sessionId: row.session_id,
        formationTitle: row.title,
        dates: formatDayRange(row.start_date, row.end_date),
        place: trainerPlace(slotPlace(row)),
        share: share(taught, sessionHalfDays(row.start_date, row.end_date).length),
        href: trainerSessionPath(row.session_id),
      },
    }));
  return {
    name: trainer.name,
    upcoming: items.filter((i) => i.end >= today).map((i) => i.item),
    past: items
      .filter((i) => i.end < today)
      .map((i) => i.item)
      .reverse(),
    feedActive: await hasFeedLink(trainer.id, target),
  };
}

/** A remote session, as a trainer reads it (the trainees' sentence speaks of their convocation). */
function trainerPlace(place: string): string {
  return place === REMOTE_PLACE ? "À distance (classe virtuelle)\u00a0: l'organisme vous transmet le lien de la classe" : place;
}

export interface TrainerSessionPage {
  sessionId: string;
  formationTitle: string;
  past: boolean;
  schedule: ScheduleText;
  /** The half-days this trainer teaches, with their hours. */
  halfDays: Array<{ label: string; hours: string }>;
  complete: boolean;
  /** The session's other trainers (names only). */
  coTrainers: string[];
  /** First name, last name, company: nothing else of a trainee. */
  trainees: Array<{ firstName: string; lastName: string; company: string }>;
  /** The accessibility needs recorded on the registrations, with whom they concern; none once the session is over. */
  needs: Array<{ who: string; needs: string }>;
  disabilityContact: { name: string; email: string } | null;
  documents: SpaceDocument[];
  /** The trainer's own documents for this session (the mission letter joins here): a list apart from the session's. */
  missionDocuments: SpaceDocument[];
}

/** The attending registrations of a session, with their trainees' names only (no e-mail, no phone, not even read). */
async function attendingTrainees(sessionId: string, target: Db) {
  return target
    .selectFrom("registration_trainees as t")
    .innerJoin("registrations as r", "r.id", "t.registration_id")
    .select(["t.id", "t.first_name", "t.last_name", "r.id as registration_id", "r.buyer_kind", "r.company_name", "r.accessibility_needs"])
    .where("r.session_id", "=", sessionId)
    .where("r.status", "in", [...ATTENDING])
    .orderBy("r.created_at")
    .orderBy("t.position")
    .execute();
}

/** The session's documents a trainer downloads: its attendance sheet, the convocations of its attending trainees. */
async function sessionDocuments(sessionId: string, target: Db): Promise<SpaceDocument[]> {
  const trainees = new Map((await attendingTrainees(sessionId, target)).map((t) => [t.id, `${t.first_name} ${t.last_name}`]));
  return (await listDocuments({ sessionId }, target))
    .filter(
      (d) => !d.replaced && TRAINER_KINDS.includes(d.kind) && (d.kind !== "convocation" || (d.traineeId && trainees.has(d.traineeId))),
    )
    .map((d) => ({
      id: d.id,
      label: `${d.kindLabel} n°\u00a0${d.number}${d.traineeId ? ` — ${trainees.get(d.traineeId)}` : ""}`,
      href: trainerDocumentPath(d.id),
    }));
}

/**
 * The trainer's own documents for a session, apart from the session's: their lettre de mission or
 * contrat de sous-traitance, the version in force only.
 */
async function missionDocuments(trainer: Trainer, sessionId: string, target: Db): Promise<SpaceDocument[]> {
  return (await listDocuments({ sessionId, trainerId: trainer.id }, target))
    .filter((d) => !d.replaced)
    .map((d) => ({ id: d.id, label: `${d.kindLabel} n°\u00a0${d.number}`, href: trainerDocumentPath(d.id) }));
}

/** A trainer's page of a session they teach: null when they teach none of its half-days. */
export async function trainerSessionPage(
  trainer: Trainer,
  sessionId: string,
  target: Db = db(),
  now = new Date(),
): Promise<TrainerSessionPage | null> {
  const slots = await taughtSlots(trainer.id, sessionId, target);
  const session = slots.length ? await getSession(sessionId, target) : null;
  if (!session) return null;
  const past = session.endDate < parisCalendarDay(now);
  const [trainees, others, documents, mission] = await Promise.all([
    attendingTrainees(sessionId, target),
    sessionTrainers(sessionId, target),
    sessionDocuments(sessionId, target),
    missionDocuments(trainer, sessionId, target),
  ]);
  const company = (t: (typeof trainees)[number]) => (t.buyer_kind === "entreprise" ? t.company_name : "");
  const needs = new Map<string, { who: string[]; needs: string; company: string }>();
  for (const t of trainees) {
    if (past || !t.accessibility_needs.trim()) continue;
    const entry = needs.get(t.registration_id) ?? { who: [], needs: frenchSpacing(t.accessibility_needs.trim()), company: company(t) };
    entry.who.push(`${t.first_name} ${t.last_name}`);
    needs.set(t.registration_id, entry);
  }
  const schedule = scheduleText(session);
  return {
    sessionId,
    formationTitle: session.formationTitle,
    past,
    schedule: { ...schedule, place: trainerPlace(schedule.place) },
    halfDays: slots.map((s) => {
      const [start, end] = halfDayTimes(s.slot.slice(11), session.dayStart, session.dayEnd);
      return { label: halfDayLabel(s.slot), hours: formatTimeRange(start, end) };
    }),
    complete: slots.length >= sessionHalfDays(session.startDate, session.endDate).length,
    coTrainers: others.filter((o) => o.trainer.id !== trainer.id).map((o) => o.trainer.name),
    trainees: trainees.map((t) => ({ firstName: t.first_name, lastName: t.last_name, company: company(t) })),
    needs: [...needs.values()].map((n) => ({ who: `${n.who.join(", ")}${n.company ? ` (${n.company})` : ""}`, needs: n.needs })),
    disabilityContact: session.disabilityContactEmail
      ? { name: session.disabilityContactName || "Référent handicap", email: session.disabilityContactEmail }
      : null,
    documents,
    missionDocuments: mission,
  };
}

/** A document's file for the trainer: one of the documents of a session they teach (as their page lists them), else null. */
export async function trainerDocumentFile(trainer: Trainer, documentId: string, target: Db = db()) {
  const doc = await target.selectFrom("documents").select(["id", "session_id"]).where("id", "=", documentId).executeTakeFirst();
  if (!doc || (await taughtSlots(trainer.id, doc.session_id, target)).length === 0) return null;
  const listed = [...(await sessionDocuments(doc.session_id, target)), ...(await missionDocuments(trainer, doc.session_id, target))];
  if (!listed.some((d) => d.id === doc.id)) return null;
  const file = await documentFile(doc.id, target);
  return file && !file.replaced ? file : null;
}

/** Staff send a trainer the link of their space (from the trainer's admin page). */
export async function sendTrainerSpaceLink(trainerId: string, actor: Actor, target: Db = db(), now = Date.now()): Promise<StaffLinkResult> {
  const trainer = await getTrainer(trainerId, target);
  if (!trainer) return { ok: false, kind: "not-found", error: "Ce formateur n'existe pas ou a été supprimé." };
  if (trainer.archived) return { ok: false, kind: "conflict", error: `${trainer.name} est archivé\u00a0: son espace formateur est fermé.` };
  return sendLinkByStaff(target, {
    door: TRAINER_REALM,
    email: trainer.email,
    next: "",
    now,
    audit: {
      actor,
      action: "send",
      entity: "trainer",
      entityId: trainer.id,
      summary: `Lien de l'espace formateur envoyé à ${trainer.name}.`,
    },
  });
}
