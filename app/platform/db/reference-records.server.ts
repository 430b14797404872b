import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { NotFoundError, accepted, refusal, validate, type Outcome } from "../validation/errors";
import type { Actor, MutationContext } from "./actor";
import { db, nowIso, type Db } from "./db.server";
import { isUniqueViolation } from "./errors";
import type { Database } from "./schema";

/**
 * Create, update and delete of a small reference record (a city, a formation category): a row with
 * a text `id`, a unique `slug`, a `name` and its dates, each change written with its audit entry in
 * one transaction. The area gives its table, its audit entity and its French messages; the checks
 * that differ (what still uses a record before it is deleted) stay in the area.
 */

interface ReferenceRow {
  id: string;
  slug: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** The tables whose rows have the shape above. */
export type ReferenceTableName = {
  [K in keyof Database]: Database[K] extends ReferenceRow ? K : never;
}[keyof Database];

/** Writes one audit entry inside the change's transaction (the audit area's `recordAudit`). */
export type AuditWriter = (
  target: Db,
  entry: { actor: Actor; action: string; entity: string; entityId: string; summary: string },
) => Promise<void>;

export interface ReferenceTable {
  table: ReferenceTableName;
  /** The audit log's entity name, e.g. `city`. */
  entity: string;
  /** The message shown next to the slug field when another record uses it. */
  slugTaken: string;
  /** The audit log's sentences, e.g. `Ville « Lyon » créée.` */
  summaries: Record<"create" | "update" | "delete", (name: string) => string>;
  audit: AuditWriter;
}

type ReferenceInput = { slug: string; name: string };

// One table name chosen at run time: Kysely's types cannot follow it, so the queries below see the
// shared columns only (the area's own columns come with `data`, already validated by its schema).
function referenceDb(target: Db): Kysely<Record<string, ReferenceRow>> {
  return target as unknown as Kysely<Record<string, ReferenceRow>>;
}

async function slugOwner(spec: ReferenceTable, slug: string, target: Db): Promise<string | undefined> {
  const row = await referenceDb(target).selectFrom(spec.table).select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id;
}

async function write(
  spec: ReferenceTable,
  action: "create" | "update",
  id: string,
  data: ReferenceInput,
  ctx: MutationContext,
): Promise<Outcome<string>> {
  const target = ctx.db ?? db();
  const owner = await slugOwner(spec, data.slug, target);
  if (owner !== undefined && owner !== id) return refusal({ slug: spec.slugTaken });
  const now = nowIso();
  try {
    await target.transaction().execute(async (trx) => {
      if (action === "create") {
        await referenceDb(trx)
          .insertInto(spec.table)
          .values({ id, ...data, created_at: now, updated_at: now })
          .execute();
      } else {
        await referenceDb(trx)
          .updateTable(spec.table)
          .set({ ...data, updated_at: now })
          .where("id", "=", id)
          .execute();
      }
      if (ctx.actor)
        await spec.audit(trx, { actor: ctx.actor, action, entity: spec.entity, entityId: id, summary: spec.summaries[action](data.name) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refusal({ slug: spec.slugTaken });
    throw error;
  }
  return accepted(id);
}

/** Inserts a record and answers its id, or refuses with `slugTaken` on the slug field when the slug is used. */
export async function createReferenceRecord(
  spec: ReferenceTable,
  data: ReferenceInput,
  ctx: MutationContext = {},
): Promise<Outcome<string>> {
  return write(spec, "create", randomUUID(), data, ctx);
}

/** Updates an existing record (the caller checked that it exists); refused like a creation. */
export async function updateReferenceRecord(
  spec: ReferenceTable,
  id: string,
  data: ReferenceInput,
  ctx: MutationContext = {},
): Promise<Outcome<string>> {
  return write(spec, "update", id, data, ctx);
}

/** Deletes a record the caller found unused, with its audit entry. */
export async function deleteReferenceRecord(
  spec: ReferenceTable,
  record: { id: string; name: string },
  ctx: MutationContext = {},
): Promise<void> {
  const target = ctx.db ?? db();
  await target.transaction().execute(async (trx) => {
    await referenceDb(trx).deleteFrom(spec.table).where("id", "=", record.id).execute();
    if (ctx.actor)
      await spec.audit(trx, {
        actor: ctx.actor,
        action: "delete",
        entity: spec.entity,
        entityId: record.id,
        summary: spec.summaries.delete(record.name),
      });
  });
}

/** An area's records as its screens change them: its table, its input's schema, how it reads one, what is said when one is missing. */
export interface ReferenceRecords<T> {
  spec: ReferenceTable;
  schema: z.ZodType<ReferenceInput>;
  read: (id: string, target: Db) => Promise<T | undefined>;
  /** The message of the 404 when the record to change does not exist. */
  missing: string;
}

/** Validates the input, inserts the record and answers it as the area reads it; refused like createReferenceRecord. */
export async function createValidatedRecord<T>(
  records: ReferenceRecords<T>,
  input: unknown,
  ctx: MutationContext = {},
): Promise<Outcome<T>> {
  const data = validate(records.schema, input);
  if (!data.ok) return data;
  const id = await createReferenceRecord(records.spec, data.value, ctx);
  return id.ok ? accepted((await records.read(id.value, ctx.db ?? db()))!) : id;
}

/** Finds the record (404 when missing), validates the input, updates it and answers it as the area reads it. */
export async function updateValidatedRecord<T>(
  records: ReferenceRecords<T>,
  id: string,
  input: unknown,
  ctx: MutationContext = {},
): Promise<Outcome<T>> {
  const target = ctx.db ?? db();
  const existing = await records.read(id, target);
  if (!existing) throw new NotFoundError(records.missing);
  const data = validate(records.schema, input);
  if (!data.ok) return data;
  const updated = await updateReferenceRecord(records.spec, id, data.value, ctx);
  return updated.ok ? accepted((await records.read(id, target))!) : updated;
}
