import type { SelectQueryBuilder } from "kysely";

/**
 * Counts what a filtered list query matches and places the asked page in it: the page is kept
 * between 1 and the last page (there is always one, empty when nothing matches).
 */
export async function countedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  askedPage: number,
  pageSize: number,
): Promise<{ total: number; page: number; pageCount: number }> {
  const countRow = await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  const total = Number((countRow as { n?: number | string } | undefined)?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { total, page: Math.min(askedPage, pageCount), pageCount };
}

/**
 * One page of a filtered list: `countedPage`, then the page's rows as `rows` selects and orders them
 * from the filtered query.
 */
export async function listPage<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  askedPage: number,
  pageSize: number,
  rows: (filtered: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<{ rows: R[]; total: number; page: number; pageCount: number }> {
  const counted = await countedPage(query, askedPage, pageSize);
  const found = await rows(query)
    .limit(pageSize)
    .offset((counted.page - 1) * pageSize)
    .execute();
  return { rows: found as R[], ...counted };
}
