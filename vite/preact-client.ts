import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const shim = fileURLToPath(new URL("./react-on-preact.ts", import.meta.url));

/** React entry points and what the client build gets instead. */
const CLIENT_ALIASES: Record<string, string> = {
  react: shim,
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
  "react/compiler-runtime": "preact/compat/compiler-runtime",
  scheduler: "preact/compat/scheduler",
};

/**
 * The browser bundle runs on Preact (preact/compat) while the server build keeps React 19:
 * React entry points are swapped in the "client" environment only. Vite 8 has no per-environment
 * resolve.alias, hence a resolveId hook that looks at this.environment.
 */
export function preactClient(): Plugin {
  return {
    name: "preact-client",
    enforce: "pre",
    async resolveId(id, importer, options) {
      if (this.environment.name !== "client") return null;
      const target = CLIENT_ALIASES[id];
      if (!target) return null;
      if (target === shim) return shim;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
