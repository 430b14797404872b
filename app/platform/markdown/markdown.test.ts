import { describe, expect, it } from "vitest";
import { isSafeUrl, markdownToText, renderMarkdown, renderMarkdownWithHeadings } from "./markdown.server";

describe("markdown rendering", () => {
  it("renders the usual syntax: emphasis, lists, links, tables", () => {
    const html = renderMarkdown(
      "**gras** et *italique*\n\n- un\n- deux\n\n1. premier\n\n[Devis](/devis) et https://www.example.fr\n\n| a | b |\n|---|---|\n| 1 | 2 |",
    );
    expect(html).toContain("<strong>gras</strong>");
    expect(html).toContain("<em>italique</em>");
    expect(html).toContain("<ul>\n<li>un</li>");
    expect(html).toContain("<ol>");
    expect(html).toContain('<a href="/devis">Devis</a>');
    expect(html).toContain('<a href="https://www.example.fr" rel="noopener noreferrer">https://www.example.fr</a>');
    expect(html).toContain("<table>");
  });

  it("escapes raw HTML instead of rendering it", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nTexte <b onclick="x()">gras</b>');
    expect(html).not.toMatch(/<script|<img|<b /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;b onclick=&quot;x()&quot;&gt;");
  });

  it("refuses dangerous link and image URLs", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "file:///etc/passwd",
      "//evil.example/x",
    ]) {
      const html = renderMarkdown(`[clic](${url}) ![img](${url})`);
      expect(html, url).not.toMatch(/<a |<img /);
    }
    expect(isSafeUrl("mailto:contact@example.fr")).toBe(true);
    expect(isSafeUrl("tel:+33465710012")).toBe(true);
    expect(isSafeUrl("/formations?categorie=rh")).toBe(true);
    expect(isSafeUrl("#programme")).toBe(true);
    expect(isSafeUrl("formations/excel")).toBe(true);
  });

  it("keeps headings at or below the minimum level", () => {
    expect(renderMarkdown("# Un\n\n## Deux\n\n#### Quatre", { minHeadingLevel: 3 })).toBe("<h3>Un</h3>\n<h3>Deux</h3>\n<h4>Quatre</h4>\n");
    expect(renderMarkdown("# Un")).toBe("<h2>Un</h2>\n");
  });

  it("gives images lazy loading and extracts plain text", () => {
    expect(renderMarkdown("![Salle](/uploads/salle.webp)")).toContain('loading="lazy"');
    expect(markdownToText("## Titre\n\nDu **gras** & <b>du HTML</b>")).toBe("Titre Du gras & <b>du HTML</b>");
  });

  it("gives headings unique ids and lists them, for a table of contents", () => {
    const { html, headings } = renderMarkdownWithHeadings(
      "# Qui paie ?\n\ntexte\n\n## Qui **paie** ?\n\n### Les démarches d'un salarié\n\n## Contenu\n\n## <script>x</script>",
      {
        reservedIds: ["contenu"],
      },
    );
    expect(headings).toEqual([
      { id: "qui-paie", text: "Qui paie\u202f?", level: 2 },
      { id: "qui-paie-2", text: "Qui paie\u202f?", level: 2 },
      { id: "les-demarches-d-un-salarie", text: "Les démarches d'un salarié", level: 3 },
      { id: "contenu-2", text: "Contenu", level: 2 },
      { id: "script-x-script", text: "<script>x</script>", level: 2 },
    ]);
    expect(html).toContain('<h2 id="qui-paie">Qui paie\u202f?</h2>');
    expect(html).toContain('<h3 id="les-demarches-d-un-salarie">');
    expect(html).toContain('<h2 id="script-x-script">&lt;script&gt;x&lt;/script&gt;</h2>');
    expect(html).not.toContain("<script>");
  });

  it("keeps a heading's no-break space in the table of contents (« Pourquoi ? »), with the same id", () => {
    const { headings } = renderMarkdownWithHeadings("## Pourquoi\u00a0?\n\n## Qui   paie  encore");
    expect(headings).toEqual([
      { id: "pourquoi", text: "Pourquoi\u00a0?", level: 2 },
      { id: "qui-paie-encore", text: "Qui paie encore", level: 2 },
    ]);
  });
});
