import { CACHE_FALLBACK_PREFIX, CACHE_STORAGE_KEY, type CacheEntry, isExpired, parseEntry, sweepClientCache } from "./sweep";

/**
 * Client-side cache (docs/spec.md#cache-client): a map under the localStorage key `app_cache` from
 * a cache key to an entry { data, timestamp, expiry (ms) }. Expired entries are dropped on load
 * (and on every page load by the root client entry, `sweepClientCache`).
 * Fallback mode (when the map no longer fits in storage) stores each entry under its own key
 * prefixed `cache_`; those entries are read back after a reload, and dropped once expired.
 * A full storage is never an error for the page: the write is skipped (one console warning).
 */
export { CACHE_FALLBACK_PREFIX, CACHE_STORAGE_KEY, sweepClientCache, type CacheEntry };
export const DEFAULT_CACHE_TTL_MS = 5 * 60 * 1000;

type Clock = () => number;

let warned = false;

/** Reports, once per page, that the browser's storage refused a write. */
function warnStorageFull(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn("Cache du navigateur : stockage plein, données non enregistrées.", error);
}

/** For tests: the next refused write warns again. */
export function resetStorageWarning(): void {
  warned = false;
}

export class ClientCache {
  private entries = new Map<string, CacheEntry>();
  private fallback: boolean;

  constructor(
    private readonly storage: Storage | undefined = typeof window === "undefined" ? undefined : safeLocalStorage(),
    private readonly now: Clock = Date.now,
    { fallback = false }: { fallback?: boolean } = {},
  ) {
    this.fallback = fallback;
    this.load();
  }

  get isFallback(): boolean {
    return this.fallback;
  }

  /** The cached value, or undefined when absent or expired. */
  read<T>(key: string): T | undefined {
    const entry = this.entry(key);
    if (!entry) return undefined;
    if (isExpired(entry, this.now())) {
      this.clear(key);
      return undefined;
    }
    return entry.data as T;
  }

  write<T>(key: string, data: T, expiry: number = DEFAULT_CACHE_TTL_MS): void {
    const entry: CacheEntry<T> = { data, timestamp: this.now(), expiry };
    if (this.fallback) {
      this.writeFallback(key, entry);
      return;
    }
    this.entries.set(key, entry);
    this.persist();
  }

  clear(key: string): void {
    this.entries.delete(key);
    this.storage?.removeItem(CACHE_FALLBACK_PREFIX + key);
    if (!this.fallback) this.persist();
  }

  clearAll(): void {
    this.entries.clear();
    if (!this.storage) return;
    this.storage.removeItem(CACHE_STORAGE_KEY);
    for (const key of this.fallbackKeys()) this.storage.removeItem(key);
  }

  /** True when the key is absent or its entry has outlived its expiry. */
  isStale(key: string): boolean {
    const entry = this.entry(key);
    return !entry || isExpired(entry, this.now());
  }

  /** The map's entry, else the entry kept under `cache_<key>` (written in fallback mode, maybe before a reload). */
  private entry(key: string): CacheEntry | undefined {
    return (!this.fallback && this.entries.get(key)) || this.readFallback(key);
  }

  private load(): void {
    if (!this.storage) return;
    // Expired entries go, in the map and under `cache_`.
    sweepClientCache(this.storage, this.now());
    // Entries kept one per key mean the map did not fit: stay in fallback mode, where they are read.
    if (this.fallbackKeys().length > 0) this.fallback = true;
    if (this.fallback) return;
    const raw = this.storage.getItem(CACHE_STORAGE_KEY);
    if (!raw) return;
    try {
      const map = JSON.parse(raw) as Record<string, unknown>;
      for (const [key, value] of Object.entries(map)) {
        const entry = parseEntry(value);
        if (entry) this.entries.set(key, entry);
      }
    } catch {
      this.storage.removeItem(CACHE_STORAGE_KEY);
    }
  }

  private persist(): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(CACHE_STORAGE_KEY, JSON.stringify(Object.fromEntries(this.entries)));
    } catch {
      // The map no longer fits (quota): switch to one key per entry.
      this.fallback = true;
      this.storage.removeItem(CACHE_STORAGE_KEY);
      for (const [key, entry] of this.entries) this.writeFallback(key, entry);
      this.entries.clear();
    }
  }

  private writeFallback(key: string, entry: CacheEntry): void {
    try {
      this.storage?.setItem(CACHE_FALLBACK_PREFIX + key, JSON.stringify(entry));
    } catch (error) {
      // Even one entry does not fit: this write is skipped, the page goes on.
      this.storage?.removeItem(CACHE_FALLBACK_PREFIX + key);
      warnStorageFull(error);
    }
  }

  private readFallback(key: string): CacheEntry | undefined {
    return parseEntry(this.storage?.getItem(CACHE_FALLBACK_PREFIX + key) ?? null);
  }

  private fallbackKeys(): string[] {
    const keys: string[] = [];
    if (!this.storage) return keys;
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key?.startsWith(CACHE_FALLBACK_PREFIX)) keys.push(key);
    }
    return keys;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    const s = window.localStorage;
    s.getItem(CACHE_STORAGE_KEY);
    return s;
  } catch {
    return undefined;
  }
}

let shared: ClientCache | undefined;

/** The browser's one cache instance. */
export function clientCache(): ClientCache {
  shared ??= new ClientCache();
  return shared;
}
