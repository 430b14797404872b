/**
 * The smallest part of the client cache (docs/spec.md#cache-client): its storage keys, the entry
 * format and the sweep of expired entries. The root client entry calls `sweepClientCache` on every
 * page load, so it is kept tiny and free of imports.
 */
export const CACHE_STORAGE_KEY = "app_cache";
export const CACHE_FALLBACK_PREFIX = "cache_";

export interface CacheEntry<T = unknown> {
  data: T;
  timestamp: number;
  expiry: number;
}

/** An entry from its stored JSON (or an already parsed value); undefined when malformed. */
export function parseEntry(value: unknown): CacheEntry | undefined {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!v || typeof v !== "object") return undefined;
  const e = v as Partial<CacheEntry>;
  if (typeof e.timestamp !== "number" || typeof e.expiry !== "number" || !("data" in e)) return undefined;
  return e as CacheEntry;
}

export function isExpired(entry: CacheEntry, now: number): boolean {
  return now - entry.timestamp > entry.expiry;
}

/**
 * Drops the expired (and malformed) entries of the `app_cache` map and of the `cache_` keys.
 * Rewrites the map only when something was dropped. Never throws: a storage that cannot be read
 * or written (private mode, quota) is left as it is.
 */
export function sweepClientCache(storage?: Storage, now: number = Date.now()): void {
  try {
    const s = storage ?? window.localStorage;
    const raw = s.getItem(CACHE_STORAGE_KEY);
    if (raw) {
      let map: Record<string, unknown> | undefined;
      try {
        map = JSON.parse(raw);
      } catch {
        /* corrupt: removed below */
      }
      if (!map || typeof map !== "object") s.removeItem(CACHE_STORAGE_KEY);
      else {
        let dropped = false;
        for (const key of Object.keys(map)) {
          const entry = parseEntry(map[key]);
          if (!entry || isExpired(entry, now)) {
            delete map[key];
            dropped = true;
          }
        }
        if (dropped) s.setItem(CACHE_STORAGE_KEY, JSON.stringify(map));
      }
    }
    for (let i = s.length - 1; i >= 0; i--) {
      const key = s.key(i);
      if (!key?.startsWith(CACHE_FALLBACK_PREFIX)) continue;
      const entry = parseEntry(s.getItem(key));
      if (!entry || isExpired(entry, now)) s.removeItem(key);
    }
  } catch {
    /* no usable storage */
  }
}
