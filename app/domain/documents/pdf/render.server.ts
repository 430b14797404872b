import type { ComponentProps } from "react";
import { pdfWorkerPool } from "~/platform/pdf/pool.server";
import type { TEMPLATES } from "./templates.server";

/**
 * What a PDF thread renders: a template's name and its props, plain data that crosses to the
 * thread as a structured clone (docs/decisions/0016-training-documents-pdf.md).
 */
export type PdfJob = {
  [K in keyof typeof TEMPLATES]: { template: K; props: ComponentProps<(typeof TEMPLATES)[K]> };
}[keyof typeof TEMPLATES];

const pool = pdfWorkerPool({
  source: new URL("./render-worker.server.ts", import.meta.url),
  built: ["./pdf-render-worker.js", "../pdf-render-worker.js"],
  base: import.meta.url,
});

/** The PDF of a training document, laid out in a worker thread: the event loop stays free meanwhile. */
export function renderDocumentPdf(job: PdfJob): Promise<Buffer> {
  return pool.render(job);
}

/** Stops the idle PDF threads (tests). */
export function closePdfThreads(): Promise<void> {
  return pool.close();
}
