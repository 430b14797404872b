/** Anti-spam fields of every public form (app/platform/intake/guard.server.ts), never kept in a draft. */
export const HONEYPOT_FIELD = "website";

export const TOKEN_FIELD = "jeton";
