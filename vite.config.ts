import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverWorkers } from "./vite/server-workers.ts";
import { siteShellChunk } from "./vite/site-shell-chunk.ts";

// The server build's entry is our Express app (server/app.ts): one bundle holds the
// React Router build and the Node process code, so there is one db handle and one config.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      checks: {
        // « PLUGIN_TIMINGS » says which plugin took most of the build's time. On a busy machine (the
        // tests build while other work runs) it fires at random and tells nothing about the code.
        bundlerTimings: false,
      },
    },
  },
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          input: "./server/app.ts",
          checks: {
            // The forms load their zod schema with `import()` so that it stays out of the browser's
            // first load (docs/decisions/0005-zod-out-of-public-bundles.md). The server is one bundle
            // that also imports those schemas statically (actions): there, the `import()` cannot make
            // a separate chunk and « INEFFECTIVE_DYNAMIC_IMPORT » is expected and harmless. The browser
            // build keeps this check.
            ineffectiveDynamicImport: false,
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), serverWorkers(), siteShellChunk()],
});
