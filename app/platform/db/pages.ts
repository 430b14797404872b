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
