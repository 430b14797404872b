// Production entry (`npm start` runs it through scripts/start.js, which builds first when needed).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const { start } = await import(path.join(buildDir, "server/index.js"));
await start({ clientDir: path.join(buildDir, "client") });
