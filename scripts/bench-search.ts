/**
 * `npm run bench:search`: the site-wide search with 10,000 published formations, on SQLite and, when
 * TEST_DATABASE_URL (or DATABASE_URL) names a PostgreSQL server, on a database of its own created
 * there and dropped at the end (docs/decisions/0018-site-search.md).
 *
 * For each engine:
 * 1. the cost of the index triggers on writes: 10,000 formations (with their cities and sessions)
 *    copied from the demo catalogue into a database without the triggers, then the bulk rewrite
 *    of every formation's document (what an import would run after the fact if the index were not
 *    kept by triggers), then the same copy into a database with the triggers (BENCH_WRITES=0 skips
 *    it); the queries run on the first database, whose index is the same;
 * 2. p50/p95 of `searchSite` (count, ranked page of 10, marked snippets) for French queries: with
 *    and without accents, a plural to stem, several words, a city, a word that matches most of the
 *    catalogue, a city with a category (landing pages first). 10 runs not counted, then BENCH_RUNS (50)
 *    counted. Target: p95 under 50 ms.
 *
 * Figures, not a pass/fail test: quote `uptime` with them (printed first). On a loaded machine the
 * times measure the wait for a processor as much as the work: the CPU time used by this process
 * (all of the work on SQLite, the client's share on PostgreSQL) is printed too.
 */
import { execFileSync } from "node:child_process";
import { sql } from "kysely";
import { seed } from "~/composition/seed.server";
import { searchSite } from "~/domain/search/search.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import type { Db } from "~/platform/db/db.server";
import { isPostgres } from "~/platform/db/dialect";
import { formationDocumentSql } from "~/platform/db/migrations/202611281300_search_documents";
import { cloneFormations } from "../tests/support/catalogue";
import { createPostgresDatabase, createSqliteDatabase, type TestDatabase } from "../tests/support/databases";

const COUNT = Number(process.env.BENCH_FORMATIONS ?? 10_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 50));
const WARMUP = 10;
/** BENCH_WRITES=0 skips the copy into a database with the index triggers (minutes under load). */
const WRITES = process.env.BENCH_WRITES !== "0";
const QUERIES = [
  "securite",
  "sécurité",
  "formations",
  "tableaux croisés dynamiques",
  "management équipe",
  "lyon",
  "management lyon",
  "excel",
  "prise de parole en public",
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

async function dropSearchTriggers(db: Db): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{
      name: string;
      tbl: string;
    }>`select t.tgname as name, c.relname as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like '%\_search\_%' and not t.tgisinternal`.execute(
      db,
    );
    for (const r of rows) await sql.raw(`DROP TRIGGER ${r.name} ON ${r.tbl}`).execute(db);
    return;
  }
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'trigger' and name like '%\_search\_%' escape '\\' and tbl_name <> 'search_documents'`.execute(
    db,
  );
  for (const r of rows) await sql.raw(`DROP TRIGGER ${r.name}`).execute(db);
}

async function prepared(create: () => Promise<TestDatabase>): Promise<TestDatabase> {
  const t = await create();
  await seed(t.db);
  return t;
}

async function benchEngine(name: string, create: () => Promise<TestDatabase>): Promise<void> {
  console.log(`\n== ${name} ==`);
  const bare = await prepared(create);
  try {
    await dropSearchTriggers(bare.db);
    const engine = isPostgres(bare.db) ? "postgres" : "sqlite";
    const [, bareTime] = await timed(() => cloneFormations(bare.db, COUNT));
    const [, rebuild] = await timed(async () => {
      await bare.db.transaction().execute(async (trx) => {
        for (const statement of formationDocumentSql(engine, "SELECT id FROM formations", "lines")) await sql.raw(statement).execute(trx);
      });
    });
    console.log(`Écriture de ${COUNT} formations (villes et sessions comprises) :`);
    console.log(`  sans déclencheurs : ${(bareTime / 1000).toFixed(1)} s (${(bareTime / COUNT).toFixed(2)} ms par formation)`);
    console.log(`  puis réécriture de tout l'index d'un coup : ${(rebuild / 1000).toFixed(1)} s`);
    if (WRITES) {
      const kept = await prepared(create);
      try {
        const [, keptTime] = await timed(() => cloneFormations(kept.db, COUNT));
        console.log(
          `  avec les déclencheurs de l'index : ${(keptTime / 1000).toFixed(1)} s (${(keptTime / COUNT).toFixed(2)} ms par formation)`,
        );
      } finally {
        await kept.cleanup();
      }
    }
    if (engine === "sqlite") await sql`PRAGMA optimize`.execute(bare.db);
    else await sql`ANALYZE`.execute(bare.db);

    console.log(`Recherche (${RUNS} mesures après ${WARMUP}, page de 10 résultats avec extraits) :`);
    let worst = 0;
    for (const query of QUERIES) {
      const times: number[] = [];
      let total = 0;
      let cpu = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const before = process.cpuUsage();
        const [result, t] = await timed(() => searchSite({ query, page: 1 }, bare.db));
        const used = process.cpuUsage(before);
        total = result.total;
        if (i >= WARMUP) {
          times.push(t);
          cpu += (used.user + used.system) / 1000;
        }
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      // The CPU of this process: the whole work on SQLite, the client's share on PostgreSQL.
      console.log(
        `  « ${query} » : ${total} résultats, p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, processeur ${ms(cpu / RUNS)} en moyenne`,
      );
    }
    console.log(`  pire p95 : ${ms(worst)} ${worst < 50 ? "(sous l'objectif de 50 ms)" : "(AU-DESSUS de l'objectif de 50 ms)"}`);
  } finally {
    await bare.cleanup();
  }
}

async function main() {
  setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "https://www.exemple-formation.fr", SEED_DEMO: "1" }));
  console.log(`uptime : ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
  await benchEngine("SQLite", () => createSqliteDatabase());
  const pgUrl = process.env.TEST_DATABASE_URL ?? (process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined);
  if (pgUrl) await benchEngine("PostgreSQL", () => createPostgresDatabase(pgUrl));
  else console.log("\nPostgreSQL : TEST_DATABASE_URL absent, mesure sautée.");
  console.log(`\nuptime : ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
}

await main();
