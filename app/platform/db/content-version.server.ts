import { db, type Db } from "./db.server";

/** The content version (see content-triggers.ts): one indexed row read, cheap enough to poll. */
export async function readContentVersion(target: Db = db()): Promise<number> {
  const row = await target.selectFrom("site_state").select("content_version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.content_version ?? 0);
}
