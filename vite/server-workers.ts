import path from "node:path";
import type { Plugin } from "vite";

/**
 * Modules run in worker threads: the server build emits each entry next to index.js —
 * build/server/import-table-worker.js (the formation import reads uploaded files,
 * app/domain/catalogue-import/read.server.ts) and build/server/pdf-render-worker.js (training
 * documents are laid out, app/domain/documents/pdf/render.server.ts).
 */
const ENTRIES = [
  { id: "app/domain/catalogue-import/table-worker.server.ts", fileName: "import-table-worker.js" },
  { id: "app/domain/documents/pdf/render-worker.server.ts", fileName: "pdf-render-worker.js" },
];

export function serverWorkers(): Plugin {
  return {
    name: "server-workers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      for (const entry of ENTRIES) this.emitFile({ type: "chunk", id: path.resolve(entry.id), fileName: entry.fileName });
    },
  };
}
