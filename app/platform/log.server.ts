import { config } from "./config.server";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  let threshold: Level = "info";
  try {
    threshold = config().logLevel;
  } catch {
    /* configuration not loaded yet: keep info */
  }
  if (LEVELS[level] < LEVELS[threshold]) return;
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    extra[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  }
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...extra });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

/** One JSON line per event, on stdout (info, debug) or stderr (warn, error). */
export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};
