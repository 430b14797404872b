import { randomUUID } from "node:crypto";
import { db, type Db } from "../db/db.server";
import { log } from "../log.server";
import { pseudonym } from "../privacy/pseudonym.server";

/**
 * Per-recipient caps on account e-mails (password reset, address confirmation, attempted
 * sign-up, invitation), whatever the source of the requests: beyond them the request answers
 * the same but nothing is sent, so nobody can flood an address through the site. Counted in the
 * database (every instance counts the same sends), the recipient kept as a keyed hash.
 */
export const ACCOUNT_MAIL_CAPS = [
  { windowMs: 60 * 60 * 1000, max: 3, label: "par heure" },
  { windowMs: 24 * 60 * 60 * 1000, max: 10, label: "par jour" },
] as const;

/**
 * Reserves one send to `to`: true when it is within the caps (the send is counted), false when a
 * cap is reached (nothing is counted, a warning is logged with the recipient's pseudonym).
 * Counted first, then checked: two instances reserving at once never both pass a full cap.
 */
export async function reserveAccountMail(
  to: string,
  purpose: string,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<boolean> {
  const recipient = pseudonym(to);
  const id = randomUUID();
  await target
    .insertInto("account_mail_sends")
    .values({ id, recipient, purpose, sent_at: new Date(now).toISOString() })
    .execute();
  for (const cap of ACCOUNT_MAIL_CAPS) {
    const row = await target
      .selectFrom("account_mail_sends")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("recipient", "=", recipient)
      .where("sent_at", ">", new Date(now - cap.windowMs).toISOString())
      .executeTakeFirst();
    if (Number(row?.n ?? 0) > cap.max) {
      await target.deleteFrom("account_mail_sends").where("id", "=", id).execute();
      log.warn("E-mail de compte non envoyé : limite par destinataire atteinte", {
        person: recipient,
        purpose,
        limit: `${cap.max} ${cap.label}`,
      });
      return false;
    }
  }
  return true;
}

/** Housekeeping: forget sends older than the longest cap. */
export async function pruneAccountMailSends(target: Db = db(), now = Date.now()): Promise<number> {
  const longest = Math.max(...ACCOUNT_MAIL_CAPS.map((c) => c.windowMs));
  const result = await target
    .deleteFrom("account_mail_sends")
    .where("sent_at", "<=", new Date(now - longest).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
