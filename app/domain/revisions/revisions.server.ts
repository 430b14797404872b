import { randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Insertable, Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import type { Actor } from "~/platform/db/actor";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { RevisionsTable } from "~/platform/db/schema";
import { NotFoundError } from "~/platform/validation/errors";
import { formatDateTime } from "~/platform/format";
import { COMPRESS_FROM_BYTES, DRAFTS_KEPT, REVISION_ENTITIES, type Revision, type RevisionEntity, type RevisionSummary } from "./model";

/**
 * The one place where content is versioned (docs/decisions/0017-revisions.md). Each save path
 * (formation, blog post, claims, settings, funding rules, legal documents) calls `recordRevision`
 * in the transaction of its save, with the whole content as saved; a revision is never changed
 * afterwards. Published states are kept forever; drafts are pruned to the latest DRAFTS_KEPT per item.
 */

export interface RevisionInput {
  entityType: RevisionEntity;
  entityId: string;
  /** The whole content as saved (a JSON-serialisable object). */
  content: object;
  /** True when this state is public (a published formation or post, a legal document in force…). */
  published: boolean;
  /** Shown in the history (the formation's title…). */
  title: string;
  actor?: Actor | null;
  summary?: string;
  restoredFrom?: string | null;
  /** The time of the save (tests and imports pass one; otherwise now). */
  at?: string;
  /** A given id (legal documents keep the id registrations point at); otherwise a new one. */
  id?: string;
}

function encode(content: object): { encoding: string; content: string } {
  const json = JSON.stringify(content);
  if (Buffer.byteLength(json) < COMPRESS_FROM_BYTES) return { encoding: "json", content: json };
  return { encoding: "gzip", content: gzipSync(json).toString("base64") };
}

function decode(row: Pick<Selectable<RevisionsTable>, "encoding" | "content">): Record<string, unknown> {
  const json = row.encoding === "gzip" ? gunzipSync(Buffer.from(row.content, "base64")).toString("utf8") : row.content;
  return JSON.parse(json) as Record<string, unknown>;
}

function toSummary(r: Omit<Selectable<RevisionsTable>, "content" | "encoding">): RevisionSummary {
  return {
    id: r.id,
    entityType: r.entity_type as RevisionEntity,
    entityId: r.entity_id,
    published: Boolean(Number(r.published)),
    title: r.title,
    summary: r.summary,
    restoredFrom: r.restored_from,
    authorEmail: r.author_email,
    createdAt: r.created_at,
  };
}

function toRevision<T>(r: Selectable<RevisionsTable>): Revision<T> {
  return { ...toSummary(r), content: decode(r) as T };
}

/** The row of one revision (its id drawn unless given, dated now unless given). */
function revisionRow(input: RevisionInput): Insertable<RevisionsTable> & { id: string } {
  return {
    id: input.id ?? randomUUID(),
    entity_type: input.entityType,
    entity_id: input.entityId,
    published: input.published ? 1 : 0,
    ...encode(input.content),
    title: input.title.slice(0, 300),
    summary: (input.summary ?? "").slice(0, 300),
    restored_from: input.restoredFrom ?? null,
    author_id: input.actor?.id ?? null,
    author_email: input.actor?.email ?? "",
    created_at: input.at ?? nowIso(),
  };
}

/** The tables whose rows are versioned with their id as the revision's entity id. */
type VersionedTable = "formations" | "blog_posts" | "testimonials" | "result_figures" | "why_us_arguments";

/** The ids of `table`'s rows that have no revision of `entityType` yet (saved before the history existed, or seeded). */
export async function idsWithoutRevision(trx: Db, table: VersionedTable, entityType: RevisionEntity): Promise<string[]> {
  const rows = await trx
    .selectFrom(table)
    .select("id")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("revisions")
            .select("revisions.id")
            .where("revisions.entity_type", "=", entityType)
            .whereRef("revisions.entity_id", "=", `${table}.id`),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Writes one revision (call it with the save's transaction) and prunes the item's old drafts. Returns its id. */
export async function recordRevision(trx: Db, input: RevisionInput): Promise<string> {
  const row = revisionRow(input);
  await trx.insertInto("revisions").values(row).execute();
  if (!input.published) await pruneDrafts(trx, input.entityType, input.entityId);
  return row.id;
}

/**
 * Writes many revisions at once (an import of thousands of formations): multi-row inserts, no
 * pruning (drafts beyond DRAFTS_KEPT go at the item's next single save).
 */
export async function recordRevisions(trx: Db, inputs: RevisionInput[]): Promise<void> {
  for (let i = 0; i < inputs.length; i += 100) {
    await trx
      .insertInto("revisions")
      .values(inputs.slice(i, i + 100).map(revisionRow))
      .execute();
  }
}

/** Keeps the latest DRAFTS_KEPT drafts of an item; published revisions are never removed. */
export async function pruneDrafts(trx: Db, entityType: RevisionEntity, entityId: string): Promise<number> {
  const old = await trx
    .selectFrom("revisions")
    .select("id")
    .where("entity_type", "=", entityType)
    .where("entity_id", "=", entityId)
    .where("published", "=", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(DRAFTS_KEPT)
    .limit(10_000)
    .execute();
  if (old.length === 0) return 0;
  await trx
    .deleteFrom("revisions")
    .where(
      "id",
      "in",
      old.map((r) => r.id),
    )
    .execute();
  return old.length;
}

const SUMMARY_COLUMNS = [
  "id",
  "entity_type",
  "entity_id",
  "published",
  "title",
  "summary",
  "restored_from",
  "author_id",
  "author_email",
  "created_at",
] as const;

/** The history of one item, newest first (without the contents). */
export async function listRevisions(entityType: RevisionEntity, entityId: string, target: Db = db()): Promise<RevisionSummary[]> {
  const rows = await target
    .selectFrom("revisions")
    .select(SUMMARY_COLUMNS)
    .where("entity_type", "=", entityType)
    .where("entity_id", "=", entityId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toSummary);
}

export async function getRevision<T = Record<string, unknown>>(id: string, target: Db = db()): Promise<Revision<T> | null> {
  const row = await target.selectFrom("revisions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRevision<T>(row) : null;
}

/** The latest revision of an item (published only when asked), or null. */
export async function latestRevision<T = Record<string, unknown>>(
  entityType: RevisionEntity,
  entityId: string,
  { publishedOnly = false, at }: { publishedOnly?: boolean; at?: string } = {},
  target: Db = db(),
): Promise<Revision<T> | null> {
  let query = target.selectFrom("revisions").selectAll().where("entity_type", "=", entityType).where("entity_id", "=", entityId);
  if (publishedOnly) query = query.where("published", "=", 1);
  if (at) query = query.where("created_at", "<=", at);
  const row = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? toRevision<T>(row) : null;
}

/**
 * The state of every item of a kind at an instant: for each item, its latest revision written at or
 * before `at` (the evidence pack: what the site said that day). Items with no revision yet are absent.
 */
export async function revisionsAt<T = Record<string, unknown>>(
  entityType: RevisionEntity,
  at: string,
  target: Db = db(),
): Promise<Revision<T>[]> {
  const rows = await target
    .selectFrom("revisions")
    .selectAll()
    .where("entity_type", "=", entityType)
    .where("created_at", "<=", at)
    .orderBy("entity_id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const seen = new Set<string>();
  const out: Revision<T>[] = [];
  for (const row of rows) {
    if (seen.has(row.entity_id)) continue;
    seen.add(row.entity_id);
    out.push(toRevision<T>(row));
  }
  return out;
}

/**
 * « Restaurer comme brouillon »: a new draft revision with the content of an old one. Nothing is
 * published and the live content is not touched: the editor opens the draft to review and save it.
 */
export async function restoreAsDraft(
  id: string,
  { actor, at, target = db() }: { actor: Actor; at?: string; target?: Db },
): Promise<Revision> {
  const source = await getRevision(id, target);
  if (!source) throw new NotFoundError("Cette révision n'existe pas ou a été élaguée.");
  const when = at ?? nowIso();
  const label = REVISION_ENTITIES[source.entityType];
  const summary = `Restauration comme brouillon de la révision du ${formatDateTime(source.createdAt)}.`;
  const newId = await target.transaction().execute(async (trx) => {
    const revisionId = await recordRevision(trx, {
      entityType: source.entityType,
      entityId: source.entityId,
      content: source.content,
      published: false,
      title: source.title,
      actor,
      summary,
      restoredFrom: source.id,
      at: when,
    });
    await recordAudit(trx, {
      actor,
      action: "restore",
      entity: source.entityType,
      entityId: source.entityId,
      summary: `${label} « ${source.title} »\u00a0: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}`,
      revisionId,
    });
    return revisionId;
  });
  return (await getRevision(newId, target))!;
}

/** Row sizes, for the README's figures and the operator: count, average and largest stored content. */
export async function revisionSizes(
  target: Db = db(),
): Promise<Array<{ entityType: string; count: number; averageBytes: number; maxBytes: number }>> {
  const rows = await target.selectFrom("revisions").select(["entity_type", "content"]).execute();
  const by = new Map<string, number[]>();
  for (const r of rows) by.set(r.entity_type, [...(by.get(r.entity_type) ?? []), Buffer.byteLength(r.content)]);
  return [...by].map(([entityType, sizes]) => ({
    entityType,
    count: sizes.length,
    averageBytes: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length),
    maxBytes: Math.max(...sizes),
  }));
}

/**
 * The draft an editor opens with `?revision=…` (« Ouvrir ce brouillon dans l'éditeur »): a draft
 * revision of this very item, or null (the form then shows the saved content).
 */
export async function restoredDraft<T>(
  request: Request,
  entityType: RevisionEntity,
  entityId: string,
  target: Db = db(),
): Promise<Revision<T> | null> {
  const id = new URL(request.url).searchParams.get("revision");
  if (!id || id.length > 64) return null;
  const revision = await getRevision<T>(id, target);
  return revision && revision.entityType === entityType && revision.entityId === entityId && !revision.published ? revision : null;
}
