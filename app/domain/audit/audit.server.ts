import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import { frenchSpacing } from "~/platform/format";
import type { AuditLogTable } from "~/platform/db/schema";
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilter } from "./model";
import type { Actor } from "~/platform/db/actor";
import { escapeLike } from "~/platform/db/dialect";
import { listPage } from "~/platform/db/pages";

export interface AuditInput {
  /** Who did it: the session user of the admin action (id null for a command-line script). */
  actor: Actor;
  /** A short verb: create, update, delete, publish, role, deactivate, settings, … */
  action: string;
  /** The kind of thing changed: user, settings, formation, blog_post, … */
  entity: string;
  entityId?: string | null;
  /** One French sentence a person can read in the journal. */
  summary: string;
  /** The revision written by this change (versioned content, see app/domain/revisions). */
  revisionId?: string | null;
}

/**
 * Records one admin mutation in the audit log. Call it in the same transaction as the change
 * when there is one (pass the transaction as `target`).
 */
export async function recordAudit(target: Db, input: AuditInput): Promise<void> {
  await target
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      created_at: nowIso(),
      actor_id: input.actor.id,
      actor_email: input.actor.email,
      actor_role: input.actor.role,
      action: input.action.slice(0, 40),
      entity: input.entity.slice(0, 60),
      entity_id: input.entityId ?? null,
      summary: input.summary.slice(0, 2000),
      revision_id: input.revisionId ?? null,
    })
    .execute();
}

function toEntry(r: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: r.id,
    createdAt: r.created_at,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    actorRole: r.actor_role,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    // Written by code and by people over the years: shown with French spacing (app/platform/format.ts).
    summary: frenchSpacing(r.summary),
    revisionId: r.revision_id,
  };
}

/** One page of the journal, newest first, with the filters applied. */
export async function listAudit(
  target: Db,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; total: number; page: number; pageCount: number; entities: string[]; actions: string[] }> {
  let query = target.selectFrom("audit_log");
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    const like = (column: "summary" | "actor_email" | "entity_id") => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like("summary"), like("actor_email"), like("entity_id")]));
  }
  const { rows, total, page, pageCount } = await listPage(query, filter.page, AUDIT_PAGE_SIZE, (q) =>
    q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc"),
  );
  const [entities, actions] = await Promise.all([
    target.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute(),
    target.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
  ]);
  return {
    entries: rows.map(toEntry),
    total,
    page,
    pageCount,
    entities: entities.map((e) => e.entity),
    actions: actions.map((a) => a.action),
  };
}

/** The latest entries (dashboard "Dernières modifications"). */
export async function latestAudit(target: Db, limit = 8): Promise<AuditEntry[]> {
  const rows = await target.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toEntry);
}

/** The journal of /admin/journal, filtered and paged. */
export function auditJournal(filter: AuditFilter) {
  return listAudit(db(), filter);
}

/** The latest changes, newest first (the dashboard). */
export function latestChanges(limit: number): Promise<AuditEntry[]> {
  return latestAudit(db(), limit);
}
