import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../tests/support/memory-storage";
import { CACHE_FALLBACK_PREFIX, CACHE_STORAGE_KEY, ClientCache, DEFAULT_CACHE_TTL_MS } from "./client-cache";

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
});
