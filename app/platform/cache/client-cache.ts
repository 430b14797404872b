/**
 * Client-side cache (docs/spec.md#cache-client): a map under the localStorage key `app_cache` from a cache key
 * to an entry { data, timestamp, expiry (ms) }. Expired entries are dropped on load.
 * Fallback mode (when the map cannot be kept, e.g. it is corrupt or too large to rewrite)
 * stores each entry under its own key prefixed `cache_`.
 */
export const CACHE_STORAGE_KEY = "app_cache";
export const CACHE_FALLBACK_PREFIX = "cache_";
export const DEFAULT_CACHE_TTL_MS = 5 * 60 * 1000;

export interface CacheEntry<T = unknown> {
  data: T;
  timestamp: number;
  expiry: number;
}

type Clock = () => number;

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
    const entry = this.fallback ? this.readFallback(key) : this.entries.get(key);
    if (!entry) return undefined;
    if (this.isExpired(entry)) {
      this.clear(key);
      return undefined;
    }
    return entry.data as T;
  }

  write<T>(key: string, data: T, expiry: number = DEFAULT_CACHE_TTL_MS): void {
    const entry: CacheEntry<T> = { data, timestamp: this.now(), expiry };
    if (this.fallback) {
      this.storage?.setItem(CACHE_FALLBACK_PREFIX + key, JSON.stringify(entry));
      return;
    }
    this.entries.set(key, entry);
    this.persist();
  }

  clear(key: string): void {
    if (this.fallback) {
      this.storage?.removeItem(CACHE_FALLBACK_PREFIX + key);
      return;
    }
    this.entries.delete(key);
    this.persist();
  }

  clearAll(): void {
    this.entries.clear();
    if (!this.storage) return;
    this.storage.removeItem(CACHE_STORAGE_KEY);
    for (const key of this.fallbackKeys()) this.storage.removeItem(key);
  }

  /** True when the key is absent or its entry has outlived its expiry. */
  isStale(key: string): boolean {
    const entry = this.fallback ? this.readFallback(key) : this.entries.get(key);
    return !entry || this.isExpired(entry);
  }

  private isExpired(entry: CacheEntry): boolean {
    return this.now() - entry.timestamp > entry.expiry;
  }

  private load(): void {
    if (!this.storage) return;
    if (this.fallback) {
      for (const key of this.fallbackKeys()) {
        const entry = parseEntry(this.storage.getItem(key));
        if (!entry || this.isExpired(entry)) this.storage.removeItem(key);
      }
      return;
    }
    const raw = this.storage.getItem(CACHE_STORAGE_KEY);
    if (!raw) return;
    try {
      const map = JSON.parse(raw) as Record<string, unknown>;
      for (const [key, value] of Object.entries(map)) {
        const entry = parseEntry(value);
        if (entry && !this.isExpired(entry)) this.entries.set(key, entry);
      }
    } catch {
      this.storage.removeItem(CACHE_STORAGE_KEY);
    }
    this.persist();
  }

  private persist(): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(CACHE_STORAGE_KEY, JSON.stringify(Object.fromEntries(this.entries)));
    } catch {
      // The map no longer fits (quota): switch to one key per entry.
      this.fallback = true;
      this.storage.removeItem(CACHE_STORAGE_KEY);
      for (const [key, entry] of this.entries) {
        try {
          this.storage.setItem(CACHE_FALLBACK_PREFIX + key, JSON.stringify(entry));
        } catch {
          /* this entry cannot be kept */
        }
      }
      this.entries.clear();
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

function parseEntry(value: unknown): CacheEntry | undefined {
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
