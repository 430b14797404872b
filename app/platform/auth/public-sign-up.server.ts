import { db, nowIso, type Db } from "../db/db.server";

/**
 * Whether anyone may create an account from /login (a viewer account, after confirming the
 * address). Off by default: staff accounts come from an admin's invitation. An admin turns it on
 * in /admin/utilisateurs; the setting lives in the `settings` table.
 */
export const PUBLIC_SIGN_UP_KEY = "public_sign_up";

export const SIGN_UP_CLOSED_MESSAGE =
  "Les inscriptions en ligne sont fermées. Pour obtenir un compte, demandez une invitation à un administrateur du site.";

export async function isPublicSignUpOpen(target: Db = db()): Promise<boolean> {
  const row = await target.selectFrom("settings").select("value").where("key", "=", PUBLIC_SIGN_UP_KEY).executeTakeFirst();
  if (!row) return false;
  try {
    return JSON.parse(row.value) === true;
  } catch {
    return false;
  }
}

export async function setPublicSignUp(open: boolean, target: Db = db()): Promise<void> {
  const value = JSON.stringify(open);
  const updated_at = nowIso();
  await target
    .insertInto("settings")
    .values({ key: PUBLIC_SIGN_UP_KEY, value, updated_at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
    .execute();
}
