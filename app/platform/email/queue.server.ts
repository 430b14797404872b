import { randomUUID } from "node:crypto";
import { type ExpressionBuilder } from "kysely";
import { db, type Db } from "~/platform/db/db.server";
import { lockNameForTransaction } from "~/platform/db/dialect";
import type { Database } from "~/platform/db/schema";
import { sendMail, type MailAttachment, type MailMessage, type SentMail } from "~/platform/email/mailer.server";
import { leaseMs } from "~/platform/jobs/lease.server";
import { log } from "~/platform/log.server";
import { storage } from "~/platform/storage/storage.server";

/**
 * The persisted mail queue (outbox table `mail_queue`). A mail is written in the same transaction
 * as the record it is about, then delivered by the worker through the mail layer (SMTP or the
 * outbox folder). A failed send is retried with exponential backoff; a mail server outage delays
 * mail and loses nothing. Safe with several instances: a row is claimed by one atomic UPDATE that
 * sets a lock token, and only the instance holding the token sends it.
 */

/** An attachment as the queue keeps it: its text, or the key of a file in the storage. */
export type QueuedAttachment =
  { filename: string; contentType: string; content: string } | { filename: string; contentType: string; storageKey: string };

export type MailState = "pending" | "sending" | "sent" | "failed";

export interface QueuedMail {
  leadId?: string | null;
  /** The registration the mail is about (confirmation, offer, convocation). */
  registrationId?: string | null;
  /** The complaint the mail is about (acknowledgement, written answer, staff notice). */
  complaintId?: string | null;
  /** The invoice the mail is about (sending, reminders). */
  invoiceId?: string | null;
  purpose: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Attachments: a text one (a calendar file) is stored with the mail; a file of the storage (a
   * training document's PDF) is stored as its key and read at send time.
   */
  attachments?: Array<QueuedAttachment>;
}

/** After this many failed attempts a mail is marked failed (staff can send it again from the admin). */
export const MAX_ATTEMPTS = 15;
/**
 * A claimed row whose sender vanished (crash, restart) is claimable again after this delay; the
 * sender renews it while it works (the SMTP timeouts are well under it, see mailer.server.ts).
 */

/** 1 min, 2, 4, 8 … capped at 6 h: about 44 hours of retries before MAX_ATTEMPTS. */
export function defaultBackoff(attempt: number): number {
  const base = 60_000;
  return Math.min(base * 2 ** Math.max(0, attempt - 1), 6 * 60 * 60 * 1000);
}

const listeners = new Set<() => void>();

/** The worker of this process listens, to send a new mail at once rather than at its next poll. */
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that queued mail has committed. */
export function signalMailQueued(): void {
  for (const listener of listeners) listener();
}

/** Adds a mail to the queue; pass the transaction that stores the record it is about. */
export async function enqueueMail(target: Db, mail: QueuedMail, now = Date.now()): Promise<string> {
  const id = randomUUID();
  const iso = new Date(now).toISOString();
  await target
    .insertInto("mail_queue")
    .values({
      id,
      lead_id: mail.leadId ?? null,
      purpose: mail.purpose,
      to_address: mail.to,
      reply_to: mail.replyTo ?? "",
      subject: mail.subject.slice(0, 300),
      text_body: mail.text,
      html_body: mail.html ?? "",
      state: "pending",
      attempts: 0,
      next_attempt_at: iso,
      lock_token: null,
      locked_until: null,
      last_error: "",
      sent_at: null,
      via: "",
      attachments: JSON.stringify(mail.attachments ?? []),
      registration_id: mail.registrationId ?? null,
      complaint_id: mail.complaintId ?? null,
      invoice_id: mail.invoiceId ?? null,
      created_at: iso,
      updated_at: iso,
    })
    .execute();
  return id;
}

/** At most `max` mails to one address within `windowMs`. */
export interface RecipientCap {
  windowMs: number;
  max: number;
}

/**
 * True when `to` was queued fewer mails of these purposes than each cap allows (any state, counted
 * in the queue itself: every instance sees the same figure). Call in the transaction that would
 * queue the mail; on PostgreSQL the check is serialized by a transaction-scoped lock (`lockName`,
 * the recipient's by default), so two transactions never both pass a full cap. A transaction that
 * checks several recipients passes one `lockName` for all of them (no two locks taken in opposite
 * orders). Beyond a cap the caller queues nothing. `replyTo`: only the mails about one person count
 * (a notification to staff, per person who triggered it).
 */
export async function withinRecipientCaps(
  trx: Db,
  to: string,
  purposes: readonly string[],
  caps: readonly RecipientCap[],
  now = Date.now(),
  { replyTo, lockName = `mail-caps:${to.toLowerCase()}` }: { replyTo?: string; lockName?: string } = {},
): Promise<boolean> {
  await lockNameForTransaction(trx, lockName);
  for (const cap of caps) {
    let q = trx
      .selectFrom("mail_queue")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("to_address", "=", to)
      .where("purpose", "in", [...purposes])
      .where("created_at", ">=", new Date(now - cap.windowMs).toISOString());
    if (replyTo !== undefined) q = q.where("reply_to", "=", replyTo);
    const row = await q.executeTakeFirst();
    if (Number(row?.n ?? 0) >= cap.max) return false;
  }
  return true;
}

const HOUR = 60 * 60 * 1000;
/** Any address a visitor types (a contact, a registrant): like the account e-mails' caps. */
export const PERSON_CAPS: readonly RecipientCap[] = [
  { windowMs: HOUR, max: 5 },
  { windowMs: 24 * HOUR, max: 10 },
];
/** Staff and the disability contact, all visitors together: a backstop. */
export const STAFF_NOTIFICATION_CAPS: readonly RecipientCap[] = [
  { windowMs: HOUR, max: 100 },
  { windowMs: 24 * HOUR, max: 500 },
];

/** The caps of one kind of e-mail a visitor triggers: the purposes counted together, per recipient and per visitor (`replyTo`). */
export interface VisitorMailRule {
  purposes: readonly string[];
  caps: readonly RecipientCap[];
  perContact?: readonly RecipientCap[];
}

/**
 * Queues an e-mail a visitor's request triggers, within its recipient's caps; beyond them nothing is
 * queued (what the visitor sent is stored and listed in the admin all the same) and a warning is
 * logged. `lockName`: one lock for a family of e-mails, taken last in the transaction.
 */
export async function enqueueVisitorMail(
  trx: Db,
  mail: QueuedMail,
  rule: VisitorMailRule,
  now: number,
  lockName: string,
): Promise<boolean> {
  const allowed =
    (await withinRecipientCaps(trx, mail.to, rule.purposes, rule.caps, now, { lockName })) &&
    (!rule.perContact ||
      (await withinRecipientCaps(trx, mail.to, rule.purposes, rule.perContact, now, { replyTo: mail.replyTo ?? "", lockName })));
  if (!allowed) {
    log.warn("E-mail non envoyé : limite par destinataire atteinte", {
      purpose: mail.purpose,
      registrationId: mail.registrationId,
      leadId: mail.leadId,
      complaintId: mail.complaintId,
    });
    return false;
  }
  await enqueueMail(trx, mail, now);
  return true;
}

export interface ProcessOptions {
  target?: Db;
  /** The sender (the mail layer by default; tests may pass their own). */
  send?: (message: MailMessage) => Promise<SentMail>;
  now?: () => number;
  /** Delay before attempt n+1 after n failures. Injectable so tests need not wait. */
  backoff?: (attempt: number) => number;
  maxAttempts?: number;
  batchSize?: number;
}

export interface ProcessResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Claims the due mails atomically (pending and due, or a stale claim), then sends them one by one.
 * Two instances running this at the same moment never send the same row: the UPDATE re-checks
 * the state, and on PostgreSQL a row updated by the other instance no longer matches.
 */
export async function claimDueMails(target: Db, now: number, batchSize: number): Promise<{ token: string; ids: string[] }> {
  const token = randomUUID();
  const iso = new Date(now).toISOString();
  const lockedUntil = new Date(now + leaseMs()).toISOString();
  const due = (eb: ExpressionBuilder<Database, "mail_queue">) =>
    eb.or([
      eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", iso)]),
      eb.and([eb("state", "=", "sending"), eb("locked_until", "<", iso)]),
    ]);
  const candidates = await target
    .selectFrom("mail_queue")
    .select("id")
    .where((eb) => due(eb))
    .orderBy("next_attempt_at")
    .limit(batchSize)
    .execute();
  if (candidates.length === 0) return { token, ids: [] };
  await target
    .updateTable("mail_queue")
    .set({ state: "sending", lock_token: token, locked_until: lockedUntil, updated_at: iso })
    .where(
      "id",
      "in",
      candidates.map((c) => c.id),
    )
    .where((eb) => due(eb))
    .execute();
  const claimed = await target.selectFrom("mail_queue").select("id").where("lock_token", "=", token).execute();
  return { token, ids: claimed.map((c) => c.id) };
}

/** One pass of the worker: claims what is due and sends it. */
export async function processMailQueue(options: ProcessOptions = {}): Promise<ProcessResult> {
  const target = options.target ?? db();
  const now = options.now ?? Date.now;
  const claim = await claimDueMails(target, now(), options.batchSize ?? 20);
  const result = await sendClaimedMails(claim, options);
  await releaseMailClaim(claim.token, target, now());
  return result;
}

/** Extends the claim of the mails still held under `token` (the sender is alive and working). */
export async function renewMailClaim(token: string, target: Db = db(), now = Date.now()): Promise<void> {
  await target
    .updateTable("mail_queue")
    .set({ locked_until: new Date(now + leaseMs()).toISOString() })
    .where("lock_token", "=", token)
    .where("state", "=", "sending")
    .execute();
}

/** Gives back the mails still held under `token` and not sent (the process stops): due at once elsewhere. */
export async function releaseMailClaim(token: string, target: Db = db(), now = Date.now()): Promise<number> {
  const iso = new Date(now).toISOString();
  const result = await target
    .updateTable("mail_queue")
    .set({ state: "pending", lock_token: null, locked_until: null, updated_at: iso })
    .where("lock_token", "=", token)
    .where("state", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/**
 * Sends the claimed mails one by one, each only while this claim still holds it. Stops early when
 * `stopping()` turns true: the rest stays claimed for releaseMailClaim.
 */
export async function sendClaimedMails(
  { token, ids }: { token: string; ids: string[] },
  options: ProcessOptions & { stopping?: () => boolean } = {},
): Promise<ProcessResult> {
  const target = options.target ?? db();
  const send = options.send ?? sendMail;
  const now = options.now ?? Date.now;
  const backoff = options.backoff ?? defaultBackoff;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const result: ProcessResult = { claimed: ids.length, sent: 0, retried: 0, failed: 0 };
  for (const id of ids) {
    if (options.stopping?.()) break;
    const row = await target.selectFrom("mail_queue").selectAll().where("id", "=", id).where("lock_token", "=", token).executeTakeFirst();
    if (!row) continue;
    const attempts = row.attempts + 1;
    try {
      const info = await send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body || undefined,
        replyTo: row.reply_to || undefined,
        attachments: await resolveAttachments(parseAttachments(row.attachments)),
      });
      const iso = new Date(now()).toISOString();
      await target
        .updateTable("mail_queue")
        .set({
          state: "sent",
          attempts,
          sent_at: iso,
          via: info.via,
          last_error: "",
          lock_token: null,
          locked_until: null,
          updated_at: iso,
        })
        .where("id", "=", id)
        .where("lock_token", "=", token)
        .execute();
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= maxAttempts;
      const at = now();
      const iso = new Date(at).toISOString();
      await target
        .updateTable("mail_queue")
        .set({
          state: giveUp ? "failed" : "pending",
          attempts,
          next_attempt_at: new Date(at + backoff(attempts)).toISOString(),
          last_error: message.slice(0, 1000),
          lock_token: null,
          locked_until: null,
          updated_at: iso,
        })
        .where("id", "=", id)
        .where("lock_token", "=", token)
        .execute();
      if (giveUp) {
        result.failed++;
        log.error("E-mail abandonné après plusieurs tentatives", { mailId: id, purpose: row.purpose, attempts, error: message });
      } else {
        result.retried++;
        log.warn("Envoi d'e-mail en échec, nouvelle tentative programmée", { mailId: id, purpose: row.purpose, attempts, error: message });
      }
    }
  }
  return result;
}

/** Reads the stored files of a mail's attachments; a file missing from the storage fails the send (retried). */
async function resolveAttachments(list: QueuedAttachment[] | undefined): Promise<MailAttachment[] | undefined> {
  if (!list) return undefined;
  return Promise.all(
    list.map(async (a) => {
      if ("content" in a) return a;
      const body = await storage().get(a.storageKey);
      if (!body) throw new Error(`Pièce jointe introuvable dans le stockage : ${a.storageKey}`);
      return { filename: a.filename, contentType: a.contentType, content: body };
    }),
  );
}

function parseAttachments(json: string): QueuedAttachment[] | undefined {
  try {
    const list = JSON.parse(json) as QueuedAttachment[];
    return Array.isArray(list) && list.length > 0 ? list : undefined;
  } catch {
    return undefined;
  }
}

/** Staff asked to send a mail again (after a definitive failure, or now rather than later). */
export async function requeueMail(target: Db, mailId: string, now = Date.now()): Promise<boolean> {
  const iso = new Date(now).toISOString();
  const result = await target
    .updateTable("mail_queue")
    .set({ state: "pending", next_attempt_at: iso, updated_at: iso })
    .where("id", "=", mailId)
    .where("state", "in", ["failed", "pending"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}
