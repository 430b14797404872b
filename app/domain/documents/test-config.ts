import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, setConfig } from "~/platform/config.server";

/** The sessions secret of these tests (a child process signing links must share it). */
export const DOCUMENTS_TEST_SECRET = "secret-de-test-pour-les-documents-0123456789";

/**
 * The configuration of the tests that make training documents, for the whole file: a data folder of
 * its own (removed after), a fixed secret and the demo organisation's addresses. Returns the folder,
 * read once the file's tests have started (a child process of the test may need it).
 */
export function documentsTestConfig(prefix: string): { readonly dataDir: string } {
  const state = { dataDir: "" };
  beforeAll(() => {
    state.dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    setConfig(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: state.dataDir,
        AUTH_SECRET: DOCUMENTS_TEST_SECRET,
        SITE_URL: "http://formavia.test",
        MAIL_FROM: "Formavia <no-reply@formavia.test>",
        STAFF_EMAIL: "equipe@formavia.test",
        LOG_LEVEL: "error",
      }),
    );
  });
  afterAll(() => rmSync(state.dataDir, { recursive: true, force: true }));
  return state;
}
