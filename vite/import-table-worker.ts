import path from "node:path";
import type { Plugin } from "vite";

/**
 * The formation import reads uploaded files in a worker thread: the server build emits its entry
 * next to index.js, as build/server/import-table-worker.js (see app/domain/formations/import/read.server.ts).
 */
export function importTableWorker(): Plugin {
  return {
    name: "import-table-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: path.resolve("app/domain/formations/import/table-worker.server.ts"),
        fileName: "import-table-worker.js",
      });
    },
  };
}
