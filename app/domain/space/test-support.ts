import type { Db } from "~/platform/db/db.server";
import { issueFormToken } from "~/platform/intake/guard.server";
import { SPACE_FORM } from "./model";

/** What the spaces' tests share (space.test.ts, trainer-space.test.ts): the sign-in form, client addresses, requests. */

/** A fresh client address at each call (the sign-in form's limit is per address), under `prefix` (« 10.77 »). */
export function ipCounter(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}.${Math.floor(++n / 250)}.${n % 250}`;
}

/** The sign-in form as a person sends it, with a token issued a minute ago. */
export function signInForm(email: string, suite = ""): FormData {
  const f = new FormData();
  f.append("jeton", issueFormToken(SPACE_FORM, Date.now() - 60_000));
  f.append("email", email);
  f.append("suite", suite);
  return f;
}

/** A request to `path`, carrying the session cookie of a Set-Cookie value when given. */
export const spaceRequest = (cookie?: string, path = "/espace") =>
  new Request(`http://formavia.test${path}`, { headers: cookie ? { Cookie: cookie.split(";")[0]! } : {} });

/** The sign-in e-mails queued to `to` (every door's: purpose « espace-lien »). */
export const linkMails = (db: Db, to: string) =>
  db.selectFrom("mail_queue").select(["text_body", "subject"]).where("purpose", "=", "espace-lien").where("to_address", "=", to).execute();

/** The secret of the latest sign-in link e-mailed to `to`, or "" when there is none. */
export async function lastLinkSecret(db: Db, to: string): Promise<string> {
  const body = (await linkMails(db, to)).at(-1)?.text_body ?? "";
  return /\/espace\/connexion\/([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";
}
