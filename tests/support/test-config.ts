import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, setConfig } from "~/platform/config.server";

/** Sets the configuration of an integration test: its data folder, a fixed secret and the demo organisation's addresses. */
export function setTestConfig(dataDir: string, secret: string): void {
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: secret,
      SITE_URL: "http://formavia.test",
      MAIL_FROM: "Formavia <no-reply@formavia.test>",
      STAFF_EMAIL: "equipe@formavia.test",
      LOG_LEVEL: "error",
    }),
  );
}

/**
 * The configuration of a test file, for the whole file: a data folder of its own (removed after) and
 * `setTestConfig`. Returns the folder, read once the file's tests have started (a child process of the
 * test may need it).
 */
export function testConfig(prefix: string, secret: string): { readonly dataDir: string } {
  const state = { dataDir: "" };
  beforeAll(() => {
    state.dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    setTestConfig(state.dataDir, secret);
  });
  afterAll(() => rmSync(state.dataDir, { recursive: true, force: true }));
  return state;
}
