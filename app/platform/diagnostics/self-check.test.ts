import { describe, expect, it } from "vitest";
import { prototypeProblem, selfCheck } from "./self-check.server";

/** /readyz turns unhealthy when a built-in prototype is polluted (finding: pollution left /readyz green). */
describe("prototype self-check", () => {
  it("names a key added to Object.prototype, and is clean again once it is gone", async () => {
    expect(prototypeProblem()).toBeNull();
    try {
      (Object.prototype as any).zzPolluted = 1;
      expect(prototypeProblem()).toBe("prototype modifié : zzPolluted");
      // What /readyz reports (before any other check).
      await expect(selfCheck()).resolves.toBe("prototype modifié : zzPolluted");
    } finally {
      delete (Object.prototype as any).zzPolluted;
    }
    expect(prototypeProblem()).toBeNull();
  });

  it("notices a replaced built-in method too", () => {
    const original = Object.prototype.toString;
    try {
      // What `__proto__.toString=x` did: mail delivery stopped for everyone.
      (Object.prototype as any).toString = "x";
      expect(prototypeProblem()).toBe("prototype modifié : toString");
    } finally {
      Object.prototype.toString = original;
    }
    expect(prototypeProblem()).toBeNull();
  });
});
