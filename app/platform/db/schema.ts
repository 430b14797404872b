/**
 * Database schema types for Kysely. Portable choices, identical on SQLite and PostgreSQL:
 * timestamps are ISO-8601 UTC strings (text, sortable), booleans are integers 0/1,
 * structured values are JSON text. Each later migration extends these interfaces.
 */
export interface SettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

export interface Database {
  settings: SettingsTable;
}
