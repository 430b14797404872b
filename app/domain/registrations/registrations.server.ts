import { REGISTRATION_EVENTS, emitEvent } from "~/domain/webhooks/webhooks.server";
import { randomInt } from "node:crypto";
import { staffAddress } from "~/domain/leads/leads.server";
import { enqueueMail, signalMailQueued } from "~/domain/leads/mail-queue.server";
import { consumeRateLimit, rateLimitMessage, screenSubmission } from "~/domain/leads/spam.server";
import { getOrganisation, getRegistrationSettings } from "~/domain/settings/settings.server";
import type { Organisation } from "~/domain/settings/model";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { isDatabaseUnavailable, isUniqueViolation } from "~/platform/db/errors";
import { spoolCount, spoolWrite, type SpoolEntry } from "~/platform/spool/spool.server";
import { parisCalendarDay } from "~/platform/intl";
import { log } from "~/platform/log.server";
import { validate, type FieldErrors } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import { addDays, deadlineDay } from "./calendar";
import { calendarAttachment } from "./ics.server";
import { INTENT_ADD, INTENT_FIELD, INTENT_REMOVE_PREFIX, MAX_TRAINEES, type RegistrationStatus } from "./labels";
import { currentTerms, legalVersionById } from "~/domain/revisions/legal-documents.server";
import {
  accessibilityMail,
  cancelledMail,
  confirmedMail,
  offerMail,
  receivedMail,
  staffMail,
  waitlistMail,
  type MailLinks,
  type MailRegistration,
} from "./mail-content.server";
import { registrationSchema, type RegistrationInput } from "./model";
import {
  getSession,
  lockSession,
  newId,
  placeOf,
  registrationClosedReason,
  releaseSeats,
  signedToken,
  takeSeats,
  type RegistrationSession,
} from "./sessions.server";

/** Who changes a registration, as the status history records it. */
export interface ChangedBy {
  id: string | null;
  label: string;
}

const ONLINE: ChangedBy = { id: null, label: "Inscription en ligne" };
const SYSTEM: ChangedBy = { id: null, label: "Système" };
export const byActor = (actor: Actor): ChangedBy => ({ id: actor.id, label: actor.email });

// ---------------------------------------------------------------------------------------------
// Form values

/**
 * The trainee rows after an « Ajouter un stagiaire » or « Retirer » button (no JavaScript needed:
 * the form comes back with one row more or less, everything else as typed). Null: a real submit.
 */
export function adjustTrainees(values: Record<string, unknown>): Record<string, unknown> | null {
  const intent = typeof values[INTENT_FIELD] === "string" ? (values[INTENT_FIELD] as string) : "";
  const rows = traineeRowsOf(values);
  if (intent === INTENT_ADD) {
    if (rows.length >= MAX_TRAINEES) return { ...values, stagiaires: rows };
    return { ...values, stagiaires: [...rows, { prenom: "", nom: "", email: "", fonction: "" }] };
  }
  if (intent.startsWith(INTENT_REMOVE_PREFIX)) {
    const index = Number(intent.slice(INTENT_REMOVE_PREFIX.length));
    const kept = rows.filter((_, i) => i !== index);
    return { ...values, stagiaires: kept.length > 0 ? kept : [{ prenom: "", nom: "", email: "", fonction: "" }] };
  }
  return null;
}

export function traineeRowsOf(values: Record<string, unknown>): Array<Record<string, unknown>> {
  const raw = values.stagiaires;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === "object" ? Object.values(raw) : [];
  return list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object");
}

// ---------------------------------------------------------------------------------------------
// Loading a registration

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "INS-2611-7KQ3PX": year and month, six random characters. */
export function newRegistrationReference(now = Date.now()): string {
  const d = new Date(now);
  const yymm = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `INS-${yymm}-${suffix}`;
}

export async function loadMailRegistration(target: Db, id: string): Promise<MailRegistration | null> {
  const r = await target.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  const [trainees, session] = await Promise.all([
    target.selectFrom("registration_trainees").selectAll().where("registration_id", "=", id).orderBy("position").execute(),
    getSession(r.session_id, target),
  ]);
  if (!session) return null;
  return {
    id: r.id,
    reference: r.reference,
    status: r.status as RegistrationStatus,
    buyerKind: r.buyer_kind,
    companyName: r.company_name,
    siret: r.siret,
    street: r.street,
    postalCode: r.postal_code,
    city: r.city,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    funding: r.funding,
    opco: r.opco,
    accessibilityNeeds: r.accessibility_needs,
    finalOn: r.final_on,
    trainees: trainees.map((t) => ({ firstName: t.first_name, lastName: t.last_name, email: t.email, jobTitle: t.job_title })),
    session,
  };
}

export async function recordStatus(
  trx: Db,
  registrationId: string,
  status: RegistrationStatus,
  by: ChangedBy,
  reason: string,
  now: string,
) {
  await trx
    .insertInto("registration_status_history")
    .values({
      id: newId(),
      registration_id: registrationId,
      status,
      actor_id: by.id,
      actor_label: by.label.slice(0, 254),
      reason: reason.slice(0, 1000),
      created_at: now,
    })
    .execute();
  // Partners' tools hear of it in the same transaction (docs/decisions/0013-webhooks.md).
  const row = await trx.selectFrom("registrations").select(["reference", "session_id"]).where("id", "=", registrationId).executeTakeFirst();
  await emitEvent(trx, REGISTRATION_EVENT_OF[status], {
    registration: { id: registrationId, reference: row?.reference ?? null, sessionId: row?.session_id ?? null, status },
    reason: reason || null,
    at: now,
  });
}

/** The webhook event of each status a registration enters (a waiting-list entry is a registration received). */
const REGISTRATION_EVENT_OF: Record<RegistrationStatus, (typeof REGISTRATION_EVENTS)[number]> = {
  recue: "registration.received",
  en_attente: "registration.received",
  confirmee: "registration.confirmed",
  annulee: "registration.cancelled",
};

interface MailSetup {
  organisation: Organisation;
  staff: string;
  siteUrl: string;
  deadlineDays: number;
  offerHours: number;
}

async function mailSetup(target: Db): Promise<MailSetup> {
  const [organisation, staff, settings] = await Promise.all([
    getOrganisation(target),
    staffAddress(target),
    getRegistrationSettings(target),
  ]);
  return {
    organisation,
    staff,
    siteUrl: config().siteUrl,
    deadlineDays: settings.cancellationDeadlineDays,
    offerHours: settings.offerHours,
  };
}

function linksOf(r: MailRegistration, setup: MailSetup): MailLinks {
  return {
    siteUrl: setup.siteUrl,
    manageUrl: `${setup.siteUrl}/inscription/gerer/${signedToken("gerer", r.id)}`,
    deadline: deadlineDay(r.session.startDate, setup.deadlineDays),
  };
}

/** The session's calendar file for one registration (`previousDayCount`: days it had before a move). */
export function calendarOf(r: MailRegistration, setup: Pick<MailSetup, "organisation" | "siteUrl">, previousDayCount?: number) {
  return calendarAttachment({
    sessionId: r.session.id,
    formationTitle: r.session.formationTitle,
    startDate: r.session.startDate,
    endDate: r.session.endDate,
    dayStart: r.session.dayStart,
    dayEnd: r.session.dayEnd,
    place: placeOf(r.session),
    organisationName: setup.organisation.name,
    siteHost: new URL(setup.siteUrl).hostname,
    description: `Formation « ${r.session.formationTitle} » (${setup.organisation.name}). Référence d'inscription : ${r.reference}.`,
    sequence: r.session.scheduleSequence,
    previousDayCount,
  });
}

async function waitingPosition(trx: Db, sessionId: string, registrationId: string): Promise<number> {
  const rows = await trx
    .selectFrom("registrations")
    .select("id")
    .where("session_id", "=", sessionId)
    .where("status", "=", "en_attente")
    .orderBy("waitlisted_at")
    .orderBy("id")
    .execute();
  return rows.findIndex((r) => r.id === registrationId) + 1;
}

// ---------------------------------------------------------------------------------------------
// Registering

export interface RegisterContext {
  ip: string;
  target?: Db;
  now?: number;
  minFillSeconds?: number;
}

export type RegisterResult =
  | {
      ok: true;
      reference: string;
      registrationId: string;
      status: RegistrationStatus;
      duplicate: boolean;
      /** Kept in the local spool: the database refused it; the seat is taken (or the waiting list) once it answers. */
      spooled?: boolean;
    }
  | {
      ok: false;
      status: 200 | 400 | 404 | 429 | 503;
      values: Record<string, unknown>;
      errors: FieldErrors;
      formError?: string;
      confirm?: boolean;
      token: string;
      retryAfterSeconds?: number;
    };

/** The row of a registration from the form's data. */
function registrationRow(
  input: RegistrationInput,
  session: RegistrationSession,
  extra: {
    status: RegistrationStatus;
    formToken: string | null;
    source: "en_ligne" | "manuel";
    cgv: string | null;
    ri: string | null;
    now: string;
    today: string;
  },
) {
  return {
    id: newId(),
    reference: newRegistrationReference(Date.parse(extra.now)),
    session_id: session.id,
    formation_id: session.formationId,
    buyer_kind: input.acheteur,
    company_name: input.acheteur === "entreprise" ? input.entreprise : "",
    siret: input.acheteur === "entreprise" ? input.siret : "",
    street: input.adresse,
    postal_code: input.codePostal,
    city: input.ville,
    contact_name: input.contactNom,
    contact_email: input.contactEmail,
    contact_phone: input.contactTelephone,
    funding: input.financement,
    opco: input.financement === "opco" ? input.opco : "",
    accessibility_needs: input.accessibilite,
    cgv_version_id: extra.cgv,
    ri_version_id: extra.ri,
    status: extra.status,
    seats: input.stagiaires.length,
    source: extra.source,
    waitlisted_at: extra.status === "en_attente" ? extra.now : null,
    // An individual paying for themselves may withdraw for 10 days (L6353-5): final after that.
    final_on: input.acheteur === "particulier" ? addDays(extra.today, 10) : null,
    form_token: extra.formToken,
    created_at: extra.now,
    updated_at: extra.now,
  };
}

/** The versions the visitor saw (posted), when they are versions of the right document; else the current ones. */
async function acceptedVersions(target: Db, input: RegistrationInput): Promise<{ cgv: string | null; ri: string | null }> {
  const current = await currentTerms(target);
  const [cgv, ri] = await Promise.all([
    input.cgvVersion ? legalVersionById(input.cgvVersion, target) : null,
    input.reglementVersion ? legalVersionById(input.reglementVersion, target) : null,
  ]);
  return {
    cgv: cgv?.document === "cgv" ? cgv.id : (current.cgv?.id ?? null),
    ri: ri?.document === "reglement_interieur" ? ri.id : (current.reglement?.id ?? null),
  };
}

type StoredRegistration = { id: string; reference: string; status: RegistrationStatus; duplicate: boolean };

async function registrationByToken(target: Db, token: string): Promise<StoredRegistration | undefined> {
  const row = await target
    .selectFrom("registrations")
    .select(["id", "reference", "status"])
    .where("form_token", "=", token)
    .executeTakeFirst();
  return row && { id: row.id, reference: row.reference, status: row.status as RegistrationStatus, duplicate: true };
}

/**
 * Stores a registration and queues its e-mails in one transaction (stored before any answer, mail
 * never lost). Its seats are taken in the same transaction by one conditional UPDATE: when fewer
 * remain than trainees named (or someone already waits), the registration goes on the waiting list
 * instead. Same anti-spam as the quote form (honeypot, signed token, per-address limit); the same
 * form sent twice is stored once. When the database is unavailable, the registration is kept in the
 * local spool and stored once it answers (`replaySpooledRegistration`, docs/decisions/0010-lead-spool.md).
 */
export async function submitRegistration(sessionId: string, form: FormData, ctx: RegisterContext): Promise<RegisterResult> {
  const target = ctx.target ?? db();
  const now = ctx.now ?? Date.now();
  const minFill = ctx.minFillSeconds ?? config().leadMinFillSeconds;
  const values = formDataToObject(form);
  const validation = validate(registrationSchema, values);
  const errors = validation.ok ? {} : validation.errors;
  const screen = screenSubmission("inscription", form, { valid: validation.ok, minFillSeconds: minFill, now });
  if (!screen.ok)
    return { ok: false, status: screen.status, values, errors, formError: screen.formError, confirm: screen.confirm, token: screen.token };
  const token = screen.token;
  if (!validation.ok) return { ok: false, status: 400, values, errors, token };

  try {
    const existing = await registrationByToken(target, token);
    if (existing) return { ok: true, reference: existing.reference, registrationId: existing.id, status: existing.status, duplicate: true };

    const session = await getSession(sessionId, target);
    const today = parisCalendarDay(new Date(now));
    const closed = session ? registrationClosedReason(session, today) : "Cette session n'existe pas ou plus.";
    if (!session || closed) return { ok: false, status: session ? 400 : 404, values, errors, formError: closed ?? undefined, token };

    const limit = await consumeRateLimit(ctx.ip, { target, now });
    if (!limit.allowed) {
      log.warn("Inscription refusée (limite par adresse)", { sessionId });
      const organisation = await getOrganisation(target);
      return { ok: false, status: 429, values, errors, formError: rateLimitMessage(limit.retryAfterSeconds, organisation.phone), token };
    }

    const stored = await storeRegistration(target, session, { sessionId, input: validation.value, token, receivedAt: now });
    return { ok: true, reference: stored.reference, registrationId: stored.id, status: stored.status, duplicate: stored.duplicate };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return spoolRegistration({ sessionId, input: validation.value, token, receivedAt: now }, values, error);
  }
}

/**
 * Inserts the registration (seats taken, or the waiting list) with its status and e-mails, in one
 * transaction. `planned`: the id and reference already given to the visitor (a spooled registration).
 */
async function storeRegistration(target: Db, session: RegistrationSession, r: SpooledRegistration): Promise<StoredRegistration> {
  const today = parisCalendarDay(new Date(r.receivedAt));
  const versions = await acceptedVersions(target, r.input);
  const setup = await mailSetup(target);
  const iso = new Date(r.receivedAt).toISOString();
  const mailNow = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const stored = await target.transaction().execute(async (trx) => {
        const seated = await takeSeats(trx, session.id, r.input.stagiaires.length, iso);
        const status: RegistrationStatus = seated ? "recue" : "en_attente";
        const row = registrationRow(r.input, session, {
          status,
          formToken: r.token,
          source: "en_ligne",
          cgv: versions.cgv,
          ri: versions.ri,
          now: iso,
          today,
        });
        if (attempt === 0 && r.id && r.reference) Object.assign(row, { id: r.id, reference: r.reference });
        await insertRegistration(trx, row, r.input);
        await recordStatus(trx, row.id, status, ONLINE, seated ? "" : "Session complète à l'envoi du formulaire.", iso);
        await queueNewRegistrationMails(trx, row.id, setup, mailNow);
        return { id: row.id, reference: row.reference, status, duplicate: false };
      });
      signalMailQueued();
      log.info("Inscription enregistrée", { reference: stored.reference, status: stored.status });
      return stored;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
      const same = await registrationByToken(target, r.token);
      if (same) return same;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The local spool (the database is unavailable)

/** What the spool keeps of a registration the database refused: enough to store it later as if received then. */
export interface SpooledRegistration {
  sessionId: string;
  input: RegistrationInput;
  /** The form token: the registration's idempotency key, in the spool as in the database. */
  token: string;
  receivedAt: number;
  id?: string;
  reference?: string;
}

/** The spool's kind for registrations (one folder under DATA_DIR/spool, next to the leads'). */
export const REGISTRATION_SPOOL_KIND = "inscriptions";

/** Seconds a visitor is asked to wait when neither the database nor the spool could keep the registration. */
const SPOOL_RETRY_AFTER_SECONDS = 120;

/**
 * The database refused the registration: it is written to the local spool (fsync) with the id and
 * reference the visitor is given; the seat is taken when the job runner replays it. If even the
 * spool cannot be written, the visitor keeps the form and is told that nothing was sent (503).
 */
function spoolRegistration(r: SpooledRegistration, values: Record<string, unknown>, cause: unknown): RegisterResult {
  const planned: SpooledRegistration = { ...r, id: newId(), reference: newRegistrationReference(r.receivedAt) };
  try {
    const entry = spoolWrite(REGISTRATION_SPOOL_KIND, r.token, planned, { now: r.receivedAt });
    log.warn("Inscription gardée dans le dossier d'attente (base de données indisponible)", {
      reference: entry.payload.reference,
      error: String((cause as Error)?.message ?? cause),
    });
    return {
      ok: true,
      reference: entry.payload.reference!,
      registrationId: entry.payload.id!,
      status: "recue",
      duplicate: entry.payload.id !== planned.id,
      spooled: true,
    };
  } catch (error) {
    log.error("Inscription NON enregistrée : base de données et dossier d'attente indisponibles", {
      error: String((error as Error)?.message ?? error),
    });
    return {
      ok: false,
      status: 503,
      values,
      errors: {},
      formError:
        "Votre inscription n'a pas été envoyée\u00a0: notre site rencontre un incident technique et n'a rien pu enregistrer. Vos informations sont conservées ci-dessous\u00a0: renvoyez le formulaire dans quelques minutes.",
      token: r.token,
      retryAfterSeconds: SPOOL_RETRY_AFTER_SECONDS,
    };
  }
}

/**
 * Stores a spooled registration (the job runner, once the database answers again): its seats are
 * taken then, in one transaction, or it goes on the waiting list; the contact gets the usual
 * e-mails through the queue. Idempotent by the form token. A session closed to online registration
 * when it was sent (or deleted since) gets no seat: the registration is recorded as cancelled, with
 * the reason, and the contact and staff are told.
 */
export async function replaySpooledRegistration(entry: SpoolEntry, target: Db = db()): Promise<void> {
  const r = entry.payload as SpooledRegistration;
  const existing = await registrationByToken(target, r.token);
  if (existing) {
    log.info("Inscription du dossier d'attente déjà enregistrée", { reference: existing.reference });
    return;
  }
  const session = await getSession(r.sessionId, target);
  if (!session) {
    await reportLostSession(target, r);
    return;
  }
  const closed = registrationClosedReason(session, parisCalendarDay(new Date(r.receivedAt)));
  const stored = closed ? await storeRefused(target, session, r, closed) : await storeRegistration(target, session, r);
  log.info("Inscription du dossier d'attente enregistrée", { reference: stored.reference, status: stored.status });
}

/** A spooled registration to a session closed when it was sent: recorded as cancelled, with the reason, and told. */
async function storeRefused(target: Db, session: RegistrationSession, r: SpooledRegistration, reason: string): Promise<StoredRegistration> {
  const versions = await acceptedVersions(target, r.input);
  const setup = await mailSetup(target);
  const iso = new Date(r.receivedAt).toISOString();
  const mailNow = Date.now();
  const stored = await target.transaction().execute(async (trx) => {
    const row = registrationRow(r.input, session, {
      status: "annulee",
      formToken: r.token,
      source: "en_ligne",
      cgv: versions.cgv,
      ri: versions.ri,
      now: iso,
      today: parisCalendarDay(new Date(r.receivedAt)),
    });
    if (r.id && r.reference) Object.assign(row, { id: r.id, reference: r.reference });
    await insertRegistration(trx, row, r.input);
    await recordStatus(trx, row.id, "annulee", SYSTEM, reason, iso);
    const m = (await loadMailRegistration(trx, row.id))!;
    await enqueueMail(
      trx,
      {
        registrationId: m.id,
        purpose: "inscription-annulee",
        to: m.contactEmail,
        replyTo: setup.staff,
        ...cancelledMail(m, reason, setup.organisation),
      },
      mailNow,
    );
    await enqueueMail(
      trx,
      {
        registrationId: m.id,
        purpose: "inscription-equipe",
        to: setup.staff,
        replyTo: m.contactEmail,
        ...staffMail(m, "Inscription reçue pendant une panne, refusée", setup.siteUrl),
      },
      mailNow,
    );
    return { id: row.id, reference: row.reference, status: "annulee" as const, duplicate: false };
  });
  signalMailQueued();
  return stored;
}

/** A spooled registration whose session was deleted meanwhile: staff get everything it said, to call the contact back. */
async function reportLostSession(target: Db, r: SpooledRegistration): Promise<void> {
  const setup = await mailSetup(target);
  const i = r.input;
  const text = [
    `L'inscription ${r.reference ?? ""} a été reçue le ${new Date(r.receivedAt).toISOString()} pendant une indisponibilité de la base de données, pour une session supprimée depuis (${r.sessionId}). Elle n'a pas pu être enregistrée\u00a0: recontactez la personne.`,
    "",
    `Contact\u00a0: ${i.contactNom}, ${i.contactEmail}, ${i.contactTelephone}`,
    i.acheteur === "entreprise" ? `Entreprise\u00a0: ${i.entreprise} ${i.siret}` : "Particulier (finance lui-même sa formation)",
    `Adresse\u00a0: ${i.adresse}, ${i.codePostal} ${i.ville}`,
    `Stagiaires\u00a0: ${i.stagiaires.map((t) => `${t.prenom} ${t.nom} <${t.email}>`).join(", ")}`,
    i.accessibilite ? `Besoins d'accessibilité\u00a0: ${i.accessibilite}` : "",
  ].join("\n");
  await enqueueMail(target, {
    purpose: "inscription-equipe",
    to: setup.staff,
    replyTo: i.contactEmail,
    subject: `Inscription ${r.reference ?? ""} à recontacter (session supprimée)`,
    text,
  });
  signalMailQueued();
  log.error("Inscription du dossier d'attente pour une session supprimée : transmise à l'équipe par e-mail", { reference: r.reference });
}

/** Registrations waiting in this instance's spool (the sessions admin shows the figure). */
export function spooledRegistrationCount(): number {
  return spoolCount(REGISTRATION_SPOOL_KIND);
}

async function insertRegistration(trx: Db, row: ReturnType<typeof registrationRow>, input: RegistrationInput) {
  await trx.insertInto("registrations").values(row).execute();
  await trx
    .insertInto("registration_trainees")
    .values(
      input.stagiaires.map((t, position) => ({
        id: newId(),
        registration_id: row.id,
        position,
        first_name: t.prenom,
        last_name: t.nom,
        email: t.email,
        job_title: t.fonction,
      })),
    )
    .execute();
}

/** The e-mails of a new registration: to the contact (with the .ics when seated), to staff, to the disability contact. */
async function queueNewRegistrationMails(trx: Db, registrationId: string, setup: MailSetup, now: number) {
  const r = (await loadMailRegistration(trx, registrationId))!;
  const links = linksOf(r, setup);
  if (r.status === "en_attente") {
    const position = await waitingPosition(trx, r.session.id, r.id);
    const mail = waitlistMail(r, position, links, setup.organisation, setup.offerHours);
    await enqueueMail(
      trx,
      { registrationId: r.id, purpose: "inscription-attente", to: r.contactEmail, replyTo: setup.staff, ...mail },
      now,
    );
  } else {
    const mail = r.status === "confirmee" ? confirmedMail(r, links, setup.organisation) : receivedMail(r, links, setup.organisation);
    await enqueueMail(
      trx,
      {
        registrationId: r.id,
        purpose: "inscription-recue",
        to: r.contactEmail,
        replyTo: setup.staff,
        attachments: [calendarOf(r, setup)],
        ...mail,
      },
      now,
    );
  }
  const staff = staffMail(
    r,
    r.status === "en_attente" ? "Nouvelle inscription sur liste d'attente" : "Nouvelle inscription",
    setup.siteUrl,
  );
  await enqueueMail(trx, { registrationId: r.id, purpose: "inscription-equipe", to: setup.staff, replyTo: r.contactEmail, ...staff }, now);
  if (r.accessibilityNeeds) {
    const to = r.session.disabilityContactEmail || setup.organisation.accessibilityContact;
    await enqueueMail(
      trx,
      { registrationId: r.id, purpose: "inscription-handicap", to, replyTo: r.contactEmail, ...accessibilityMail(r, setup.siteUrl) },
      now,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Waiting list

/**
 * Offers the free seats of a session to its waiting list, strictly in order: the first waiting
 * registration gets an offer (its seats held, a link valid `offerHours`) when enough seats are
 * free; if not, nobody behind it jumps the queue. Call inside the transaction that freed seats.
 */
export async function offerFreedSeats(trx: Db, sessionId: string, setup: MailSetup, now: number): Promise<number> {
  await lockSession(trx, sessionId);
  const iso = new Date(now).toISOString();
  let offered = 0;
  for (let guard = 0; guard < 100; guard++) {
    const next = await trx
      .selectFrom("registrations as r")
      .select(["r.id", "r.seats"])
      .where("r.session_id", "=", sessionId)
      .where("r.status", "=", "en_attente")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("registration_offers as o")
              .select("o.id")
              .whereRef("o.registration_id", "=", "r.id")
              .where("o.state", "=", "open"),
          ),
        ),
      )
      .orderBy("r.waitlisted_at")
      .orderBy("r.id")
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    if (!(await takeSeats(trx, sessionId, Number(next.seats), iso, { behindWaitingList: false }))) break;
    const offerId = newId();
    const expiresAt = new Date(now + setup.offerHours * 3600_000).toISOString();
    await trx
      .insertInto("registration_offers")
      .values({
        id: offerId,
        registration_id: next.id,
        session_id: sessionId,
        seats: Number(next.seats),
        state: "open",
        expires_at: expiresAt,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    const r = (await loadMailRegistration(trx, next.id))!;
    const mail = offerMail(r, `${setup.siteUrl}/inscription/offre/${signedToken("offre", offerId)}`, expiresAt, setup.organisation);
    await enqueueMail(trx, { registrationId: r.id, purpose: "inscription-offre", to: r.contactEmail, replyTo: setup.staff, ...mail }, now);
    offered++;
  }
  return offered;
}

export type OfferView =
  | { kind: "invalid" }
  | { kind: "open" | "accepted" | "expired" | "withdrawn"; offerId: string; expiresAt: string; registration: MailRegistration };

export async function getOffer(offerId: string, target: Db = db(), now = Date.now()): Promise<OfferView> {
  const offer = await target.selectFrom("registration_offers").selectAll().where("id", "=", offerId).executeTakeFirst();
  if (!offer) return { kind: "invalid" };
  const registration = await loadMailRegistration(target, offer.registration_id);
  if (!registration) return { kind: "invalid" };
  const state = offer.state === "open" && Date.parse(offer.expires_at) <= now ? "expired" : offer.state;
  return { kind: state as "open" | "accepted" | "expired" | "withdrawn", offerId: offer.id, expiresAt: offer.expires_at, registration };
}

/** The person offered a seat accepts it before the link expires: the registration is received. */
export async function acceptOffer(
  offerId: string,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<"accepted" | "expired" | "invalid"> {
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  const result = await target.transaction().execute(async (trx) => {
    const offer = await trx.selectFrom("registration_offers").selectAll().where("id", "=", offerId).executeTakeFirst();
    if (!offer || offer.state !== "open") return offer?.state === "accepted" ? ("accepted" as const) : ("invalid" as const);
    if (Date.parse(offer.expires_at) <= now) return "expired" as const;
    const taken = await trx
      .updateTable("registration_offers")
      .set({ state: "accepted", updated_at: iso })
      .where("id", "=", offerId)
      .where("state", "=", "open")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows ?? 0) !== 1) return "invalid" as const;
    await trx
      .updateTable("registrations")
      .set({ status: "recue", waitlisted_at: null, updated_at: iso })
      .where("id", "=", offer.registration_id)
      .execute();
    await recordStatus(trx, offer.registration_id, "recue", { id: null, label: "Le contact (offre de place acceptée)" }, "", iso);
    await queueNewRegistrationMails(trx, offer.registration_id, setup, now);
    return "accepted" as const;
  });
  if (result === "accepted") signalMailQueued();
  return result;
}

/**
 * Background sweep: expired offers give their seats back (the registration is cancelled, the next
 * on the list is offered them), and seats freed otherwise (staff added seats) go to the waiting lists.
 */
export async function sweepWaitingLists({ target = db(), now = Date.now() }: { target?: Db; now?: number } = {}): Promise<number> {
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  let changes = 0;
  const expired = await target
    .selectFrom("registration_offers")
    .select(["id"])
    .where("state", "=", "open")
    .where("expires_at", "<=", iso)
    .limit(200)
    .execute();
  for (const { id } of expired) {
    changes += await target.transaction().execute(async (trx) => {
      const offer = await trx.selectFrom("registration_offers").selectAll().where("id", "=", id).executeTakeFirst();
      if (!offer) return 0;
      const done = await trx
        .updateTable("registration_offers")
        .set({ state: "expired", updated_at: iso })
        .where("id", "=", id)
        .where("state", "=", "open")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows ?? 0) !== 1) return 0;
      await releaseSeats(trx, offer.session_id, Number(offer.seats), iso);
      const reason = `Place offerte non confirmée dans les ${setup.offerHours} heures.`;
      await trx
        .updateTable("registrations")
        .set({ status: "annulee", waitlisted_at: null, updated_at: iso })
        .where("id", "=", offer.registration_id)
        .where("status", "=", "en_attente")
        .execute();
      await recordStatus(trx, offer.registration_id, "annulee", SYSTEM, reason, iso);
      const r = await loadMailRegistration(trx, offer.registration_id);
      if (r)
        await enqueueMail(
          trx,
          {
            registrationId: r.id,
            purpose: "inscription-annulee",
            to: r.contactEmail,
            replyTo: setup.staff,
            ...cancelledMail(r, reason, setup.organisation),
          },
          now,
        );
      await offerFreedSeats(trx, offer.session_id, setup, now);
      return 1;
    });
  }
  const today = parisCalendarDay(new Date(now));
  const waiting = await target
    .selectFrom("registrations as r")
    .innerJoin("formation_sessions as s", "s.id", "r.session_id")
    .select("r.session_id")
    .distinct()
    .where("r.status", "=", "en_attente")
    .where("s.seats_left", ">", 0)
    .where("s.start_date", ">", today)
    .execute();
  for (const { session_id } of waiting) {
    changes += await target.transaction().execute((trx) => offerFreedSeats(trx, session_id, setup, now));
  }
  if (changes > 0) signalMailQueued();
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Changes by staff or by the registrant

export type ChangeResult = { ok: true } | { ok: false; error: string };

/**
 * Cancels a registration: its seats (or the seats of its open offer) go back to the session and to
 * the waiting list, in the same transaction; the contact and staff are told.
 */
export async function cancelRegistration(
  id: string,
  { by, reason, target = db(), now = Date.now() }: { by: ChangedBy; reason: string; target?: Db; now?: number },
): Promise<ChangeResult> {
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  const result = await target.transaction().execute(async (trx): Promise<ChangeResult> => {
    const row = await trx
      .selectFrom("registrations")
      .select(["id", "status", "session_id", "seats"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, error: "Cette inscription n'existe pas." };
    if (row.status === "annulee") return { ok: false, error: "Cette inscription est déjà annulée." };
    const done = await trx
      .updateTable("registrations")
      .set({ status: "annulee", waitlisted_at: null, updated_at: iso })
      .where("id", "=", id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows ?? 0) !== 1) return { ok: false, error: "Cette inscription vient de changer\u00a0: rechargez la page." };
    if (row.status === "recue" || row.status === "confirmee") await releaseSeats(trx, row.session_id, Number(row.seats), iso);
    const offers = await trx
      .selectFrom("registration_offers")
      .select(["id", "seats"])
      .where("registration_id", "=", id)
      .where("state", "=", "open")
      .execute();
    for (const o of offers) {
      await trx.updateTable("registration_offers").set({ state: "withdrawn", updated_at: iso }).where("id", "=", o.id).execute();
      await releaseSeats(trx, row.session_id, Number(o.seats), iso);
    }
    await recordStatus(trx, id, "annulee", by, reason, iso);
    const r = (await loadMailRegistration(trx, id))!;
    await enqueueMail(
      trx,
      {
        registrationId: id,
        purpose: "inscription-annulee",
        to: r.contactEmail,
        replyTo: setup.staff,
        ...cancelledMail(r, reason, setup.organisation),
      },
      now,
    );
    await enqueueMail(
      trx,
      {
        registrationId: id,
        purpose: "inscription-equipe",
        to: setup.staff,
        replyTo: r.contactEmail,
        ...staffMail(r, `Inscription annulée par ${by.label}`, setup.siteUrl),
      },
      now,
    );
    await offerFreedSeats(trx, row.session_id, setup, now);
    return { ok: true };
  });
  if (result.ok) signalMailQueued();
  return result;
}

/** Staff confirm a received registration; the contact gets the confirmation with the calendar file. */
export async function confirmRegistration(
  id: string,
  { by, target = db(), now = Date.now() }: { by: ChangedBy; target?: Db; now?: number },
): Promise<ChangeResult> {
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  const result = await target.transaction().execute(async (trx): Promise<ChangeResult> => {
    const done = await trx
      .updateTable("registrations")
      .set({ status: "confirmee", updated_at: iso })
      .where("id", "=", id)
      .where("status", "=", "recue")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows ?? 0) !== 1) return { ok: false, error: "Seule une inscription reçue peut être confirmée." };
    await recordStatus(trx, id, "confirmee", by, "", iso);
    await enqueueConfirmedMail(trx, id, setup, now);
    return { ok: true };
  });
  if (result.ok) signalMailQueued();
  return result;
}

/** Queues the « inscription validée » mail (summary, links, .ics) to the registration's contact. */
async function enqueueConfirmedMail(trx: Db, id: string, setup: MailSetup, now: number): Promise<void> {
  const r = (await loadMailRegistration(trx, id))!;
  await enqueueMail(
    trx,
    {
      registrationId: id,
      purpose: "inscription-validee",
      to: r.contactEmail,
      replyTo: setup.staff,
      attachments: [calendarOf(r, setup)],
      ...confirmedMail(r, linksOf(r, setup), setup.organisation),
    },
    now,
  );
}

/**
 * Moves a registration to another session of any formation: its seats are taken there first (refused
 * when fewer remain), then given back here and offered to this session's waiting list.
 */
export async function moveRegistration(
  id: string,
  toSessionId: string,
  { by, target = db(), now = Date.now() }: { by: ChangedBy; target?: Db; now?: number },
): Promise<ChangeResult> {
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  const to = await getSession(toSessionId, target);
  if (!to) return { ok: false, error: "La session choisie n'existe pas." };
  const result = await target.transaction().execute(async (trx): Promise<ChangeResult> => {
    const row = await trx
      .selectFrom("registrations")
      .select(["id", "status", "session_id", "seats"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, error: "Cette inscription n'existe pas." };
    if (row.session_id === toSessionId) return { ok: false, error: "L'inscription est déjà sur cette session." };
    if (row.status !== "recue" && row.status !== "confirmee")
      return { ok: false, error: "Seule une inscription reçue ou confirmée peut être déplacée." };
    if (!(await takeSeats(trx, toSessionId, Number(row.seats), iso, { behindWaitingList: false }))) {
      return { ok: false, error: `La session choisie n'a plus assez de places libres (il en faut ${row.seats}).` };
    }
    await releaseSeats(trx, row.session_id, Number(row.seats), iso);
    await trx
      .updateTable("registrations")
      .set({ session_id: toSessionId, formation_id: to.formationId, updated_at: iso })
      .where("id", "=", id)
      .execute();
    await recordStatus(
      trx,
      id,
      row.status as RegistrationStatus,
      by,
      `Déplacée vers la session ${to.formationTitle} du ${to.startDate}.`,
      iso,
    );
    await enqueueConfirmedMail(trx, id, setup, now);
    await offerFreedSeats(trx, row.session_id, setup, now);
    return { ok: true };
  });
  if (result.ok) signalMailQueued();
  return result;
}

/**
 * A registration taken by staff (by phone): confirmed at once when the seats are free, refused
 * otherwise (staff see the session's figures). The same schema as the public form.
 */
export async function addRegistrationByHand(
  sessionId: string,
  input: RegistrationInput,
  { actor, target = db(), now = Date.now(), leadId = null }: { actor: Actor; target?: Db; now?: number; leadId?: string | null },
): Promise<{ ok: true; reference: string } | { ok: false; error: string }> {
  const session = await getSession(sessionId, target);
  if (!session) return { ok: false, error: "Cette session n'existe pas." };
  const versions = await acceptedVersions(target, input);
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  const today = parisCalendarDay(new Date(now));
  const result = await target.transaction().execute(async (trx) => {
    if (!(await takeSeats(trx, sessionId, input.stagiaires.length, iso, { behindWaitingList: false }))) return null;
    const row = registrationRow(input, session, {
      status: "confirmee",
      formToken: null,
      source: "manuel",
      cgv: versions.cgv,
      ri: versions.ri,
      now: iso,
      today,
    });
    await insertRegistration(trx, row, input);
    // Made from a quote request (an order): the registration keeps the request's id.
    if (leadId) await trx.updateTable("registrations").set({ lead_id: leadId }).where("id", "=", row.id).execute();
    await recordStatus(
      trx,
      row.id,
      "confirmee",
      byActor(actor),
      leadId ? "Inscription saisie par l'équipe depuis une demande de devis." : "Inscription saisie par l'équipe.",
      iso,
    );
    await queueNewRegistrationMails(trx, row.id, setup, now);
    return row.reference;
  });
  if (!result)
    return {
      ok: false,
      error: `Plus assez de places libres\u00a0: il en reste ${session.seatsLeft} pour ${input.stagiaires.length} stagiaire(s).`,
    };
  signalMailQueued();
  return { ok: true, reference: result };
}

/**
 * The registrant changes the trainees (names, e-mails) or names fewer of them, until the deadline;
 * seats no longer needed go back to the session and its waiting list. More trainees: a new registration.
 */
export async function updateTrainees(
  id: string,
  trainees: Array<{ prenom: string; nom: string; email: string; fonction: string }>,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<ChangeResult> {
  const setup = await mailSetup(target);
  const iso = new Date(now).toISOString();
  const result = await target.transaction().execute(async (trx): Promise<ChangeResult> => {
    const row = await trx
      .selectFrom("registrations")
      .select(["id", "status", "session_id", "seats"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || row.status === "annulee") return { ok: false, error: "Cette inscription est annulée." };
    if (trainees.length > Number(row.seats)) {
      return {
        ok: false,
        error: `Votre inscription compte ${row.seats} place(s)\u00a0: pour ajouter un stagiaire, faites une nouvelle inscription.`,
      };
    }
    await trx.deleteFrom("registration_trainees").where("registration_id", "=", id).execute();
    await trx
      .insertInto("registration_trainees")
      .values(
        trainees.map((t, position) => ({
          id: newId(),
          registration_id: id,
          position,
          first_name: t.prenom,
          last_name: t.nom,
          email: t.email,
          job_title: t.fonction,
        })),
      )
      .execute();
    const freed = Number(row.seats) - trainees.length;
    await trx.updateTable("registrations").set({ seats: trainees.length, updated_at: iso }).where("id", "=", id).execute();
    if (freed > 0 && (row.status === "recue" || row.status === "confirmee")) {
      await releaseSeats(trx, row.session_id, freed, iso);
      await offerFreedSeats(trx, row.session_id, setup, now);
    }
    await recordStatus(
      trx,
      id,
      row.status as RegistrationStatus,
      { id: null, label: "Le contact (page de l'inscription)" },
      "Stagiaires modifiés.",
      iso,
    );
    const r = (await loadMailRegistration(trx, id))!;
    await enqueueMail(
      trx,
      {
        registrationId: id,
        purpose: "inscription-equipe",
        to: setup.staff,
        replyTo: r.contactEmail,
        ...staffMail(r, "Stagiaires modifiés", setup.siteUrl),
      },
      now,
    );
    return { ok: true };
  });
  if (result.ok) signalMailQueued();
  return result;
}

export { mailSetup, linksOf, type MailSetup };
