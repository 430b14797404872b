// Background jobs alone, without a web server (`npm run worker` runs it through scripts/start.js):
// the mail queue, batch imports and housekeeping, scaled apart from web instances run with WORKERS=0.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const { startWorkerProcess } = await import(path.join(buildDir, "server/index.js"));
await startWorkerProcess();
