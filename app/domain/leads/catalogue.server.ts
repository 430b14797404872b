import { publishedTitlesBySlug } from "~/domain/formations/formations.server";
import { db, type Db } from "~/platform/db/db.server";
import type { LeadFormationRef } from "./model";

/**
 * The submitted slugs with their titles. A slug that is no longer published (unpublished between
 * display and sending, or typed by hand) is kept as written: a request never loses what was asked.
 */
export async function resolveFormations(slugs: string[], target: Db = db()): Promise<Array<LeadFormationRef & { known: boolean }>> {
  const unique = [...new Set(slugs.map((s) => s.trim()).filter(Boolean))].slice(0, 20);
  const bySlug = new Map((await publishedTitlesBySlug(unique, target)).map((t) => [t.slug, t.title]));
  return unique.map((slug) => ({ slug, title: bySlug.get(slug) ?? slug, known: bySlug.has(slug) }));
}
