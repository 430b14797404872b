import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { log, redactSecrets } from "~/platform/log.server";
import { KeptContext } from "~/platform/ssr/kept";
import { takeKept } from "~/platform/ssr/kept.server";
import { IncidentReferenceContext } from "~/ui/error-screen";

export const streamTimeout = 5_000;

/** Every server error is logged once, with the request id (also sent as X-Request-Id). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error("Erreur serveur", {
    requestId: request.headers.get("x-request-id"),
    method: request.method,
    url: redactSecrets(request.url),
    error,
  });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const kept = takeKept(loadContext);
    // Only an error page (never stored: 5xx is no-store) shows the id of its request.
    const incident = responseStatusCode >= 500 ? (request.headers.get("x-request-id") ?? undefined) : undefined;
    const { pipe, abort } = renderToPipeableStream(
      <IncidentReferenceContext.Provider value={incident}>
        <KeptContext value={kept}>
          <ServerRouter context={routerContext} url={request.url} />
        </KeptContext>
      </IncidentReferenceContext.Provider>,
      {
        // The whole document at once: the server buffers pages anyway (page cache, script hashes of
        // the CSP). React's chunks are gathered in memory and handed over as one body, without the
        // stream adapters a streamed answer would need.
        onAllReady() {
          shellRendered = true;
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              // Cache-Control is decided in one place, server/request-handler.ts (public for anonymous visitors, private otherwise).
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("Erreur de rendu", { requestId: request.headers.get("x-request-id"), error });
        },
      },
    );
  });
}
