import { expect, type Browser } from "@playwright/test";
import { latestMail, serverDb, testClientIp } from "./accounts";

/** What the spaces' browser tests share (space.spec.ts, trainer-space.spec.ts). */

/** The path of the latest sign-in link e-mailed to `to` since `after` (every space's link opens at /espace/connexion/…). */
export async function spaceLink(to: string, after: string): Promise<string> {
  const mail = await latestMail(to, "espace-lien", after);
  const link = /https?:\/\/\S+?(\/espace\/connexion\/[A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  expect(link, mail.text_body).toBeTruthy();
  return link!;
}

/** A person of their own: a browser context with a client address of its own (the sign-in form's limit is per address). */
export async function newPerson(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": testClientIp() } });
  return { context, page: await context.newPage() };
}

/**
 * What a test of the spaces leaves besides its sessions (removed with their registrations by the
 * fixture): the sessions' documents (their files go with the orphan-files task), the links and
 * sessions of the spaces of these addresses.
 */
export async function forgetSpaceOf(sessionIds: string[], addresses: string[]): Promise<void> {
  const db = serverDb();
  await db.deleteFrom("documents").where("session_id", "in", sessionIds).execute();
  await db.deleteFrom("link_sign_in_tokens").where("subject", "in", addresses).execute();
  await db.deleteFrom("link_sign_in_sessions").where("subject", "in", addresses).execute();
}
