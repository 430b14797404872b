import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateFileSync } from "../private-files.server";
import nodemailer from "nodemailer";
import { config } from "../config.server";
import { log } from "../log.server";
import { pseudonym } from "../privacy/pseudonym.server";

/** An attachment: its name, MIME type and content (UTF-8 text such as a calendar file, or bytes such as a PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface SentMail {
  /** "smtp" when handed to the SMTP server, "outbox" when written as a .eml file. */
  via: "smtp" | "outbox";
  messageId: string;
  /** The .eml file, for the outbox. */
  file?: string;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;
let smtp: { url: string; transport: Transport } | undefined;

/**
 * SMTP timeouts, well under the mail queue's lease (JOB_LEASE_SECONDS, 30 s at least): a slow or silent server
 * fails the send (retried later) long before another instance could take the mail over.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function smtpTransport(url: string): Transport {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) };
  return smtp.transport;
}

/**
 * Sends one e-mail. With SMTP_URL set, through that server; otherwise the message is written
 * as a `.eml` file into the outbox folder (DATA_DIR/outbox) and its path is logged, so that
 * development and tests can read what would have been sent.
 */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const cfg = config();
  const mail = {
    from: await senderOf(cfg.mail.from),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
  if (cfg.mail.smtpUrl) {
    const info = await smtpTransport(cfg.mail.smtpUrl).sendMail(mail);
    log.info("E-mail envoyé", { to: recipientsOf(message), messageId: info.messageId });
    return { via: "smtp", messageId: info.messageId };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await composer.sendMail(mail);
  mkdirSync(cfg.mail.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(cfg.mail.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
  writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
  privateFileSync(file);
  log.info("E-mail déposé dans la boîte d'envoi locale", { to: recipientsOf(message), file });
  return { via: "outbox", messageId: info.messageId, file };
}

/** The recipients as pseudonyms: logs never carry an e-mail address (README « Données personnelles »). */
function recipientsOf(message: MailMessage): string[] {
  return (Array.isArray(message.to) ? message.to : [message.to]).map((to) => pseudonym(/<([^>]+)>/.exec(to)?.[1] ?? to));
}

function outboxFiles(dir = config().mail.outboxDir): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/**
 * Right to erasure: deletes the local outbox's e-mails (`.eml`) sent to or about these addresses
 * (recipient, reply-to or body, quoted-printable soft breaks undone). Returns how many went.
 */
export function eraseOutboxMailsOf(addresses: string[], dir = config().mail.outboxDir): number {
  const wanted = addresses.map((a) => a.trim().toLowerCase()).filter((a) => a.includes("@"));
  if (wanted.length === 0) return 0;
  let erased = 0;
  for (const file of outboxFiles(dir)) {
    let text: string;
    try {
      text = readFileSync(file, "latin1")
        .replace(/=\r?\n/g, "")
        .toLowerCase();
    } catch {
      continue;
    }
    if (wanted.some((a) => text.includes(a))) {
      rmSync(file, { force: true });
      erased++;
    }
  }
  return erased;
}

/** Retention: deletes the outbox's e-mails older than `maxAgeMs` (they expire with the leads). */
export function pruneOutbox(maxAgeMs: number, now = Date.now(), dir = config().mail.outboxDir): number {
  let pruned = 0;
  for (const file of outboxFiles(dir)) {
    try {
      if (now - statSync(file).mtimeMs > maxAgeMs) {
        rmSync(file, { force: true });
        pruned++;
      }
    } catch {
      /* gone meanwhile */
    }
  }
  return pruned;
}

let senderNameProvider: (() => Promise<string>) | undefined;

/**
 * Registers where the sender's name comes from (the settings); this layer cannot import a domain,
 * so the composition root registers it at startup.
 */
export function registerSenderName(provider: () => Promise<string>): void {
  senderNameProvider = provider;
}

/**
 * The From of every e-mail: the registered sender name (the settings' one, the organisation's
 * name by default) with MAIL_FROM's address, as `"Atelier Compétences" <no-reply@…>`. Without
 * a provider (or when it fails), MAIL_FROM as configured.
 */
export async function senderOf(configured: string): Promise<string | { name: string; address: string }> {
  const address = /<([^>]+)>/.exec(configured)?.[1]?.trim() ?? configured.trim();
  if (!senderNameProvider) return configured;
  try {
    const name = (await senderNameProvider()).replace(/[\r\n"<>]/g, "").trim();
    return name ? { name, address } : configured;
  } catch {
    return configured;
  }
}

/** Escapes text for an HTML e-mail body. */
export { escapeHtml } from "../text/html";
