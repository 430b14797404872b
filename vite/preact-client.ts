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

interface ResolveContext {
  resolve(id: string, importer?: string, options?: { skipSelf?: boolean }): Promise<{ id: string } | null>;
}

async function resolveAlias(context: ResolveContext, id: string, importer: string | undefined) {
  const target = CLIENT_ALIASES[id];
  if (!target) return null;
  if (target === shim) return shim;
  return context.resolve(target, importer, { skipSelf: true });
}

/**
 * The browser bundle runs on Preact (preact/compat) while the server build keeps React 19:
 * React entry points are swapped in the "client" environment only. Vite 8 has no per-environment
 * resolve.alias, hence a resolveId hook that looks at this.environment; in development the same
 * swap is made in the client's dependency optimizer (react-router, Radix, lucide-react… are
 * pre-bundled there, outside the plugin pipeline).
 */
export function preactClient(): Plugin {
  return {
    name: "preact-client",
    enforce: "pre",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        optimizeDeps: {
          rolldownOptions: {
            plugins: [
              {
                name: "preact-client-optimizer",
                resolveId(id: string, importer: string | undefined) {
                  return resolveAlias(this as unknown as ResolveContext, id, importer);
                },
              },
            ],
          },
        },
      };
    },
    async resolveId(id, importer) {
      if (this.environment.name !== "client") return null;
      return resolveAlias(this, id, importer);
    },
  };
}
