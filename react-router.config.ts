import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route is known to the browser from the first load (one cached manifest file) instead of
  // being discovered link by link: no /__manifest request and no second render of the page after
  // hydration (docs/decisions/0006-static-first-load.md).
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets several builds live side by side (tests, parallel work); default build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
