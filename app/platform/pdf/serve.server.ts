import { parentPort } from "node:worker_threads";
import type { ReactElement } from "react";
import { renderPdf } from "./pdf.server";
import type { PdfRenderReply, PdfRenderRequest } from "./pool.server";

/**
 * In a PDF worker entry (./pool.server.ts): answers each request with the PDF of
 * `templates[request.template](props)`. The props arrive as structured clones: a Buffer is then a
 * Uint8Array, which the template function turns back if it needs to.
 */
export function servePdfRenders(templates: Record<string, (props: never) => ReactElement>): void {
  parentPort?.on("message", async (request: PdfRenderRequest) => {
    try {
      const template = templates[request.template];
      if (!template) throw new Error(`Modèle de PDF inconnu : ${request.template}.`);
      const pdf = await renderPdf(template(request.props as never));
      // A fresh buffer of its own, handed over to the server's thread without a copy.
      const bytes = new Uint8Array(pdf);
      parentPort!.postMessage({ pdf: bytes } satisfies PdfRenderReply, [bytes.buffer]);
    } catch (error) {
      parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies PdfRenderReply);
    }
  });
}
