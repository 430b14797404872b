import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_STATUS_LABELS, type BlogCategory, type BlogStatus } from "~/domain/blog/labels";
import { formationNames, readableField } from "~/domain/formations/readable.server";
import { formatDate, formatDateTime, formatNumber } from "~/platform/format";
import { markdownToText } from "~/platform/markdown/markdown.server";
import { diffContents, type FieldDisplay } from "~/domain/revisions/diff.server";
import { HISTORY_ACCESS, type FieldChange, type RevisionEntity, type RevisionSummary } from "~/domain/revisions/model";
import { getRevision, listRevisions } from "~/domain/revisions/revisions.server";
import { db, type Db } from "~/platform/db/db.server";

/** The query string of the history screen: the two revisions to compare (`de` older, `a` newer). */
export const compareQuerySchema = z.object({
  de: z.string().trim().max(64).optional().catch(undefined),
  a: z.string().trim().max(64).optional().catch(undefined),
});

/** « Restaurer comme brouillon »: the revision to restore (one button per revision). */
export const restoreSchema = z.object({
  revision: z.string({ error: "Choisissez la révision à restaurer." }).trim().min(1, "Choisissez la révision à restaurer.").max(64),
});

export interface HistoryScreen {
  title: string;
  editPath: string;
  revisions: RevisionSummary[];
  compare: { from: RevisionSummary; to: RevisionSummary; changes: FieldChange[] } | null;
}

/**
 * The history of one item and, when asked, the comparison of two of its revisions (by default the
 * one asked and the one before it). Null when the item has no revision (404).
 */
export async function historyScreen(
  entityType: RevisionEntity,
  entityId: string,
  query: z.infer<typeof compareQuerySchema>,
  labels: Record<string, string>,
  target: Db = db(),
): Promise<HistoryScreen | null> {
  const revisions = await listRevisions(entityType, entityId, target);
  if (revisions.length === 0) return null;
  const index = (id: string | undefined) => (id ? revisions.findIndex((r) => r.id === id) : -1);
  let toIndex = index(query.a);
  let fromIndex = index(query.de);
  if (toIndex === -1 && fromIndex !== -1) toIndex = 0;
  if (toIndex !== -1 && fromIndex === -1) fromIndex = toIndex + 1 < revisions.length ? toIndex + 1 : -1;
  let compare: HistoryScreen["compare"] = null;
  if (toIndex !== -1 && fromIndex !== -1 && toIndex !== fromIndex) {
    // Always older → newer, whatever the order the two were picked in.
    const [older, newer] =
      fromIndex > toIndex ? [revisions[fromIndex]!, revisions[toIndex]!] : [revisions[toIndex]!, revisions[fromIndex]!];
    const [a, b] = await Promise.all([getRevision(older.id, target), getRevision(newer.id, target)]);
    compare = { from: older, to: newer, changes: diffContents(a!.content, b!.content, labels, await displayOf(entityType, target)) };
  }
  return { title: revisions[0]!.title, editPath: HISTORY_ACCESS[entityType].editPath(entityId), revisions, compare };
}

/** A value that is an instant or a day, in French (Paris time); anything else as the diff writes it. */
function dateOrNothing(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  return undefined;
}

/**
 * How a kind's fields read in the comparison: formations as on their public page (labels, euros,
 * dates, city names, Markdown as text), articles with their category, status, author and related
 * formations by name; dates in French everywhere.
 */
async function displayOf(entityType: RevisionEntity, target: Db): Promise<FieldDisplay | undefined> {
  if (entityType === "formation") {
    const names = await formationNames(target);
    return (field, value) => readableField(field, value, names);
  }
  if (entityType === "blog_post") {
    const [formations, users] = await Promise.all([
      target.selectFrom("formations").select(["id", "title"]).execute(),
      target.selectFrom("users").select(["id", "display_name"]).execute(),
    ]);
    const titles = new Map(formations.map((f) => [f.id, f.title]));
    const authors = new Map(users.map((u) => [u.id, u.display_name]));
    return (field, value) => {
      if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "(vide)";
      if (field === "formationIds" && Array.isArray(value))
        return value.map((id) => titles.get(String(id)) ?? "formation supprimée").join(", ");
      if (field === "authorId") return authors.get(String(value)) ?? "compte supprimé";
      if (field === "status") return BLOG_STATUS_LABELS[value as BlogStatus] ?? String(value);
      if (field === "category") return BLOG_CATEGORIES[value as BlogCategory]?.name ?? String(value);
      if (field === "content" && typeof value === "string") return markdownToText(value);
      if (Array.isArray(value)) return value.map(String).join(", ");
      if (typeof value === "number") return formatNumber(value);
      if (typeof value === "boolean") return value ? "oui" : "non";
      return dateOrNothing(value) ?? String(value);
    };
  }
  return undefined;
}
