import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { freePortSync } from "./tests/support/ports";

// A port chosen at run time, set in the environment so that the workers (which load this file
// again) and the test helpers agree on it; E2E_PORT forces one.
process.env.E2E_PORT ??= String(freePortSync());
const port = Number(process.env.E2E_PORT);
// The data folder too, so that a lone `npx playwright test x.spec.ts` works as `npm test` does.
process.env.E2E_DATA_DIR ??= `.test-data/e2e-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;
const buildDir = process.env.BUILD_DIR ?? "build";

// Browser tests drive Debian's Chromium (no browser download). Its headless shell
// (apt-get install -y chromium-headless-shell: the same Blink, without the desktop browser's
// compositor and GPU process) is what Playwright itself runs headless: it does the same work with
// half the CPU of the full browser, whose page loads made the suite CPU-bound on two cores.
// Without it, the full browser (apt-get install -y chromium); CHROMIUM_PATH forces one.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  // Browser tests only: the unit tests of the helpers in tests/e2e/support run under Vitest.
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // Four at a time on two cores: the browser tests wait on the network, timers and the database
  // more than they compute (8.3 min with two, 7.3 with four).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // 10 s for what a person sees to show: with four browsers on two cores, a page that lazily loads
  // a part (the toast library on the first toast) can take over 7 s on a slow machine. A passing
  // assertion does not wait for it.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "fr-FR",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node server/main.js",
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      E2E_FAULTS: "1",
      // As behind a reverse proxy: API helpers give each test client an address of its own.
      TRUST_PROXY: "1",
      LEAD_MIN_FILL_SECONDS: "0",
      // No drain delay when the suite stops its server.
      SHUTDOWN_DELAY_SECONDS: "0",
      BUILD_DIR: buildDir,
    },
  },
});
