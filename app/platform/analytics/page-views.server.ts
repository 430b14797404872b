import { sql } from "kysely";
import { z } from "zod";
import { db, type Db } from "../db/db.server";
import { formatNumber } from "../format";

/** A new path is counted only while the day has fewer distinct paths than this (keeps the table small). */
export const MAX_PATHS_PER_DAY = 1000;

export const pageViewSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^\/[^\s?#]*$/, "Chemin invalide"),
});

/** Adds one view of `path` today (UTC). Returns false when the path was not counted. */
export async function recordPageView(path: string, target: Db = db(), now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const updated = await target
    .updateTable("page_views")
    .set({ views: sql`views + 1` })
    .where("day", "=", day)
    .where("path", "=", path)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return true;
  const { count } = await target
    .selectFrom("page_views")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_PATHS_PER_DAY) return false;
  await target
    .insertInto("page_views")
    .values({ day, path, views: 1 })
    .onConflict((oc) => oc.columns(["day", "path"]).doUpdateSet({ views: sql`page_views.views + 1` }))
    .execute();
  return true;
}

/** Most viewed paths over the last `days` days. */
export async function topPages(days = 30, limit = 10, target: Db = db(), now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const rows = await target
    .selectFrom("page_views")
    .select(["path", (eb) => eb.fn.sum<number>("views").as("views")])
    .where("day", ">=", since)
    .groupBy("path")
    .orderBy("views", "desc")
    .orderBy("path")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: r.path, views: Number(r.views) }));
}

/** Views of every page over the last `days` days (the dashboard's figure). */
export async function totalViews(days = 30, target: Db = db(), now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const row = await target
    .selectFrom("page_views")
    .select((eb) => eb.fn.sum<number | string | null>("views").as("views"))
    .where("day", ">=", since)
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/** « Les plus vues : /formations (120), / (80) », or null when nothing was counted. */
export function topPagesDetail(top: Array<{ path: string; views: number }>): string | null {
  if (top.length === 0) return null;
  const list = top.map((p) => `${p.path} (${formatNumber(p.views)})`).join(", ");
  return `${top.length > 1 ? "Les plus vues" : "La plus vue"}\u00a0: ${list}`;
}
