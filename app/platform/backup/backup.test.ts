import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/composition/seed.server";
import type { Db } from "~/platform/db/db.server";
import { driverFor, localDriver, storage, type StorageDriver } from "~/platform/storage/storage.server";
import { createPostgresDatabase, createSqliteDatabase, engines, type TestDatabase } from "../../../tests/support/databases";
import { S3RVER_KEYS, startS3Server, type TestS3Server } from "../../../tests/support/s3-server";
import type { AppConfig } from "../config.server";
import { closeDbHandle, openDb } from "../db/db.server";
import { backupStatus, runBackup, sha256File } from "./backup.server";
import { archiveName } from "./schedule";
import { countRows } from "./database.server";
import { backupDestination } from "./destination.server";
import { restoreBackup, RestoreRefusedError, restoreSummary } from "./restore.server";

const KEEP = { daily: 7, weekly: 4, monthly: 12 };

function databaseOf(t: TestDatabase): AppConfig["database"] {
  return t.engine === "sqlite" ? { engine: "sqlite", file: t.url.replace(/^file:/, "") } : { engine: "postgres", url: t.url };
}

/** An empty destination database of the same engine (a path not created yet for SQLite). */
async function emptyTarget(
  engine: TestDatabase["engine"],
  dir: string,
): Promise<{ database: AppConfig["database"]; cleanup: () => Promise<void> }> {
  if (engine === "sqlite") return { database: { engine: "sqlite", file: path.join(dir, "restored", "site.db") }, cleanup: async () => {} };
  const t = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { migrated: false });
  await closeDbHandle(t.db);
  return { database: { engine: "postgres", url: t.url }, cleanup: t.cleanup };
}

async function insertLeadWithNote(target: Db, n: number): Promise<void> {
  const now = new Date().toISOString();
  await target.transaction().execute(async (trx) => {
    const id = randomUUID();
    await trx
      .insertInto("leads")
      .values({
        id,
        reference: `T-${n}-${id.slice(0, 8)}`,
        kind: "contact",
        status: "nouveau",
        name: `Écriture ${n}`,
        email: `ecriture${n}@exemple.fr`,
        phone: "",
        company: "",
        siret: "",
        subject: "Test de sauvegarde",
        formations: "[]",
        formation_other: "",
        trainees: null,
        format: "",
        period: "",
        city: "",
        funding: "",
        message: "Écrit pendant la sauvegarde",
        consent_at: now,
        form_token: randomUUID(),
        search_text: "",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("lead_notes")
      .values({ id: randomUUID(), lead_id: id, author_id: null, author_email: "test@exemple.fr", body: `note ${n}`, created_at: now })
      .execute();
  });
}

for (const engine of engines) {
  describe(`backup and restore (${engine.name})`, () => {
    let source: TestDatabase;
    let dir: string;
    let uploads: StorageDriver;
    const image = Buffer.from("RIFF0000WEBPVP8 fausse image pour le test");

    beforeAll(async () => {
      source = await engine.create();
      await seed(source.db);
      dir = mkdtempSync(path.join(tmpdir(), "backup-test-"));
      uploads = localDriver(path.join(dir, "uploads"));
      await uploads.put("formations/11111111-2222-3333-4444-555555555555-960.webp", image, "image/webp");
      await uploads.put("logo/11111111-2222-3333-4444-555555555555.svg", Buffer.from("<svg/>"), "image/svg+xml");
      writeFileSync(path.join(dir, "auth-secret"), "secret-de-test\n");
    });

    afterAll(async () => {
      await source.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    /** A backup of the seeded site into the local folder `backups`. */
    const backupInto = (backups: string, options: { logical?: boolean } = {}) =>
      runBackup({
        target: source.db,
        database: databaseOf(source),
        uploads,
        destination: backupDestination({ kind: "local", dir: backups }),
        dataDir: dir,
        keep: KEEP,
        ...options,
      });

    const methods = engine.name === "postgres" ? [false, true] : [false];
    for (const logical of methods) {
      it(`restores a seeded site into an empty one${logical ? " (logical export, no pg_dump)" : ""}: counts, records, files`, async () => {
        const backups = path.join(dir, logical ? "backups-logical" : "backups");
        const result = await backupInto(backups, { logical });
        expect(result.method).toBe(logical ? "logical" : engine.name === "sqlite" ? "sqlite-backup" : "pg_dump");
        expect(result.files).toBe(2);
        const archive = path.join(backups, result.name);
        expect(readFileSync(`${archive}.sha256`, "utf8")).toBe(`${await sha256File(archive)}  ${result.name}\n`);
        const row = await source.db.selectFrom("backups").selectAll().where("file_name", "=", result.name).executeTakeFirstOrThrow();
        expect(row.state).toBe("ok");
        expect(Number(row.size_bytes)).toBe(result.size);

        const restoredDir = mkdtempSync(path.join(tmpdir(), "restore-test-"));
        const target = await emptyTarget(engine.name, restoredDir);
        const restoredUploads = localDriver(path.join(restoredDir, "uploads"));
        try {
          const report = await restoreBackup({ archive, database: target.database, uploads: restoredUploads, dataDir: restoredDir });
          expect(report.checksum).toBe("vérifiée");
          expect(report.files).toBe(2);
          expect(report.authSecret).toBe("restauré");
          expect(restoreSummary(report, target.database)).toContain("formations\u00a0: ");

          const restored = openDb(target.database).db;
          try {
            const before = await countRows(source.db);
            const after = await countRows(restored);
            // The backup's own row is written after the archive is made.
            expect({ ...after, backups: 0 }).toEqual({ ...before, backups: 0 });
            expect(after.formations).toBeGreaterThan(0);
            const formation = await source.db.selectFrom("formations").selectAll().orderBy("slug").limit(1).executeTakeFirstOrThrow();
            const copy = await restored.selectFrom("formations").selectAll().where("id", "=", formation.id).executeTakeFirstOrThrow();
            expect(copy).toEqual(formation);
            // The search documents are computed, never archived: the restore writes them again.
            const documents = (target: typeof restored) =>
              target
                .selectFrom("search_documents")
                .select(["kind", "ref_id", "title", "places"])
                .where("kind", "in", ["formation", "post", "city"])
                .orderBy("kind")
                .orderBy("ref_id")
                .execute();
            expect(await documents(restored)).toEqual(await documents(source.db));
            const sessions = await source.db.selectFrom("formation_sessions").selectAll().orderBy("id").limit(3).execute();
            expect(await restored.selectFrom("formation_sessions").selectAll().orderBy("id").limit(3).execute()).toEqual(sessions);
            expect(await restoredUploads.get("formations/11111111-2222-3333-4444-555555555555-960.webp")).toEqual(image);
            expect(readFileSync(path.join(restoredDir, "auth-secret"), "utf8")).toBe("secret-de-test\n");
          } finally {
            await closeDbHandle(restored);
          }

          // A second restore into the now-filled database is refused, in French, and changes nothing.
          await expect(
            restoreBackup({
              archive,
              database: target.database,
              uploads: localDriver(path.join(restoredDir, "autre")),
              dataDir: restoredDir,
            }),
          ).rejects.toThrow(/n'est pas vide/);
        } finally {
          await target.cleanup();
          rmSync(restoredDir, { recursive: true, force: true });
        }
      });
    }

    it("refuses non-empty uploads and a damaged archive", async () => {
      const backups = path.join(dir, "backups-refusals");
      const result = await backupInto(backups);
      const archive = path.join(backups, result.name);
      const restoredDir = mkdtempSync(path.join(tmpdir(), "restore-test-"));
      const target = await emptyTarget(engine.name, restoredDir);
      try {
        const error = await restoreBackup({ archive, database: target.database, uploads, dataDir: restoredDir }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RestoreRefusedError);
        expect((error as Error).message).toMatch(/téléversés n'est pas vide \(2 fichiers\)/);
        writeFileSync(`${archive}.sha256`, `${"0".repeat(64)}  ${result.name}\n`);
        await expect(
          restoreBackup({ archive, database: target.database, uploads: localDriver(path.join(restoredDir, "u")), dataDir: restoredDir }),
        ).rejects.toThrow(/empreinte SHA-256/);
        if (target.database.engine === "sqlite") expect(existsSync(target.database.file)).toBe(false);
      } finally {
        await target.cleanup();
        rmSync(restoredDir, { recursive: true, force: true });
      }
    });

    it("a backup taken during concurrent writes restores consistently", async () => {
      // A separate handle writes, as the site's requests would, while the backup runs.
      const writer = openDb(databaseOf(source)).db;
      let n = 0;
      let writing = true;
      const writes = (async () => {
        while (writing) {
          await insertLeadWithNote(writer, n++);
          // better-sqlite3 answers synchronously: let timers and I/O run between two writes.
          await new Promise((r) => setImmediate(r));
        }
      })();
      try {
        while (n < 20) await new Promise((r) => setTimeout(r, 5));
        const backups = path.join(dir, "backups-concurrent");
        const result = await backupInto(backups);
        const during = n;
        writing = false;
        await writes;
        expect(during).toBeGreaterThan(20);

        const restoredDir = mkdtempSync(path.join(tmpdir(), "restore-test-"));
        const target = await emptyTarget(engine.name, restoredDir);
        try {
          await restoreBackup({
            archive: path.join(backups, result.name),
            database: target.database,
            uploads: localDriver(path.join(restoredDir, "uploads")),
            dataDir: restoredDir,
          });
          const restored = openDb(target.database).db;
          try {
            const leads = await restored.selectFrom("leads").select("id").where("subject", "=", "Test de sauvegarde").execute();
            const notes = await restored
              .selectFrom("lead_notes")
              .innerJoin("leads", "leads.id", "lead_notes.lead_id")
              .select("lead_notes.id")
              .where("leads.subject", "=", "Test de sauvegarde")
              .execute();
            // Every committed write is whole in the copy: as many notes as leads, none dangling.
            expect(leads.length).toBeGreaterThanOrEqual(20);
            expect(leads.length).toBeLessThanOrEqual(n);
            expect(notes.length).toBe(leads.length);
            const orphans = await restored
              .selectFrom("lead_notes")
              .leftJoin("leads", "leads.id", "lead_notes.lead_id")
              .select("lead_notes.id")
              .where("leads.id", "is", null)
              .execute();
            expect(orphans).toEqual([]);
          } finally {
            await closeDbHandle(restored);
          }
        } finally {
          await target.cleanup();
          rmSync(restoredDir, { recursive: true, force: true });
        }
      } finally {
        writing = false;
        await writes;
        await closeDbHandle(writer);
      }
    });
  });
}

describe("backup to and restore from an S3 bucket (sqlite)", () => {
  let server: TestS3Server;
  let source: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    server = await startS3Server("site-sauvegardes");
    source = await createSqliteDatabase();
    await seed(source.db);
    dir = mkdtempSync(path.join(tmpdir(), "backup-s3-"));
  });
  afterAll(async () => {
    await source.cleanup();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores uploads and archives in the bucket (archives under backups/, kept out of the uploads), and restores them", async () => {
    const s3 = { driver: "s3" as const, endpoint: server.endpoint, region: "auto", bucket: server.bucket, ...S3RVER_KEYS };
    const uploads = storage(driverFor(s3));
    const image = Buffer.from("image du bucket");
    await uploads.put("blog/11111111-2222-3333-4444-555555555555-480.webp", image, "image/webp");
    const destination = backupDestination({ kind: "s3", storage: s3 });
    expect(destination.location).toBe("s3://site-sauvegardes/backups/");
    const first = await runBackup({ target: source.db, database: databaseOf(source), uploads, destination, dataDir: dir, keep: KEEP });
    // A second backup must not take the first archive for an uploaded file.
    const second = await runBackup({
      target: source.db,
      database: databaseOf(source),
      uploads,
      destination,
      dataDir: dir,
      keep: KEEP,
      now: () => new Date(Date.now() + 1000),
    });
    expect(first.files).toBe(1);
    expect(second.files).toBe(1);
    // Same day: retention keeps the newest of the day only, in the bucket too.
    expect(second.deleted).toEqual([first.name]);
    expect(await destination.list()).toEqual([second.name]);

    const work = mkdtempSync(path.join(tmpdir(), "restore-s3-"));
    try {
      const archive = await destination.fetch(second.name, work);
      expect(existsSync(`${archive}.sha256`)).toBe(true);
      const target = { engine: "sqlite" as const, file: path.join(work, "data", "site.db") };
      const restoredUploads = localDriver(path.join(work, "data", "uploads"));
      const report = await restoreBackup({ archive, database: target, uploads: restoredUploads, dataDir: work });
      expect(report).toMatchObject({ files: 1, checksum: "vérifiée" });
      expect(await restoredUploads.get("blog/11111111-2222-3333-4444-555555555555-480.webp")).toEqual(image);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("the dashboard's backup status", () => {
  it("shows the last backup, and turns late after 2 days without a successful one", async () => {
    const t = await createSqliteDatabase();
    try {
      const now = new Date("2026-11-28T12:00:00Z");
      expect(await backupStatus(t.db, now)).toMatchObject({ last: undefined, late: false, lastFailure: undefined });
      const row = (finished: string, state: string, error = "") => ({
        id: `${state}-${finished}`,
        started_at: finished,
        finished_at: finished,
        state,
        file_name: archiveName(new Date(finished)),
        size_bytes: state === "ok" ? 2_500_000 : 0,
        sha256: "",
        destination: "local",
        location: "/srv/sauvegardes",
        method: "sqlite-backup",
        files: 3,
        error,
      });
      await t.db.insertInto("backups").values(row("2026-11-27T02:31:00.000Z", "ok")).execute();
      expect(await backupStatus(t.db, now)).toMatchObject({
        late: false,
        last: { at: "2026-11-27T02:31:00.000Z", size: 2_500_000, location: "/srv/sauvegardes" },
      });
      // The next two nights fail: late 48 h after the last success, with the last error shown.
      await t.db
        .insertInto("backups")
        .values(row("2026-11-28T02:31:00.000Z", "failed", "Disque plein"))
        .execute();
      expect(await backupStatus(t.db, new Date("2026-11-29T02:30:00Z"))).toMatchObject({
        late: false,
        lastFailure: { error: "Disque plein" },
      });
      expect(await backupStatus(t.db, new Date("2026-11-29T02:32:00Z"))).toMatchObject({ late: true });
    } finally {
      await t.cleanup();
    }
  });
});
