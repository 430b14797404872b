import { describe, expect, it } from "vitest";
import { LONG_WORD, SOFT_HYPHEN, visitorTextForPdf } from "./visitor-text";

/** A font that draws Latin, Greek and Cyrillic only (Liberation Sans covers those, not CJK nor emoji). */
const latin = (cp: number) => cp < 0x0530 || (cp >= 0x2000 && cp < 0x2070);

describe("visitor text in a PDF", () => {
  it("removes bidirectional controls (overrides, embeddings, isolates, marks)", () => {
    expect(visitorTextForPdf("Claire \u202eDupré", latin)).toBe("Claire Dupré");
    expect(visitorTextForPdf("\u2067Dupré\u2069 \u200fSARL\u202c", latin)).toBe("Dupré SARL");
  });

  it("removes emoji and pictographs with their joiners and variation selectors, and the spaces they leave", () => {
    expect(visitorTextForPdf("Élise 😀 Martin", latin)).toBe("Élise Martin");
    expect(visitorTextForPdf("👩\u200d💻 Dev ❤\ufe0f 🇫🇷", latin)).toBe("Dev");
    expect(visitorTextForPdf("😀", latin)).toBe("");
  });

  it("prints a character the font lacks in its compatibility form when the font has it, else leaves it out", () => {
    expect(visitorTextForPdf("𝐉𝐞𝐚𝐧 ﬁne", latin)).toBe("Jean fine");
    expect(visitorTextForPdf("Li 李 Wei", latin)).toBe("Li Wei");
    // Every character the font has stays: accents (composed), ligature œ, « », apostrophes.
    expect(visitorTextForPdf("Ne\u0301gociant «\u00a0Œuvre\u00a0» l’été", latin)).toBe("Négociant «\u00a0Œuvre\u00a0» l’été");
  });

  it("gives over-long words break opportunities every ten characters, and leaves French words whole", () => {
    const long = "Wolfeschlegelsteinhausenbergerdorff";
    expect(visitorTextForPdf(long, latin)).toBe(["Wolfeschle", "gelsteinha", "usenberger", "dorff"].join(SOFT_HYPHEN));
    for (const word of ["internationalisation", "anticonstitutionnel", "Saint-Rémy-de-Provence"])
      expect(visitorTextForPdf(word, latin), word).toBe(word);
    expect("anticonstitutionnellement".length).toBeLessThanOrEqual(LONG_WORD);
  });

  it("keeps visitor soft hyphens and controls out, and spaces single", () => {
    expect(visitorTextForPdf("  Jean\u00ad\tPaul\n\u0007Durand  ", latin)).toBe("Jean Paul Durand");
  });
});
