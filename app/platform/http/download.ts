/**
 * A file sent as an attachment: never cached (`no-store`), never sniffed as another type
 * (`nosniff`). `headers`: more of them (`X-Robots-Tag` for a link given to a client).
 */
export function downloadResponse(
  body: Uint8Array | string,
  filename: string,
  contentType: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
