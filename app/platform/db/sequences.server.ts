import type { Db } from "./db.server";

/**
 * The site's one yearly numbering (docs/decisions/0016-training-documents-pdf.md, reused by the
 * complaints register: docs/decisions/0035-complaints-register.md): one counter per series and year
 * in `document_sequences` (`kind` is the series: a document kind, or `reclamation`). A number is
 * taken in the transaction that records what it numbers, so the sequence has no gap and no
 * duplicate, whatever the number of instances.
 */

/** The rank the series of `year` gives next, read without taking it (a document is rendered with it first). */
export async function peekYearlyRank(target: Db, series: string, year: number): Promise<number> {
  const row = await target
    .selectFrom("document_sequences")
    .select("last_number")
    .where("kind", "=", series)
    .where("year", "=", year)
    .executeTakeFirst();
  return Number(row?.last_number ?? 0) + 1;
}

/**
 * Takes the next rank of the series of `year` in the caller's transaction, the one that records the
 * numbered row: if that row is not recorded, the transaction rolls back and the rank with it, so the
 * sequence has no gap; once committed it is never given again. Two instances at once: the UPDATE
 * locks the counter's row on PostgreSQL (the second waits for the first's commit and reads its
 * value), and SQLite has one writer (BEGIN IMMEDIATE).
 */
export async function allocateYearlyRank(trx: Db, series: string, year: number): Promise<number> {
  await trx
    .insertInto("document_sequences")
    .values({ kind: series, year, last_number: 0 })
    .onConflict((oc) => oc.columns(["kind", "year"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("document_sequences")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("kind", "=", series)
    .where("year", "=", year)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}
