import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_settings";

/**
 * Versioned migrations, in order. Add a file `NNNN_name.ts` with `up`/`down` and list it here:
 * the list is bundled with the server, so no file-system scan is needed at startup.
 */
export const migrations: Record<string, Migration> = {
  "0001_settings": m0001,
};
