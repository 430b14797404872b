import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box.server";

describe("secret box", () => {
  it("opens what it sealed, with the same server secret and purpose only", () => {
    const sealed = sealSecret("sceau", "mot de passe du certificat", "secret-a");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("mot de passe");
    expect(openSecret("sceau", sealed, "secret-a")).toBe("mot de passe du certificat");
    expect(openSecret("sceau", sealed, "secret-b")).toBeNull();
    expect(openSecret("autre-usage", sealed, "secret-a")).toBeNull();
  });

  it("never seals twice alike, and refuses a value changed by one character or not sealed at all", () => {
    const a = sealSecret("sceau", "x", "s");
    expect(sealSecret("sceau", "x", "s")).not.toBe(a);
    const flipped = a.slice(0, -2) + (a.at(-2) === "A" ? "B" : "A") + a.at(-1);
    expect(openSecret("sceau", flipped, "s")).toBeNull();
    expect(openSecret("sceau", "en clair", "s")).toBeNull();
    expect(openSecret("sceau", "v1:", "s")).toBeNull();
  });
});
