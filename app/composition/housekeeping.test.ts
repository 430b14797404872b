import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "~/platform/config.server";
import { closeDb, db, migrate } from "~/platform/db/db.server";
import { nextRunAt } from "~/platform/jobs/lease.server";
import { runDueHousekeeping } from "./housekeeping.server";

const BACKUP = "Sauvegarde de la base et des fichiers";

describe("the scheduled backup of the housekeeping leader", () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "housekeeping-"));
    setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: dir, BACKUP_TIME: "03:30" }));
    await migrate(db());
  });
  afterAll(async () => {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it("waits for BACKUP_TIME (Paris) at first, then backs up into DATA_DIR/backups and schedules the next day", async () => {
    const noon = Date.parse("2026-11-28T11:00:00Z");
    expect(await runDueHousekeeping(noon)).not.toContain(BACKUP);
    const due = await nextRunAt(`task:${BACKUP}`);
    expect(due).toBe("2026-11-29T02:30:00.000Z");
    expect(await runDueHousekeeping(noon + 3_600_000)).not.toContain(BACKUP);

    expect(await runDueHousekeeping(Date.parse(due!) + 1_000)).toContain(BACKUP);
    const archives = readdirSync(path.join(dir, "backups")).filter((n) => n.endsWith(".tar.gz"));
    expect(archives).toHaveLength(1);
    expect(existsSync(path.join(dir, "backups", `${archives[0]}.sha256`))).toBe(true);
    const row = await db().selectFrom("backups").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "ok", file_name: archives[0], destination: "local", location: path.join(dir, "backups") });
    expect(await nextRunAt(`task:${BACKUP}`)).toBe("2026-11-30T02:30:00.000Z");
  });
});
