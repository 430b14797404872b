import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "kysely";
import { insertAccount } from "../support/account-rows";
import { createPostgresDatabase, type TestDatabase } from "../support/databases";
import { freePort } from "../support/ports";
import { startS3Server, S3RVER_KEYS, type TestS3Server } from "../support/s3-server";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { TestSmtpServer } from "../support/smtp";
import { flatToCell, type FlatRecord } from "~/domain/catalogue-import/cells";
import { CATALOGUE_COLUMNS } from "~/domain/formations/columns";
import { guessMapping } from "~/domain/catalogue-import/columns";
import { toCsv } from "~/domain/catalogue-import/csv";
import { catalogueRecords } from "~/domain/catalogue-import/export.server";
import { confirmJob, createJob, getJob } from "~/domain/catalogue-import/jobs.server";

/**
 * Two production instances (the build, `node server/main.js`) on one fresh PostgreSQL database
 * and one S3-compatible storage (s3rver), behind a small round-robin balancer written here, as an
 * operator runs the site on several machines (see README, « Exploitation à plusieurs instances »).
 * The balancer checks /readyz every 100 ms and sends visitors to ready instances only; a request
 * whose connection is refused goes to the other instance, as nginx's `proxy_next_upstream` does.
 */

const BASE = process.env.TEST_DATABASE_URL;
if (!BASE) console.log("Test à plusieurs instances ignoré : TEST_DATABASE_URL n'est pas défini (il demande PostgreSQL).");

const PASSWORD = "motdepasse-grappe-1";
const STAFF = "equipe@formavia.test";

class Balancer {
  readonly backends: Array<{ url: string; up: boolean }> = [];
  private next = 0;
  private server: Server | undefined;
  private health: NodeJS.Timeout | undefined;
  url = "";

  async start(port: number): Promise<void> {
    this.server = createServer((req, res) => void this.forward(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.health = setInterval(() => void this.check(), 100);
  }

  set(urls: string[]): void {
    this.backends.length = 0;
    for (const url of urls) this.backends.push({ url, up: false });
  }

  private async check(): Promise<void> {
    await Promise.all(
      this.backends.map(async (b) => {
        try {
          b.up = (await fetch(`${b.url}/readyz`, { signal: AbortSignal.timeout(3000) })).ok;
        } catch {
          b.up = false;
        }
      }),
    );
  }

  async waitUp(url: string, up = true): Promise<void> {
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      if (this.backends.find((b) => b.url === url)?.up === up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`Le répartiteur ne voit pas ${url} ${up ? "prêt" : "retiré"}`);
  }

  /** A ready instance in turn; when none is marked ready, any instance (as nginx does when all are down). */
  private pick(exclude?: string): string | undefined {
    const others = this.backends.filter((b) => b.url !== exclude);
    const ready = others.filter((b) => b.up);
    const pool = ready.length ? ready : others;
    if (pool.length === 0) return undefined;
    return pool[this.next++ % pool.length]!.url;
  }

  private async forward(req: IncomingMessage, res: import("node:http").ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let tried: string | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const target = this.pick(tried);
      if (!target) break;
      tried = target;
      const ok = await new Promise<boolean>((resolve) => {
        const u = new URL(target);
        const upstream = httpRequest(
          {
            host: u.hostname,
            port: u.port,
            method: req.method,
            path: req.url,
            agent: false,
            // As nginx with `proxy_set_header Host $host` and the client's address appended.
            headers: {
              ...req.headers,
              "x-forwarded-for": req.headers["x-forwarded-for"] ?? req.socket.remoteAddress ?? "",
              "content-length": String(body.length),
              connection: "close",
            },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on("end", () => resolve(true));
          },
        );
        upstream.on("error", () => resolve(res.headersSent));
        upstream.end(body);
      });
      if (ok) return;
    }
    if (!res.headersSent) res.writeHead(502).end("Aucune instance disponible");
  }

  async close(): Promise<void> {
    clearInterval(this.health);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

test.describe("two instances as one site", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  test.skip(!BASE, "TEST_DATABASE_URL n'est pas défini : le test à plusieurs instances demande PostgreSQL.");

  let database: TestDatabase;
  let s3: TestS3Server;
  const smtp = new TestSmtpServer();
  const balancer = new Balancer();
  const dirs: string[] = [];
  const instances: ServerProcess[] = [];
  let env: Record<string, string>;

  async function startInstance(name: string, port?: number): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(tmpdir(), `site-grappe-${name}-`));
    dirs.push(dataDir);
    return startServer({ ...env, DATA_DIR: dataDir, INSTANCE_ID: name }, { port });
  }

  test.beforeAll(async () => {
    database = await createPostgresDatabase(BASE!, { migrated: false });
    s3 = await startS3Server();
    await smtp.start();
    await balancer.start(await freePort());
    env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: "5",
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      STAFF_EMAIL: STAFF,
      AUTH_SECRET: "secret-partage-par-toutes-les-instances-0123456789",
      SITE_URL: balancer.url,
      TRUST_PROXY: "1",
      SHUTDOWN_DELAY_SECONDS: "1",
      // The shortest lease: the killed instance's import is taken over within 30 s.
      JOB_LEASE_SECONDS: "30",
      LEAD_MIN_FILL_SECONDS: "0",
      LOG_LEVEL: "info",
    };
  });

  test.afterAll(async () => {
    for (const i of instances) i.child.kill("SIGKILL");
    await Promise.all(instances.map((i) => i.exited));
    await balancer.close();
    await smtp.stop();
    await s3?.close();
    await database?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("both instances come up when started at the same moment on an empty database, with no duplicate row", async () => {
    instances.push(...(await Promise.all([startInstance("grappe-a"), startInstance("grappe-b")])));
    await Promise.all(instances.map((i) => waitReady(i)));
    balancer.set(instances.map((i) => i.url));
    await Promise.all(instances.map((i) => balancer.waitUp(i.url)));
    const slugs = (await database.db.selectFrom("formations").select("slug").execute()).map((f) => f.slug);
    expect(slugs.length).toBeGreaterThan(0);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(await database.db.selectFrom("settings").select("key").where("key", "=", "organisation").execute()).toHaveLength(1);
    for (const i of instances) expect(i.output()).not.toContain('"level":"error"');
  });

  test("a session opened on A works on B, and an edit made on A shows on B's public pages", async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    await insertAccount(database.db, { email: "editrice@formavia.test", password: PASSWORD, role: "editor" });
    const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: balancer.url },
      body: JSON.stringify({ email: "editrice@formavia.test", password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const onB = await fetch(`${b.url}/admin/categories`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Catégories");

    const category = await database.db.selectFrom("formation_categories").selectAll().orderBy("position").executeTakeFirstOrThrow();
    const before = await (await fetch(`${b.url}/formations`)).text();
    expect(before).toContain(category.name);
    const renamed = `${category.name} (grappe)`;
    const edit = await fetch(`${a.url}/admin/categories`, {
      method: "POST",
      headers: { cookie, origin: balancer.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "update",
        id: category.id,
        name: renamed,
        slug: category.slug,
        position: String(category.position),
        description: category.description,
      }),
      redirect: "manual",
    });
    expect(edit.status).toBeLessThan(400);
    await expect.poll(async () => (await (await fetch(`${b.url}/formations`)).text()).includes(renamed), { timeout: 10_000 }).toBe(true);
  });

  test("100 quotes sent across both instances are each mailed exactly once", async () => {
    const statuses: number[] = [];
    const send = async (n: number) => {
      // Each form's own token (as the browser asks for it when the form appears).
      const { token } = (await (await fetch(`${balancer.url}/api/jeton-formulaire?formulaire=devis`)).json()) as { token: string };
      const res = await fetch(`${balancer.url}/devis`, {
        method: "POST",
        headers: {
          origin: balancer.url,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `10.20.${Math.floor(n / 200)}.${n % 200}`,
        },
        body: new URLSearchParams({
          jeton: token,
          website: "",
          entreprise: `Entreprise ${n}`,
          siret: "732 829 320 00074",
          nom: `Client ${n}`,
          email: `client-${n}@exemple.test`,
          telephone: "06 12 34 56 78",
          autreFormation: "Excel pour l'équipe",
          stagiaires: "3",
          format: "intra",
          periode: "mars 2027",
          ville: "Lyon",
          financement: "opco-opcommerce",
          message: "Demande envoyée par le test à plusieurs instances.",
          consentement: "on",
        }),
        redirect: "manual",
      });
      statuses.push(res.status);
    };
    const started = Date.now();
    for (let start = 0; start < 100; start += 10) await Promise.all(Array.from({ length: 10 }, (_, i) => send(start + i)));
    console.log(`100 devis envoyés en ${Date.now() - started} ms`);
    expect(statuses.filter((s) => s >= 400)).toEqual([]);
    const leads = await database.db.selectFrom("leads").select("id").execute();
    expect(leads).toHaveLength(100);
    await expect.poll(() => smtp.received.length, { timeout: 60_000, intervals: [250] }).toBeGreaterThanOrEqual(200);
    console.log(`200 e-mails reçus en ${Date.now() - started} ms`);
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate would arrive now
    const keys = smtp.received.map((m) => `${m.to.join(",")} ${m.subject}`);
    expect(smtp.received).toHaveLength(200);
    expect(new Set(keys).size).toBe(200);
    for (let n = 0; n < 100; n++) expect(smtp.received.filter((m) => m.to.includes(`client-${n}@exemple.test`))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(STAFF))).toHaveLength(100);
    // Both instances served quotes.
    for (const i of instances) expect(i.output()).toContain('"path":"/devis","status":');
  });

  test("a batch import whose instance is killed (SIGKILL) is finished by the other, with no duplicate", async () => {
    const source = (await catalogueRecords(database.db))[0]!;
    const csv = (from: number) =>
      toCsv([
        CATALOGUE_COLUMNS.map((c) => c.label),
        ...Array.from({ length: 500 }, (_, k): FlatRecord => ({
          ...source,
          slug: `grappe-${from + k}`,
          titre: `Formation de la grappe n° ${from + k}`,
        })).map((r) => CATALOGUE_COLUMNS.map((c) => flatToCell(c, r[c.key], "text"))),
      ]);
    const actor = { id: null, email: "import@formavia.test", role: "editor" };
    const id = await createJob(
      actor,
      [
        { name: "premier.csv", bytes: new Uint8Array(Buffer.from(csv(0))) },
        { name: "second.csv", bytes: new Uint8Array(Buffer.from(csv(500))) },
      ],
      database.db,
    );
    const job = (await getJob(id, database.db))!;
    const mappings = Object.fromEntries(job.files.map((f) => [f.id, guessMapping(f.preview!.headers)]));
    expect(await confirmJob(id, { mappings, allOrNothing: false, acknowledged: true }, database.db)).toEqual({ ok: true });

    // The instance that claims the job logs it: kill that one, as a crash would.
    let holder: ServerProcess | undefined;
    await expect
      .poll(() => (holder = instances.find((i) => i.output().includes(`"job":"${id}"`))), { timeout: 15_000, intervals: [20] })
      .toBeTruthy();
    holder!.child.kill("SIGKILL");
    const killedAt = Date.now();
    await holder!.exited;
    const running = await database.db
      .selectFrom("formation_import_jobs")
      .select(["state", "lock_token"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(running.state).toBe("running");
    // Only the other instance is alive: it takes the job over once the lease has lapsed.
    const survivor = instances.find((i) => i !== holder)!;
    await expect.poll(async () => (await getJob(id, database.db))?.state, { timeout: 90_000, intervals: [500] }).toBe("done");
    expect(Date.now() - killedAt).toBeLessThan(90_000);
    expect(survivor.output()).toContain(`"job":"${id}"`);
    // The operator's supervisor restarts the killed one (same port): the cluster is two instances again.
    const index = instances.indexOf(holder!);
    instances[index] = await startInstance(`${holder === instances[0] ? "grappe-a" : "grappe-b"}-2`, holder!.port);
    await waitReady(instances[index]!);
    const done = (await getJob(id, database.db))!;
    expect(done.counts.created).toBe(1000);
    const imported = await database.db
      .selectFrom("formations")
      .select((eb) => [eb.fn.countAll<number>().as("n"), sql<number>`count(distinct slug)`.as("distinct")])
      .where("slug", "like", "grappe-%")
      .executeTakeFirstOrThrow();
    expect(Number(imported.n)).toBe(1000);
    expect(Number(imported.distinct)).toBe(1000);
  });

  test("after PostgreSQL drops every connection of the site, both instances recover without a restart", async () => {
    const name = new URL(database.url).pathname.slice(1);
    const killed = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`.execute(database.db);
    expect(killed.rows[0]!.n).toBeGreaterThan(0);
    for (const i of instances) {
      await expect.poll(async () => (await fetch(`${i.url}/readyz`)).status, { timeout: 15_000, intervals: [200] }).toBe(200);
    }
    // Uncached searches: each reads the database.
    for (let n = 0; n < 10; n++) {
      const res = await fetch(`${balancer.url}/formations?q=excel${n}`);
      expect(res.status).toBe(200);
    }
  });

  test("a rolling restart under light load fails no request", async () => {
    const failures: string[] = [];
    let served = 0;
    let loading = true;
    const paths = ["/", "/formations", "/devis", "/healthz"];
    const load = async (k: number) => {
      for (let n = k; loading; n++) {
        const p = paths[n % paths.length]!;
        try {
          const res = await fetch(`${balancer.url}${p}`);
          await res.arrayBuffer();
          if (res.status >= 400) failures.push(`${p} ${res.status}`);
          served++;
        } catch (error) {
          failures.push(`${p} ${String(error)}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loaders = [0, 1, 2, 3].map(load);
    for (let index = 0; index < instances.length; index++) {
      const old = instances[index]!;
      await old.stop(20_000);
      expect(await old.exited).toBe(0);
      instances[index] = await startInstance(`grappe-relance-${index}`, old.port);
      await waitReady(instances[index]!);
      await balancer.waitUp(old.url);
    }
    loading = false;
    await Promise.all(loaders);
    expect(served).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});
