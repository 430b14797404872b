import { recordAudit } from "~/domain/audit/audit.server";
import { isPngDataUrl } from "~/platform/validation/drawn-signature";
import { halfDayLabel, sessionHalfDays } from "~/domain/registrations/calendar";
import { getSession, type RegistrationSession } from "~/domain/registrations/sessions.server";
import { SPACE_REALM } from "~/domain/registrations/space-links";
import { getOrganisation, readSettingOr, staffAddress, writeSetting } from "~/domain/settings/settings.server";
import { emitEvent } from "~/domain/webhooks/webhooks.server";
import { isEditor } from "~/platform/auth/roles";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { enqueueVisitorMail, PERSON_CAPS, signalMailQueued, type VisitorMailRule } from "~/platform/email/queue.server";
import { formatCount, formatDateTime } from "~/platform/format";
import { readLinkSession, subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import type { FailureKind } from "~/platform/validation/errors";
import { appendRecord, lockHalfDay, readChain, type AttendanceRecord } from "./chain.server";
import { checkRoomCode, matchesEmailCode, newEmailCode, signingPath, traineeOfToken, traineeToken } from "./codes.server";
import {
  attendanceSettingsSchema,
  DEFAULT_ATTENDANCE_SETTINGS,
  EMAIL_CODE_ATTEMPTS,
  EMAIL_CODE_MINUTES,
  halfDayFromSlug,
  signingWindow,
  STATUS_LABELS,
  type AttendanceSettings,
  type CloseInput,
  type MarkInput,
  type SignInput,
} from "./model";

/**
 * Attendance signed online (docs/decisions/0033-attendance-signed-online.md): trainees sign each
 * half-day (room code or e-mail code as the proof, a drawn or typed signature), a trainer or staff
 * set statuses and countersign (the half-day is then closed), staff correct a closed half-day with a
 * reason. Every change is a record of the half-day's hash chain (./chain.server.ts).
 */

export type AttendanceOutcome<T = object> = ({ ok: true } & T) | { ok: false; kind: FailureKind; error: string };
const refuse = (kind: FailureKind, error: string) => ({ ok: false as const, kind, error });

/**
 * Who acts besides a trainee: a trainer of the session (their space, wired by the trainers' space)
 * or staff (editor or admin).
 */
export type Countersigner = { kind: "formateur"; trainerId: string } | { kind: "equipe"; actor: Actor };

/** The request's details the proof keeps: the client's address and browser. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const ACTIVE = ["recue", "confirmee"] as const;

/* ----- Settings ----- */

const SETTINGS_KEY = "attendance";

export async function getAttendanceSettings(target: Db = db()): Promise<AttendanceSettings> {
  return readSettingOr(SETTINGS_KEY, attendanceSettingsSchema, DEFAULT_ATTENDANCE_SETTINGS, target);
}

export async function updateAttendanceSettings(values: AttendanceSettings, actor: Actor, target: Db = db()): Promise<void> {
  await writeSetting(SETTINGS_KEY, attendanceSettingsSchema, values, target, { actor, summary: "Réglages de l'émargement enregistrés." });
}

/* ----- The session, its trainees, its half-days ----- */

export interface SessionTrainee {
  id: string;
  name: string;
  email: string;
}

export async function sessionTrainees(sessionId: string, target: Db = db()): Promise<SessionTrainee[]> {
  const rows = await target
    .selectFrom("registration_trainees as t")
    .innerJoin("registrations as r", "r.id", "t.registration_id")
    .select(["t.id", "t.first_name", "t.last_name", "t.email"])
    .where("r.session_id", "=", sessionId)
    .where("r.status", "in", [...ACTIVE])
    .orderBy("t.last_name")
    .orderBy("t.first_name")
    .orderBy("t.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, email: r.email }));
}

/** A session is at a distance when it has neither a city nor an address (virtual classroom). */
export const isRemote = (s: Pick<RegistrationSession, "city" | "address">) => !s.city && !s.address.trim();

export interface SigningContext {
  session: RegistrationSession;
  halfDays: string[];
  settings: AttendanceSettings;
}

export async function signingContext(sessionId: string, target: Db = db()): Promise<SigningContext | null> {
  const session = await getSession(sessionId, target);
  if (!session) return null;
  return { session, halfDays: sessionHalfDays(session.startDate, session.endDate), settings: await getAttendanceSettings(target) };
}

export function windowOf(ctx: SigningContext, halfDay: string) {
  return signingWindow(halfDay, ctx.session, ctx.settings.toleranceMinutes);
}

/** The half-day whose signing window is open at `now` (the first one if two overlap), or null. */
export function openHalfDay(ctx: SigningContext, now = Date.now()): string | null {
  return (
    ctx.halfDays.find((h) => {
      const w = windowOf(ctx, h);
      return now >= w.opens && now <= w.closes;
    }) ?? null
  );
}

/** Why a half-day cannot be signed at `now`, in French, or null when it can. */
export function windowRefusal(ctx: SigningContext, halfDay: string, now = Date.now()): string | null {
  const w = windowOf(ctx, halfDay);
  const label = halfDayLabel(halfDay);
  if (now < w.opens)
    return `La signature de la demi-journée du ${label} n'est pas encore ouverte\u00a0: elle ouvre le ${formatDateTime(new Date(w.opens))} (heure de Paris).`;
  if (now > w.closes)
    return `La signature de la demi-journée du ${label} est fermée depuis le ${formatDateTime(new Date(w.closes))} (heure de Paris)\u00a0: adressez-vous à votre formateur ou à l'organisme.`;
  return null;
}

/* ----- Who signs ----- */

/**
 * The trainee the signing page is about: named by their personal link (`t`), by the space they are
 * signed in to, by the room's list (only with a valid room code), or by their e-mail address (the
 * e-mail code then proves it). Null when none of them names a trainee of the session.
 */
export async function resolveTrainee(
  sessionId: string,
  { token = "", request, traineeId = "", email = "" }: { token?: string; request?: Request; traineeId?: string; email?: string },
  target: Db = db(),
): Promise<SessionTrainee | null> {
  const trainees = await sessionTrainees(sessionId, target);
  if (token) {
    const id = traineeOfToken(token);
    const found = trainees.find((t) => t.id === id);
    if (found) return found;
  }
  if (request) {
    const space = await readLinkSession(request, SPACE_REALM, target);
    const found = space && trainees.find((t) => subjectOf(t.email) === space.subject);
    if (found) return found;
  }
  if (traineeId) {
    const found = trainees.find((t) => t.id === traineeId);
    if (found) return found;
  }
  if (email) return trainees.find((t) => subjectOf(t.email) === subjectOf(email)) ?? null;
  return null;
}

/* ----- The e-mail code ----- */

const CODE_MAIL: VisitorMailRule = { purposes: ["emargement-code"], caps: PERSON_CAPS };

/**
 * Sends a one-time code to the trainee's address for one half-day (10 minutes, a few attempts). The
 * answer is the same whether the address is a trainee's or not; nothing is sent outside the window.
 */
export async function requestEmailCode(
  sessionId: string,
  halfDay: string,
  trainee: SessionTrainee | null,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome> {
  const ctx = await signingContext(sessionId, target);
  if (!ctx || !ctx.halfDays.includes(halfDay)) return refuse("not-found", "Cette demi-journée n'existe pas.");
  const closed = windowRefusal(ctx, halfDay, now);
  if (closed) return refuse("conflict", closed);
  if (!trainee) return { ok: true };
  const { code, hash } = newEmailCode();
  const org = await getOrganisation(target);
  const queued = await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("attendance_email_codes")
      .values({
        id: crypto.randomUUID(),
        session_id: sessionId,
        half_day: halfDay,
        trainee_id: trainee.id,
        code_hash: hash,
        expires_at: new Date(now + EMAIL_CODE_MINUTES * 60_000).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    return enqueueVisitorMail(
      trx,
      {
        purpose: "emargement-code",
        to: trainee.email,
        replyTo: await staffAddress(trx),
        subject: `Votre code d'émargement\u00a0: ${code}`,
        text: [
          "Bonjour,",
          "",
          `Voici votre code pour signer la demi-journée du ${halfDayLabel(halfDay)} (${ctx.session.formationTitle})\u00a0:`,
          "",
          code,
          "",
          `Il est valable ${EMAIL_CODE_MINUTES}\u00a0minutes et ne sert qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail.`,
          "",
          "Bien cordialement,",
          org.name,
        ].join("\n"),
      },
      CODE_MAIL,
      now,
      "emargement-code-caps",
    );
  });
  if (queued) signalMailQueued();
  return { ok: true };
}

/** Uses a one-time code of the trainee for the half-day: true once, for a valid unexpired code. */
async function redeemEmailCode(trx: Db, trainee: SessionTrainee, sessionId: string, halfDay: string, code: string, now: number) {
  const iso = new Date(now).toISOString();
  const rows = await trx
    .selectFrom("attendance_email_codes")
    .selectAll()
    .where("trainee_id", "=", trainee.id)
    .where("session_id", "=", sessionId)
    .where("half_day", "=", halfDay)
    .where("used_at", "is", null)
    .where("expires_at", ">", iso)
    .where("attempts", "<", EMAIL_CODE_ATTEMPTS)
    .orderBy("created_at", "desc")
    .execute();
  const match = rows.find((r) => matchesEmailCode(code, r.code_hash));
  if (match) {
    await trx.updateTable("attendance_email_codes").set({ used_at: iso }).where("id", "=", match.id).where("used_at", "is", null).execute();
    return true;
  }
  if (rows.length)
    await trx
      .updateTable("attendance_email_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
  return false;
}

/* ----- Signing ----- */

export interface Signed {
  signedAt: string;
  halfDayLabel: string;
}

/**
 * A trainee signs a half-day. Refused: outside its window, once it is closed, with a room code that
 * is expired or of another half-day or session, with a wrong or used e-mail code, a second time.
 */
export async function signHalfDay(
  sessionId: string,
  input: SignInput,
  trainee: SessionTrainee | null,
  client: ClientInfo,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome<Signed>> {
  const halfDay = halfDayFromSlug(input.d);
  const ctx = await signingContext(sessionId, target);
  if (!ctx || !halfDay || !ctx.halfDays.includes(halfDay)) return refuse("not-found", "Cette demi-journée n'existe pas.");
  if (!trainee) return refuse("invalid", "Choisissez votre nom dans la liste, ou indiquez votre adresse e-mail.");
  const closed = windowRefusal(ctx, halfDay, now);
  if (closed) return refuse("conflict", closed);
  if (input.methode === "salle" && !checkRoomCode(sessionId, halfDay, input.code, now))
    return refuse(
      "invalid",
      "Ce code n'est pas (ou plus) valable\u00a0: il change toutes les 30\u00a0secondes. Scannez de nouveau le QR code affiché dans la salle.",
    );
  const drawn = input.signature !== "";
  if (drawn && !isPngDataUrl(input.signature))
    return refuse("invalid", "La signature dessinée n'a pas pu être lue\u00a0: signez de nouveau.");
  const iso = new Date(now).toISOString();
  return target.transaction().execute(async (trx) => {
    const head = await lockHalfDay(trx, sessionId, halfDay, iso);
    if (head.closed_at)
      return refuse(
        "conflict",
        "Cette demi-journée est close (contre-signée par le formateur)\u00a0: adressez-vous à l'organisme pour la corriger.",
      );
    const already = await trx
      .selectFrom("attendance_records")
      .select("created_at")
      .where("session_id", "=", sessionId)
      .where("half_day", "=", halfDay)
      .where("trainee_id", "=", trainee.id)
      .where("event", "=", "signature")
      .executeTakeFirst();
    if (already) return refuse("conflict", `Vous avez déjà signé cette demi-journée, le ${formatDateTime(already.created_at)}.`);
    if (input.methode === "email" && !(await redeemEmailCode(trx, trainee, sessionId, halfDay, input.code, now)))
      return refuse("invalid", "Ce code n'est pas valable (erroné, expiré ou déjà utilisé)\u00a0: demandez-en un nouveau.");
    const record = await appendRecord(
      trx,
      head,
      {
        event: "signature",
        traineeId: trainee.id,
        traineeName: trainee.name,
        status: "present",
        method: input.methode,
        signatureKind: drawn ? "dessin" : "nom",
        signature: drawn ? input.signature : input.nom,
        actorKind: "stagiaire",
        actorName: trainee.name,
        actorEmail: trainee.email,
        ip: client.ip,
        userAgent: client.userAgent,
      },
      iso,
    );
    await emitEvent(trx, "attendance.signed", {
      id: record.id,
      session: { id: sessionId, formation: ctx.session.formationTitle },
      halfDay,
      trainee: { id: trainee.id, name: trainee.name },
      signedAt: iso,
      method: input.methode,
    });
    return { ok: true as const, signedAt: iso, halfDayLabel: halfDayLabel(halfDay) };
  });
}

/* ----- Trainer and staff: statuses, countersignature, corrections ----- */

interface ActingAs {
  kind: "formateur" | "equipe";
  name: string;
  email: string;
  actor: Actor;
}

/**
 * Who countersigns, checked: staff with an editor's role, or a trainer who teaches this half-day of
 * the session (one of their trainer_slots); a co-trainer's half-day is not theirs.
 */
async function actingAs(who: Countersigner, sessionId: string, halfDay: string, target: Db): Promise<ActingAs | null> {
  if (who.kind === "equipe") {
    if (!isEditor(who.actor)) return null;
    return { kind: "equipe", name: who.actor.email, email: who.actor.email, actor: who.actor };
  }
  const trainer = await target
    .selectFrom("trainers as t")
    .innerJoin("trainer_slots as s", "s.trainer_id", "t.id")
    .select(["t.id", "t.name", "t.email"])
    .where("t.id", "=", who.trainerId)
    .where("s.session_id", "=", sessionId)
    .where("s.slot", "=", halfDay)
    .executeTakeFirst();
  if (!trainer) return null;
  return {
    kind: "formateur",
    name: trainer.name,
    email: trainer.email,
    actor: { id: null, email: trainer.email, role: "formateur" },
  };
}

async function prepareChange(sessionId: string, slug: string, who: Countersigner, target: Db) {
  const halfDay = halfDayFromSlug(slug);
  const ctx = await signingContext(sessionId, target);
  if (!ctx || !halfDay || !ctx.halfDays.includes(halfDay)) return refuse("not-found", "Cette demi-journée n'existe pas.");
  const acting = await actingAs(who, sessionId, halfDay, target);
  if (!acting) return refuse("not-found", "Vous n'animez pas cette demi-journée de la session.");
  return { halfDay, ctx, acting };
}

/**
 * A trainer or staff set a trainee's status for a half-day (absent, late, left early, present),
 * with a reason when known. Once the half-day is closed only staff may, with a reason, and the
 * record keeps both the correction and what it corrects.
 */
export async function markTrainee(
  sessionId: string,
  input: MarkInput,
  who: Countersigner,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome> {
  const prepared = await prepareChange(sessionId, input.d, who, target);
  if ("ok" in prepared) return prepared;
  const { halfDay, acting } = prepared;
  const trainee = (await sessionTrainees(sessionId, target)).find((t) => t.id === input.stagiaire);
  if (!trainee) return refuse("not-found", "Ce stagiaire n'est pas inscrit sur cette session.");
  const iso = new Date(now).toISOString();
  return target.transaction().execute(async (trx) => {
    const head = await lockHalfDay(trx, sessionId, halfDay, iso);
    if (head.closed_at && acting.kind !== "equipe")
      return refuse("conflict", "Cette demi-journée est close\u00a0: seule l'équipe de l'organisme peut la corriger.");
    if (head.closed_at && !input.motif) return refuse("invalid", "Indiquez le motif de la correction\u00a0: il reste dans l'historique.");
    await appendRecord(
      trx,
      head,
      {
        event: "statut",
        traineeId: trainee.id,
        traineeName: trainee.name,
        status: input.statut,
        method: acting.kind,
        reason: head.closed_at ? `Correction après clôture\u00a0: ${input.motif}` : input.motif,
        actorKind: acting.kind,
        actorName: acting.name,
        actorEmail: acting.email,
      },
      iso,
    );
    await recordAudit(trx, {
      actor: acting.actor,
      action: "update",
      entity: "session",
      entityId: sessionId,
      summary: `Émargement du ${halfDayLabel(halfDay)}\u00a0: ${trainee.name} ${STATUS_LABELS[input.statut].toLowerCase()}${input.motif ? ` (${input.motif})` : ""}${head.closed_at ? ", correction après clôture" : ""}.`,
    });
    return { ok: true as const };
  });
}

/** A trainer or staff countersign a half-day, which closes it. */
export async function closeHalfDay(
  sessionId: string,
  input: CloseInput,
  who: Countersigner,
  client: ClientInfo,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome> {
  const prepared = await prepareChange(sessionId, input.d, who, target);
  if ("ok" in prepared) return prepared;
  const { halfDay, acting, ctx } = prepared;
  if (now < windowOf(ctx, halfDay).opens) return refuse("conflict", "Cette demi-journée n'a pas encore commencé.");
  const drawn = input.signature !== "";
  if (drawn && !isPngDataUrl(input.signature))
    return refuse("invalid", "La signature dessinée n'a pas pu être lue\u00a0: signez de nouveau.");
  const iso = new Date(now).toISOString();
  return target.transaction().execute(async (trx) => {
    const head = await lockHalfDay(trx, sessionId, halfDay, iso);
    if (head.closed_at) return refuse("conflict", "Cette demi-journée est déjà close.");
    const record = await appendRecord(
      trx,
      head,
      {
        event: "contre-signature",
        method: acting.kind,
        signatureKind: drawn ? "dessin" : "nom",
        signature: drawn ? input.signature : input.nom,
        actorKind: acting.kind,
        actorName: input.nom,
        actorEmail: acting.email,
        ip: client.ip,
        userAgent: client.userAgent,
      },
      iso,
    );
    await trx
      .updateTable("attendance_half_days")
      .set({ closed_at: iso, closed_by: input.nom, updated_at: iso })
      .where("session_id", "=", sessionId)
      .where("half_day", "=", halfDay)
      .execute();
    await recordAudit(trx, {
      actor: acting.actor,
      action: "update",
      entity: "session",
      entityId: sessionId,
      summary: `Émargement du ${halfDayLabel(halfDay)} contre-signé et clos par ${input.nom}.`,
    });
    await emitEvent(trx, "attendance.closed", {
      id: record.id,
      session: { id: sessionId, formation: ctx.session.formationTitle },
      halfDay,
      closedAt: iso,
      closedBy: { kind: acting.kind, name: input.nom },
    });
    return { ok: true as const };
  });
}

/** Staff attach a file to a half-day (already stored): a paper sheet's scan or a connection report. */
export async function attachFile(
  sessionId: string,
  slug: string,
  file: { kind: "papier" | "connexion"; key: string; name: string },
  who: Countersigner,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome> {
  const prepared = await prepareChange(sessionId, slug, who, target);
  if ("ok" in prepared) return prepared;
  if (prepared.acting.kind !== "equipe") return refuse("not-found", "Seule l'équipe de l'organisme joint des fichiers.");
  const { halfDay, acting } = prepared;
  const iso = new Date(now).toISOString();
  return target.transaction().execute(async (trx) => {
    const head = await lockHalfDay(trx, sessionId, halfDay, iso);
    await appendRecord(
      trx,
      head,
      {
        event: file.kind,
        method: file.kind === "papier" ? "papier" : "equipe",
        actorKind: "equipe",
        actorName: acting.name,
        actorEmail: acting.email,
        fileKey: file.key,
        fileName: file.name,
        reason: head.closed_at ? "Ajouté après clôture" : "",
      },
      iso,
    );
    await recordAudit(trx, {
      actor: acting.actor,
      action: "update",
      entity: "session",
      entityId: sessionId,
      summary: `Émargement du ${halfDayLabel(halfDay)}\u00a0: ${file.kind === "papier" ? "feuille papier" : "rapport de connexion"} « ${file.name} » joint.`,
    });
    return { ok: true as const };
  });
}

/* ----- Reminders ----- */

const REMINDER_MAIL: VisitorMailRule = { purposes: ["emargement-rappel"], caps: PERSON_CAPS };

/** The trainee's personal signing address (convocation, reminders). */
export function personalSigningUrl(sessionId: string, traineeId: string): string {
  return `${config().siteUrl}${signingPath(sessionId, { token: traineeToken(traineeId) })}`;
}

/**
 * Staff remind the trainees who have neither signed a half-day nor been marked absent (one click,
 * through the mail queue, within each person's caps). The count of e-mails queued.
 */
export async function remindMissing(
  sessionId: string,
  slug: string,
  actor: Actor,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome<{ sent: number }>> {
  const prepared = await prepareChange(sessionId, slug, { kind: "equipe", actor }, target);
  if ("ok" in prepared) return prepared;
  const { halfDay, ctx } = prepared;
  const state = await halfDayState(sessionId, halfDay, target);
  if (state.closed) return refuse("conflict", "Cette demi-journée est close.");
  const missing = (await sessionTrainees(sessionId, target)).filter((t) => {
    const s = state.trainees.get(t.id);
    return !s?.signature && s?.status !== "absent";
  });
  if (!missing.length) return refuse("conflict", "Tous les stagiaires ont signé (ou sont notés absents).");
  const org = await getOrganisation(target);
  const sent = await target.transaction().execute(async (trx) => {
    let n = 0;
    const replyTo = await staffAddress(trx);
    for (const t of missing) {
      const queued = await enqueueVisitorMail(
        trx,
        {
          purpose: "emargement-rappel",
          to: t.email,
          replyTo,
          subject: `Émargement à signer\u00a0: ${ctx.session.formationTitle}`,
          text: [
            `Bonjour ${t.name},`,
            "",
            `Votre présence à la demi-journée du ${halfDayLabel(halfDay)} n'est pas encore signée. Signez-la depuis votre téléphone\u00a0:`,
            personalSigningUrl(sessionId, t.id),
            "",
            "Bien cordialement,",
            org.name,
          ].join("\n"),
        },
        REMINDER_MAIL,
        now,
        "emargement-rappel-caps",
      );
      if (queued) n++;
    }
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "session",
      entityId: sessionId,
      summary: `Émargement du ${halfDayLabel(halfDay)}\u00a0: rappel envoyé à ${formatCount(n, "stagiaire")}.`,
    });
    return n;
  });
  if (sent) signalMailQueued();
  return { ok: true, sent };
}

/* ----- State of a half-day ----- */

export interface TraineeState {
  signature: AttendanceRecord | null;
  /** The last status set (by a signature, a trainer or staff), with its record. */
  status: string;
  statusRecord: AttendanceRecord | null;
}

export interface HalfDayState {
  records: AttendanceRecord[];
  closed: { at: string; by: string } | null;
  trainees: Map<string, TraineeState>;
  papers: AttendanceRecord[];
  reports: AttendanceRecord[];
  countersignature: AttendanceRecord | null;
  /** The head of the chain as stored (its count and last hash), to check the records against. */
  head: { seq: number; last_hash: string } | undefined;
}

export function stateOf(
  records: AttendanceRecord[],
  head?: { closed_at: string | null; closed_by: string; seq: number; last_hash: string },
): HalfDayState {
  const trainees = new Map<string, TraineeState>();
  for (const r of records) {
    if (!r.trainee_id) continue;
    const s = trainees.get(r.trainee_id) ?? { signature: null, status: "", statusRecord: null };
    if (r.event === "signature" && !s.signature) s.signature = r;
    if (r.status) {
      s.status = r.status;
      s.statusRecord = r;
    }
    trainees.set(r.trainee_id, s);
  }
  return {
    records,
    closed: head?.closed_at ? { at: head.closed_at, by: head.closed_by } : null,
    trainees,
    papers: records.filter((r) => r.event === "papier"),
    reports: records.filter((r) => r.event === "connexion"),
    countersignature: records.find((r) => r.event === "contre-signature") ?? null,
    head: head ? { seq: Number(head.seq), last_hash: head.last_hash } : undefined,
  };
}

export async function halfDayState(sessionId: string, halfDay: string, target: Db = db()): Promise<HalfDayState> {
  const [records, head] = await readChain(target, sessionId, halfDay);
  return stateOf(records, head);
}

/**
 * Whether a trainee counts as present for a closed half-day: present, late or left early, and
 * proven by their signature, the paper sheet, or a staff correction (with its reason).
 */
export function countsAsAttended(state: HalfDayState, traineeId: string): boolean {
  if (!state.closed) return false;
  const s = state.trainees.get(traineeId);
  if (!s || !["present", "retard", "depart"].includes(s.status)) return false;
  return Boolean(s.signature) || state.papers.length > 0 || s.statusRecord?.actor_kind === "equipe";
}

/** Every record of a session, grouped by half-day, with the heads. */
export async function sessionStates(sessionId: string, target: Db = db()): Promise<Map<string, HalfDayState>> {
  const [records, heads] = await Promise.all([
    target.selectFrom("attendance_records").selectAll().where("session_id", "=", sessionId).orderBy("half_day").orderBy("seq").execute(),
    target.selectFrom("attendance_half_days").selectAll().where("session_id", "=", sessionId).execute(),
  ]);
  const states = new Map<string, HalfDayState>();
  for (const head of heads)
    states.set(
      head.half_day,
      stateOf(
        records.filter((r) => r.half_day === head.half_day),
        head,
      ),
    );
  return states;
}

/**
 * The half-days each trainee attended, as the certificate counts them: for a half-day handled
 * online (any record), only a closed half-day where the trainee counts as attended; for a half-day
 * never handled online, `ticked` (staff's boxes of the documents screen, kept for sessions before
 * online attendance and for paper sessions without a scan).
 */
export async function attendedHalfDays(
  sessionId: string,
  ticked: Map<string, string[]>,
  target: Db = db(),
): Promise<Map<string, string[]>> {
  return attendedFrom(await sessionStates(sessionId, target), ticked);
}

/** The same, from the session's half-day states already read (`sessionStates`). */
export function attendedFrom(states: Map<string, HalfDayState>, ticked: Map<string, string[]>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [traineeId, boxes] of ticked) {
    const online = [...states.entries()].filter(([, s]) => countsAsAttended(s, traineeId)).map(([h]) => h);
    const offline = boxes.filter((h) => !states.has(h));
    result.set(traineeId, [...new Set([...online, ...offline])].sort());
  }
  return result;
}
