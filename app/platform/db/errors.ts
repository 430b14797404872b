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
