// Production entry: `npm start`. Builds first when no build exists (see scripts/start.js).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { start } = await import(path.join(root, "build/server/index.js"));
await start({ clientDir: path.join(root, "build/client") });
