import { describe, expect, it } from "vitest";
import { escapeXml, xmlText } from "./xml";

describe("XML text", () => {
  it("escapes markup characters", () => {
    expect(escapeXml(`a < b & "c" > 'd'`)).toBe("a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;");
  });

  it("drops what XML 1.0 forbids and the non-characters, keeps the rest of Unicode", () => {
    expect(xmlText("a\u0000b\u0007c\u000Bd\u001Fe")).toBe("abcde");
    expect(xmlText("tab\tline\nreturn\r")).toBe("tab\tline\nreturn\r");
    expect(xmlText("x\uFFFEy\uFFFFz")).toBe("xyz");
    expect(xmlText("lone \uD800 surrogate \uDC00")).toBe("lone  surrogate ");
    expect(xmlText("\uFDD0\u{1FFFE}\u{10FFFF}ok")).toBe("ok");
    expect(xmlText("Pâtisserie 🎂 ‮ ✓")).toBe("Pâtisserie 🎂 ‮ ✓");
  });
});
