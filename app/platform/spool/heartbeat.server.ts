import { createHash } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { config } from "../config.server";
import { pruneSeatChanges } from "../db/content-version.server";
import { db, type Db } from "../db/db.server";
import { isDatabaseUnavailable } from "../db/errors";
import { noteWriteAccepted, noteWriteRefused } from "../db/write-health.server";
import type { JobKind } from "../jobs/runner.server";
import { log } from "../log.server";
import type { SpoolInstanceView } from "./spool-instances";
import { spoolEntries, spoolKinds } from "./spool.server";

/**
 * Each instance writes, every few seconds, a heartbeat of its local spool into the database (table
 * `spool_heartbeats`): which host and DATA_DIR, how many submissions wait there and since when.
 * The admin of any instance lists the spools that hold something, and warns when one is not
 * replayed (its oldest item waits for more than a few minutes) or when its instance stopped
 * beating with items pending (it died: its DATA_DIR must be replayed, see the README). The
 * heartbeat is also this instance's write probe for /readyz (write-health.server.ts).
 * See docs/decisions/0010-lead-spool.md.
 */

export const HEARTBEAT_MS = 5_000;
/** An instance silent for longer than this with items pending: its spool is not being replayed. */
export const HEARTBEAT_STALE_MS = 60_000;
/** Items waiting for longer than this: the replay is not working (the database still refuses, or a fault). */
export const SPOOL_LATE_MS = 5 * 60_000;

/** This machine's spool: the host and the DATA_DIR, hashed into a stable id (the same after a restart). */
export function spoolIdentity(dataDir = config().dataDir): { spoolId: string; host: string; dataDir: string } {
  const host = hostname();
  const dir = path.resolve(dataDir);
  return { spoolId: createHash("sha256").update(`${host}\n${dir}`).digest("hex").slice(0, 32), host, dataDir: dir };
}

/** What waits in this machine's spool (every registered kind): how many, and the oldest one's time. */
export function localSpoolState({ dataDir }: { dataDir?: string } = {}): { pending: number; oldestAt: string | null } {
  let pending = 0;
  let oldestAt: string | null = null;
  for (const kind of spoolKinds()) {
    const entries = spoolEntries(kind, { dataDir });
    pending += entries.length;
    const first = entries[0]?.spooledAt;
    if (first && (!oldestAt || first < oldestAt)) oldestAt = first;
  }
  return { pending, oldestAt };
}

/** Writes this instance's heartbeat (an upsert by spool id). Throws what the database answers. */
export async function writeHeartbeat(target: Db = db(), { dataDir, now = Date.now() }: { dataDir?: string; now?: number } = {}) {
  const id = spoolIdentity(dataDir ?? config().dataDir);
  const state = localSpoolState({ dataDir });
  const row = {
    instance_id: config().instanceId,
    host: id.host,
    data_dir: id.dataDir,
    pending: state.pending,
    oldest_pending_at: state.oldestAt,
    beat_at: new Date(now).toISOString(),
  };
  await target
    .insertInto("spool_heartbeats")
    .values({ spool_id: id.spoolId, ...row })
    .onConflict((oc) => oc.column("spool_id").doUpdateSet(row))
    .execute();
}

export interface SpoolView {
  instanceId: string;
  host: string;
  dataDir: string;
  pending: number;
  oldestPendingAt: string | null;
  beatAt: string;
  /** This very instance's spool. */
  here: boolean;
  /** The instance stopped beating (with items pending, or without a clean stop). */
  silent: boolean;
  /** The oldest item has waited longer than SPOOL_LATE_MS. */
  late: boolean;
}

/** An instance that stopped beating without a clean stop is listed this long (its spool may hold what came after its last beat). */
export const SILENT_LISTED_MS = 24 * 3600_000;

/**
 * The spools to show: those that hold something (from their heartbeats), and those whose instance
 * stopped beating without a clean stop in the last day (killed during an outage, it could not tell
 * what it kept), the oldest first.
 */
export async function spoolOverview(target: Db = db(), now = Date.now()): Promise<SpoolView[]> {
  const silentSince = new Date(now - HEARTBEAT_STALE_MS).toISOString();
  const listedSince = new Date(now - SILENT_LISTED_MS).toISOString();
  const rows = await target
    .selectFrom("spool_heartbeats")
    .selectAll()
    .where((eb) => eb.or([eb("pending", ">", 0), eb.and([eb("beat_at", "<", silentSince), eb("beat_at", ">", listedSince)])]))
    .orderBy("beat_at")
    .execute();
  const here = spoolIdentity().spoolId;
  return rows.map((r) => ({
    instanceId: r.instance_id,
    host: r.host,
    dataDir: r.data_dir,
    pending: Number(r.pending),
    oldestPendingAt: r.oldest_pending_at,
    beatAt: r.beat_at,
    here: r.spool_id === here,
    silent: now - Date.parse(r.beat_at) > HEARTBEAT_STALE_MS,
    late: !!r.oldest_pending_at && now - Date.parse(r.oldest_pending_at) > SPOOL_LATE_MS,
  }));
}

/** The heartbeat on the shared job runner: every process, web-only instances too, as the spool's replay. */
export const heartbeatJob: JobKind<true> = {
  name: "Pouls du dossier d'attente",
  pollMs: HEARTBEAT_MS,
  firstPollMs: 200,
  async claim() {
    return true;
  },
  async run() {
    try {
      await writeHeartbeat();
      noteWriteAccepted();
      await pruneSeatChanges();
    } catch (error) {
      if (isDatabaseUnavailable(error)) noteWriteRefused(error);
      else log.warn("Pouls du dossier d'attente non écrit", { error: String((error as Error)?.message ?? error) });
    }
    return false;
  },
  async renew() {},
  async release() {},
  /** A clean stop with an empty spool leaves nothing to show; with items pending, their last count stays. */
  async stopped() {
    try {
      await writeHeartbeat();
      if (localSpoolState().pending === 0)
        await db().deleteFrom("spool_heartbeats").where("spool_id", "=", spoolIdentity().spoolId).where("pending", "=", 0).execute();
    } catch {
      /* the database is away: the row stays, listed as silent */
    }
  },
};

/** A duration in French words for the admin: « moins d'une minute », « 7 minutes », « 2 h 05 », « 3 jours ». */
export function durationFr(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "moins d'une minute";
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}\u00a0h\u00a0${String(minutes % 60).padStart(2, "0")}`;
  return `${Math.floor(hours / 24)} jours`;
}

/** The spools that hold something, ready for the admin (SpoolInstances). */
export async function spoolInstancesView(target: Db = db(), now = Date.now()): Promise<SpoolInstanceView[]> {
  return (await spoolOverview(target, now)).map((s) => ({
    instanceId: s.instanceId,
    host: s.host,
    dataDir: s.dataDir,
    pending: s.pending,
    here: s.here,
    silent: s.silent,
    late: s.late,
    waitingLabel: durationFr(s.oldestPendingAt ? now - Date.parse(s.oldestPendingAt) : 0),
    beatLabel: durationFr(now - Date.parse(s.beatAt)),
  }));
}
