import { sql } from "kysely";
import { data, redirect } from "react-router";
import { contactSpacePath, SPACE_REALM, traineeSpacePath } from "~/domain/registrations/space-links";
import { TRAINER_REALM } from "~/domain/trainers/space-links";
import { activeTrainerByEmail } from "~/domain/trainers/trainers.server";
import { getOrganisation, staffAddress } from "~/domain/settings/settings.server";
import { recordAudit, type AuditInput } from "~/domain/audit/audit.server";
import { isSigner } from "~/domain/signatures/signatures.server";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { enqueueVisitorMail, PERSON_CAPS, signalMailQueued, type VisitorMailRule } from "~/platform/email/queue.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { clientIp } from "~/platform/http/client-ip.server";
import { consumeRateLimit, rateLimitMessage, screenSubmission } from "~/platform/intake/guard.server";
import {
  closeLinkSession,
  issueSignInLink,
  LINK_MINUTES,
  openLinkSession,
  pruneLinkSignIn,
  readLinkSession,
  safeNextPath,
  subjectOf,
  redeemSignInLink,
} from "~/platform/link-sign-in/link-sign-in.server";
import { log } from "~/platform/log.server";
import { pseudonym } from "~/platform/privacy/pseudonym.server";
import { validate, type FailureKind, type FieldErrors } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import { doorAt, DOOR_TEXTS, type DoorName } from "./doors";
import { SPACE_FORM, spaceSignInSchema } from "./model";

/**
 * Who may sign in to the spaces, and how (docs/decisions/0029-space-sign-in-by-link.md and
 * 0031-trainer-space.md). One way in for every person who is not staff, one door per space (a
 * realm, its own cookie: `./doors.ts`): the client's and trainee's space (`espace`) admits the
 * contact of a registration or one of its trainees, as long as that registration is not cancelled;
 * the trainer's space (`formateur`) admits the address of an active trainer. The generic part
 * (links, sessions, cookie) is app/platform/link-sign-in.
 */

/** The spaces' e-mail (every door's): its own caps per recipient, those of the account e-mails (PERSON_CAPS). */
const LINK_MAIL: VisitorMailRule = { purposes: ["espace-lien"], caps: PERSON_CAPS };

/** True when `email` is the contact or a trainee of a registration that is not cancelled. */
export async function isSpacePerson(email: string, target: Db = db()): Promise<boolean> {
  const subject = subjectOf(email);
  const contact = await target
    .selectFrom("registrations")
    .select("id")
    .where(sql<string>`lower(contact_email)`, "=", subject)
    .where("status", "!=", "annulee")
    .executeTakeFirst();
  if (contact) return true;
  const trainee = await target
    .selectFrom("registration_trainees as t")
    .innerJoin("registrations as r", "r.id", "t.registration_id")
    .select("t.id")
    .where(sql<string>`lower(t.email)`, "=", subject)
    .where("r.status", "!=", "annulee")
    .executeTakeFirst();
  return Boolean(trainee);
}

/** Who each door admits: checked when a link is asked for and again when it is used. */
const ADMITS: Record<DoorName, (email: string, target: Db) => Promise<boolean>> = {
  // The signer of a document sent for signature too (a devis's lead has no registration).
  [SPACE_REALM]: async (email, target) => (await isSpacePerson(email, target)) || (await isSigner(email, target)),
  [TRAINER_REALM]: async (email, target) => Boolean(await activeTrainerByEmail(email, target)),
};

/** Records one access to the space: pseudonymous ids of the person and of the client address only. */
export async function recordSpaceAccess(
  target: Db,
  {
    email,
    ip,
    event,
    path = "",
    now = Date.now(),
  }: { email: string; ip: string; event: "connexion" | "consultation"; path?: string; now?: number },
): Promise<void> {
  const person = pseudonym(email);
  const client = pseudonym(`ip:${ip || "inconnue"}`);
  await target
    .insertInto("space_accesses")
    .values({ id: crypto.randomUUID(), person, client, event, path: path.slice(0, 500), created_at: new Date(now).toISOString() })
    .execute();
  log.info("Espace : accès", { person, client, event, path });
}

function linkMail(door: DoorName, url: string, orgName: string) {
  const texts = DOOR_TEXTS[door];
  const space = door === SPACE_REALM ? "votre espace" : `votre ${texts.eyebrow.toLowerCase()}`;
  return {
    subject: `Votre lien de connexion à ${space}${orgName ? ` — ${orgName}` : ""}`,
    text: [
      "Bonjour,",
      "",
      `Pour ouvrir ${space} (${texts.holds}), suivez ce lien\u00a0:`,
      url,
      "",
      `Il est valable ${LINK_MINUTES}\u00a0minutes et ne sert qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail\u00a0: personne ne peut ouvrir votre espace sans lui.`,
      "",
      "Bien cordialement,",
      orgName,
    ].join("\n"),
  };
}

/**
 * Queues the link e-mail of `door` to `email` in `trx`, within the person's caps: false beyond
 * them. Every door's link opens at /espace/connexion/{secret}, which finds its realm.
 */
async function queueLinkMail(trx: Db, door: DoorName, email: string, next: string, now: number): Promise<boolean> {
  const [organisation, staff] = await Promise.all([getOrganisation(trx), staffAddress(trx)]);
  const secret = await issueSignInLink(trx, { realm: door, subject: email, next, now });
  const url = `${config().siteUrl}/espace/connexion/${secret}`;
  return enqueueVisitorMail(
    trx,
    { purpose: "espace-lien", to: email.trim(), replyTo: staff, ...linkMail(door, url, organisation.name) },
    LINK_MAIL,
    now,
    "espace-lien-caps",
  );
}

export type SignInRequestOutcome =
  | { ok: true }
  | {
      ok: false;
      kind: "invalid" | "blocked" | "confirm" | "limited";
      errors: FieldErrors;
      values: Record<string, unknown>;
      formError?: string;
      token: string;
    };

/**
 * /espace or /espace/formateur (`door`): a person asks for a link. The answer is the same whether
 * the address is known or not (nothing tells who is registered or who teaches); only an address
 * the door admits gets an e-mail. The public forms' guard applies (honeypot, signed token, limit
 * per client address).
 */
export async function requestSpaceLink(
  form: FormData,
  {
    ip,
    door = SPACE_REALM,
    target = db(),
    now = Date.now(),
    minFillSeconds = config().leadMinFillSeconds,
  }: { ip: string; door?: DoorName; target?: Db; now?: number; minFillSeconds?: number },
): Promise<SignInRequestOutcome> {
  const values = formDataToObject(form);
  const validation = validate(spaceSignInSchema, values);
  const errors = validation.ok ? {} : validation.errors;
  const screen = screenSubmission(SPACE_FORM, form, { valid: validation.ok, minFillSeconds, now });
  if (!screen.ok) return { ok: false, kind: screen.kind, errors, values, formError: screen.formError, token: screen.token };
  if (!validation.ok) return { ok: false, kind: "invalid", errors, values, token: screen.token };
  const limit = await consumeRateLimit(ip, { target, now });
  if (!limit.allowed) {
    const { phone } = await getOrganisation(target);
    return {
      ok: false,
      kind: "limited",
      errors: {},
      values,
      formError: rateLimitMessage(limit.retryAfterSeconds, phone),
      token: screen.token,
    };
  }
  const { email, suite } = validation.value;
  if (await ADMITS[door](email, target)) {
    const next = inside(door, safeNextPath(suite)) ? safeNextPath(suite) : "";
    const queued = await target.transaction().execute((trx) => queueLinkMail(trx, door, email, next, now));
    if (queued) signalMailQueued();
  }
  log.info("Espace : lien demandé", { person: pseudonym(email), door });
  return { ok: true };
}

/** Whether `path` is a page of the door's space (a link opens its own space only). */
const inside = (door: DoorName, path: string) => path.startsWith(DOOR_TEXTS[door].home) && doorAt(path) === door;

export type OpenLinkOutcome =
  { ok: true; setCookie: string; next: string } | { ok: false; reason: "invalide" | "expire" | "utilise"; home: string };

/**
 * The link of the e-mail is used (POST of its page): a session of its door's space opens, once.
 * The link's realm says which door (the same page serves them all); `home`: where to ask again.
 */
export async function openSpaceLink(secret: string, request: Request, target: Db = db(), now = Date.now()): Promise<OpenLinkOutcome> {
  for (const door of Object.keys(ADMITS) as DoorName[]) {
    const home = DOOR_TEXTS[door].home;
    const check = await redeemSignInLink(target, door, secret, now);
    if (!check.ok && check.reason === "invalide") continue;
    if (!check.ok) return { ...check, home };
    if (!(await ADMITS[door](check.subject, target))) return { ok: false, reason: "invalide", home };
    const setCookie = await openLinkSession(target, door, check.subject, now);
    await recordSpaceAccess(target, { email: check.subject, ip: clientIp(request), event: "connexion", path: check.next || home, now });
    return { ok: true, setCookie, next: check.next || home };
  }
  return { ok: false, reason: "invalide", home: DOOR_TEXTS[SPACE_REALM].home };
}

export interface SpacePerson {
  email: string;
  /** A renewed session cookie to send with the answer, or null. */
  setCookie: string | null;
}

/** The person of the request's session of `door`'s space, or null; a page seen (GET) is recorded as an access. */
export async function personAt(door: DoorName, request: Request, target: Db = db(), now = Date.now()): Promise<SpacePerson | null> {
  const session = await readLinkSession(request, door, target, now);
  if (!session) return null;
  if (request.method === "GET")
    await recordSpaceAccess(target, {
      email: session.subject,
      ip: clientIp(request),
      event: "consultation",
      path: new URL(request.url).pathname,
      now,
    });
  return { email: session.subject, setCookie: session.setCookie };
}

/** The person of the request's session of the client's and trainee's space, or null. */
export function spacePerson(request: Request, target: Db = db(), now = Date.now()): Promise<SpacePerson | null> {
  return personAt(SPACE_REALM, request, target, now);
}

/** Without a session: the redirect to the door's sign-in page, which comes back to this page once signed in. */
export function signInFirst(door: DoorName, request: Request): Response {
  return redirect(`${DOOR_TEXTS[door].home}?suite=${encodeURIComponent(new URL(request.url).pathname)}`);
}

/** The person of the request's space session; without one, a redirect to /espace that comes back here once signed in. */
export async function requireSpacePerson(request: Request, target: Db = db(), now = Date.now()): Promise<SpacePerson> {
  const person = await spacePerson(request, target, now);
  if (!person) throw signInFirst(SPACE_REALM, request);
  return person;
}

/** « Se déconnecter » of `door`'s space: the Set-Cookie value that ends the session (the other spaces stay open). */
export function signOutOfSpace(request: Request, target: Db = db(), door: DoorName = SPACE_REALM): Promise<string> {
  return closeLinkSession(request, door, target);
}

export type StaffLinkResult = { ok: true; message: string } | { ok: false; kind: FailureKind; error: string };

/**
 * Staff send the link of the space to the contact or a trainee of a registration (from its admin
 * page): the link opens that person's page of this registration.
 */
export async function sendSpaceLinkByStaff(
  registrationId: string,
  email: string,
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<StaffLinkResult> {
  const r = await target
    .selectFrom("registrations")
    .select(["id", "reference", "status", "contact_email"])
    .where("id", "=", registrationId)
    .executeTakeFirst();
  if (!r) return { ok: false, kind: "not-found", error: "Cette inscription n'existe pas." };
  if (r.status === "annulee") return { ok: false, kind: "conflict", error: "Cette inscription est annulée\u00a0: son espace est fermé." };
  const subject = subjectOf(email);
  const trainees = await target.selectFrom("registration_trainees").select("email").where("registration_id", "=", r.id).execute();
  const isContact = subjectOf(r.contact_email) === subject;
  const trainee = trainees.find((t) => subjectOf(t.email) === subject);
  if (!isContact && !trainee)
    return { ok: false, kind: "invalid", error: "Cette adresse n'est ni le contact ni un stagiaire de l'inscription." };
  return sendLinkByStaff(target, {
    door: SPACE_REALM,
    email: isContact ? r.contact_email : trainee!.email,
    next: isContact ? contactSpacePath(r.id) : traineeSpacePath(r.id),
    now,
    audit: {
      actor,
      action: "send",
      entity: "registration",
      entityId: r.id,
      summary: `Lien de l'espace envoyé à ${isContact ? "le contact" : "un stagiaire"} de l'inscription ${r.reference}.`,
    },
  });
}

/** Staff send the link of `door`'s space to `email`: the e-mail and its journal entry in one transaction, within the caps. */
export async function sendLinkByStaff(
  target: Db,
  { door, email, next, now, audit }: { door: DoorName; email: string; next: string; now: number; audit: AuditInput },
): Promise<StaffLinkResult> {
  const queued = await target.transaction().execute(async (trx) => {
    const sent = await queueLinkMail(trx, door, email, next, now);
    if (sent) await recordAudit(trx, audit);
    return sent;
  });
  if (!queued)
    return { ok: false, kind: "conflict", error: "Trop de liens envoyés à cette adresse récemment\u00a0: réessayez dans une heure." };
  signalMailQueued();
  return { ok: true, message: `Lien de l'espace envoyé à ${email.trim()}.` };
}

/** How long the accesses to the space are kept (the staff's « derniers accès »). */
export const ACCESS_RETENTION_DAYS = 365;

/** Housekeeping: used or expired links, ended sessions, and accesses older than ACCESS_RETENTION_DAYS. */
export async function pruneSpace(target: Db = db(), now = Date.now()): Promise<number> {
  const links = await pruneLinkSignIn(target, now);
  const old = await target
    .deleteFrom("space_accesses")
    .where("created_at", "<", new Date(now - ACCESS_RETENTION_DAYS * 86_400_000).toISOString())
    .executeTakeFirst();
  return links + Number(old.numDeletedRows ?? 0);
}

/** The headers of a page of the space: private, with the renewed session cookie when there is one. */
export function spaceHeaders(person: SpacePerson | null): Headers {
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  if (person?.setCookie) headers.append("Set-Cookie", person.setCookie);
  return headers;
}

/** A page of a space for its person: its data, with the renewed cookie; null (not theirs, or none) answers 404. */
export function spacePageData<T>(person: SpacePerson, page: T | null) {
  if (!page) throw data(null, { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  return data({ email: person.email, page }, { headers: spaceHeaders(person) });
}
