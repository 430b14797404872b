import { config } from "../config.server";
import { dbEngine, ping } from "../db/db.server";

/** The build's version: package version plus the build time baked in by Vite. */
export const BUILD_VERSION = `${process.env.npm_package_version ?? "1.0.0"}`;

export interface Diagnostics {
  status: "ok" | "degraded";
  version: string;
  node: string;
  environment: string;
  database: { engine: string; reachable: boolean; latencyMs: number };
  mail: string;
  storage: string;
  uptimeSeconds: number;
  checkedAt: string;
}

export async function collectDiagnostics(): Promise<Diagnostics> {
  const cfg = config();
  const started = performance.now();
  const reachable = await ping();
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  return {
    status: reachable ? "ok" : "degraded",
    version: BUILD_VERSION,
    node: process.version,
    environment: cfg.env,
    database: { engine: dbEngine() === "postgres" ? "PostgreSQL" : "SQLite", reachable, latencyMs },
    mail: cfg.mail.smtpUrl ? "SMTP" : `Dossier d'envoi local (${cfg.mail.outboxDir})`,
    storage: cfg.storage.driver === "s3" ? `S3 (${cfg.storage.bucket})` : `Dossier local (${cfg.storage.dir})`,
    uptimeSeconds: Math.round(process.uptime()),
    checkedAt: new Date().toISOString(),
  };
}
