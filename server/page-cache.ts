import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The public page cache: anonymous renders kept in memory, already compressed (gzip and
 * brotli), served with their ETag without rendering or querying. Bounded in bytes, least
 * recently used first out. Everything is dropped when the content version changes (a write
 * anywhere, on any instance), when a time boundary passes (a scheduled post's publication,
 * midnight for past sessions), and after MAX_AGE_MS at the latest. See docs/decisions/0003-caching.md.
 */

/** The safety limit of an entry kept here (content changes are seen at once; this covers the unforeseen). */
export const MAX_AGE_MS = 60 * 60 * 1000;

/** Content types worth keeping (pages, client navigation data, feeds, sitemap, robots.txt, public JSON). */
const STORABLE_TYPES = /^(text\/html|text\/x-script|application\/xml|application\/rss\+xml|text\/xml|text\/plain|application\/json)\b/;
/** A larger answer is served but not kept. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  bytes: number;
  storedAt: number;
  /** What the page shows that is dropped on its own (a session's seats, see page-tags.server.ts). */
  tags?: string[];
}

export function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export function isStorableType(contentType: string | null | undefined): boolean {
  return STORABLE_TYPES.test(contentType ?? "");
}

export async function compressPage(body: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { gzip: gz, br };
}

/** The encoding to send, from the request's Accept-Encoding (brotli first). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/** True when the request's If-None-Match names this ETag (weak comparison). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private size = 0;
  /** Bumped by every clear: a render started before a clear is not stored after it. */
  generation = 0;
  hits = 0;
  misses = 0;
  /** Bumped by every `dropTagged`: a render started before it is not stored if it shows a dropped tag. */
  tagStamp = 0;
  private byTag = new Map<string, Set<string>>();
  private tagDroppedAt = new Map<string, number>();

  constructor(readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    if (now - entry.storedAt > MAX_AGE_MS) {
      this.delete(key);
      this.misses++;
      return undefined;
    }
    // Least recently used: a hit moves the entry to the end of the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry;
  }

  /**
   * Stores a page rendered during `generation` (ignored when the cache was cleared since), whose
   * render started at `tagStamp` (ignored when one of its tags was dropped since).
   */
  set(key: string, entry: CachedPage, generation: number, tagStamp = this.tagStamp): void {
    if (!this.enabled || generation !== this.generation || entry.bytes > Math.min(MAX_ENTRY_BYTES, this.maxBytes)) return;
    if (entry.tags?.some((tag) => (this.tagDroppedAt.get(tag) ?? -1) > tagStamp)) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.size += entry.bytes;
    for (const tag of entry.tags ?? []) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.bytes;
    for (const tag of entry.tags ?? []) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Drops the pages showing any of these tags (a session's seats changed); the others stay. Returns how many. */
  dropTagged(tags: Iterable<string>): number {
    this.tagStamp++;
    let dropped = 0;
    for (const tag of tags) {
      this.tagDroppedAt.delete(tag);
      this.tagDroppedAt.set(tag, this.tagStamp);
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        this.delete(key);
        dropped++;
      }
    }
    // Only renders under way need the recent drops: keep the last few thousand.
    for (const [oldest] of this.tagDroppedAt) {
      if (this.tagDroppedAt.size <= 4096) break;
      this.tagDroppedAt.delete(oldest);
    }
    return dropped;
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.size = 0;
    this.generation++;
  }
}

/** Builds an entry from a finished response body. */
export async function toCachedPage(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  now = Date.now(),
  tags?: Iterable<string>,
): Promise<CachedPage> {
  const { gzip: gz, br } = await compressPage(body);
  const tagList = tags ? [...tags] : [];
  return {
    ...(tagList.length ? { tags: tagList } : {}),
    status,
    headers,
    etag: weakEtag(body),
    identity: body,
    gzip: gz,
    br,
    bytes: body.length + gz.length + br.length + 512,
    storedAt: now,
  };
}
