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
 * The database cannot take the write right now, whatever the request: PostgreSQL refusing or
 * dropping connections (network errors, SQLSTATE classes 08 and 57P, "too many connections",
 * pool timeout), SQLite locked, read-only, unopenable or out of space. A constraint or a bad
 * value is not one: those are answered, never kept for later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE.test(code)) return true;
    if (/^(08|57P|53)/.test(code)) return true; // connection exception, operator intervention, insufficient resources
    if (
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|The database connection is not open/i.test(
        message,
      )
    )
      return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true; // AggregateError (IPv4 + IPv6)
    e = e.cause as typeof e;
  }
  return false;
}
