import { log } from "~/platform/log.server";
import type { PageCache } from "./page-cache";
import { seatsTag } from "~/platform/cache/page-tags.server";

/**
 * Keeps the public page cache true to the database: it follows the content version (bumped by
 * triggers on every content write, whichever instance or script made it) and the next time-driven
 * change (a scheduled post's publication, midnight in Paris for sessions that become past).
 */
export class ContentWatcher {
  private version: number | undefined;
  private nextChangeAt = Number.POSITIVE_INFINITY;
  private timer: ReturnType<typeof setInterval> | undefined;
  private failing = false;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly cache: PageCache,
    private readonly readVersion: () => Promise<number>,
    private readonly nextChange: (now: Date) => Promise<number>,
    private readonly intervalMs = 300,
    /** The seat changes of the last few seconds (see recentSeatChanges); absent: seats are not followed. */
    private readonly readSeatChanges?: () => Promise<Array<{ seq: string; sessionId: string }>>,
    /** How far back readSeatChanges reads: a longer gap between two good reads clears everything. */
    private readonly seatWindowMs = 30_000,
  ) {}
  /** The seat changes seen in the last window (by sequence number), and when they were read. */
  private seatsSeen: Set<string> | undefined;
  private seatsReadAt = 0;

  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the version now (after a mutation on this instance, so that its next page is fresh). */
  check(): Promise<void> {
    this.checking ??= this.compare().finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Called on every cache lookup: drops everything once a time boundary has passed. */
  expireIfDue(now = Date.now()): void {
    if (now < this.nextChangeAt) return;
    this.cache.clear();
    this.nextChangeAt = Number.POSITIVE_INFINITY;
    void this.schedule();
  }

  private async compare(): Promise<void> {
    try {
      const current = await this.readVersion();
      if (this.failing) log.info("Cache des pages : base de données de nouveau joignable");
      this.failing = false;
      if (current !== this.version) {
        if (this.version !== undefined) this.cache.clear();
        this.version = current;
        await this.schedule();
      }
      if (this.readSeatChanges) await this.followSeats();
    } catch (error) {
      // The database is away: nothing can change meanwhile, the cached pages stay right.
      if (!this.failing) log.warn("Cache des pages : version du contenu illisible", { error });
      this.failing = true;
    }
  }

  /**
   * A session's free seats changed (a registration, a cancellation, on any instance): only the
   * pages showing that session's seats are dropped (their tags, see page-tags.server.ts).
   */
  private async followSeats(): Promise<void> {
    const startedAt = Date.now();
    const changes = await this.readSeatChanges!();
    const seen = new Set(changes.map((c) => c.seq));
    if (this.seatsSeen && startedAt - this.seatsReadAt > this.seatWindowMs - 5_000) {
      // Too long since the last good read (the database was away): some changes may be past the window.
      this.cache.clear();
    } else if (this.seatsSeen) {
      const fresh = changes.filter((c) => !this.seatsSeen!.has(c.seq)).map((c) => seatsTag(c.sessionId));
      if (fresh.length) this.cache.dropTagged(new Set(fresh));
    }
    this.seatsSeen = seen;
    this.seatsReadAt = startedAt;
  }

  private async schedule(): Promise<void> {
    try {
      this.nextChangeAt = await this.nextChange(new Date());
    } catch {
      this.nextChangeAt = Date.now() + 60_000;
    }
  }
}

/** The next midnight in Paris after `now` (within an hour on the two days when clocks change). */
export function nextParisMidnight(now: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const elapsed = (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000 + now.getMilliseconds();
  return now.getTime() - elapsed + 24 * 3600 * 1000;
}
