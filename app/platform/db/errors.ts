/**
 * A unique-constraint (or primary-key) violation on either engine: PostgreSQL's SQLSTATE 23505,
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY codes, or SQLite's message.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null | undefined;
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|CANTOPEN|IOERR|FULL|PROTOCOL|NOTADB|CORRUPT)/;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs (PostgreSQL) that say the database cannot take this write now, whatever the request:
 * classes 08 (connection exception), 53 (insufficient resources: 53300 too many connections, disk
 * full…), 57 (operator intervention: 57P01 admin shutdown, 57P03 cannot connect now, 57014 a
 * statement timeout), 58 (system error); 55000 (the database refuses connections: `ALTER DATABASE …
 * ALLOW_CONNECTIONS false`), 55006 object in use, 55P03 lock not available (a lock timeout); 25006
 * read-only transaction (a replica after a failover, `default_transaction_read_only`); 40001
 * serialization failure and 40P01 deadlock (after their retries: `withConflictRetry`).
 */
const PG_UNAVAILABLE = /^(08|53|57|58)|^(55000|55006|55P03|25006|40001|40P01)$/;

/**
 * The database cannot take the write right now, and it is not the visitor's fault: PostgreSQL
 * refusing or dropping connections (network errors, the SQLSTATEs above, pool timeout), read-only
 * after a failover, a conflict still there after retries; SQLite locked, read-only, unopenable,
 * failing on disk or out of space. A constraint or a bad value is not one: those are answered,
 * never kept for later. The one classification used by every spool path
 * (docs/decisions/0010-lead-spool.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|The database connection is not open|Query read timeout/i.test(
        message,
      )
    )
      return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true; // AggregateError (IPv4 + IPv6)
    e = e.cause as typeof e;
  }
  return false;
}

/** A PostgreSQL serialization failure or deadlock: the same transaction may well pass if run again. */
export function isConflictToRetry(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === "40001" || code === "40P01";
}

/**
 * Runs `work` (one transaction) again, up to `attempts` times in all, while PostgreSQL answers a
 * serialization failure or a deadlock; the last failure is thrown (and counts as unavailable).
 */
export async function withConflictRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isConflictToRetry(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
