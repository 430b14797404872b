// `npm start`: builds once when no build exists, then runs the production server.
// `npm run worker` (--worker): the same, but runs the background jobs alone (server/worker.js).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.NODE_ENV ??= "production";

// Stop before anything is built or written when the configuration is wrong (docs/spec.md#messages).
const { tsImport } = await import("tsx/esm/api");
const { loadConfig, loadDotEnv, ConfigError } = await tsImport("../app/platform/config.server.ts", import.meta.url);
try {
  loadDotEnv();
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(error.message + "\n");
  process.exit(1);
}

if (!existsSync(path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
  console.log("Aucune version construite : construction du site (une seule fois)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(process.argv.includes("--worker") ? "../server/worker.js" : "../server/main.js");
