import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../tests/support/memory-storage";
import {
  CACHE_FALLBACK_PREFIX,
  CACHE_STORAGE_KEY,
  ClientCache,
  DEFAULT_CACHE_TTL_MS,
  resetStorageWarning,
  sweepClientCache,
} from "./client-cache";

function clock(start = 1_000_000) {
  let t = start;
  const now = () => t;
  return { now, advance: (ms: number) => (t += ms) };
}

describe("ClientCache", () => {
  it("writes under app_cache as a map of { data, timestamp, expiry } and reads back", () => {
    const storage = new MemoryStorage();
    const c = clock();
    const cache = new ClientCache(storage, c.now);
    cache.write("formations", [{ slug: "excel" }]);
    const raw = JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!);
    expect(raw.formations).toEqual({ data: [{ slug: "excel" }], timestamp: 1_000_000, expiry: DEFAULT_CACHE_TTL_MS });
    expect(cache.read("formations")).toEqual([{ slug: "excel" }]);
    // A new instance (a reload) finds it again.
    expect(new ClientCache(storage, c.now).read("formations")).toEqual([{ slug: "excel" }]);
  });

  it("defaults to a 5-minute lifetime and reports staleness", () => {
    const c = clock();
    const cache = new ClientCache(new MemoryStorage(), c.now);
    cache.write("k", 1);
    expect(cache.isStale("k")).toBe(false);
    c.advance(5 * 60 * 1000);
    expect(cache.isStale("k")).toBe(false);
    c.advance(1);
    expect(cache.isStale("k")).toBe(true);
    expect(cache.read("k")).toBeUndefined();
    expect(cache.isStale("absent")).toBe(true);
  });

  it("drops expired entries on load", () => {
    const storage = new MemoryStorage();
    const c = clock();
    const first = new ClientCache(storage, c.now);
    first.write("short", "a", 1000);
    first.write("long", "b", 60_000);
    c.advance(2000);
    new ClientCache(storage, c.now);
    const raw = JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!);
    expect(Object.keys(raw)).toEqual(["long"]);
  });

  it("clears one key and clears all", () => {
    const storage = new MemoryStorage();
    const cache = new ClientCache(storage);
    cache.write("a", 1);
    cache.write("b", 2);
    cache.clear("a");
    expect(cache.read("a")).toBeUndefined();
    expect(cache.read("b")).toBe(2);
    cache.clearAll();
    expect(cache.read("b")).toBeUndefined();
    expect(storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
  });

  it("ignores a corrupt map instead of failing", () => {
    const storage = new MemoryStorage();
    storage.setItem(CACHE_STORAGE_KEY, "{not json");
    const cache = new ClientCache(storage);
    expect(cache.read("x")).toBeUndefined();
    cache.write("x", 1);
    expect(cache.read("x")).toBe(1);
  });

  it("in fallback mode stores each entry under cache_<key>", () => {
    const storage = new MemoryStorage();
    const c = clock();
    const cache = new ClientCache(storage, c.now, { fallback: true });
    cache.write("devis", { email: "a@b.fr" }, 1000);
    expect(JSON.parse(storage.getItem(`${CACHE_FALLBACK_PREFIX}devis`)!)).toMatchObject({ data: { email: "a@b.fr" }, expiry: 1000 });
    expect(storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
    expect(cache.read("devis")).toEqual({ email: "a@b.fr" });
    c.advance(1001);
    expect(cache.isStale("devis")).toBe(true);
    // Expired fallback entries are dropped on load too.
    new ClientCache(storage, c.now, { fallback: true });
    expect(storage.getItem(`${CACHE_FALLBACK_PREFIX}devis`)).toBeNull();
    cache.write("a", 1);
    cache.clearAll();
    expect(storage.length).toBe(0);
  });

  it("switches to fallback mode when the map no longer fits in storage", () => {
    const storage = new MemoryStorage();
    storage.quota = 400;
    const cache = new ClientCache(storage);
    cache.write("small", "x");
    expect(cache.isFallback).toBe(false);
    cache.write("big", "y".repeat(300));
    expect(cache.isFallback).toBe(true);
    expect(cache.read("small")).toBe("x");
    expect(storage.getItem(`${CACHE_FALLBACK_PREFIX}small`)).not.toBeNull();
  });

  it("works without any storage (server rendering)", () => {
    const cache = new ClientCache(undefined);
    cache.write("a", 1);
    expect(cache.read("a")).toBe(1);
    cache.clearAll();
    expect(cache.read("a")).toBeUndefined();
  });

  it("reads fallback entries back after a reload: a saved draft survives", () => {
    const storage = new MemoryStorage();
    storage.quota = 400;
    const c = clock();
    const before = new ClientCache(storage, c.now);
    before.write("draft:devis", { message: "Bonjour" }, 60_000);
    before.write("big", "y".repeat(300));
    expect(before.isFallback).toBe(true);
    // The reload: a new instance in the default (map) mode finds the entry kept under cache_.
    const after = new ClientCache(storage, c.now);
    expect(after.read("draft:devis")).toEqual({ message: "Bonjour" });
    expect(after.isStale("draft:devis")).toBe(false);
    after.write("draft:devis", { message: "Bonjour, un devis" }, 60_000);
    expect(new ClientCache(storage, c.now).read("draft:devis")).toEqual({ message: "Bonjour, un devis" });
    after.clear("draft:devis");
    expect(new ClientCache(storage, c.now).read("draft:devis")).toBeUndefined();
  });

  it("drops expired cache_ entries on load, whatever the mode", () => {
    const storage = new MemoryStorage();
    const c = clock();
    storage.setItem(`${CACHE_FALLBACK_PREFIX}old`, JSON.stringify({ data: 1, timestamp: c.now(), expiry: 1000 }));
    storage.setItem(`${CACHE_FALLBACK_PREFIX}fresh`, JSON.stringify({ data: 2, timestamp: c.now(), expiry: 60_000 }));
    storage.setItem(`${CACHE_FALLBACK_PREFIX}broken`, "{");
    c.advance(2000);
    const cache = new ClientCache(storage, c.now);
    expect(storage.getItem(`${CACHE_FALLBACK_PREFIX}old`)).toBeNull();
    expect(storage.getItem(`${CACHE_FALLBACK_PREFIX}broken`)).toBeNull();
    expect(cache.read("fresh")).toBe(2);
    expect(cache.read("old")).toBeUndefined();
  });

  describe("at the storage quota", () => {
    beforeEach(() => resetStorageWarning());
    afterEach(() => vi.restoreAllMocks());

    it("skips a write that does not fit, without throwing, and warns once", () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const storage = new MemoryStorage();
      storage.quota = 200;
      const cache = new ClientCache(storage, Date.now, { fallback: true });
      cache.write("small", "x");
      expect(() => cache.write("huge", "z".repeat(500))).not.toThrow();
      expect(() => cache.write("huge2", "z".repeat(500))).not.toThrow();
      expect(cache.read("huge")).toBeUndefined();
      expect(cache.read("small")).toBe("x");
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it("does not throw when the map overflows and no entry fits either", () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const storage = new MemoryStorage();
      storage.quota = 100;
      const cache = new ClientCache(storage);
      expect(() => cache.write("huge", "z".repeat(500))).not.toThrow();
      expect(cache.isFallback).toBe(true);
      expect(cache.read("huge")).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });
});

describe("sweepClientCache (every page load)", () => {
  it("drops expired entries of the map and of cache_ keys, and keeps the others", () => {
    const storage = new MemoryStorage();
    const now = 10_000_000;
    storage.setItem(
      CACHE_STORAGE_KEY,
      JSON.stringify({
        old: { data: 1, timestamp: now - 5000, expiry: 1000 },
        fresh: { data: 2, timestamp: now - 5000, expiry: 60_000 },
        bad: 3,
      }),
    );
    storage.setItem(`${CACHE_FALLBACK_PREFIX}old`, JSON.stringify({ data: 1, timestamp: now - 5000, expiry: 1000 }));
    storage.setItem(`${CACHE_FALLBACK_PREFIX}fresh`, JSON.stringify({ data: 2, timestamp: now, expiry: 1000 }));
    storage.setItem("theme", "dark");
    sweepClientCache(storage, now);
    expect(Object.keys(JSON.parse(storage.getItem(CACHE_STORAGE_KEY)!))).toEqual(["fresh"]);
    expect(storage.getItem(`${CACHE_FALLBACK_PREFIX}old`)).toBeNull();
    expect(storage.getItem(`${CACHE_FALLBACK_PREFIX}fresh`)).not.toBeNull();
    expect(storage.getItem("theme")).toBe("dark");
  });

  it("leaves an up-to-date map untouched and survives a corrupt map or a missing storage", () => {
    const storage = new MemoryStorage();
    const map = JSON.stringify({ a: { data: 1, timestamp: 0, expiry: 1000 } });
    storage.setItem(CACHE_STORAGE_KEY, map);
    const setItem = vi.spyOn(storage, "setItem");
    sweepClientCache(storage, 500);
    expect(setItem).not.toHaveBeenCalled();
    storage.setItem(CACHE_STORAGE_KEY, "{not json");
    sweepClientCache(storage, 500);
    expect(storage.getItem(CACHE_STORAGE_KEY)).toBeNull();
    // No window (server, or a browser that refuses storage): nothing happens, nothing throws.
    expect(() => sweepClientCache(undefined, 500)).not.toThrow();
  });
});
