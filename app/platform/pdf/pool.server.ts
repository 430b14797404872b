import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * PDFs are laid out in worker threads (docs/decisions/0016-training-documents-pdf.md): a 24-page
 * attendance sheet takes seconds of CPU, during which the server's event loop must keep answering
 * (pages, /healthz). The caller's module names its worker entry; the entry calls `servePdfRenders`
 * (./serve.server.ts)
 * with its templates and receives plain data (the template's name and its props), never React
 * elements or functions. At most two threads, started on demand and stopped after a minute idle.
 */

export interface PdfRenderRequest {
  template: string;
  props: unknown;
}

export type PdfRenderReply = { pdf: Uint8Array } | { error: string };

const MAX_THREADS = Math.max(1, Math.min(2, availableParallelism()));
const IDLE_MS = 60_000;
/** A render that takes longer is stopped (its thread with it) and reported as an error. */
export const PDF_RENDER_TIMEOUT_MS = 5 * 60_000;

export interface PdfWorkerEntry {
  /** The entry's module in the sources (tests, development: run through tsx). */
  source: URL;
  /** Where the server build emits it, relative to `base` (the caller's import.meta.url). */
  built: string[];
  base: string;
}

function workerSpec(entry: PdfWorkerEntry): { url: URL; execArgv: string[] } {
  if (/\.tsx?$/.test(new URL(entry.base).pathname)) {
    const tsx = pathToFileURL(createRequire(entry.base).resolve("tsx/esm")).href;
    return { url: entry.source, execArgv: ["--import", tsx] };
  }
  for (const candidate of entry.built) {
    const url = new URL(candidate, entry.base);
    if (existsSync(url)) return { url, execArgv: [] };
  }
  throw new Error(`Le programme de rendu des PDF (${entry.built[0]}) est absent de la version construite.`);
}

interface Slot {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

/** A pool of PDF threads for one worker entry: `render` resolves to the PDF's bytes. */
export function pdfWorkerPool(entry: PdfWorkerEntry) {
  const slots = new Set<Slot>();
  const waiting: Array<(slot: Slot) => void> = [];

  function startSlot(): Slot {
    const { url, execArgv } = workerSpec(entry);
    // The young generation as bounded for the whole process by `npm start` (--max-semi-space-size=16).
    const worker = new Worker(url, { execArgv, resourceLimits: { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 512 } });
    const slot: Slot = { worker, busy: true };
    worker.on("exit", () => {
      slots.delete(slot);
      clearTimeout(slot.idle);
    });
    worker.on("error", () => {}); // reported to the render in progress
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
    if (slots.size < MAX_THREADS) return startSlot();
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
    slot.idle = setTimeout(() => void slot.worker.terminate(), IDLE_MS);
    slot.idle.unref();
  }

  return {
    async render(request: PdfRenderRequest): Promise<Buffer> {
      const slot = await acquire();
      const { worker } = slot;
      return new Promise<Buffer>((resolve, reject) => {
        const finish = (outcome: { pdf?: Buffer; error?: Error }, broken = false) => {
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
          release(slot, broken);
          if (outcome.pdf) resolve(outcome.pdf);
          else reject(outcome.error);
        };
        const onMessage = (reply: PdfRenderReply) =>
          "pdf" in reply
            ? finish({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength) })
            : finish({ error: new Error(reply.error) });
        const onError = (error: Error) => finish({ error }, true);
        const onExit = (code: number) => finish({ error: new Error(`Le rendu du PDF s'est arrêté (code ${code}).`) }, true);
        const timer = setTimeout(
          () => finish({ error: new Error(`Le rendu du PDF a dépassé ${PDF_RENDER_TIMEOUT_MS / 60_000} minutes.`) }, true),
          PDF_RENDER_TIMEOUT_MS,
        );
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        worker.postMessage(request);
      });
    },
    /** Stops the idle threads (tests; a busy one stops after its render). */
    async close(): Promise<void> {
      await Promise.all([...slots].filter((s) => !s.busy).map((s) => s.worker.terminate()));
    },
  };
}
