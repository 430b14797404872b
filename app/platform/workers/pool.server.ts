import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";

/**
 * A pool of worker threads for one entry module, for work that would block the server's event loop
 * (PDF layout, reading an uploaded spreadsheet): a few threads, started on demand, stopped after a
 * while idle. A task that fails its thread or takes too long stops the thread; the next waiting task
 * gets a fresh one.
 */

export interface WorkerEntry {
  /** The entry's module in the sources (tests, development: run through tsx). */
  source: URL;
  /** Where the server build emits it, relative to `base` (the caller's import.meta.url). */
  built: string[];
  base: string;
  /** The French message when the build lacks the entry. */
  missing: string;
}

export interface WorkerPoolOptions {
  maxThreads: number;
  idleMs: number;
  resourceLimits: ResourceLimits;
}

export type TaskOutcome<T> = { value: T } | { error: Error };

/** One task of a pool: what it sends the thread, what it makes of the thread's answers and failures. */
export interface WorkerTask<T, Reply> {
  /** Sends the task to its thread (listeners are in place). */
  post(worker: Worker): void;
  /** A message of the thread: the outcome once the task is over, undefined while it goes on. */
  message(reply: Reply): TaskOutcome<T> | undefined;
  /** The error the caller receives when the thread fails (its thread is stopped). */
  threadError(error: Error & { code?: string }): Error;
  /** The error the caller receives when the thread exits during the task. */
  threadExit(code: number): Error;
  timeoutMs: number;
  /** The error the caller receives when the task takes longer than `timeoutMs` (its thread is stopped). */
  timedOut(): Error;
}

function workerSpec(entry: WorkerEntry): { url: URL; execArgv: string[] } {
  if (/\.tsx?$/.test(new URL(entry.base).pathname)) {
    const tsx = pathToFileURL(createRequire(entry.base).resolve("tsx/esm")).href;
    return { url: entry.source, execArgv: ["--import", tsx] };
  }
  for (const candidate of entry.built) {
    const url = new URL(candidate, entry.base);
    if (existsSync(url)) return { url, execArgv: [] };
  }
  throw new Error(entry.missing);
}

interface Slot {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

export function workerPool(entry: WorkerEntry, { maxThreads, idleMs, resourceLimits }: WorkerPoolOptions) {
  const slots = new Set<Slot>();
  const waiting: Array<(slot: Slot) => void> = [];

  /** A new thread, busy with the task that asked for it. */
  function startSlot(): Slot {
    const { url, execArgv } = workerSpec(entry);
    const worker = new Worker(url, { execArgv, resourceLimits });
    const slot: Slot = { worker, busy: true };
    worker.on("exit", () => {
      slots.delete(slot);
      clearTimeout(slot.idle);
    });
    worker.on("error", () => {}); // reported to the task in progress, if any
    slots.add(slot);
    return slot;
  }

  async function acquire(): Promise<Slot> {
    for (const slot of slots) {
      if (!slot.busy) {
        slot.busy = true;
        clearTimeout(slot.idle);
        slot.worker.ref();
        return slot;
      }
    }
    if (slots.size < maxThreads) return startSlot();
    const slot = await new Promise<Slot>((resolve) => waiting.push(resolve));
    slot.worker.ref();
    return slot;
  }

  function release(slot: Slot, broken: boolean): void {
    if (broken) {
      slots.delete(slot);
      void slot.worker.terminate();
      const next = waiting.shift();
      if (next) next(startSlot());
      return;
    }
    const next = waiting.shift();
    if (next) return next(slot);
    slot.busy = false;
    slot.worker.unref();
    slot.idle = setTimeout(() => void slot.worker.terminate(), idleMs);
    slot.idle.unref();
  }

  return {
    /** Runs the task in a thread of the pool, once one is free. */
    async run<T, Reply>(task: WorkerTask<T, Reply>): Promise<T> {
      const slot = await acquire();
      const { worker } = slot;
      return new Promise<T>((resolve, reject) => {
        const finish = (outcome: TaskOutcome<T>, broken = false) => {
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
          release(slot, broken);
          if ("value" in outcome) resolve(outcome.value);
          else reject(outcome.error);
        };
        const onMessage = (reply: Reply) => {
          const outcome = task.message(reply);
          if (outcome) finish(outcome);
        };
        const onError = (error: Error) => finish({ error: task.threadError(error) }, true);
        const onExit = (code: number) => finish({ error: task.threadExit(code) }, true);
        const timer = setTimeout(() => finish({ error: task.timedOut() }, true), task.timeoutMs);
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        task.post(worker);
      });
    },
    /** Stops the idle threads (tests; a busy one stops after its task). */
    async close(): Promise<void> {
      await Promise.all([...slots].filter((s) => !s.busy).map((s) => s.worker.terminate()));
    },
  };
}
