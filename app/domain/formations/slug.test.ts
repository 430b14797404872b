import { describe, expect, it } from "vitest";
import {
  categoryCityPath,
  comparisonPath,
  normalizeForSearch,
  parseCategorySegment,
  parseComparisonPair,
  slugProblem,
  slugify,
  uniqueSlug,
} from "./slug";

describe("slugify", () => {
  it("builds lower-case ASCII slugs from French titles", () => {
    expect(slugify("Excel : les tableaux croisés dynamiques")).toBe("excel-les-tableaux-croises-dynamiques");
    expect(slugify("Sauveteur secouriste du travail (SST) – initial")).toBe("sauveteur-secouriste-du-travail-sst-initial");
    expect(slugify("L'œil du manager : déléguer à l'équipe")).toBe("l-oeil-du-manager-deleguer-a-l-equipe");
    expect(slugify("  Ça, c'est « génial » !  ")).toBe("ca-c-est-genial");
  });

  it("never produces the comparison separator", () => {
    expect(slugify("Excel vs Google Sheets")).toBe("excel-versus-google-sheets");
    expect(slugify("VS Code pour débutants")).toBe("versus-code-pour-debutants");
    expect(slugProblem(slugify("Excel vs Google Sheets"))).toBeUndefined();
  });

  it("cuts long titles at a word boundary", () => {
    const slug = slugify("formation ".repeat(20));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug.split("-").every((w) => w === "formation")).toBe(true);
  });
});

describe("slug rules", () => {
  it("accepts valid slugs and explains refusals in French", () => {
    expect(slugProblem("management-d-equipe-2")).toBeUndefined();
    expect(slugProblem("")).toMatch(/obligatoire/);
    expect(slugProblem("Excel")).toMatch(/minuscules/);
    expect(slugProblem("excel--avance")).toMatch(/tirets simples/);
    expect(slugProblem("-excel")).toMatch(/tirets simples/);
    expect(slugProblem("excel-vs-word")).toMatch(/«\s?vs\s?»/);
    expect(slugProblem("vs-word")).toMatch(/«\s?vs\s?»/);
    expect(slugProblem("excel-vs")).toMatch(/«\s?vs\s?»/);
    expect(slugProblem("a".repeat(81))).toMatch(/80 caractères/);
    expect(slugProblem("versus-excel")).toBeUndefined();
  });

  it("makes a slug unique with a numbered suffix", async () => {
    const taken = new Set(["excel", "excel-2"]);
    expect(await uniqueSlug("excel", async (s) => taken.has(s))).toBe("excel-3");
    expect(await uniqueSlug("word", async (s) => taken.has(s))).toBe("word");
    const long = "a".repeat(80);
    const result = await uniqueSlug(long, async (s) => s === long);
    expect(result).toBe(`${"a".repeat(78)}-2`);
  });
});

describe("comparison URLs", () => {
  it("have one canonical order per pair (alphabetical)", () => {
    expect(comparisonPath("word-initiation", "excel-avance")).toBe("/comparatif/excel-avance-vs-word-initiation");
    expect(comparisonPath("excel-avance", "word-initiation")).toBe("/comparatif/excel-avance-vs-word-initiation");
  });

  it("parse a pair and tell whether it is canonical", () => {
    expect(parseComparisonPair("excel-avance-vs-word-initiation")).toEqual({
      first: "excel-avance",
      second: "word-initiation",
      canonical: true,
      canonicalPath: "/comparatif/excel-avance-vs-word-initiation",
    });
    const reversed = parseComparisonPair("word-initiation-vs-excel-avance");
    expect(reversed?.canonical).toBe(false);
    expect(reversed?.canonicalPath).toBe("/comparatif/excel-avance-vs-word-initiation");
  });

  it("refuse anything that is not two different valid slugs", () => {
    expect(parseComparisonPair("excel-avance")).toBeUndefined();
    expect(parseComparisonPair("a-vs-b-vs-c")).toBeUndefined();
    expect(parseComparisonPair("excel-vs-excel")).toBeUndefined();
    expect(parseComparisonPair("Excel-vs-word")).toBeUndefined();
    expect(parseComparisonPair("-vs-word")).toBeUndefined();
    expect(parseComparisonPair("excel-vs-vs-word")).toBeUndefined();
  });
});

describe("category pages", () => {
  it("read `formation-{one word}` only", () => {
    expect(parseCategorySegment("formation-bureautique")).toBe("bureautique");
    expect(parseCategorySegment("formation-securite-travail")).toBeUndefined();
    expect(parseCategorySegment("formations-bureautique")).toBeUndefined();
    expect(parseCategorySegment("formation-")).toBeUndefined();
    expect(parseCategorySegment("blog")).toBeUndefined();
    expect(categoryCityPath("rh", "lyon")).toBe("/formation-rh/lyon");
  });
});

describe("search normalisation", () => {
  it("ignores accents, case and punctuation", () => {
    expect(normalizeForSearch("Sécurité INCENDIE : l'évacuation")).toBe("securite incendie l evacuation");
    expect(normalizeForSearch("Cœur de métier")).toBe("coeur de metier");
  });
});
