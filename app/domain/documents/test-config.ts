import { testConfig } from "../../../tests/support/test-config";

/** The sessions secret of these tests (a child process signing links must share it). */
export const DOCUMENTS_TEST_SECRET = "secret-de-test-pour-les-documents-0123456789";

/** The configuration of the tests that make training documents, for the whole file (tests/support/test-config.ts). */
export function documentsTestConfig(prefix: string): { readonly dataDir: string } {
  return testConfig(prefix, DOCUMENTS_TEST_SECRET);
}
