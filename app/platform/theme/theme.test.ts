import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../tests/support/memory-storage";
import { DEFAULT_THEME, LEGACY_THEME_KEY, THEME_KEY, readTheme, resolveTheme } from "./theme";

describe("theme preference", () => {
  it("defaults to light", () => {
    expect(DEFAULT_THEME).toBe("light");
    expect(readTheme(new MemoryStorage())).toBe("light");
  });

  it("reads the value stored under `theme`", () => {
    const s = new MemoryStorage();
    s.setItem(THEME_KEY, "dark");
    expect(readTheme(s)).toBe("dark");
  });

  it("migrates a value found under the legacy key ui-theme", () => {
    const s = new MemoryStorage();
    s.setItem(LEGACY_THEME_KEY, "system");
    expect(readTheme(s)).toBe("system");
    expect(s.getItem(THEME_KEY)).toBe("system");
    expect(s.getItem(LEGACY_THEME_KEY)).toBeNull();
  });

  it("ignores invalid values", () => {
    const s = new MemoryStorage();
    s.setItem(THEME_KEY, "purple");
    expect(readTheme(s)).toBe("light");
  });

  it("resolves system from the device preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme("light", true)).toBe("light");
  });
});
