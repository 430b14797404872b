import { describe, expect, it } from "vitest";
import { createQueryClient, retryDelay } from "./query-client";

describe("query client", () => {
  it("uses the spec's constants", () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(5 * 60 * 1000);
    expect(q.gcTime).toBe(10 * 60 * 1000);
    expect(q.retry).toBe(3);
  });

  it("backs off exponentially up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
