import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The formation import reads uploaded files in a worker thread: the server build emits its entry
 * next to index.js, as build/server/import-table-worker.js (see app/domain/formations/import/read.server.ts).
 */
function importTableWorker(): Plugin {
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

// The server build's entry is our Express app (server/app.ts): one bundle holds the
// React Router build and the Node process code, so there is one db handle and one config.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), importTableWorker()],
});
