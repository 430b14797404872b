import type { Kysely } from "kysely";
import type { Role } from "../auth/roles";
import type { Database } from "./schema";

/**
 * Who makes a change, as every mutation receives it and the audit log records it: a signed-in
 * user, or a script (`id` null, e.g. « ligne de commande »). Declared once, here.
 */
export interface Actor {
  id: string | null;
  email: string;
  role: Role | (string & {});
}

/** What a mutation may receive besides its input: the handle (or transaction) to write with, and who acts. */
export interface MutationContext {
  db?: Kysely<Database>;
  actor?: Actor;
}
