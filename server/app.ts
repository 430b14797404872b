import "react-router";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { ConfigError, config, ensureDataDir } from "~/platform/config.server";
import { closeDb, migrate, ping } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import { selfCheck } from "~/platform/diagnostics/self-check.server";
import { startMaintenance, stopMaintenance } from "~/platform/jobs/maintenance.server";
import { maintenanceTasks } from "~/composition/maintenance-tasks.server";
import { seedAtStartup } from "~/composition/seed.server";
import { startLeadWorker, stopLeadWorker } from "~/domain/leads/worker.server";
import { startImportWorker, stopImportWorker } from "~/domain/formations/import/worker.server";
import { nextScheduledPublication } from "~/domain/blog/blog.server";
import { readContentVersion } from "~/platform/db/content-version.server";
import { ContentWatcher, nextParisMidnight } from "./content-watcher";
import { PageCache } from "./page-cache";
import { createPageCacheHits, createReactRouterHandler } from "./request-handler";
import { securityHeaders } from "./security-headers";

export const REQUEST_ID_HEADER = "x-request-id";

/** The public page cache of this process and what keeps it true to the database (started by prepare()). */
let pageCache: PageCache | undefined;
let contentWatcher: ContentWatcher | undefined;

export function publicPageCache(): PageCache {
  pageCache ??= new PageCache(config().pageCacheBytes);
  return pageCache;
}

async function nextPublicChange(now: Date): Promise<number> {
  const publication = await nextScheduledPublication(now);
  return Math.min(nextParisMidnight(now), publication ? publication.getTime() : Number.POSITIVE_INFINITY);
}

/**
 * The Express application: health checks, static files (production), then React Router.
 * In development, `server/dev.js` mounts it behind Vite's middlewares.
 */
export function createApp({ clientDir }: { clientDir?: string } = {}) {
  const cfg = config();
  const app = express();
  app.disable("x-powered-by");
  if (cfg.trustProxy) app.set("trust proxy", true);
  const https = cfg.siteUrl.startsWith("https://");

  app.use((req, res, next) => {
    const id = (req.headers[REQUEST_ID_HEADER] as string | undefined)?.slice(0, 100) || randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    // The client address for the auth rate limits: always ours (socket, or the trusted proxy chain), never the client's.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
    res.setHeader("X-Request-Id", id);
    next();
  });
  // Vite's development server injects its own inline scripts: the page policy applies in production.
  const csp = cfg.env === "production";
  app.use(securityHeaders({ https, enabled: csp }));
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const [database, problem] = await Promise.all([ping(), selfCheck()]);
    const ok = database && !problem;
    res
      .set("Cache-Control", "no-store")
      .status(ok ? 200 : 503)
      .json({ status: ok ? "ok" : "unavailable", database, ...(problem ? { problem } : {}) });
  });

  // Hashed build assets never change: cache them for a year.
  if (clientDir) {
    app.use("/assets", compression(), express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  }
  // Public pages in the cache leave here, already compressed, before any other work.
  app.use(createPageCacheHits({ cache: publicPageCache(), watcher: contentWatcher }));
  app.use(compression());
  if (clientDir) {
    app.use(
      express.static(clientDir, {
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
      }),
    );
  }

  app.use(
    createReactRouterHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: () => new RouterContextProvider(),
      cache: publicPageCache(),
      watcher: contentWatcher,
      https,
      csp,
    }),
  );
  return app;
}

/** Validates the configuration, migrates, seeds an empty database, then prepares the app. */
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
  ensureDataDir();
  await migrate();
  await seedAtStartup({ demo: config().seedDemo });
  if (publicPageCache().enabled) {
    contentWatcher = new ContentWatcher(publicPageCache(), () => readContentVersion(), nextPublicChange);
    contentWatcher.start();
  }
  // Mail queue delivery (with retries) and the RGPD retention job of the leads.
  startLeadWorker();
  // Batch imports of formations (background jobs persisted in the database).
  startImportWorker();
  // Daily housekeeping (inactive visitor accounts, as the privacy policy states).
  startMaintenance(maintenanceTasks);
}

/** Production entry: called by server/main.js with the built client folder. */
export async function start({ clientDir }: { clientDir: string }): Promise<Server> {
  await prepare();
  const cfg = config();
  const app = createApp({ clientDir });
  const server = app.listen(cfg.port, cfg.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : cfg.port;
    log.info("Serveur démarré", {
      url: `http://${cfg.host === "0.0.0.0" ? "localhost" : cfg.host}:${port}`,
      database: cfg.database.engine,
    });
  });
  installShutdown(server);
  return server;
}

/** Graceful shutdown: stop accepting, let requests in flight finish, close the database. */
export function installShutdown(server: Server): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("Arrêt demandé", { signal });
    const force = setTimeout(() => {
      log.warn("Arrêt forcé après 10 s");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      contentWatcher?.stop();
      stopMaintenance();
      await stopLeadWorker();
      await stopImportWorker();
      await closeDb();
      log.info("Arrêt terminé");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
