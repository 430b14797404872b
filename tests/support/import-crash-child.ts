/**
 * A worker that dies in the middle of writing a batch import: it claims the queued job, runs it,
 * and kills itself (SIGKILL, no clean-up of any kind) once `KILL_AFTER` formations of the job are
 * in the database. What it leaves is what an instance that crashed leaves. Run with tsx by
 * `app/domain/catalogue-import/takeover.test.ts`.
 */
import { sql } from "kysely";
import { loadConfig, setConfig } from "~/platform/config.server";
import { openDb } from "~/platform/db/db.server";
import { claimJob, runJob } from "~/domain/catalogue-import/jobs.server";

const url = process.env.CRASH_DATABASE!;
const killAfter = Number(process.env.KILL_AFTER);
const prefix = process.env.SLUG_PREFIX!;
setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: process.env.CRASH_DATA_DIR!, LOG_LEVEL: "error" }));
const { db } = openDb(url.startsWith("postgres") ? { engine: "postgres", url } : { engine: "sqlite", file: url.slice("file:".length) });

const claim = await claimJob(db);
if (!claim) {
  process.stderr.write("aucun import en attente\n");
  process.exit(2);
}
const watch = setInterval(() => {
  void sql<{ n: number | string }>`select count(*) as n from formations where slug like ${`${prefix}%`}`
    .execute(db)
    .then((r) => {
      if (Number(r.rows[0]?.n ?? 0) >= killAfter) process.kill(process.pid, "SIGKILL");
    })
    .catch(() => undefined);
}, 5);
await runJob(claim, { target: db });
clearInterval(watch);
process.stderr.write("l'import a fini avant d'être interrompu\n");
process.exit(3);
