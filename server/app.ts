import "react-router";
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import compression from "compression";
import { constants as zlib } from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { ConfigError, config, ensureDataDir, trustProxyWarning } from "~/platform/config.server";
import { closeDb, migrate, pendingMigrations, ping, withStartupLock } from "~/platform/db/db.server";
import { accessLog, flushAccessLog, log, withLogContext } from "~/platform/log.server";
import { selfCheck } from "~/platform/diagnostics/self-check.server";
import { startWorkers, stopWorkers } from "~/composition/workers.server";
import { seedAtStartup } from "~/composition/seed.server";
import { registerPlatformHooks } from "~/composition/platform-hooks.server";
import { nextScheduledPublication } from "~/domain/blog/blog.server";
import { writeHealth } from "~/platform/db/write-health.server";
import { readContentVersion, recentSeatChanges, SEAT_CHANGES_WINDOW_SECONDS } from "~/platform/db/content-version.server";
import { ContentWatcher, nextParisMidnight } from "./content-watcher";
import { PageCache } from "./page-cache";
import { createReactRouterHandler } from "./request-handler";
import { baseSecurityHeaders, securityHeaders } from "./security-headers";
import { createFastPath, requestIdFor } from "./fast-path";
import { originCheck } from "./origin-check";

/**
 * Answers compressed as they are sent (pages rendered for one request, navigation data, files):
 * brotli at quality 3 rather than the library's 4. On an 84 KB formation page, 0.5 ms instead of
 * 0.9 ms for a body 4 % larger (15 KB); cached pages are compressed once, harder (page-cache.ts).
 */
const COMPRESSION = { brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } } };

export const REQUEST_ID_HEADER = "x-request-id";

/** The public page cache of this process and what keeps it true to the database (started by prepare()). */
let pageCache: PageCache | undefined;
let contentWatcher: ContentWatcher | undefined;
/** True from SIGTERM on: /readyz answers 503 so that the balancer stops sending new visitors. */
let draining = false;
/** Once every migration of this version is applied, it stays so: /readyz stops asking. */
let migrationsDone = false;

export function publicPageCache(): PageCache {
  pageCache ??= new PageCache(config().pageCacheBytes);
  return pageCache;
}

/** HSTS on an https site; the page policy in production (Vite's development server injects its own inline scripts). */
function securityOptions(): { https: boolean; enabled: boolean } {
  const cfg = config();
  return { https: cfg.siteUrl.startsWith("https://"), enabled: cfg.env === "production" };
}

async function nextPublicChange(now: Date): Promise<number> {
  const publication = await nextScheduledPublication(now);
  return Math.min(nextParisMidnight(now), publication ? publication.getTime() : Number.POSITIVE_INFINITY);
}

/** The URL paths of the build's static files outside /assets (served on their own). */
function clientFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const url = "/" + path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!url.startsWith("/assets/")) files.add(url);
  }
  return files;
}

/**
 * The Express application: health checks, static files (production), then React Router.
 * In development, `server/dev.js` mounts it behind Vite's middlewares.
 */
export function createApp({ clientDir }: { clientDir?: string } = {}) {
  const cfg = config();
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses (never "every hop": see parseTrustProxy).
  if (cfg.trustProxy !== false) app.set("trust proxy", cfg.trustProxy);
  const { https, enabled: csp } = securityOptions();

  app.use((req, res, next) => {
    const started = performance.now();
    // Our own id, or the trusted proxy's; never one a visitor chose (see server/fast-path.ts).
    const id = requestIdFor(req.headers[REQUEST_ID_HEADER], cfg.trustProxy !== false);
    req.headers[REQUEST_ID_HEADER] = id;
    // The client address for the auth rate limits: always ours (socket, or the trusted proxy chain), never the client's.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
    res.setHeader("X-Request-Id", id);
    // Draining: keep-alive clients are told to reconnect (to another instance).
    if (draining) res.setHeader("Connection", "close");
    const method = req.method;
    const path = req.path;
    // One access line per request, written once the answer is sent (cheap: one JSON.stringify).
    res.once("finish", () => {
      accessLog({ method, path, status: res.statusCode, ms: Math.round(performance.now() - started), requestId: id });
    });
    // Every log line written while serving this request carries its id.
    withLogContext({ requestId: id }, next);
  });
  app.use(securityHeaders({ https, enabled: csp }));
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "draining", instance: cfg.instanceId });
    const [database, problem, pending] = await Promise.all([ping(), selfCheck(), migrationsPending()]);
    // A database that answers reads but refuses writes (read-only after a failover, refusing connections).
    const writes = writeHealth();
    const ok = database && writes.ok && !problem && pending === 0;
    res.status(ok ? 200 : 503).json({
      status: ok ? "ok" : "unavailable",
      instance: cfg.instanceId,
      database,
      writes,
      migrations: { pending },
      ...(problem ? { problem } : {}),
    });
  });
  // Mutations from an origin that is not the site's: a French 403 and one warning line.
  app.use(originCheck(cfg.trustedOrigins));

  // Hashed build assets never change: cache them for a year.
  if (clientDir) {
    app.use(
      "/assets",
      compression(COMPRESSION),
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
  }
  app.use(compression(COMPRESSION));
  if (clientDir) {
    // Only the files the build holds (favicon, manifest, illustrations…), listed once: a page's
    // path never reaches the disk (a failed stat on every page request cost as much as its queries).
    const files = clientFiles(clientDir);
    const serveFile = express.static(clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders(res, file) {
        // The service worker must always be revalidated so that updates reach visitors.
        if (file.endsWith("service-worker.js")) {
          res.setHeader("Cache-Control", "no-cache");
          // The worker fetches pages and assets of the site itself.
          res.setHeader("Content-Security-Policy", "default-src 'self'");
        }
      },
    });
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  }

  app.use(
    createReactRouterHandler({
      build: () => import("virtual:react-router/server-build"),
      reloadBuild: cfg.env === "development",
      getLoadContext: () => new RouterContextProvider(),
      cache: publicPageCache(),
      watcher: contentWatcher,
      https,
      csp,
    }),
  );
  return app;
}

async function migrationsPending(): Promise<number | null> {
  if (migrationsDone) return 0;
  try {
    const pending = await pendingMigrations();
    migrationsDone = pending === 0;
    return pending;
  } catch {
    return null; // the database does not answer: reported by `database`
  }
}

/**
 * Validates the configuration, then migrates and seeds an empty database under the startup lock
 * (instances started together wait for each other), then prepares the app. Starts no worker.
 */
export async function prepare(): Promise<void> {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + "\n");
      process.exit(1);
    }
    throw error;
  }
  registerPlatformHooks();
  const modes = ensureDataDir();
  if (modes.changed > 0) log.info("Droits du dossier de données corrigés (fichiers 0600, dossiers 0700)", { changed: modes.changed });
  if (modes.refused.length > 0)
    log.warn("Droits impossibles à corriger dans le dossier de données", { refused: modes.refused.slice(0, 20) });
  // Instances started together: one migrates and seeds, the others wait and find it done.
  await withStartupLock(async () => {
    await migrate();
    await seedAtStartup({ demo: config().seedDemo });
  });
  if (publicPageCache().enabled) {
    contentWatcher = new ContentWatcher(
      publicPageCache(),
      () => readContentVersion(),
      nextPublicChange,
      300,
      () => recentSeatChanges(),
      SEAT_CHANGES_WINDOW_SECONDS * 1000,
    );
    contentWatcher.start();
  }
}

/**
 * The background jobs (mail queue, batch imports, housekeeping, local spool) on the shared job
 * runner; with WORKERS=0 (a web-only instance; `npm run worker` runs the others apart), the
 * replay of this machine's spool only. Called once listening works.
 */
export function startBackgroundJobs(): void {
  startWorkers({ webOnly: !config().workers });
}

/**
 * Idle keep-alive connections stay open KEEP_ALIVE_TIMEOUT_SECONDS (65 s by default, above the
 * 60 s of nginx and cloud balancers: the balancer closes first, and never sends a request on a
 * connection the site has just closed). The time allowed for a request's headers stays a little
 * above it, as Node requires (headersTimeout > keepAliveTimeout), and within the request timeout.
 */
export function applyKeepAlive(server: Server, keepAliveTimeoutMs: number): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout + 1_000);
}

/** The French reason why the server cannot listen (port in use, no right, unknown address). */
export function listenErrorMessage(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host}:${port}`;
  switch (error.code) {
    case "EADDRINUSE":
      return `Démarrage impossible : le port ${port} est déjà utilisé (${where}). Arrêtez l'autre processus ou choisissez un autre PORT.`;
    case "EACCES":
      return `Démarrage impossible : le système refuse l'écoute sur ${where}. Choisissez un PORT au-dessus de 1024 ou donnez ce droit au processus.`;
    case "EADDRNOTAVAIL":
      return `Démarrage impossible : l'adresse ${host} n'existe pas sur cette machine (variable HOST).`;
    default:
      return `Démarrage impossible : écoute sur ${where} en échec (${error.code ?? error.message}).`;
  }
}

/** Listens, or rejects with the listen error (the caller stops the process before any worker starts). */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

// --- The origin's fast path (docs/decisions/0003-caching.md) -------------------------------------
/**
 * The HTTP server of a web instance: cached public pages are answered from memory by a plain
 * node:http handler (server/fast-path.ts) before Express; everything else goes to `app`.
 */
export function createOriginServer(app: ReturnType<typeof createApp>): Server {
  const cfg = config();
  const fastPath = createFastPath({
    cache: publicPageCache(),
    watcher: contentWatcher,
    securityHeaders: baseSecurityHeaders(securityOptions()),
    trustRequestId: cfg.trustProxy !== false,
    draining: () => draining,
    next: app,
  });
  return createServer(fastPath);
}
// ---------------------------------------------------------------------------------------------

/**
 * Production entry: called by server/main.js with the built client folder (none in the
 * integration tests, which load this module through Vite).
 */
export async function start({ clientDir }: { clientDir?: string } = {}): Promise<Server> {
  await prepare();
  const cfg = config();
  const app = createApp({ clientDir });
  const server = createOriginServer(app);
  applyKeepAlive(server, cfg.keepAliveTimeoutMs);
  try {
    await listen(server, cfg.port, cfg.host);
  } catch (error) {
    process.stderr.write(listenErrorMessage(error as NodeJS.ErrnoException, cfg.host, cfg.port) + "\n");
    contentWatcher?.stop();
    await closeDb().catch(() => undefined);
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  // Signals are handled before the start is announced: a supervisor that stops the process as soon
  // as it reads the line gets a graceful stop, not the default (immediate) end.
  installShutdown(server);
  const proxyWarning = trustProxyWarning(cfg);
  if (proxyWarning) log.warn(proxyWarning);
  // The official address (SITE_URL) is the one to open: sign-in and changes are refused from any other.
  log.info(`Serveur démarré : ${cfg.siteUrl}`, {
    url: cfg.siteUrl,
    listening: `${cfg.host}:${port}`,
    database: cfg.database.engine,
    workers: cfg.workers,
  });
  startBackgroundJobs();
  return server;
}

/** `npm run worker`: the background jobs alone, without a web server (scaled apart from the web instances). */
export async function startWorkerProcess(): Promise<void> {
  await prepare();
  contentWatcher?.stop();
  startWorkers();
  // The job runner's timers do not hold a process open (a web instance ends when its server
  // closes); without a server, this one would end as soon as it started. It lives until stopped.
  const alive = setInterval(() => undefined, 60 * 60 * 1000);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(alive);
    log.info("Arrêt demandé", { signal });
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await stopWorkers();
    await closeDb();
    log.info("Arrêt terminé");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // Announced once signals are handled, as for the web server.
  log.info("Tâches de fond seules démarrées (sans serveur web)", { database: config().database.engine });
}

/**
 * Graceful shutdown (drain): /readyz answers 503 at once and the background jobs give back what
 * they hold; requests are still served for SHUTDOWN_DELAY_SECONDS (the balancer notices and stops
 * sending visitors), then the server stops accepting, lets requests in flight finish, closes the
 * database and exits.
 */
export function installShutdown(server: Server): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    const delayMs = config().shutdownDelayMs;
    log.info("Arrêt demandé : /readyz répond 503, les requêtes sont encore servies", { signal, delaySeconds: delayMs / 1000 });
    const force = setTimeout(() => {
      log.warn("Arrêt forcé : des requêtes n'ont pas fini à temps");
      process.exit(1);
    }, delayMs + 15_000);
    force.unref();
    const workersStopped = stopWorkers().catch((error: unknown) => log.error("Arrêt des tâches de fond incomplet", { error }));
    setTimeout(() => {
      log.info("Arrêt : plus de nouvelles connexions, fin des requêtes en cours");
      server.close(async () => {
        contentWatcher?.stop();
        await workersStopped;
        await closeDb();
        flushAccessLog();
        log.info("Arrêt terminé");
        process.exit(0);
      });
      // A keep-alive connection stays open KEEP_ALIVE_TIMEOUT_SECONDS once idle: those whose last
      // request ends now are closed as soon as they fall idle, not a minute later.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
    }, delayMs);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
