import path from "node:path";
import type { Plugin } from "vite";

/** Modules every public page loads: the client entry, the root route and the public site's layout. */
const SHELL_ROOTS = ["app/entry.client.tsx", "app/root.tsx", "app/routes/site/layout.tsx"].map((file) => path.resolve(file));

/**
 * Puts everything the public pages all load in one chunk of the browser build (React DOM, React
 * Router, the root and the site's frame, with what they import statically). Left to itself, the
 * bundler splits them into dozens of small files, each compressed on its own: one file is fewer
 * requests and about 4 KB less gzip JavaScript on each page (docs/decisions/0008-react-dom-in-the-browser.md).
 * Only static imports are followed: what a page loads later (the toasts, the form schemas) stays apart,
 * and no admin module is reached from these three files.
 */
export function siteShellChunk(): Plugin {
  const shell = new Set<string>();
  const strip = (id: string) => id.split("?")[0]!;
  return {
    name: "site-shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              output: { codeSplitting: { groups: [{ name: "shell", test: (id: string) => shell.has(id) }] } },
            },
          },
        },
      },
    }),
    buildEnd() {
      const todo = [...this.getModuleIds()].filter((id) => SHELL_ROOTS.includes(strip(id)));
      while (todo.length > 0) {
        const id = todo.pop()!;
        if (shell.has(id)) continue;
        shell.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
