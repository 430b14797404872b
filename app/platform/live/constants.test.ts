import { describe, expect, it } from "vitest";
import { QUERY_GC_TIME_MS, QUERY_RETRIES, QUERY_STALE_TIME_MS, isStale, retryDelay } from "./constants";

describe("live data constants (docs/spec.md#requetes)", () => {
  it("keeps data fresh 5 minutes, 10 minutes at most, with 3 retries", () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(QUERY_GC_TIME_MS).toBe(600_000);
    expect(QUERY_RETRIES).toBe(3);
  });

  it("backs off exponentially, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("calls data stale once the fresh time has passed", () => {
    expect(isStale(0, QUERY_STALE_TIME_MS - 1)).toBe(false);
    expect(isStale(0, QUERY_STALE_TIME_MS)).toBe(true);
  });
});
