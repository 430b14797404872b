import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test, type Browser, type Page } from "@playwright/test";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { insertAccount } from "../../support/account-rows";
import { startServer, waitReady, type ServerProcess } from "../../support/server-process";
import { PASSWORD, signInApi } from "./accounts";

/**
 * A server of its own, for the tests that change a setting of the whole site (the organisation's
 * logo, the document clauses, a funding rule, the CGV in force…): the shared e2e server's are read
 * by every other test at the same time (docs/decisions/0027-tests-own-their-data.md). Called in a
 * file or a `test.describe`, it starts the built server with a data folder of its own before the
 * first test there, and stops it and removes the folder after the last; the tests there run one
 * after the other, in their order, in one worker (one server, whose state each test finds as the
 * tests before it left it).
 *
 *     const own = ownServer("logo");
 *     test("…", async ({ browser }) => {
 *       const page = await own.page(browser, "admin");
 *       await page.goto("/admin/parametres");
 *       await page.context().close();
 *     });
 */
export interface OwnServer {
  /** Its address (set once the server is up). */
  readonly url: string;
  /** Its SQLite database. */
  readonly db: Db;
  /** A page in a browser context of its own on this server, signed in as its admin or editor, or anonymous. */
  page(browser: Browser, as?: "admin" | "editor" | null, options?: { javaScriptEnabled?: boolean }): Promise<Page>;
}

/** The accounts of every own server, ready to sign in (password PASSWORD). */
export const OWN_ACCOUNTS = { admin: "direction@exemple.fr", editor: "redaction@exemple.fr" } as const;

export function ownServer(name: string, { demo = false }: { demo?: boolean } = {}): OwnServer {
  let server: ServerProcess | undefined;
  let database: Db | undefined;
  let dataDir: string | undefined;

  // One server for the tests of this scope, not one per worker that would run them side by side.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async () => {
    // Its first start (migrations, the demo content when asked, loading the build) may be slow on a busy machine.
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(tmpdir(), `site-${name}-`));
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: demo ? "1" : "0", SHUTDOWN_DELAY_SECONDS: "0" });
    await waitReady(server);
    database = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") }).db;
    await insertAccount(database, { email: OWN_ACCOUNTS.admin, password: PASSWORD, role: "admin", name: "Direction" });
    await insertAccount(database, { email: OWN_ACCOUNTS.editor, password: PASSWORD, role: "editor", name: "Rédaction" });
  });

  test.afterAll(async () => {
    if (database) await closeDbHandle(database);
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get url() {
      if (!server) throw new Error("Le serveur de ces tests n'est pas démarré.");
      return server.url;
    },
    get db() {
      if (!database) throw new Error("Le serveur de ces tests n'est pas démarré.");
      return database;
    },
    async page(browser, as = null, { javaScriptEnabled = true } = {}) {
      const context = await browser.newContext({ baseURL: this.url, locale: "fr-FR", javaScriptEnabled });
      const page = await context.newPage();
      if (as) await signInApi(page, this.url, OWN_ACCOUNTS[as]);
      return page;
    },
  };
}
