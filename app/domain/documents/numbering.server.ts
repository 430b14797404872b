import type { Db } from "~/platform/db/db.server";
import { allocateYearlyRank, peekYearlyRank } from "~/platform/db/sequences.server";
import { formatNumber, type DocumentKind } from "./model";

/**
 * The number the sequence of a kind and year gives next, read without taking it: the document is
 * rendered with it, then `allocateNumber` takes it and the caller checks it is the same.
 */
export async function nextNumber(target: Db, kind: DocumentKind, year: number): Promise<string> {
  return formatNumber(kind, year, await peekYearlyRank(target, kind, year));
}

/**
 * Allocates the next number of a kind and year (`CONV-2027-0001`) in the caller's transaction,
 * the one that records the document: if the document is not recorded, the transaction rolls back and
 * the number with it, so the sequence has no gap; once committed it is never given again (the
 * site's yearly numbering, app/platform/db/sequences.server.ts).
 */
export async function allocateNumber(trx: Db, kind: DocumentKind, year: number): Promise<string> {
  return formatNumber(kind, year, await allocateYearlyRank(trx, kind, year));
}
