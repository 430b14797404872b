import { describe, expect, it } from "vitest";
import { clampDescription, pageMeta, pageTitle } from "./meta";

const NBSP = "\u00a0";
const args = (pathname: string, search = "") => ({
  matches: [{ id: "root", loaderData: { siteUrl: "https://exemple.fr", siteName: "Formavia" } }],
  location: { pathname, search },
});
const find = (tags: ReturnType<typeof pageMeta>, key: string) =>
  tags.find((t) => (t as Record<string, string>).name === key || (t as Record<string, string>).rel === key) as
    Record<string, string> | undefined;

describe("page meta", () => {
  it("adds the organisation to a title only when the whole fits in 60 characters", () => {
    expect(pageTitle("Mentions légales", "Formavia")).toBe("Mentions légales | Formavia");
    expect(pageTitle(`Pourquoi nous choisir${NBSP}: nos engagements de formation`, "Formavia")).toBe(
      `Pourquoi nous choisir${NBSP}: nos engagements de formation`,
    );
    const long = pageTitle("Intelligence artificielle générative au travail : usages, limites et bonnes pratiques", "Formavia");
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toBe("Intelligence artificielle générative au travail : usages…");
  });

  it("keeps descriptions within 160 characters, cut at a word, with their no-break spaces", () => {
    const text = `Qui paie votre formation${NBSP}? ${"L'OPCO de votre employeur, votre CPF, France Travail. ".repeat(4)}`;
    const clamped = clampDescription(text);
    expect(clamped.length).toBeLessThanOrEqual(160);
    expect(clamped).toMatch(/…$/);
    expect(clamped).toContain(`formation${NBSP}?`);
    expect(clampDescription("Courte.")).toBe("Courte.");
  });

  it("gives page 2 onwards of a list a self-referencing canonical, and Twitter cards everywhere", () => {
    expect(
      find(pageMeta(args("/formations", "?page=2&tri=prix"), { title: "T", description: "D", path: "/formations" }), "canonical")?.href,
    ).toBe("https://exemple.fr/formations?page=2");
    expect(find(pageMeta(args("/blog", "?page=1"), { title: "T", description: "D" }), "canonical")?.href).toBe("https://exemple.fr/blog");
    const plain = pageMeta(args("/"), { title: "T", description: "D" });
    expect(find(plain, "twitter:card")?.content).toBe("summary");
    expect(find(plain, "twitter:title")?.content).toBe("T");
    expect(find(plain, "twitter:description")?.content).toBe("D");
    const pictured = pageMeta(args("/blog/x"), { title: "T", description: "D", image: "/uploads/x.webp" });
    expect(find(pictured, "twitter:card")?.content).toBe("summary_large_image");
    expect(find(pictured, "twitter:image")?.content).toBe("https://exemple.fr/uploads/x.webp");
  });
});
