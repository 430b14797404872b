import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { hostname } from "node:os";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PRIVATE_DIR_MODE, privatizeTree, setPrivateUmask, type PrivatizeResult } from "./private-files.server";

/**
 * The one configuration object of the process. Every variable is documented in
 * `.env.example`; each has an embedded default so that `npm start` runs with nothing set.
 * A variable that is set but empty is a mistake (a half-filled .env, a deployment template):
 * startup stops, before anything is written, with a French message listing every such variable.
 */
export const CONFIG_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "DATA_DIR",
  "SITE_URL",
  "TRUSTED_ORIGINS",
  "DATABASE_URL",
  "AUTH_SECRET",
  "TRUST_PROXY",
  "SMTP_URL",
  "MAIL_FROM",
  "STAFF_EMAIL",
  "STORAGE_DRIVER",
  "UPLOADS_DIR",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "PASSWORD_MIN_LENGTH",
  "PASSWORD_MAX_LENGTH",
  "PASSWORD_REQUIRE_LOWERCASE",
  "PASSWORD_REQUIRE_UPPERCASE",
  "PASSWORD_REQUIRE_NUMERIC",
  "PASSWORD_REQUIRE_NON_ALPHANUMERIC",
  "LEAD_RETENTION_MONTHS",
  "LEAD_MIN_FILL_SECONDS",
  "SEED_DEMO",
  "LOG_LEVEL",
  "PAGE_CACHE_MAX_MB",
  "E2E_FAULTS",
  "INSTANCE_ID",
  "WORKERS",
  "SHUTDOWN_DELAY_SECONDS",
  "KEEP_ALIVE_TIMEOUT_SECONDS",
  "JOB_LEASE_SECONDS",
  "DATABASE_POOL_MAX",
  "DATABASE_CONNECT_TIMEOUT_MS",
  "SQLITE_BUSY_TIMEOUT_MS",
  "BACKUP_EVERY_HOURS",
  "BACKUP_TIME",
  "BACKUP_DESTINATION",
  "BACKUP_DIR",
  "BACKUP_S3_BUCKET",
  "BACKUP_KEEP_DAILY",
  "BACKUP_KEEP_WEEKLY",
  "BACKUP_KEEP_MONTHLY",
  "WEBHOOKS_ALLOW_PRIVATE_NETWORK",
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Names of the variables that are present in the environment but empty (or only spaces). */
export function findEmptyVariables(env: NodeJS.ProcessEnv): string[] {
  return CONFIG_VARIABLES.filter((name) => env[name] !== undefined && env[name]!.trim() === "");
}

export function emptyVariablesMessage(names: string[]): string {
  const list = names.map((n) => `  - ${n}`).join("\n");
  return (
    `Configuration incomplète : ${names.length === 1 ? "la variable suivante est définie" : "les variables suivantes sont définies"} mais ${names.length === 1 ? "vide" : "vides"}.\n` +
    `${list}\n` +
    `${names.length === 1 ? "Donnez-lui une valeur ou supprimez-la" : "Donnez-leur une valeur ou supprimez-les"} pour utiliser la valeur par défaut (voir .env.example).`
  );
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return ["1", "true", "yes", "oui", "on"].includes(value.trim().toLowerCase());
}

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(
      `Configuration invalide : ${name} doit être un nombre entier entre ${min} et ${max} (valeur reçue : « ${value} »).`,
      [name],
    );
  }
  return n;
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  siteUrl: string;
  /**
   * Every origin the site may be used from: SITE_URL's first, then those of TRUSTED_ORIGINS.
   * Sign-in, sign-up and admin mutations from any other origin are refused.
   */
  trustedOrigins: string[];
  database: { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };
  /** Resolved lazily: the generated secret is written into DATA_DIR only when first needed. */
  authSecretFromEnv: string | undefined;
  /**
   * Which proxies in front of the site are trusted to give the client's address (X-Forwarded-For),
   * as Express takes it: false (none), a number of hops, or addresses and subnets.
   */
  trustProxy: false | number | string[];
  /** This process in logs and leases: INSTANCE_ID, or host name and process id. */
  instanceId: string;
  /** Runs the background jobs (mail queue, imports, housekeeping) in this process (WORKERS=0: web only). */
  workers: boolean;
  /** On SIGTERM: how long /readyz answers 503 while requests are still served, before closing. */
  shutdownDelayMs: number;
  /**
   * How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_SECONDS): longer than
   * the balancers' own idle timeout (60 s for nginx and most cloud balancers), so the balancer, not
   * the site, closes an idle connection and never reuses one the site just dropped.
   */
  keepAliveTimeoutMs: number;
  /** How long a claim on background work lasts unless renewed (takeover delay after a crash). */
  jobLeaseMs: number;
  /**
   * How each process waits on its database: PostgreSQL, most connections and how long to wait for
   * one; SQLite, how long a query waits for a lock another process holds before it fails.
   */
  databasePool: { max: number; connectTimeoutMs: number; busyTimeoutMs: number };
  mail: { smtpUrl: string | undefined; from: string; staffEmail: string | undefined; outboxDir: string };
  storage:
    | { driver: "local"; dir: string }
    | {
        driver: "s3";
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      };
  passwordPolicy: {
    minLength: number;
    maxLength: number | undefined;
    requireLowercase: boolean;
    requireUppercase: boolean;
    requireNumeric: boolean;
    requireNonAlphanumeric: boolean;
  };
  leadRetentionMonths: number;
  /** Anti-spam: a quote or contact form sent sooner than this after it was displayed is refused. */
  leadMinFillSeconds: number;
  seedDemo: boolean;
  logLevel: "debug" | "info" | "warn" | "error";
  /** Memory for the public page cache, in bytes (0: no cache). */
  pageCacheBytes: number;
  /** Browser tests only: lets /test provoke a server error or a slow answer. Never set in production. */
  testFaults: boolean;
  /** Scheduled backups (docs/decisions/0012-backups.md); everyHours 0: none. */
  backup: BackupConfig;
  /** Webhooks may reach loopback and private addresses (a receiver on the same network). */
  webhooksAllowPrivateNetwork: boolean;
}

export interface BackupConfig {
  everyHours: number;
  /** First backup of the day, Paris time ("HH:MM"). */
  time: string;
  destination: { kind: "local"; dir: string } | { kind: "s3"; storage: Extract<AppConfig["storage"], { driver: "s3" }> };
  keep: { daily: number; weekly: number; monthly: number };
}

/** How a process waits on its database when nothing is set (also for scripts and tests that open one). */
export const DATABASE_POOL_DEFAULTS: AppConfig["databasePool"] = { max: 10, connectTimeoutMs: 15_000, busyTimeoutMs: 5_000 };

/** Parses the environment. Throws ConfigError (French message) and never touches the disk. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const empty = findEmptyVariables(env);
  if (empty.length > 0) throw new ConfigError(emptyVariablesMessage(empty), empty);

  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const port = int("PORT", env.PORT, 3000, 0, 65535);
  const siteUrl = (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    const u = new URL(siteUrl);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new ConfigError(`Configuration invalide : SITE_URL doit être une adresse http(s) complète (valeur reçue : « ${siteUrl} »).`, [
      "SITE_URL",
    ]);
  }

  const trustedOrigins = parseTrustedOrigins(env.TRUSTED_ORIGINS, new URL(siteUrl).origin);

  let database: AppConfig["database"];
  const dbUrl = env.DATABASE_URL;
  if (!dbUrl) database = { engine: "sqlite", file: path.join(dataDir, "site.db") };
  else if (/^postgres(ql)?:\/\//.test(dbUrl)) database = { engine: "postgres", url: dbUrl };
  else if (dbUrl.startsWith("file:") || dbUrl.startsWith("sqlite:")) {
    database = { engine: "sqlite", file: path.resolve(dbUrl.replace(/^(file|sqlite):(\/\/)?/, "")) };
  } else {
    throw new ConfigError("Configuration invalide : DATABASE_URL doit commencer par postgres:// (PostgreSQL) ou file: (fichier SQLite).", [
      "DATABASE_URL",
    ]);
  }

  const driver = env.STORAGE_DRIVER ?? "local";
  if (driver !== "local" && driver !== "s3") {
    throw new ConfigError("Configuration invalide : STORAGE_DRIVER vaut « local » ou « s3 ».", ["STORAGE_DRIVER"]);
  }
  let storage: AppConfig["storage"];
  if (driver === "s3") {
    if (!env.S3_BUCKET) throw new ConfigError("Configuration incomplète : STORAGE_DRIVER=s3 demande S3_BUCKET.", ["S3_BUCKET"]);
    storage = {
      driver: "s3",
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? "auto",
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    };
  } else {
    storage = { driver: "local", dir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")) };
  }

  const logLevel = (env.LOG_LEVEL ?? "info") as AppConfig["logLevel"];
  if (!["debug", "info", "warn", "error"].includes(logLevel)) {
    throw new ConfigError("Configuration invalide : LOG_LEVEL vaut debug, info, warn ou error.", ["LOG_LEVEL"]);
  }

  const minLength = int("PASSWORD_MIN_LENGTH", env.PASSWORD_MIN_LENGTH, 6, 6, 4096);
  const maxLength =
    env.PASSWORD_MAX_LENGTH === undefined ? undefined : int("PASSWORD_MAX_LENGTH", env.PASSWORD_MAX_LENGTH, 128, minLength, 4096);

  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    siteUrl,
    trustedOrigins,
    database,
    authSecretFromEnv: env.AUTH_SECRET,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    instanceId: (env.INSTANCE_ID ?? `${hostname()}-${process.pid}`).slice(0, 100),
    workers: bool(env.WORKERS, true),
    shutdownDelayMs: int("SHUTDOWN_DELAY_SECONDS", env.SHUTDOWN_DELAY_SECONDS, 5, 0, 300) * 1000,
    keepAliveTimeoutMs: int("KEEP_ALIVE_TIMEOUT_SECONDS", env.KEEP_ALIVE_TIMEOUT_SECONDS, 65, 1, 3600) * 1000,
    jobLeaseMs: int("JOB_LEASE_SECONDS", env.JOB_LEASE_SECONDS, 60, 30, 3600) * 1000,
    databasePool: {
      max: int("DATABASE_POOL_MAX", env.DATABASE_POOL_MAX, DATABASE_POOL_DEFAULTS.max, 2, 1000),
      connectTimeoutMs: int(
        "DATABASE_CONNECT_TIMEOUT_MS",
        env.DATABASE_CONNECT_TIMEOUT_MS,
        DATABASE_POOL_DEFAULTS.connectTimeoutMs,
        100,
        120_000,
      ),
      busyTimeoutMs: int("SQLITE_BUSY_TIMEOUT_MS", env.SQLITE_BUSY_TIMEOUT_MS, DATABASE_POOL_DEFAULTS.busyTimeoutMs, 100, 120_000),
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Site de formation <no-reply@${new URL(siteUrl).hostname}>`,
      staffEmail: env.STAFF_EMAIL,
      outboxDir: path.join(dataDir, "outbox"),
    },
    storage,
    passwordPolicy: {
      minLength,
      maxLength,
      requireLowercase: bool(env.PASSWORD_REQUIRE_LOWERCASE, false),
      requireUppercase: bool(env.PASSWORD_REQUIRE_UPPERCASE, false),
      requireNumeric: bool(env.PASSWORD_REQUIRE_NUMERIC, false),
      requireNonAlphanumeric: bool(env.PASSWORD_REQUIRE_NON_ALPHANUMERIC, false),
    },
    leadRetentionMonths: int("LEAD_RETENTION_MONTHS", env.LEAD_RETENTION_MONTHS, 36, 1, 120),
    leadMinFillSeconds: int("LEAD_MIN_FILL_SECONDS", env.LEAD_MIN_FILL_SECONDS, 3, 0, 600),
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel,
    pageCacheBytes: int("PAGE_CACHE_MAX_MB", env.PAGE_CACHE_MAX_MB, 64, 0, 4096) * 1024 * 1024,
    testFaults: bool(env.E2E_FAULTS, false),
    backup: parseBackup(env, dataDir),
    webhooksAllowPrivateNetwork: bool(env.WEBHOOKS_ALLOW_PRIVATE_NETWORK, false),
  };
}

/** BACKUP_*: schedule, destination (DATA_DIR/backups, or the S3 bucket) and retention. */
function parseBackup(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  const time = env.BACKUP_TIME ?? "03:30";
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
    throw new ConfigError(`Configuration invalide : BACKUP_TIME doit être une heure HH:MM (valeur reçue : « ${time} »).`, ["BACKUP_TIME"]);
  }
  const kind = env.BACKUP_DESTINATION ?? "local";
  let destination: BackupConfig["destination"];
  if (kind === "local") destination = { kind: "local", dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")) };
  else if (kind === "s3") {
    const bucket = env.BACKUP_S3_BUCKET ?? env.S3_BUCKET;
    if (!bucket) {
      throw new ConfigError("Configuration incomplète : BACKUP_DESTINATION=s3 demande BACKUP_S3_BUCKET ou S3_BUCKET.", [
        "BACKUP_S3_BUCKET",
      ]);
    }
    destination = {
      kind: "s3",
      storage: {
        driver: "s3",
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION ?? "auto",
        bucket,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      },
    };
  } else {
    throw new ConfigError("Configuration invalide : BACKUP_DESTINATION vaut « local » ou « s3 ».", ["BACKUP_DESTINATION"]);
  }
  return {
    everyHours: int("BACKUP_EVERY_HOURS", env.BACKUP_EVERY_HOURS, 24, 0, 24),
    time,
    destination,
    keep: {
      daily: int("BACKUP_KEEP_DAILY", env.BACKUP_KEEP_DAILY, 7, 1, 366),
      weekly: int("BACKUP_KEEP_WEEKLY", env.BACKUP_KEEP_WEEKLY, 4, 0, 520),
      monthly: int("BACKUP_KEEP_MONTHLY", env.BACKUP_KEEP_MONTHLY, 12, 0, 1200),
    },
  };
}

const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * TRUST_PROXY, as Express's "trust proxy" takes it: a number of proxies in front of the site
 * (1: one nginx), or a comma-separated list of their addresses or subnets (10.0.0.0/8, loopback…).
 * "true" (trust every hop) is refused: any visitor could then choose their own address through
 * X-Forwarded-For and get round the rate limits.
 */
export function parseTrustProxy(value: string | undefined): AppConfig["trustProxy"] {
  const v = value?.trim().toLowerCase();
  if (v === undefined || ["false", "0", "no", "non", "off"].includes(v)) return false;
  if (["true", "yes", "oui", "on"].includes(v)) {
    throw new ConfigError(
      "Configuration invalide : TRUST_PROXY=true ferait confiance à tous les relais, et n'importe quel visiteur pourrait choisir " +
        "son adresse (en-tête X-Forwarded-For) pour contourner les limites anti-abus. Indiquez le nombre de relais devant le site " +
        "(TRUST_PROXY=1 pour un nginx) ou leurs adresses (exemple : TRUST_PROXY=10.0.0.0/8,127.0.0.1).",
      ["TRUST_PROXY"],
    );
  }
  if (/^\d+$/.test(v)) return int("TRUST_PROXY", v, 1, 1, 20);
  const items = value!
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of items) {
    const [address, prefix, ...rest] = item.split("/");
    const family = isIP(address ?? "");
    const okPrefix = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (TRUST_PROXY_NAMES.includes(item.toLowerCase())) continue;
    if (family && okPrefix && rest.length === 0) {
      if (trustsPublicSpace(address!, family, prefix === undefined ? undefined : Number(prefix))) {
        throw new ConfigError(
          `Configuration invalide : TRUST_PROXY contient « ${item} », qui fait confiance à une large part des adresses publiques ` +
            "d'Internet : n'importe quel visiteur pourrait y choisir son adresse (en-tête X-Forwarded-For) pour contourner les " +
            "limites anti-abus. Donnez les adresses de vos relais (réseau privé, ou un sous-réseau public de /24 au plus, /48 en IPv6), " +
            "par exemple TRUST_PROXY=10.0.0.0/8,127.0.0.1.",
          ["TRUST_PROXY"],
        );
      }
      continue;
    }
    throw new ConfigError(
      `Configuration invalide : TRUST_PROXY contient « ${item} », qui n'est ni un nombre de relais, ni une adresse IP, ni un sous-réseau ` +
        "(exemple : TRUST_PROXY=1, ou TRUST_PROXY=10.0.0.0/8,127.0.0.1).",
      ["TRUST_PROXY"],
    );
  }
  return items.map((x) => (TRUST_PROXY_NAMES.includes(x.toLowerCase()) ? x.toLowerCase() : x));
}

/**
 * The startup warning of a risky proxy set-up: a hop count (TRUST_PROXY=1) trusts whoever is that
 * many hops away, so a client that reaches the instance directly (HOST 0.0.0.0: every interface)
 * chooses its own address with X-Forwarded-For. Addresses are safer; so is listening on 127.0.0.1.
 */
export function trustProxyWarning(cfg: Pick<AppConfig, "trustProxy" | "host">): string | undefined {
  if (typeof cfg.trustProxy !== "number") return undefined;
  if (!["0.0.0.0", "::", "", "[::]"].includes(cfg.host.trim())) return undefined;
  return (
    `TRUST_PROXY=${cfg.trustProxy} (nombre de relais) alors que le serveur écoute sur toutes les interfaces (HOST=${cfg.host || "0.0.0.0"}) : ` +
    "un client qui joint cette instance directement peut choisir son adresse (en-tête X-Forwarded-For) et contourner les limites " +
    "anti-abus. Donnez plutôt les adresses de vos relais (TRUST_PROXY=10.0.0.0/8,127.0.0.1), ou n'écoutez que sur l'adresse " +
    "que joint le relais (HOST=127.0.0.1 pour un nginx sur la même machine)."
  );
}

/** Private, loopback, link-local and shared address space: trusting a subnet of it trusts no visitor. */
const NON_PUBLIC_V4: Array<[string, number]> = [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
];
const NON_PUBLIC_V6: Array<[string, number]> = [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
];
/** The widest public subnet a list may trust (a provider's block); wider is most of the Internet. */
const WIDEST_PUBLIC_PREFIX = { 4: 24, 6: 48 } as const;

function v4Bits(address: string): bigint {
  return address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function v6Bits(address: string): bigint {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = v4Bits(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}

/** True when the subnet `address/prefix` reaches public addresses and is wider than a provider's block. */
function trustsPublicSpace(address: string, family: number, prefix: number | undefined): boolean {
  let bits = family === 6 ? v6Bits(address) : v4Bits(address);
  let p = prefix ?? (family === 6 ? 128 : 32);
  let fam: 4 | 6 = family === 6 ? 6 : 4;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d/96+n) is IPv4 space.
  if (fam === 6 && p >= 96 && bits >> 32n === 0xffffn) {
    fam = 4;
    bits &= 0xffffffffn;
    p -= 96;
  }
  const size = fam === 6 ? 128 : 32;
  if (p >= WIDEST_PUBLIC_PREFIX[fam]) return false;
  const network = (value: bigint, length: number) => (length === 0 ? 0n : value >> BigInt(size - length));
  const inside = (fam === 6 ? NON_PUBLIC_V6 : NON_PUBLIC_V4).some(
    ([block, length]) => p >= length && network(bits, length) === network(fam === 6 ? v6Bits(block) : v4Bits(block), length),
  );
  return !inside;
}

/**
 * TRUSTED_ORIGINS: a comma-separated list of origins (scheme, host and optional port, nothing
 * else) from which the site may also be used, for example its address without "www" or an
 * internal address. SITE_URL's origin always comes first.
 */
export function parseTrustedOrigins(value: string | undefined, siteOrigin: string): string[] {
  const origins = [siteOrigin];
  for (const raw of (value ?? "").split(",")) {
    const item = raw.trim();
    if (!item) continue;
    let origin: string | undefined;
    try {
      const u = new URL(item);
      const bare = u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
      if ((u.protocol === "http:" || u.protocol === "https:") && bare) origin = u.origin;
    } catch {
      origin = undefined;
    }
    if (!origin) {
      throw new ConfigError(
        `Configuration invalide : TRUSTED_ORIGINS contient « ${item} », qui n'est pas une origine. ` +
          "Donnez des adresses séparées par des virgules, chacune sous la forme https://hote ou https://hote:port, sans chemin " +
          "(exemple : TRUSTED_ORIGINS=https://formavia.fr,https://intranet.formavia.fr).",
        ["TRUSTED_ORIGINS"],
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

let current: AppConfig | undefined;
let dotEnvLoaded = false;

/** Reads `.env` from the working directory when present; variables already set win. */
export function loadDotEnv(file = ".env"): void {
  if (dotEnvLoaded) return;
  dotEnvLoaded = true;
  if (existsSync(file)) process.loadEnvFile(file);
}

/** The process-wide configuration (parsed once, `.env` included). */
export function config(): AppConfig {
  if (!current) {
    loadDotEnv();
    current = loadConfig();
  }
  return current;
}

/** For tests and scripts that build their own environment. */
export function setConfig(next: AppConfig): void {
  current = next;
}

/**
 * Creates DATA_DIR once startup has validated the configuration, with the process umask set to
 * 077, and puts the modes of what it holds right (files 0600, folders 0700, see
 * private-files.server.ts). Returns what was changed, for the caller to log.
 */
export function ensureDataDir(cfg: AppConfig = config()): PrivatizeResult {
  setPrivateUmask();
  mkdirSync(cfg.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return privatizeTree(cfg.dataDir);
}

/**
 * AUTH_SECRET, or a secret generated once into DATA_DIR/auth-secret (mode 0600) and reused,
 * so that sessions survive restarts without any configuration.
 */
export function authSecret(cfg: AppConfig = config()): string {
  if (cfg.authSecretFromEnv) return cfg.authSecretFromEnv;
  const file = path.join(cfg.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  ensureDataDir(cfg);
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}
