// The production web server (server/app.ts `start`: fast path, then Express and React Router),
// loaded through Vite instead of from a build, for the integration tests (vitest runs before
// `npm run build`). Configured by the environment, as `npm start`; stopped by SIGTERM.
//
// Vite compiles JSX for React's development runtime: React is loaded in development mode first,
// then NODE_ENV becomes "production" for the site's own configuration (page CSP, no demo accounts).
import "react";
import "react/jsx-dev-runtime";
import "react-dom/server";
import { createServer } from "vite";

process.env.NODE_ENV = "development";
const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" });
process.env.NODE_ENV = "production";
const source = await vite.ssrLoadModule("./server/app.ts");
await source.start({});
