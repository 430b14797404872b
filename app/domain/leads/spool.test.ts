import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, createSqliteDatabase, type TestDatabase } from "../../../tests/support/databases";
import { TcpProxy } from "../../../tests/support/tcp-proxy";
import { loadConfig, setConfig } from "~/platform/config.server";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { noteWriteAccepted, writeHealth } from "~/platform/db/write-health.server";
import { writeHeartbeat } from "~/platform/spool/heartbeat.server";
import { registerSpoolHandler, replaySpool, spoolCount } from "~/platform/spool/spool.server";
import { LEAD_SPOOL_KIND, leadDashboardFigures, replaySpooledLead, spooledLeadCount, submitLead } from "./leads.server";
import { issueFormToken } from "./spam.server";

/**
 * A quote sent while the database refuses is never lost: it goes to the local spool (fsync), the
 * visitor gets a reference, and the job runner stores it once the database answers again
 * (docs/decisions/0010-lead-spool.md). Real refusals only: a SQLite file locked by another
 * connection, a PostgreSQL server cut off behind a TCP relay.
 */

let dataDir: string;

function useDataDir(dir: string): void {
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      AUTH_SECRET: "secret-de-test-pour-le-dossier-d-attente-0123",
      SITE_URL: "http://formavia.test",
      MAIL_FROM: "Formavia <no-reply@formavia.test>",
      STAFF_EMAIL: "equipe@formavia.test",
      LOG_LEVEL: "error",
    }),
  );
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "spool-test-"));
  useDataDir(dataDir);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function quoteForm(email: string): FormData {
  const f = new FormData();
  const values: Record<string, string> = {
    jeton: issueFormToken("devis", Date.now() - 10_000),
    website: "",
    entreprise: "Boulangeries Martin",
    siret: "732 829 320 00074",
    nom: "Léa Martin",
    email,
    telephone: "06 12 34 56 78",
    autreFormation: "Excel intermédiaire pour l'équipe comptable",
    stagiaires: "4",
    format: "intra",
    periode: "mars 2027",
    ville: "Lyon",
    financement: "opco-opcommerce",
    message: "Nous avons besoin de tableaux croisés dynamiques.",
    consentement: "on",
  };
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  return f;
}

async function leadCount(target: Db, email: string): Promise<number> {
  const rows = await target.selectFrom("leads").select("reference").where("email", "=", email).execute();
  return rows.length;
}

/** The spool's files, to put one back as a crash between the insert and the removal would leave it. */
function spoolFiles(dir: string): string[] {
  const kindDir = path.join(dir, "spool", LEAD_SPOOL_KIND);
  return existsSync(kindDir) ? readdirSync(kindDir).map((f) => path.join(kindDir, f)) : [];
}

/**
 * The scenario on one engine: `refuse()` makes the database refuse, `restore()` brings it back,
 * `store` reads it directly (never through the refused handle).
 */
async function outageScenario(
  site: Db,
  store: Db,
  refuse: () => Promise<void> | void,
  restore: () => Promise<void> | void,
  { storeReadsDuringOutage = true }: { storeReadsDuringOutage?: boolean } = {},
) {
  registerSpoolHandler(LEAD_SPOOL_KIND, (entry) => replaySpooledLead(entry, site));
  const email = `panne-${Math.random().toString(36).slice(2)}@exemple.test`;
  const form = quoteForm(email);

  await refuse();
  const first = await submitLead("devis", form, { ip: "203.0.113.7", target: site });
  expect(first).toMatchObject({ ok: true, spooled: true });
  if (!first.ok) return;
  expect(first.reference).toMatch(/^DEV-\d{4}-[A-Z2-9]{6}$/);
  // Sent twice (reload of the confirmation): one entry, the same reference.
  const again = await submitLead("devis", form, { ip: "203.0.113.7", target: site });
  expect(again).toMatchObject({ ok: true, reference: first.reference, leadId: first.leadId });
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(1);
  const [file] = spoolFiles(dataDir);
  const kept = readFileSync(file!, "utf8");
  expect(kept).toContain(email);
  // The admin sees it waiting on this instance (list of quotes, dashboard).
  expect(spooledLeadCount("devis")).toBe(1);
  expect(spooledLeadCount("contact")).toBe(0);
  if (storeReadsDuringOutage)
    expect(await leadDashboardFigures(store)).toContainEqual(
      expect.objectContaining({ label: "Demandes en attente d'enregistrement", value: 1 }),
    );
  // /readyz says that writes fail until one passes again.
  expect(writeHealth().ok).toBe(false);
  // While the database still refuses, a replay keeps the entry.
  expect(await replaySpool()).toBe(0);
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(1);

  await restore();
  expect(await leadCount(store, email)).toBe(0);
  expect(await replaySpool()).toBe(1);
  await writeHeartbeat(site);
  noteWriteAccepted();
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(0);
  expect(spooledLeadCount("devis")).toBe(0);
  const stored = await store.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ id: first.leadId, reference: first.reference, company: "Boulangeries Martin", status: "nouveau" });
  const mails = await store
    .selectFrom("mail_queue")
    .select(["purpose", "state"])
    .where("lead_id", "=", first.leadId)
    .orderBy("purpose")
    .execute();
  expect(mails).toEqual([
    { purpose: "ack", state: "pending" },
    { purpose: "staff", state: "pending" },
  ]);

  // A restart after the insert but before the file was removed: replayed again, stored once.
  writeFileSync(file!, kept);
  expect(await replaySpool()).toBe(1);
  expect(await leadCount(store, email)).toBe(1);
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(0);
  // And the form sent once more after the recovery answers with the stored request.
  expect(await submitLead("devis", form, { ip: "203.0.113.7", target: site })).toMatchObject({
    ok: true,
    reference: first.reference,
    duplicate: true,
  });
}

describe("a quote sent while SQLite is locked by another process", () => {
  let t: TestDatabase;
  let locker: SQLite.Database;
  beforeAll(async () => {
    // A query gives up on the locked file after 0.5 s instead of 5 (SQLITE_BUSY_TIMEOUT_MS).
    t = await createSqliteDatabase({ busyTimeoutMs: 500 });
  });
  afterAll(async () => {
    if (locker?.open) locker.close();
    await t?.cleanup();
  });

  it("is spooled, acknowledged, then stored once the lock is gone", { timeout: 60_000 }, async () => {
    const file = t.url.slice("file:".length);
    await outageScenario(
      t.db,
      t.db,
      () => {
        locker = new SQLite(file);
        locker.exec("begin exclusive");
      },
      () => {
        locker.exec("rollback");
        locker.close();
      },
    );
  });

  it("answers 503 with Retry-After and the form as typed when the spool cannot be written either", { timeout: 60_000 }, async () => {
    const broken = mkdtempSync(path.join(tmpdir(), "spool-broken-"));
    writeFileSync(path.join(broken, "spool"), "un fichier à la place du dossier");
    useDataDir(broken);
    const file = t.url.slice("file:".length);
    locker = new SQLite(file);
    locker.exec("begin exclusive");
    try {
      const result = await submitLead("devis", quoteForm("jamais.perdu@exemple.test"), { ip: "203.0.113.8", target: t.db });
      expect(result).toMatchObject({ ok: false, status: 503, retryAfterSeconds: 120 });
      if (result.ok) return;
      expect(result.values).toMatchObject({ email: "jamais.perdu@exemple.test", entreprise: "Boulangeries Martin", ville: "Lyon" });
      expect(result.formError).toContain("n'a pas été envoyée");
      expect(result.token).not.toBe("");
    } finally {
      locker.exec("rollback");
      locker.close();
      useDataDir(dataDir);
      rmSync(broken, { recursive: true, force: true });
    }
    expect(await leadCount(t.db, "jamais.perdu@exemple.test")).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a quote sent while PostgreSQL refuses connections", () => {
  let t: TestDatabase;
  let proxy: TcpProxy;
  let site: Db;
  beforeAll(async () => {
    t = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const direct = new URL(t.url);
    proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.open();
    site = openDb({ engine: "postgres", url: proxy.url(t.url) }, { max: 4, connectTimeoutMs: 2_000 }).db;
  });
  afterAll(async () => {
    await proxy?.cut();
    if (site) await closeDbHandle(site).catch(() => undefined);
    await t?.cleanup();
  });

  it("is spooled, acknowledged, then stored once the server answers again", async () => {
    // Warm the pool: connections are open when the server goes away (they are reset).
    expect(await leadCount(site, "personne@exemple.test")).toBe(0);
    await outageScenario(
      site,
      t.db,
      () => proxy.cut(),
      () => proxy.open(),
    );
  });
});

/**
 * PostgreSQL answers but refuses, without any network error: the database refuses connections
 * (SQLSTATE 55000, `ALLOW_CONNECTIONS false`, the open ones ended: 57P01), or it is read-only as a
 * replica after a failover (25006, `default_transaction_read_only`). A database of its own, dropped after.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("a quote sent while PostgreSQL answers with a refusal", () => {
  let t: TestDatabase;
  let site: Db;
  let admin: Db;
  let name: string;
  beforeAll(async () => {
    t = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    name = new URL(t.url).pathname.slice(1);
    site = openDb({ engine: "postgres", url: t.url }, { max: 4, connectTimeoutMs: 2_000 }).db;
    admin = openDb({ engine: "postgres", url: process.env.TEST_DATABASE_URL! }, { max: 1 }).db;
  });
  afterAll(async () => {
    await sql
      .raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`)
      .execute(admin)
      .catch(() => undefined);
    if (site) await closeDbHandle(site).catch(() => undefined);
    await t?.cleanup();
    if (admin) await closeDbHandle(admin);
  });

  /** Ends the sessions open on the site's database: the next ones get the new rules. */
  async function endSessions() {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(admin);
    // The pools see their connections closed (and drop them) before the next query.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  it("refusing connections (55000): spooled, acknowledged, stored once it accepts them again", async () => {
    expect(await leadCount(site, "personne@exemple.test")).toBe(0);
    await outageScenario(
      site,
      t.db,
      async () => {
        await sql.raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`).execute(admin);
        await endSessions();
      },
      async () => {
        await sql.raw(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).execute(admin);
      },
      { storeReadsDuringOutage: false },
    );
  });

  it("read-only (25006): spooled, acknowledged, stored once it takes writes again", async () => {
    expect(await leadCount(site, "personne@exemple.test")).toBe(0);
    await outageScenario(
      site,
      t.db,
      async () => {
        await sql.raw(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`).execute(admin);
        await endSessions();
      },
      async () => {
        await sql.raw(`ALTER DATABASE "${name}" RESET default_transaction_read_only`).execute(admin);
        await endSessions();
      },
    );
  });
});
