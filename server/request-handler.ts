import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { DOCUMENT_REQUEST_HEADER } from "~/platform/ssr/kept.server";
import { hasFlashCookie } from "~/platform/toast/flash.server";
import { LINK_SESSION_COOKIE } from "~/platform/link-sign-in/cookie";
import { log } from "~/platform/log.server";
import { collectPageTags } from "~/platform/cache/page-tags.server";
import { PayloadTooLargeError, UNSUPPORTED_BODY_MESSAGE, bodyLimitFor, readBody, unsupportedBody } from "./body-limits";

const FORM_ACCEPT = "application/x-www-form-urlencoded, multipart/form-data";
import type { ContentWatcher } from "./content-watcher";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/platform/http/cache-control";
import { etagMatches, isStorableType, pickEncoding, toCachedPage, weakEtag, type CachedPage, type PageCache } from "./page-cache";
import { inlineScriptHashes, pageCsp } from "./security-headers";

/**
 * Express → React Router, with what the site needs around each render:
 * - request bodies read with the route family's size limit (413 beyond it, before buffering);
 * - the cache policy: anonymous GET pages are public (shareable by a CDN, with an ETag, 304 on
 *   If-None-Match) and kept in the in-memory page cache; anything for a signed-in visitor, or
 *   carrying a cookie either way, is `private, no-store` and never stored;
 * - the page's Content-Security-Policy with the hashes of its own inline scripts.
 */
export interface HandlerOptions {
  build: () => Promise<ServerBuild>;
  /**
   * Development: the build is asked again on every request (Vite reloads the routes). Otherwise it
   * is read once, and React Router derives its route matcher (data routes, static handler) once:
   * given a function, it derives them again for every request.
   */
  reloadBuild?: boolean;
  mode?: string;
  getLoadContext: () => RouterContextProvider;
  cache: PageCache;
  watcher: ContentWatcher | undefined;
  https: boolean;
  csp: boolean;
}

/** A session (Better Auth, or a space's sign-in by link) or flash cookie makes the request private. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;]/;

export function isPrivateRequest(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && (SESSION_COOKIE.test(cookieHeader) || LINK_SESSION_COOKIE.test(cookieHeader) || hasFlashCookie(cookieHeader));
}

/** Headers a stored entry must not replay. */
const HOP_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "keep-alive",
  "etag",
]);

/** A render under way whose result other visitors of the same page wait for (single flight). */
interface Flight {
  generation: number;
  page: Promise<CachedPage | undefined>;
}

export function createReactRouterHandler(options: HandlerOptions): RequestHandler {
  const { cache, watcher } = options;
  let handle: Promise<(request: Request, context: RouterContextProvider) => Promise<Response>> | undefined;
  // Per instance: simultaneous misses for one page (a cold cache after a deploy or an edit under
  // traffic) render it once; the others get the same entry when it is done.
  const flights = new Map<string, Flight>();

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      handle ??= options.reloadBuild
        ? Promise.resolve(createRequestHandler(options.build, options.mode))
        : options.build().then((build) => createRequestHandler(build, options.mode));
      const method = req.method.toUpperCase();
      const safe = method === "GET" || method === "HEAD";
      const privateRequest = isPrivateRequest(req.headers.cookie);
      const key = req.originalUrl;
      const cacheable = cache.enabled && safe && !privateRequest;

      if (cacheable) {
        watcher?.expireIfDue();
        const hit = cache.get(key);
        if (hit) return sendCached(req, res, hit, "hit");
        // A render started since the last content change: its page is this one's too.
        const flight = flights.get(key);
        if (flight && flight.generation === cache.generation) {
          const shared = await flight.page;
          if (shared) return sendCached(req, res, shared, "shared");
        }
      }

      let body: Buffer | undefined;
      if (!safe) {
        try {
          body = await readBody(req, bodyLimitFor(req.path));
        } catch (error) {
          if (error instanceof PayloadTooLargeError) return refuseTooLarge(req, res, error);
          throw error;
        }
        if (unsupportedBody(req.path, req.headers["content-type"], body.length)) {
          res.status(415).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Accept: FORM_ACCEPT });
          return void res.end(UNSUPPORTED_BODY_MESSAGE);
        }
      }
      const generation = cache.generation;
      let land: (page: CachedPage | undefined) => void = () => {};
      let flight: Flight | undefined;
      if (cacheable && method === "GET" && !flights.has(key)) {
        flight = { generation, page: new Promise<CachedPage | undefined>((resolve) => (land = resolve)) };
        flights.set(key, flight);
      }
      let stored: CachedPage | undefined;
      try {
        const started = performance.now();
        const tagStamp = cache.tagStamp;
        // What the page shows apart from the content version (a session's seats): kept with the entry.
        const tags = new Set<string>();
        const render = await handle;
        const response = await collectPageTags(tags, () => render(toFetchRequest(req, res, body), options.getLoadContext()));
        // A write made by this request shows on this instance's very next page.
        if (!safe) await watcher?.check();
        stored = await collectPageTags(tags, () =>
          send(req, res, response, { options, privateRequest, cacheable, key, generation, tags, tagStamp }),
        );
        if (stored) log.debug("Page rendue pour le cache", { path: key, ms: Math.round(performance.now() - started) });
      } finally {
        if (flight && flights.get(key) === flight) flights.delete(key);
        land(stored);
      }
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body: Buffer | undefined): Request {
  // A mutation from a trusted origin is handled at that origin (see origin-check.ts).
  const origin = (res.locals.publicOrigin as string | undefined) ?? `${req.protocol}://${hostOf(req)}`;
  const url = new URL(`${origin}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === DOCUMENT_REQUEST_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // A document (not a client navigation's data): loaders may keep long HTML or a read-only page's
  // data out of the hydration data, in the request's router context (app/platform/ssr/kept.server.ts).
  if (req.method === "GET" && !req.path.endsWith(".data")) headers.set(DOCUMENT_REQUEST_HEADER, "1");
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: body && body.length > 0 ? new Uint8Array(body) : body ? "" : undefined,
  });
}

function hostOf(req: ExpressRequest): string {
  const host = (req.get("host") ?? "localhost").split(/[\\/?#@]/)[0] || "localhost";
  return host;
}

/** What the server still accepts to read (and throw away) after refusing a body, so that the client gets its 413. */
const DISCARD_AT_MOST_BYTES = 64 * 1024 * 1024;
const DISCARD_AT_MOST_MS = 10_000;

function refuseTooLarge(req: ExpressRequest, res: ExpressResponse, error: PayloadTooLargeError): void {
  // No `Connection: close`: with it, Node closes the socket as soon as the answer is written, and a
  // client still sending gets a reset connection (EPIPE) instead of the 413. The rest of the body
  // is read and thrown away instead (nothing is kept); past a bound in bytes or time, the
  // connection goes.
  res.status(413).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(error.message);
  let discarded = 0;
  const stop = () => {
    clearTimeout(timer);
    req.destroy();
  };
  const timer = setTimeout(stop, DISCARD_AT_MOST_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_AT_MOST_BYTES) stop();
  });
  req.on("end", () => clearTimeout(timer));
  req.resume();
}

interface SendContext {
  options: HandlerOptions;
  privateRequest: boolean;
  cacheable: boolean;
  key: string;
  generation: number;
  /** The page's tags (filled while its body is read) and the cache's tag stamp when the render started. */
  tags: Set<string>;
  tagStamp: number;
}

function cacheControlFor(response: Response, method: string, privateRequest: boolean, path: string): string | null {
  const declared = response.headers.get("Cache-Control");
  if (privateRequest || response.headers.has("Set-Cookie")) return PRIVATE_CACHE_CONTROL;
  if (declared) return declared;
  // Pages are public by default; API answers only when they say so.
  if (method !== "GET" && method !== "HEAD") return "no-store";
  if (path.startsWith("/api/")) return "no-store";
  if (response.status === 200 || response.status === 404) return PUBLIC_CACHE_CONTROL;
  return response.status >= 500 ? "no-store" : "no-cache";
}

/** Answers the request; returns the cache entry made from the response, if it was one to keep. */
async function send(req: ExpressRequest, res: ExpressResponse, response: Response, ctx: SendContext): Promise<CachedPage | undefined> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return undefined;
  }
  const method = req.method.toUpperCase();
  const headers = new Headers(response.headers);
  const cacheControl = cacheControlFor(response, method, ctx.privateRequest, req.path);
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  const contentType = headers.get("Content-Type");
  const isHtml = /^text\/html\b/.test(contentType ?? "");
  const isPublic = cacheControl?.startsWith("public") ?? false;
  const storable =
    ctx.cacheable && method === "GET" && isPublic && (response.status === 200 || response.status === 404) && isStorableType(contentType);

  if (!isHtml && !storable) {
    res.status(response.status);
    writeHeaders(res, headers);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
    return undefined;
  }

  let body: Buffer = Buffer.from(await response.arrayBuffer());
  if (isHtml) {
    // The page's bytes, never decoded: module preloads removed, script hashes read.
    body = withoutModulePreloads(body);
    if (ctx.options.csp) headers.set("Content-Security-Policy", pageCsp(inlineScriptHashes(body), { https: ctx.options.https }));
  }
  if (storable && body.length > 0) {
    headers.set("Vary", "Accept-Encoding");
    const record: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name.toLowerCase())) record[name] = value;
    });
    const entry = await toCachedPage(response.status, record, body, Date.now(), ctx.tags);
    ctx.options.cache.set(ctx.key, entry, ctx.generation, ctx.tagStamp);
    sendCached(req, res, entry, "miss");
    return entry;
  }
  if (isPublic && method === "GET" && response.status === 200) headers.set("ETag", weakEtag(body));
  res.status(response.status);
  writeHeaders(res, headers);
  if (isPublic && method === "GET" && response.status === 200 && etagMatches(req.headers["if-none-match"], headers.get("ETag") ?? "")) {
    res.status(304).end();
    return undefined;
  }
  res.end(method === "HEAD" ? undefined : body);
  return undefined;
}

function writeHeaders(res: ExpressResponse, headers: Headers): void {
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
}

/**
 * `X-Page-Cache` tells operators (and tests) where the page came from: `hit` (memory), `miss`
 * (rendered for this request), `shared` (rendered for another request at the same time). The
 * headers of a hit answered before Express (server/fast-path.ts) are the same, built once.
 */
function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedPage, outcome: "hit" | "miss" | "shared"): void {
  res.status(entry.status);
  res.setHeader("X-Page-Cache", outcome);
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (entry.status === 200 && etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method.toUpperCase() === "HEAD" ? undefined : body);
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = Buffer.from("/>");

/**
 * First paint needs the HTML and the stylesheet only. React hoists the router's
 * `<link rel="modulepreload">` tags into <head>, where ~30 scripts would share the connection with
 * the stylesheet and delay it; without them the scripts start once the page is parsed (the
 * bootstrap module imports them), after the stylesheet. See docs/decisions/0003-caching.md.
 */
export function withoutModulePreloads(html: Buffer): Buffer {
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(MODULE_PRELOAD); at !== -1; at = html.indexOf(MODULE_PRELOAD, from)) {
    const end = html.indexOf(TAG_END, at);
    if (end === -1) break;
    kept.push(html.subarray(from, at));
    from = end + TAG_END.length;
  }
  if (from === 0) return html;
  kept.push(html.subarray(from));
  return Buffer.concat(kept);
}
