import type { FailureKind } from "~/platform/validation/errors";
import { failureStatus } from "./failure-status";
import { PUBLIC_CACHE_CONTROL } from "./cache-control";

/**
 * Answers of the public read-only API (/api/v1/…, docs/decisions/0014-lheo-and-api.md): open to
 * any origin for GET (CORS, no credentials), cached like the public pages (the page cache keeps
 * them until the content version changes; shared caches for a minute).
 */
export const PUBLIC_API_HEADERS = {
  "Cache-Control": PUBLIC_CACHE_CONTROL,
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag",
} as const;

/** A JSON answer: public when it is a page of data, never stored when it is an error. */
function publicApiJson(status: number, body: unknown): Response {
  const headers = { ...PUBLIC_API_HEADERS, "Content-Type": "application/json; charset=utf-8" };
  return Response.json(body, { status, headers: status === 200 ? headers : { ...headers, "Cache-Control": "no-store" } });
}

/** The answer of a public API route: 200 for a page of data, the failure's status (400) with its Error body. */
export function publicApiAnswer(answer: { kind: "page" | FailureKind; body: unknown }): Response {
  return publicApiJson(answer.kind === "page" ? 200 : failureStatus(answer.kind), answer.body);
}

/** OPTIONS (a browser's preflight) says GET is allowed from anywhere; any other method is refused. */
export function publicApiOtherMethod(request: Request): Response {
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "Accept, Content-Type, If-None-Match",
        "Access-Control-Max-Age": "86400",
      },
    });
  }
  return Response.json(
    { error: { message: "Cette API est en lecture seule\u00a0: seule la méthode GET est acceptée." } },
    { status: 405, headers: { Allow: "GET, HEAD, OPTIONS", "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" } },
  );
}
