import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { accessLogBatched } from "~/platform/log.server";
import type { ContentWatcher } from "./content-watcher";
import { etagMatches, pickEncoding, type CachedPage, type PageCache } from "./page-cache";
import { isPrivateRequest } from "./request-handler";

/**
 * Cached public pages answered before the framework (see docs/decisions/0003-caching.md): a plain
 * `node:http` handler in front of Express. An anonymous GET or HEAD (no session or flash cookie)
 * whose page is in the page cache gets its status, its headers (built once per cache entry: the
 * security headers, the page's CSP, ETag, Cache-Control, Vary, the encoding and length) and the
 * body already compressed for the encoding it accepts, `304` on If-None-Match. Everything else
 * (a miss, a signed-in visitor, a POST, a server that is draining) goes to Express unchanged.
 */

type Encoding = "br" | "gzip" | "identity";

/** One entry's answers, as flat [name, value, …] lists for writeHead, X-Request-Id last: built on its first hit. */
interface WireHeaders {
  br: string[];
  gzip: string[];
  identity: string[];
  notModified: string[];
}

export interface FastPathOptions {
  cache: PageCache;
  watcher: ContentWatcher | undefined;
  /** The headers every response starts with (server/security-headers.ts, as the Express path sets them). */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** True when a trusted proxy may give the request id (see requestIdFor). */
  trustRequestId: boolean;
  /** True once the server drains: answers then go through Express, which asks clients to reconnect. */
  draining: () => boolean;
  /** The rest of the site (the Express application). */
  next: (req: IncomingMessage, res: ServerResponse) => void;
}

/** A request id from the proxy in front, when it is trusted and the id well-formed; otherwise one of our own. */
const WELL_FORMED_ID = /^[\w.:@-]{1,100}$/;

export function requestIdFor(incoming: string | string[] | undefined, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && typeof incoming === "string" && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

export function createFastPath(options: FastPathOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { cache, watcher, securityHeaders, trustRequestId, draining, next } = options;
  const wires = new WeakMap<CachedPage, WireHeaders>();
  // Accept-Encoding takes a handful of forms (one per browser family): each is parsed once.
  const encodings = new Map<string, Encoding>();
  const encodingOf = (accept: string | undefined): Encoding => {
    if (accept === undefined) return "identity";
    let encoding = encodings.get(accept);
    if (encoding === undefined) {
      encoding = pickEncoding(accept);
      if (encodings.size >= 64) encodings.clear();
      encodings.set(accept, encoding);
    }
    return encoding;
  };

  return (req, res) => {
    const method = req.method;
    const url = req.url ?? "";
    if (
      (method !== "GET" && method !== "HEAD") ||
      !cache.enabled ||
      url.charCodeAt(0) !== 47 /* "/": not an absolute-form target */ ||
      isPrivateRequest(req.headers.cookie) ||
      draining()
    )
      return next(req, res);
    watcher?.expireIfDue();
    const entry = cache.get(url);
    if (!entry) return next(req, res);

    const started = performance.now();
    const requestId = requestIdFor(req.headers["x-request-id"], trustRequestId);
    let wire = wires.get(entry);
    if (!wire) {
      wire = wireHeaders(entry, securityHeaders);
      wires.set(entry, wire);
    }
    let status = entry.status;
    let headers: string[];
    let body: Buffer | undefined;
    if (status === 200 && etagMatches(req.headers["if-none-match"], entry.etag)) {
      status = 304;
      headers = wire.notModified;
    } else {
      const encoding = encodingOf(req.headers["accept-encoding"]);
      headers = wire[encoding];
      if (method === "GET") body = entry[encoding];
    }
    // The last value is this request's id: set in place, read by writeHead at once (nothing runs between).
    headers[headers.length - 1] = requestId;
    res.writeHead(status, headers);
    res.end(body);
    const query = url.indexOf("?");
    accessLogBatched({
      method,
      path: query === -1 ? url : url.slice(0, query),
      status,
      ms: Math.round(performance.now() - started),
      requestId,
    });
  };
}

/** The headers the Express path sends for this entry (see sendCached in request-handler.ts), once. */
function wireHeaders(entry: CachedPage, securityHeaders: ReadonlyArray<readonly [string, string]>): WireHeaders {
  const merged = new Map<string, readonly [string, string]>();
  const put = (name: string, value: string) => merged.set(name.toLowerCase(), [name, value]);
  for (const [name, value] of securityHeaders) put(name, value);
  put("X-Page-Cache", "hit");
  for (const [name, value] of Object.entries(entry.headers)) put(name, value);
  put("ETag", entry.etag);
  put("Vary", "Accept-Encoding");
  const common = [...merged.values()].flat();
  const withBody = (encoding: Encoding) => [
    ...common,
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
    "Content-Length",
    String(entry[encoding].length),
    "X-Request-Id",
    "",
  ];
  return {
    br: withBody("br"),
    gzip: withBody("gzip"),
    identity: withBody("identity"),
    notModified: [...common, "X-Request-Id", ""],
  };
}
