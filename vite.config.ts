import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { importTableWorker } from "./vite/import-table-worker";
import { siteShellChunk } from "./vite/site-shell-chunk";

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
  plugins: [tailwindcss(), reactRouter(), importTableWorker(), siteShellChunk()],
});
