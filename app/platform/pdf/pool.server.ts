import { availableParallelism } from "node:os";
import { workerPool, type WorkerEntry } from "~/platform/workers/pool.server";

/**
 * PDFs are laid out in worker threads (docs/decisions/0016-training-documents-pdf.md): a 24-page
 * attendance sheet takes seconds of CPU, during which the server's event loop must keep answering
 * (pages, /healthz). The caller's module names its worker entry; the entry calls `servePdfRenders`
 * (./serve.server.ts)
 * with its templates and receives plain data (the template's name and its props), never React
 * elements or functions. At most two threads (~/platform/workers/pool.server.ts), started on demand and
 * stopped after a minute idle.
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

/** The PDF worker entry: its module in the sources and where the build emits it (see WorkerEntry). */
export type PdfWorkerEntry = Omit<WorkerEntry, "missing">;

/** A pool of PDF threads for one worker entry: `render` resolves to the PDF's bytes. */
export function pdfWorkerPool(entry: PdfWorkerEntry) {
  const pool = workerPool(
    { ...entry, missing: `Le programme de rendu des PDF (${entry.built[0]}) est absent de la version construite.` },
    // The young generation as bounded for the whole process by `npm start` (--max-semi-space-size=16).
    { maxThreads: MAX_THREADS, idleMs: IDLE_MS, resourceLimits: { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 512 } },
  );
  return {
    render(request: PdfRenderRequest): Promise<Buffer> {
      return pool.run<Buffer, PdfRenderReply>({
        post: (worker) => worker.postMessage(request),
        message: (reply) =>
          "pdf" in reply
            ? { value: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength) }
            : { error: new Error(reply.error) },
        threadError: (error) => error,
        threadExit: (code) => new Error(`Le rendu du PDF s'est arrêté (code ${code}).`),
        timeoutMs: PDF_RENDER_TIMEOUT_MS,
        timedOut: () => new Error(`Le rendu du PDF a dépassé ${PDF_RENDER_TIMEOUT_MS / 60_000} minutes.`),
      });
    },
    /** Stops the idle threads (tests; a busy one stops after its render). */
    close: () => pool.close(),
  };
}
