import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { loadConfig, setConfig } from "~/platform/config.server";
import { createCategory } from "~/domain/formations/categories.server";
import { categoryInput } from "~/domain/formations/test-fixtures";
import { flatToCell, type FlatRecord } from "./cells";
import { CATALOGUE_COLUMNS } from "~/domain/formations/columns";
import { guessMapping } from "./columns";
import { toCsv } from "./csv";
import { claimJob, confirmJob, createJob, getJob, runJob } from "./jobs.server";
import { valueOf } from "~/platform/validation/errors";

/**
 * A batch import whose instance dies (SIGKILL) in the middle of writing a file is taken over by
 * another worker: the report counts what the file did (every new formation created), not the
 * formations the dead instance had already written as « inchangées ».
 */
const ROWS = 2000;
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "import-takeover-"));
  setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "error" }));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function crashingWorker(
  url: string,
  prefix: string,
  killAfter: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/import-crash-child.ts"], {
    env: { ...process.env, CRASH_DATABASE: url, CRASH_DATA_DIR: dataDir, KILL_AFTER: String(killAfter), SLUG_PREFIX: prefix },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, output })));
}

describe.each(engines)("batch import taken over after a crash, on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("reports the file's 2,000 new formations as created, none as unchanged", { timeout: 120_000 }, async () => {
    const category = valueOf(await createCategory(categoryInput(), { db: t.db }));
    const prefix = `reprise-${t.engine}-`;
    const records: FlatRecord[] = Array.from({ length: ROWS }, (_, k) => ({
      slug: `${prefix}${k}`,
      titre: `Formation reprise après panne n° ${k}`,
      categorie: category.slug,
    }));
    const columns = CATALOGUE_COLUMNS.filter((c) => ["slug", "titre", "categorie"].includes(c.key));
    const csv = toCsv([columns.map((c) => c.label), ...records.map((r) => columns.map((c) => flatToCell(c, r[c.key], "text")))]);
    const actor = { id: null, email: "import@example.fr", role: "editor" };
    const id = await createJob(actor, [{ name: "reprise.csv", bytes: new Uint8Array(Buffer.from(csv)) }], t.db);
    const job = (await getJob(id, t.db))!;
    const mappings = Object.fromEntries(job.files.map((f) => [f.id, guessMapping(f.preview!.headers)]));
    expect(await confirmJob(id, { mappings, allOrNothing: false, acknowledged: true }, t.db)).toEqual({ ok: true });

    // The first worker dies once 400 formations (two chunks) are written.
    const crash = await crashingWorker(t.url, prefix, 400);
    expect(crash.signal, crash.output).toBe("SIGKILL");
    const written = await t.db
      .selectFrom("formations")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("slug", "like", `${prefix}%`)
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBeGreaterThanOrEqual(400);
    expect(Number(written.n)).toBeLessThan(ROWS);
    expect((await getJob(id, t.db))?.state).toBe("running");

    // Its lease lapses (as it would a minute later); another worker takes the job over.
    await t.db
      .updateTable("formation_import_jobs")
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    const claim = (await claimJob(t.db))!;
    expect(claim.id).toBe(id);
    expect(await runJob(claim, { target: t.db })).toBe("done");

    const done = (await getJob(id, t.db))!;
    expect(done.counts).toMatchObject({ created: ROWS, updated: 0, unchanged: 0, rejected: 0 });
    expect(done.files[0]!.counts).toMatchObject({ created: ROWS, unchanged: 0 });
    const all = await t.db
      .selectFrom("formations")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("slug", "like", `${prefix}%`)
      .executeTakeFirstOrThrow();
    expect(Number(all.n)).toBe(ROWS);
  });
});
