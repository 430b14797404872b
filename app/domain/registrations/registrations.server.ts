import { REGISTRATION_EVENTS, emitEvent } from "~/domain/webhooks/webhooks.server";
import { formatCount, formatDate } from "~/platform/format";
import { randomInt } from "node:crypto";
import {
  enqueueMail,
  enqueueVisitorMail,
  PERSON_CAPS,
  signalMailQueued,
  STAFF_NOTIFICATION_CAPS,
  type QueuedMail,
  type VisitorMailRule,
} from "~/platform/email/queue.server";
import { getOrganisation, getRegistrationSettings, organisationPhone, staffAddress } from "~/domain/settings/settings.server";
import type { Organisation } from "~/domain/settings/model";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { isUniqueViolation } from "~/platform/db/errors";
import type { IntakeOutcome } from "~/platform/intake/outcome";
import {
  replaySpooled,
  spooledCount,
  submitPublicForm,
  type IntakeContext,
  type PublicForm,
  type Submission,
} from "~/platform/intake/pipeline.server";
import { SPOOL_POLL_MS, type SpoolEntry } from "~/platform/spool/spool.server";
import { parisCalendarDay } from "~/platform/intl";
import { log } from "~/platform/log.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { addDays, deadlineDay } from "./calendar";
import { calendarAttachment } from "./ics.server";
import { revokeLinkSessions } from "~/platform/link-sign-in/link-sign-in.server";
import { SPACE_REALM } from "./space-links";
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
import { buyerOfRow, registrationSchema, type RegistrationInput } from "./model";
import {
  getSession,
  lockRegistration,
  lockSession,
  newId,
  placeOf,
  registrationClosedReason,
  releaseSeats,
  sessionCapacity,
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
    ...buyerOfRow(r),
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

/**
 * The place of a waiting registration in its session's list: every waiting registration before it
 * (`waitlisted_at`, then id), those stored from a spool and not decided yet included. Called under
 * the session's lock, in the transaction that puts it on the list: the committed order.
 */
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

/**
 * When a registration joins a session's waiting list now: after every registration already on it,
 * even one stamped by an instance whose clock runs ahead (a position once told stays true).
 * Called under the session's lock.
 */
async function nextWaitlistTime(trx: Db, sessionId: string, iso: string): Promise<string> {
  const last = await trx
    .selectFrom("registrations")
    .select((eb) => eb.fn.max("waitlisted_at").as("last"))
    .where("session_id", "=", sessionId)
    .where("status", "=", "en_attente")
    .executeTakeFirst();
  const after = last?.last ? new Date(Date.parse(last.last) + 1).toISOString() : "";
  return after > iso ? after : iso;
}

// ---------------------------------------------------------------------------------------------
// Per-recipient caps: a visitor types any address in the form

/**
 * The caps of each e-mail a visitor's registration triggers: its contact (any address typed in the
 * form) like a person; staff and the disability contact per registration contact (`replyTo`), and
 * in all. Beyond, nothing is sent: the registrations are listed in /admin/sessions all the same.
 */
const VISITOR_MAIL_CAPS: Record<string, VisitorMailRule> = {
  "inscription-recue": { purposes: ["inscription-recue", "inscription-attente"], caps: PERSON_CAPS },
  "inscription-attente": { purposes: ["inscription-recue", "inscription-attente"], caps: PERSON_CAPS },
  "inscription-handicap": { purposes: ["inscription-handicap"], caps: STAFF_NOTIFICATION_CAPS, perContact: PERSON_CAPS },
  "inscription-equipe": { purposes: ["inscription-equipe"], caps: STAFF_NOTIFICATION_CAPS, perContact: PERSON_CAPS },
};

/** One lock for every registration e-mail: taken last in the transaction, it never waits in a cycle. */
function enqueueRegistrationMail(trx: Db, mail: QueuedMail, now: number): Promise<boolean> {
  const rule = VISITOR_MAIL_CAPS[mail.purpose];
  return rule ? enqueueVisitorMail(trx, mail, rule, now, "registration-mail-caps") : enqueueMail(trx, mail, now).then(() => true);
}

// ---------------------------------------------------------------------------------------------
// Registering

/** What the visitor is answered for a stored (or spooled) registration. */
export interface RegistrationAnswer {
  reference: string;
  registrationId: string;
  /** Received, or on the waiting list; a spooled one is answered received: the seat is taken (or the waiting list) once stored. */
  status: RegistrationStatus;
}

export type RegisterResult = IntakeOutcome<RegistrationAnswer>;

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
    /** On the waiting list from (default: `now` for a waiting registration). */
    waitlistedAt?: string | null;
    /** Stored from a spool at: seats decided later (`serveWaitingList`). */
    spoolPendingAt?: string | null;
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
    waitlisted_at: extra.status === "en_attente" ? (extra.waitlistedAt ?? extra.now) : null,
    spool_pending_at: extra.spoolPendingAt ?? null,
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

/** The spool's kind for registrations (one folder under DATA_DIR/spool, next to the leads'). */
export const REGISTRATION_SPOOL_KIND = "inscriptions";

/** The public registration form, for the intake pipeline (app/platform/intake/pipeline.server.ts). */
export const REGISTRATION_FORM_INTAKE = {
  name: "inscription",
  logName: "Inscription",
  schema: registrationSchema,
  read: (form: FormData) => formDataToObject(form),
  phone: organisationPhone,
  spoolKind: REGISTRATION_SPOOL_KIND,
  submission: (input: RegistrationInput, token: string, receivedAt: number): SpooledRegistration => ({
    sessionId: "",
    input,
    token,
    receivedAt,
  }),
  findByToken: async (target: Db, token: string) => {
    const existing = await registrationByToken(target, token);
    return existing && { reference: existing.reference, registrationId: existing.id, status: existing.status };
  },
  async check(r: SpooledRegistration, target: Db) {
    const session = await getSession(r.sessionId, target);
    const today = parisCalendarDay(new Date(r.receivedAt));
    const closed = session ? registrationClosedReason(session, today) : "Cette session n'existe pas ou plus.";
    if (!session || closed)
      return { ok: false as const, kind: session ? ("invalid" as const) : ("not-found" as const), formError: closed ?? undefined };
    const tooMany = overCapacityMessage(r.input.stagiaires.length, await sessionCapacity(session.id, target));
    if (tooMany) return { ok: false as const, kind: "invalid" as const, errors: { stagiaires: tooMany } };
    return { ok: true as const, prepared: session };
  },
  async store(target: Db, r: SpooledRegistration, session: RegistrationSession) {
    const stored = await storeRegistration(target, session, r);
    return { reference: stored.reference, registrationId: stored.id, status: stored.status, duplicate: stored.duplicate };
  },
  plan: (r: SpooledRegistration) => ({ id: newId(), reference: newRegistrationReference(r.receivedAt) }),
  spooledAnswer: (r: SpooledRegistration & { id: string; reference: string }): RegistrationAnswer => ({
    reference: r.reference,
    registrationId: r.id,
    status: "recue",
  }),
  unavailableMessage:
    "Votre inscription n'a pas été envoyée\u00a0: notre site rencontre un incident technique et n'a rien pu enregistrer. Vos informations sont conservées ci-dessous\u00a0: renvoyez le formulaire dans quelques minutes.",
} satisfies PublicForm<typeof registrationSchema, SpooledRegistration, RegistrationAnswer, RegistrationSession>;

/**
 * Stores a registration and queues its e-mails in one transaction (stored before any answer, mail
 * never lost). Its seats are taken in the same transaction, under the session's lock, after the
 * waiting list was served (`serveWaitingList`): when fewer remain than trainees named, the
 * registration goes on the waiting list instead. More trainees than the session has seats in all:
 * refused, next to the trainees. Anti-spam, limit, idempotency and the local spool when the database
 * is unavailable: the intake pipeline (app/platform/intake/pipeline.server.ts, docs/decisions/0010-lead-spool.md).
 */
export function submitRegistration(sessionId: string, form: FormData, ctx: IntakeContext): Promise<RegisterResult> {
  return submitPublicForm(
    { ...REGISTRATION_FORM_INTAKE, submission: (input, token, receivedAt) => ({ sessionId, input, token, receivedAt }) },
    form,
    ctx,
  );
}

/** Why a registration naming `trainees` cannot be taken by a session of `capacity` seats in all (null: it can). */
export function overCapacityMessage(trainees: number, capacity: number): string | null {
  if (trainees <= capacity) return null;
  if (capacity <= 0) return "Cette session n'a aucune place ouverte aux inscriptions en ligne\u00a0: demandez-nous un devis.";
  return `Cette session compte ${capacity} place${capacity > 1 ? "s" : ""} en tout\u00a0: une inscription ne peut pas nommer plus de ${capacity} stagiaire${capacity > 1 ? "s" : ""}. Pour un groupe plus grand, demandez-nous un devis (session intra-entreprise).`;
}

/**
 * Inserts the registration with its status and e-mails, in one transaction, under the session's
 * lock. Sent online: the waiting list is served first, then its seats are taken, or it joins the
 * list. From a spool (`fromSpool`): stored undecided, with its arrival time; its seats are decided
 * by `serveWaitingList` in arrival order once every instance had time to replay its own spool.
 * `r.id`/`r.reference`: those already given to the visitor (a spooled registration).
 */
async function storeRegistration(
  target: Db,
  session: RegistrationSession,
  r: SpooledRegistration,
  { fromSpool = false }: { fromSpool?: boolean } = {},
): Promise<StoredRegistration> {
  const today = parisCalendarDay(new Date(r.receivedAt));
  const versions = await acceptedVersions(target, r.input);
  const setup = await mailSetup(target);
  const iso = new Date(r.receivedAt).toISOString();
  const mailNow = Date.now();
  const trainees = r.input.stagiaires.length;
  for (let attempt = 0; ; attempt++) {
    try {
      const stored = await target.transaction().execute(async (trx) => {
        const base = { formToken: r.token, source: "en_ligne" as const, cgv: versions.cgv, ri: versions.ri, now: iso, today };
        if (fromSpool) {
          await lockSession(trx, session.id);
          const row = registrationRow(r.input, session, { ...base, status: "en_attente", spoolPendingAt: new Date(mailNow).toISOString() });
          if (attempt === 0 && r.id && r.reference) Object.assign(row, { id: r.id, reference: r.reference });
          await insertRegistration(trx, row, r.input);
          await serveWaitingList(trx, session.id, setup, mailNow);
          const now = await trx.selectFrom("registrations").select("status").where("id", "=", row.id).executeTakeFirstOrThrow();
          return { id: row.id, reference: row.reference, status: now.status as RegistrationStatus, duplicate: false };
        }
        const { free } = await serveWaitingList(trx, session.id, setup, r.receivedAt);
        const seated = trainees <= free && (await takeSeats(trx, session.id, trainees, iso));
        const status: RegistrationStatus = seated ? "recue" : "en_attente";
        const waitlistedAt = seated ? null : await nextWaitlistTime(trx, session.id, iso);
        const row = registrationRow(r.input, session, { ...base, status, waitlistedAt });
        if (attempt === 0 && r.id && r.reference) Object.assign(row, { id: r.id, reference: r.reference });
        await insertRegistration(trx, row, r.input);
        await recordStatus(trx, row.id, status, ONLINE, seated ? "" : WAITLIST_REASON, iso);
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

const WAITLIST_REASON = "Plus assez de places libres à l'envoi du formulaire.";

// ---------------------------------------------------------------------------------------------
// The local spool (the database is unavailable)

/** What the spool keeps of a registration the database refused: enough to store it later as if received then. */
export interface SpooledRegistration extends Submission {
  sessionId: string;
  input: RegistrationInput;
}

/**
 * Stores a spooled registration (the job runner, once the database answers again) with its arrival
 * time, its seats undecided: `serveWaitingList` gives it seats (or the waiting list) in arrival
 * order, with the registrations other instances replay, once `SPOOL_SETTLE_MS` have passed; the
 * contact gets the usual e-mails then. Idempotent by the form token. A session closed to online
 * registration when it was sent (or deleted since), or smaller than the group, gets no seat: the
 * registration is recorded as cancelled, with the reason, and the contact and staff are told.
 * Returns the session whose seats wait to be decided (see `serveWhenSettled`), or null.
 */
export async function replaySpooledRegistration(entry: SpoolEntry, target: Db = db()): Promise<string | null> {
  const replayed = await replaySpooled(REGISTRATION_FORM_INTAKE, entry, replayRegistration, target);
  return replayed?.settle ?? null;
}

async function replayRegistration(r: SpooledRegistration, target: Db): Promise<{ reference: string; settle: string | null }> {
  const session = await getSession(r.sessionId, target);
  if (!session) {
    await reportLostSession(target, r);
    return { reference: r.reference ?? "", settle: null };
  }
  const closed =
    registrationClosedReason(session, parisCalendarDay(new Date(r.receivedAt))) ??
    overCapacityMessage(r.input.stagiaires.length, await sessionCapacity(session.id, target));
  const stored = closed ? await storeRefused(target, session, r, closed) : await storeRegistration(target, session, r, { fromSpool: true });
  return { reference: stored.reference, settle: closed ? null : session.id };
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
    await queueCancelledMail(trx, m, reason, setup, mailNow);
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
  return spooledCount(REGISTRATION_FORM_INTAKE);
}

/** Tells the registrant that the registration is cancelled, and why (« inscription-annulee »). */
async function queueCancelledMail(trx: Db, r: MailRegistration, reason: string, setup: MailSetup, now: number): Promise<void> {
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

/**
 * The e-mails of a new registration: to the contact (with the .ics when seated), to staff, to the
 * disability contact. Made by a visitor (`byVisitor`): each within its recipient's caps.
 */
async function queueNewRegistrationMails(trx: Db, registrationId: string, setup: MailSetup, now: number, { byVisitor = true } = {}) {
  const r = (await loadMailRegistration(trx, registrationId))!;
  const links = linksOf(r, setup);
  const queue = (mail: QueuedMail) => (byVisitor ? enqueueRegistrationMail(trx, mail, now) : enqueueMail(trx, mail, now));
  if (r.status === "en_attente") {
    const position = await waitingPosition(trx, r.session.id, r.id);
    const mail = waitlistMail(r, position, links, setup.organisation, setup.offerHours);
    await queue({ registrationId: r.id, purpose: "inscription-attente", to: r.contactEmail, replyTo: setup.staff, ...mail });
  } else {
    const mail = r.status === "confirmee" ? confirmedMail(r, links, setup.organisation) : receivedMail(r, links, setup.organisation);
    await queue({
      registrationId: r.id,
      purpose: "inscription-recue",
      to: r.contactEmail,
      replyTo: setup.staff,
      attachments: [calendarOf(r, setup)],
      ...mail,
    });
  }
  const staff = staffMail(
    r,
    r.status === "en_attente" ? "Nouvelle inscription sur liste d'attente" : "Nouvelle inscription",
    setup.siteUrl,
  );
  await queue({ registrationId: r.id, purpose: "inscription-equipe", to: setup.staff, replyTo: r.contactEmail, ...staff });
  if (r.accessibilityNeeds) {
    const to = r.session.disabilityContactEmail || setup.organisation.accessibilityContact;
    await queue({
      registrationId: r.id,
      purpose: "inscription-handicap",
      to,
      replyTo: r.contactEmail,
      ...accessibilityMail(r, setup.siteUrl),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Waiting list

/**
 * How long a registration stored from a spool waits before its seats are decided: every instance
 * replays its own spool every `SPOOL_POLL_MS`, so by then the registrations that arrived before it
 * on another instance are in the database too, and seats go in arrival order across instances.
 */
export const SPOOL_SETTLE_MS = 4 * SPOOL_POLL_MS;

const settleTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Serves a session's waiting list once the registrations this process just stored from its spool
 * are settled (a timer; should the process stop first, the housekeeping sweep does it).
 */
export function serveWhenSettled(sessionId: string): void {
  clearTimeout(settleTimers.get(sessionId));
  const timer = setTimeout(() => {
    settleTimers.delete(sessionId);
    serveSession(sessionId).catch((error: unknown) =>
      log.warn("Liste d'attente non servie après le dossier d'attente (la tâche d'entretien s'en charge)", {
        sessionId,
        error: String((error as Error)?.message ?? error),
      }),
    );
  }, SPOOL_SETTLE_MS + 1_000);
  timer.unref();
  settleTimers.set(sessionId, timer);
}

/** Serves one session's waiting list in its own transaction (`serveWaitingList`); the count of those served. */
export async function serveSession(
  sessionId: string,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<number> {
  const setup = await mailSetup(target);
  const { served } = await target.transaction().execute((trx) => serveWaitingList(trx, sessionId, setup, now));
  if (served > 0) signalMailQueued();
  return served;
}

/**
 * Serves a session's waiting list, in order (`waitlisted_at`, the arrival time for a registration
 * stored from a spool), skipping any registration its free seats cannot take: a waiting group never
 * blocks seats it cannot use. Each that fits gets its seats: an offer (held seats, a link valid
 * `offerHours`), or the seats at once for a registration stored from a spool (it never waited: it
 * arrived during an outage). A spooled registration not settled yet (`SPOOL_SETTLE_MS`) keeps the
 * seats it fits in for itself, so nobody behind it takes them; settled and too big, it joins the list.
 * Locks the session first (every seat movement does), in the caller's transaction. Returns the
 * seats still free for a newcomer, and how many registrations were served or told.
 */
export async function serveWaitingList(
  trx: Db,
  sessionId: string,
  setup: MailSetup,
  now: number,
): Promise<{ free: number; served: number }> {
  let free = (await lockSession(trx, sessionId)) ?? 0;
  const iso = new Date(now).toISOString();
  const waiting = await trx
    .selectFrom("registrations as r")
    .select(["r.id", "r.seats", "r.spool_pending_at"])
    .where("r.session_id", "=", sessionId)
    .where("r.status", "=", "en_attente")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("registration_offers as o").select("o.id").whereRef("o.registration_id", "=", "r.id").where("o.state", "=", "open"),
        ),
      ),
    )
    .orderBy("r.waitlisted_at")
    .orderBy("r.id")
    .execute();
  let served = 0;
  for (const entry of waiting) {
    const seats = Number(entry.seats);
    const spooled = entry.spool_pending_at !== null;
    const settled = !spooled || Date.parse(entry.spool_pending_at!) + SPOOL_SETTLE_MS <= now;
    if (seats > free) {
      if (spooled && settled) {
        await decideSpooled(trx, entry.id, false, setup, now);
        served++;
      }
      continue;
    }
    free -= seats;
    if (!settled) continue;
    if (!(await takeSeats(trx, sessionId, seats, iso))) throw new Error(`Places de la session ${sessionId} changées sous verrou`);
    if (spooled) await decideSpooled(trx, entry.id, true, setup, now);
    else await offerSeats(trx, sessionId, entry.id, seats, setup, now);
    served++;
  }
  return { free, served };
}

/** A registration stored from a spool gets its seats (received) or stays on the waiting list, and is told. */
async function decideSpooled(trx: Db, id: string, seated: boolean, setup: MailSetup, now: number): Promise<void> {
  const iso = new Date(now).toISOString();
  await trx
    .updateTable("registrations")
    .set(
      seated
        ? { status: "recue", waitlisted_at: null, spool_pending_at: null, updated_at: iso }
        : { spool_pending_at: null, updated_at: iso },
    )
    .where("id", "=", id)
    .execute();
  const reason = "Reçue pendant une indisponibilité du site, traitée dans l'ordre d'arrivée.";
  await recordStatus(trx, id, seated ? "recue" : "en_attente", ONLINE, seated ? reason : `${reason} ${WAITLIST_REASON}`, iso);
  await queueNewRegistrationMails(trx, id, setup, now);
}

/** Holds `seats` (already taken) for a waiting registration and sends it the offer's link. */
async function offerSeats(trx: Db, sessionId: string, registrationId: string, seats: number, setup: MailSetup, now: number) {
  const iso = new Date(now).toISOString();
  const offerId = newId();
  const expiresAt = new Date(now + setup.offerHours * 3600_000).toISOString();
  await trx
    .insertInto("registration_offers")
    .values({
      id: offerId,
      registration_id: registrationId,
      session_id: sessionId,
      seats,
      state: "open",
      expires_at: expiresAt,
      created_at: iso,
      updated_at: iso,
    })
    .execute();
  const r = (await loadMailRegistration(trx, registrationId))!;
  const mail = offerMail(
    r,
    `${setup.siteUrl}/inscription/offre/${signedToken("offre", offerId)}`,
    expiresAt,
    setup.organisation,
    setup.siteUrl,
  );
  await enqueueMail(trx, { registrationId: r.id, purpose: "inscription-offre", to: r.contactEmail, replyTo: setup.staff, ...mail }, now);
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
    const seen = await trx.selectFrom("registration_offers").select("registration_id").where("id", "=", offerId).executeTakeFirst();
    if (seen) await lockRegistration(trx, seen.registration_id);
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
 * on the list is offered them), seats freed otherwise (staff added seats) go to the waiting lists,
 * and registrations stored from a spool get their seats once settled (`SPOOL_SETTLE_MS`).
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
      const seen = await trx.selectFrom("registration_offers").select("registration_id").where("id", "=", id).executeTakeFirst();
      if (!seen) return 0;
      await lockRegistration(trx, seen.registration_id);
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
      if (r) await queueCancelledMail(trx, r, reason, setup, now);
      await serveWaitingList(trx, offer.session_id, setup, now);
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
    .where((eb) =>
      eb.or([
        eb.and([eb("s.seats_left", ">", 0), eb("s.start_date", ">", today)]),
        eb("r.spool_pending_at", "<=", new Date(now - SPOOL_SETTLE_MS).toISOString()),
      ]),
    )
    .execute();
  for (const { session_id } of waiting) changes += await serveSession(session_id, { target, now });
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
    const row = await lockRegistration(trx, id);
    if (!row) return { ok: false, error: "Cette inscription n'existe pas." };
    if (row.status === "annulee") return { ok: false, error: "Cette inscription est déjà annulée." };
    const done = await trx
      .updateTable("registrations")
      .set({ status: "annulee", waitlisted_at: null, updated_at: iso })
      .where("id", "=", id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows ?? 0) !== 1) return { ok: false, error: "Cette inscription vient de changer\u00a0: rechargez la page." };
    if (row.status === "recue" || row.status === "confirmee") await releaseSeats(trx, row.session_id, row.seats, iso);
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
    // The space no longer opens for its people: their sessions end (they may sign in again for another registration).
    await revokeLinkSessions(trx, SPACE_REALM, [r.contactEmail, ...r.trainees.map((t) => t.email)], now);
    await queueCancelledMail(trx, r, reason, setup, now);
    await enqueueRegistrationMail(
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
    await serveWaitingList(trx, row.session_id, setup, now);
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
    const row = await lockRegistration(trx, id);
    if (!row) return { ok: false, error: "Cette inscription n'existe pas." };
    if (row.session_id === toSessionId) return { ok: false, error: "L'inscription est déjà sur cette session." };
    if (row.status !== "recue" && row.status !== "confirmee")
      return { ok: false, error: "Seule une inscription reçue ou confirmée peut être déplacée." };
    if (!(await takeSeats(trx, toSessionId, row.seats, iso))) {
      return { ok: false, error: `La session choisie n'a plus assez de places libres (il en faut ${row.seats}).` };
    }
    await releaseSeats(trx, row.session_id, row.seats, iso);
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
      `Déplacée vers la session ${to.formationTitle} du ${formatDate(to.startDate)}.`,
      iso,
    );
    await enqueueConfirmedMail(trx, id, setup, now);
    await serveWaitingList(trx, row.session_id, setup, now);
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
    await lockSession(trx, sessionId);
    if (!(await takeSeats(trx, sessionId, input.stagiaires.length, iso))) return null;
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
    await queueNewRegistrationMails(trx, row.id, setup, now, { byVisitor: false });
    return row.reference;
  });
  if (!result)
    return {
      ok: false,
      error: `Plus assez de places libres\u00a0: il en reste ${session.seatsLeft} pour ${formatCount(input.stagiaires.length, "stagiaire")}.`,
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
    const row = await lockRegistration(trx, id);
    if (!row || row.status === "annulee") return { ok: false, error: "Cette inscription est annulée." };
    if (trainees.length > row.seats) {
      return {
        ok: false,
        error: `Votre inscription compte ${formatCount(row.seats, "place")}\u00a0: pour ajouter un stagiaire, faites une nouvelle inscription.`,
      };
    }
    const before = await trx.selectFrom("registration_trainees").select("email").where("registration_id", "=", id).execute();
    const kept = new Set(trainees.map((t) => t.email.trim().toLowerCase()));
    // A trainee replaced (or whose address changed) no longer opens this registration's space.
    const gone = before.map((t) => t.email).filter((e) => !kept.has(e.trim().toLowerCase()));
    await revokeLinkSessions(trx, SPACE_REALM, gone, now);
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
    const freed = row.seats - trainees.length;
    await trx.updateTable("registrations").set({ seats: trainees.length, updated_at: iso }).where("id", "=", id).execute();
    if (freed > 0) {
      if (row.status === "recue" || row.status === "confirmee") await releaseSeats(trx, row.session_id, freed, iso);
      // Waiting with an open offer: the offer holds fewer seats too (accepted, it must not keep the others).
      const offer = await trx
        .updateTable("registration_offers")
        .set({ seats: trainees.length, updated_at: iso })
        .where("registration_id", "=", id)
        .where("state", "=", "open")
        .executeTakeFirst();
      if (Number(offer.numUpdatedRows ?? 0) > 0) await releaseSeats(trx, row.session_id, freed, iso);
      // Freed seats go to the list; a smaller waiting group may fit now.
      await serveWaitingList(trx, row.session_id, setup, now);
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
    await enqueueRegistrationMail(
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
