import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "./config.server";

/** What every log line written while serving a request carries: its id (X-Request-Id). */
export interface LogContext {
  requestId: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `ctx` attached to every log line it writes, however deep (the server's request middleware). */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return context.run(ctx, fn);
}

/** The request id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

let instance: string | undefined;
function instanceId(): string | undefined {
  if (instance) return instance;
  try {
    instance = config().instanceId;
  } catch {
    /* configuration not loaded yet */
  }
  return instance;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function threshold(): Level {
  try {
    return config().logLevel;
  } catch {
    return "info"; // configuration not loaded yet
  }
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < LEVELS[threshold()]) return;
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    extra[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  }
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    message,
    instance: instanceId(),
    requestId: context.getStore()?.requestId,
    ...extra,
  });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export interface AccessFields {
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
}

/** What stands in a log line for a secret taken out of an address. */
export const REDACTED = "[masqué]";

/** Paths whose next segment is a signed link's secret: registrant page, seat offer, training document, password reset, space sign-in link. */
const SECRET_SEGMENT = /^(\/(?:inscription\/(?:gerer|offre)|documents|api\/auth\/reset-password|espace\/connexion)\/)[^/?#]+/;
/** Query parameters that carry a secret (invitation, confirmation and reset tokens, signatures). */
const SECRET_PARAM = /([?&](?:token|code|signature|sig|key|secret|otp)=)[^&#]*/gi;

/**
 * An address (a path, or a whole URL, with or without its query) as it may be written in a log: the secrets of
 * signed links replaced by « [masqué] ». Anyone who can read the logs could otherwise open a
 * registrant's page or download a training document.
 */
export function redactSecrets(address: string): string {
  const origin = address.startsWith("/") ? "" : (/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(address)?.[0] ?? "");
  let out = address.slice(origin.length).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (out.includes("?")) out = out.replace(SECRET_PARAM, `$1${REDACTED}`);
  return origin + out;
}

function accessLine(fields: AccessFields, time: string): string {
  return (
    JSON.stringify({ time, level: "info", message: "requête", instance: instanceId(), ...fields, path: redactSecrets(fields.path) }) + "\n"
  );
}

/**
 * One access line per request (JSON, on stdout): built once when the response is finished, so
 * that the cached public pages stay cheap to serve.
 */
export function accessLog(fields: AccessFields): void {
  if (LEVELS[threshold()] > LEVELS.info) return;
  process.stdout.write(accessLine(fields, new Date().toISOString()));
}

/** Pages answered from memory: their access lines wait here, written together (see accessLogBatched). */
const batch: Array<{ fields: AccessFields; at: number }> = [];
let batchTimer: ReturnType<typeof setTimeout> | undefined;
/** A batch is written when it holds this many lines, or this long after its first line. */
export const ACCESS_BATCH_LINES = 256;
export const ACCESS_BATCH_MS = 200;

/**
 * The same line as accessLog, with the time of the request, written with others in one write
 * (at most ACCESS_BATCH_LINES lines or ACCESS_BATCH_MS later, and when the process stops): for
 * the pages served from memory, where one write per request was an eighth of the work.
 */
export function accessLogBatched(fields: AccessFields): void {
  if (LEVELS[threshold()] > LEVELS.info) return;
  batch.push({ fields, at: Date.now() });
  if (batch.length >= ACCESS_BATCH_LINES) flushAccessLog();
  else if (!batchTimer) {
    batchTimer = setTimeout(flushAccessLog, ACCESS_BATCH_MS);
    batchTimer.unref();
  }
}

/** Writes the waiting access lines now (also called on exit: none is lost on a normal stop). */
export function flushAccessLog(): void {
  if (batchTimer) clearTimeout(batchTimer);
  batchTimer = undefined;
  if (batch.length === 0) return;
  let text = "";
  let lastAt = -1;
  let time = "";
  for (const { fields, at } of batch) {
    if (at !== lastAt) time = new Date((lastAt = at)).toISOString();
    text += accessLine(fields, time);
  }
  batch.length = 0;
  process.stdout.write(text);
}
process.on("exit", flushAccessLog);

/** One JSON line per event, on stdout (info, debug) or stderr (warn, error), with the instance and request ids. */
export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};
