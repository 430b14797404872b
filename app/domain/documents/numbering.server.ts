import type { Db } from "~/platform/db/db.server";
import { formatNumber, type DocumentKind } from "./model";

/**
 * The number the sequence of a kind and year gives next, read without taking it: the document is
 * rendered with it, then `allocateNumber` takes it and the caller checks it is the same.
 */
export async function nextNumber(target: Db, kind: DocumentKind, year: number): Promise<string> {
  const row = await target
    .selectFrom("document_sequences")
    .select("last_number")
    .where("kind", "=", kind)
    .where("year", "=", year)
    .executeTakeFirst();
  return formatNumber(kind, year, Number(row?.last_number ?? 0) + 1);
}

/**
 * Allocates the next number of a kind and year (`CONV-2027-0001`) in the caller's transaction,
 * the one that records the document: if the document is not recorded, the transaction rolls back and
 * the number with it, so the sequence has no gap; once committed it is never given again. Two
 * instances at once: the UPDATE locks the counter's row on PostgreSQL (the second waits for the
 * first's commit and reads its value), and SQLite has one writer (BEGIN IMMEDIATE).
 */
export async function allocateNumber(trx: Db, kind: DocumentKind, year: number): Promise<string> {
  await trx
    .insertInto("document_sequences")
    .values({ kind, year, last_number: 0 })
    .onConflict((oc) => oc.columns(["kind", "year"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("document_sequences")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("kind", "=", kind)
    .where("year", "=", year)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return formatNumber(kind, year, Number(row.last_number));
}
