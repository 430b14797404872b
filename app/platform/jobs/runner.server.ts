import { log } from "../log.server";
import { leaseRenewalMs } from "./lease.server";

/**
 * One kind of background work: how to claim a unit of it (with a token and a lease, so that no
 * two instances hold the same unit), run it, renew its lease while it runs, and give back what
 * is left when the process stops.
 */
export interface JobKind<Claim> {
  /** French name for the logs. */
  name: string;
  /** Delay between two polls (work queued by other instances, retries, leases that lapsed). */
  pollMs: number;
  /** Delay before the first poll after start. */
  firstPollMs?: number;
  /** Claims one unit of work, or undefined when there is none (or another instance holds it). */
  claim(): Promise<Claim | undefined>;
  /**
   * Does the work; `stopping()` turns true when the process stops (give back what is left).
   * Resolves to false when there is nothing more to claim before the next poll.
   */
  run(claim: Claim, context: { stopping: () => boolean }): Promise<boolean | void>;
  /** Extends the lease of the claimed work (three times per lease while `run` works). */
  renew(claim: Claim): Promise<void>;
  /** Gives back what the claim still holds (after `run`, or when it failed). */
  release(claim: Claim): Promise<void>;
  /** Work queued by this process: called to poll at once. Returns the unsubscribe function. */
  subscribe?(kick: () => void): () => void;
  /** Called once the runner has stopped (give back a leadership, for example). */
  stopped?(): Promise<void>;
}

interface Loop {
  kind: JobKind<unknown>;
  timers: NodeJS.Timeout[];
  unsubscribe: () => void;
  running: Promise<void> | undefined;
  again: boolean;
}

/**
 * The job runner shared by every background job of the site: polls each kind of work, runs one
 * claimed unit at a time per kind, renews its lease while it runs, and on stop waits for the
 * units in progress to finish or be given back.
 */
export class JobRunner {
  private loops: Loop[] = [];
  private stopping = false;

  constructor(
    private readonly kinds: Array<JobKind<any>>,
    private readonly renewEveryMs = leaseRenewalMs(),
  ) {}

  start(): void {
    if (this.loops.length) return;
    for (const kind of this.kinds) {
      const loop: Loop = { kind, timers: [], unsubscribe: () => {}, running: undefined, again: false };
      this.loops.push(loop);
      loop.unsubscribe = kind.subscribe?.(() => this.kick(loop)) ?? (() => {});
      const poll = setInterval(() => this.kick(loop), kind.pollMs);
      const first = setTimeout(() => this.kick(loop), kind.firstPollMs ?? 1_000);
      poll.unref();
      first.unref();
      loop.timers.push(poll, first);
    }
    log.info("Tâches de fond démarrées", { jobs: this.kinds.map((k) => k.name) });
  }

  /** Stops polling; work in progress finishes or is given back, then the promise resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const loop of this.loops) {
      loop.unsubscribe();
      for (const t of loop.timers) clearTimeout(t);
    }
    await Promise.all(this.loops.map((l) => l.running));
    await Promise.all(
      this.loops.map((l) =>
        l.kind.stopped?.().catch((error: unknown) => log.warn(`${l.kind.name} : arrêt incomplet`, { error: String(error) })),
      ),
    );
    this.loops = [];
  }

  /** Polls a kind at once (tests, and the signal of work queued by this process). */
  private kick(loop: Loop): void {
    if (this.stopping) return;
    if (loop.running) {
      loop.again = true;
      return;
    }
    loop.running = this.drain(loop).finally(() => {
      loop.running = undefined;
    });
  }

  private async drain(loop: Loop): Promise<void> {
    const { kind } = loop;
    do {
      loop.again = false;
      let claim: unknown;
      try {
        claim = await kind.claim();
      } catch (error) {
        log.error(`${kind.name} : impossible de prendre du travail`, { error });
        return;
      }
      // Nothing to claim: done, unless work was signalled meanwhile (its commit may postdate the claim's read).
      if (claim === undefined) continue;
      const renewal = setInterval(() => {
        kind.renew(claim).catch((error: unknown) => log.warn(`${kind.name} : bail non renouvelé`, { error: String(error) }));
      }, this.renewEveryMs);
      renewal.unref();
      try {
        const more = await kind.run(claim, { stopping: () => this.stopping });
        if (more !== false) loop.again = true; // more may be waiting
      } catch (error) {
        log.error(`${kind.name} : la tâche de fond a échoué`, { error });
      } finally {
        clearInterval(renewal);
        await kind.release(claim).catch((error: unknown) => log.warn(`${kind.name} : libération impossible`, { error: String(error) }));
      }
    } while (loop.again && !this.stopping);
  }
}
