import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createPostgresDatabase, createSqliteDatabase, engines, type TestDatabase } from "../../../tests/support/databases";
import { closeDbHandle, migrate, openDb, withStartupLock, type Db } from "../db/db.server";
import { seedAtStartup } from "~/composition/seed.server";
import { enqueueMail, claimDueMails, releaseMailClaim, renewMailClaim } from "~/platform/email/queue.server";
import { acquireLease, leaseMs, releaseLease } from "./lease.server";
import { JobRunner, type JobKind } from "./runner.server";
import type { AppConfig } from "../config.server";

/** A database that has never been migrated, and the location each "instance" opens it from. */
async function emptyDatabase(engine: "sqlite" | "postgres"): Promise<{ t: TestDatabase; database: AppConfig["database"] }> {
  const t =
    engine === "sqlite"
      ? await createSqliteDatabase({ migrated: false })
      : await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { migrated: false });
  const database: AppConfig["database"] =
    engine === "sqlite" ? { engine: "sqlite", file: t.url.replace(/^file:/, "") } : { engine: "postgres", url: t.url };
  return { t, database };
}

describe.each(engines)("startup on $name", ({ name }) => {
  it("four instances started at the same moment on an empty database all come up, with no duplicate row", async () => {
    const { t, database } = await emptyDatabase(name);
    const instances: Db[] = [];
    try {
      for (let i = 0; i < 4; i++) instances.push(openDb(database, { max: 3, connectTimeoutMs: 5000 }).db);
      const started = await Promise.allSettled(
        instances.map((db) =>
          withStartupLock(
            async () => {
              await migrate(db);
              await seedAtStartup({ demo: true }, db);
            },
            { target: db, database },
          ),
        ),
      );
      expect(started.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
      const formations = await t.db.selectFrom("formations").select(["slug"]).execute();
      expect(formations.length).toBeGreaterThan(0);
      expect(new Set(formations.map((f) => f.slug)).size).toBe(formations.length);
      const categories = await t.db.selectFrom("formation_categories").select("slug").execute();
      expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
      expect(await t.db.selectFrom("settings").select("key").where("key", "=", "organisation").execute()).toHaveLength(1);
    } finally {
      for (const db of instances) await closeDbHandle(db);
      await t.cleanup();
    }
  });
});

describe.each(engines)("leases on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("one holder at a time; a lapsed lease goes to another; a released one at once", async () => {
    const now = Date.now();
    expect(await acquireLease("housekeeping-test", "a", { target: t.db, now })).toBe(true);
    expect(await acquireLease("housekeeping-test", "b", { target: t.db, now: now + 1000 })).toBe(false);
    // The holder renews its own lease.
    expect(await acquireLease("housekeeping-test", "a", { target: t.db, now: now + 30_000 })).toBe(true);
    expect(await acquireLease("housekeeping-test", "b", { target: t.db, now: now + 30_000 + leaseMs() - 1 })).toBe(false);
    // "a" crashed: its lease lapses and "b" takes over; "a" no longer holds it.
    expect(await acquireLease("housekeeping-test", "b", { target: t.db, now: now + 30_000 + leaseMs() + 1 })).toBe(true);
    expect(await acquireLease("housekeeping-test", "a", { target: t.db, now: now + 30_000 + leaseMs() + 2 })).toBe(false);
    await releaseLease("housekeeping-test", "b", t.db);
    expect(await acquireLease("housekeeping-test", "a", { target: t.db, now: now + 30_000 + leaseMs() + 3 })).toBe(true);
  });

  it("two instances racing for the leader lock: exactly one wins", async () => {
    const now = Date.now();
    const results = await Promise.all(["x", "y", "z", "w"].map((holder) => acquireLease("race-test", holder, { target: t.db, now })));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("claimed mail is renewed while the sender works, and given back when it stops", async () => {
    await t.db.deleteFrom("mail_queue").execute();
    const now = Date.now();
    for (let i = 0; i < 3; i++)
      await enqueueMail(t.db, { purpose: "test", to: `n${i}@exemple.fr`, subject: "Essai", text: "Bonjour" }, now);
    const claim = await claimDueMails(t.db, now, 10);
    expect(claim.ids).toHaveLength(3);
    // Another instance finds nothing to claim while the lease holds.
    expect((await claimDueMails(t.db, now + leaseMs() - 1000, 10)).ids).toHaveLength(0);
    await renewMailClaim(claim.token, t.db, now + 50_000);
    expect((await claimDueMails(t.db, now + leaseMs() + 1000, 10)).ids).toHaveLength(0);
    // The process stops: the mail it holds is due again at once, for any instance.
    expect(await releaseMailClaim(claim.token, t.db)).toBe(3);
    const rows = await t.db.selectFrom("mail_queue").select(["state", "lock_token"]).execute();
    expect(rows.every((r) => r.state === "pending" && r.lock_token === null)).toBe(true);
    expect((await claimDueMails(t.db, Date.now(), 10)).ids).toHaveLength(3);
  });
});

describe("job runner", () => {
  it("runs claimed work, renews its lease while it works, releases it, and on stop lets the unit in progress give back", async () => {
    const queue = [1, 2, 3];
    const events: string[] = [];
    let renewals = 0;
    let kick: () => void = () => {};
    const kind: JobKind<number> = {
      name: "Essai",
      pollMs: 60_000,
      firstPollMs: 10,
      claim: async () => queue.shift(),
      async run(n, { stopping }) {
        events.push(`run ${n}`);
        if (n === 3) {
          // A long unit: renewed while it works, and it gives back when the process stops.
          while (!stopping()) await new Promise((r) => setTimeout(r, 10));
          events.push(`given back ${n}`);
        } else await new Promise((r) => setTimeout(r, 40));
      },
      async renew() {
        renewals++;
      },
      async release(n) {
        events.push(`release ${n}`);
      },
      subscribe(k) {
        kick = k;
        return () => (kick = () => {});
      },
    };
    const runner = new JobRunner([kind], 15);
    runner.start();
    await new Promise((r) => setTimeout(r, 250));
    expect(events.slice(0, 5)).toEqual(["run 1", "release 1", "run 2", "release 2", "run 3"]);
    expect(renewals).toBeGreaterThan(2);
    await runner.stop();
    expect(events.slice(5)).toEqual(["given back 3", "release 3"]);
    // Stopped: signals no longer start anything.
    queue.push(4);
    kick();
    await new Promise((r) => setTimeout(r, 30));
    expect(events).not.toContain("run 4");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL connections dropped", () => {
  it("the pool recovers without a restart after pg_terminate_backend", async () => {
    const t = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const app = openDb({ engine: "postgres", url: t.url }, { max: 4, connectTimeoutMs: 3000 }).db;
    try {
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(app)));
      const name = new URL(t.url).pathname.slice(1);
      const killed = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(
        t.db,
      );
      expect(killed.rows[0]!.n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100));
      // The dropped connections leave the pool; the next queries get new ones.
      let ok = 0;
      for (let i = 0; i < 10; i++) {
        try {
          await sql`select 1`.execute(app);
          ok++;
        } catch {
          /* a query already under way on a dropped connection may fail once */
        }
      }
      expect(ok).toBeGreaterThanOrEqual(9);
      const rows = await app.selectFrom("settings").select("key").execute();
      expect(Array.isArray(rows)).toBe(true);
    } finally {
      await closeDbHandle(app);
      await t.cleanup();
    }
  });
});
