import type { FileDownload } from "./export.server";

/** A file download: attachment, never cached (the catalogue is private until published). */
export function downloadResponse(file: FileDownload): Response {
  const body = typeof file.body === "string" ? file.body : new Blob([file.body as Uint8Array<ArrayBuffer>]);
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
