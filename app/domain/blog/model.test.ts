import { describe, expect, it } from "vitest";
import { blogPostInputSchema, blogSeoOf, parseTags, publicationOf, shareLinks } from "./model";
import { effectiveStatus, formatPostDate, formatPostDateTime, isoToParisLocal, parisDay, parisLocalToIso, readingMinutes } from "./labels";
import { typeset } from "./demo-content";

const valid = {
  title: "Financer sa formation avec son OPCO",
  slug: "",
  excerpt: "Les démarches à connaître pour obtenir une prise en charge.",
  content: "## Les démarches\n\nTexte.",
  category: "financement",
  tags: "OPCO, financement",
  authorId: "",
  status: "draft",
  publishedAt: "",
  image: "",
  imageAlt: "",
  seoTitle: "",
  seoDescription: "",
};

describe("Paris time ↔ UTC instants", () => {
  it("reads a datetime-local value as Paris time, winter and summer", () => {
    expect(parisLocalToIso("2026-01-15T10:30")).toBe("2026-01-15T09:30:00.000Z");
    expect(parisLocalToIso("2026-07-15T10:30:15")).toBe("2026-07-15T08:30:15.000Z");
    // The night of the change to summer time (29 March 2026, 2:00 → 3:00).
    expect(parisLocalToIso("2026-03-29T01:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(parisLocalToIso("2026-03-29T03:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(parisLocalToIso("2026-10-25T12:00")).toBe("2026-10-25T11:00:00.000Z");
  });

  it("accepts full ISO instants and refuses nonsense", () => {
    expect(parisLocalToIso("2026-01-15T09:30:00.000Z")).toBe("2026-01-15T09:30:00.000Z");
    expect(parisLocalToIso("2026-01-15T10:30:00+01:00")).toBe("2026-01-15T09:30:00.000Z");
    for (const bad of ["", "demain", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T25:00", "2026-01-01"])
      expect(parisLocalToIso(bad), bad).toBeUndefined();
  });

  it("shows an instant as Paris wall-clock time, round trip", () => {
    expect(isoToParisLocal("2026-07-15T08:30:00.000Z")).toBe("2026-07-15T10:30");
    expect(isoToParisLocal("2026-07-15T08:30:15.000Z")).toBe("2026-07-15T10:30:15");
    expect(isoToParisLocal(null)).toBe("");
    expect(parisLocalToIso(isoToParisLocal("2026-12-31T23:30:00.000Z"))).toBe("2026-12-31T23:30:00.000Z");
    expect(parisDay("2026-12-31T23:30:00.000Z")).toBe("2027-01-01");
    expect(formatPostDate("2026-02-28T23:30:00.000Z")).toBe("1er mars 2026");
    // A scheduled time reads the French way, « 9 h 05 », the number and its « h » never split.
    expect(formatPostDateTime("2026-03-01T08:05:00.000Z")).toBe("1er mars 2026 à 9\u00a0h\u00a005");
  });
});

describe("publication rules", () => {
  const now = new Date("2026-05-10T12:00:00.000Z");
  it("tells drafts, scheduled and published posts apart at a given time", () => {
    expect(effectiveStatus({ status: "draft", publishedAt: "2026-01-01T00:00:00.000Z" }, now)).toBe("draft");
    expect(effectiveStatus({ status: "scheduled", publishedAt: "2026-05-10T12:00:01.000Z" }, now)).toBe("scheduled");
    expect(effectiveStatus({ status: "scheduled", publishedAt: "2026-05-10T12:00:00.000Z" }, now)).toBe("published");
    expect(effectiveStatus({ status: "published", publishedAt: "2026-06-01T00:00:00.000Z" }, now)).toBe("scheduled");
    expect(effectiveStatus({ status: "published", publishedAt: null }, now)).toBe("draft");
  });

  it("stores what a post is at the time of saving", () => {
    expect(publicationOf({ status: "published", publishedAt: null }, now)).toEqual({ status: "published", publishedAt: now.toISOString() });
    expect(publicationOf({ status: "published", publishedAt: "2026-06-01T00:00:00.000Z" }, now)).toEqual({
      status: "scheduled",
      publishedAt: "2026-06-01T00:00:00.000Z",
    });
    expect(publicationOf({ status: "scheduled", publishedAt: "2026-01-01T00:00:00.000Z" }, now)).toEqual({
      status: "published",
      publishedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(publicationOf({ status: "draft", publishedAt: null }, now)).toEqual({ status: "draft", publishedAt: null });
  });

  it("computes the reading time and the SEO fallbacks", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1000)).toBe(5);
    expect(blogSeoOf({ title: "Titre", excerpt: "Chapeau", seoTitle: "", seoDescription: "" })).toEqual({
      title: "Titre",
      description: "Chapeau",
    });
    expect(
      blogSeoOf({ title: "Titre", excerpt: "x ".repeat(200), seoTitle: "SEO", seoDescription: "" }).description.length,
    ).toBeLessThanOrEqual(160);
  });
});

describe("tags", () => {
  it("splits, trims and de-duplicates (case and accents ignored)", () => {
    expect(parseTags("CPF, reconversion ; Réconversion,, #OPCO\n  Qualiopi ")).toEqual([
      { slug: "cpf", name: "CPF" },
      { slug: "reconversion", name: "reconversion" },
      { slug: "opco", name: "OPCO" },
      { slug: "qualiopi", name: "Qualiopi" },
    ]);
    expect(parseTags(["a, b", "B"])).toEqual([
      { slug: "a", name: "a" },
      { slug: "b", name: "b" },
    ]);
    expect(parseTags(undefined)).toEqual([]);
  });
});

describe("the editor's input", () => {
  it("accepts a complete draft and reads the form's strings", () => {
    const data = blogPostInputSchema.parse({ ...valid, formationIds: "f1", publishedAt: "2026-07-15T10:30" });
    expect(data.tags).toEqual([
      { slug: "opco", name: "OPCO" },
      { slug: "financement", name: "financement" },
    ]);
    expect(data.formationIds).toEqual(["f1"]);
    expect(data.authorId).toBeNull();
    expect(data.publishedAt).toBe("2026-07-15T08:30:00.000Z");
  });

  it("refuses what breaks a rule, with French messages by field", () => {
    const result = blogPostInputSchema.safeParse({
      ...valid,
      title: "Non",
      slug: "a-vs-b",
      excerpt: "court",
      content: " ",
      category: "inconnue",
      status: "scheduled",
      tags: Array.from({ length: 11 }, (_, i) => `mot ${i}`).join(","),
      image: JSON.stringify({ key: "../../etc/passwd", width: 10, height: 10, widths: [10], formats: ["webp"] }),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages.title).toBe("Le titre comporte au moins 5 caractères.");
    expect(messages.slug).toMatch(/réservé aux pages de comparaison/);
    expect(messages.excerpt).toBe("Le chapeau comporte au moins 20 caractères.");
    expect(messages.content).toBe("Le contenu est obligatoire.");
    expect(messages.category).toBe("Choisissez une catégorie dans la liste.");
    expect(messages.tags).toBe("10 mots-clés au plus.");
    expect(messages.image).toContain("envoyez-la de nouveau");
    const scheduled = blogPostInputSchema.safeParse({ ...valid, status: "scheduled" });
    expect(scheduled.error!.issues[0]).toMatchObject({
      path: ["publishedAt"],
      message: "Indiquez le jour et l'heure de publication de l'article programmé.",
    });
    const badDate = blogPostInputSchema.safeParse({ ...valid, publishedAt: "31/12/2026" });
    expect(badDate.error!.issues[0]!.message).toBe("La date de publication n'est pas valide (jour et heure).");
    const image = {
      key: "blog/0f8fad5b-d9cb-469f-a165-70867728950e",
      width: 1200,
      height: 630,
      widths: [480, 960, 1200],
      formats: ["avif", "webp"],
    };
    const noAlt = blogPostInputSchema.safeParse({ ...valid, image: JSON.stringify(image) });
    expect(noAlt.error!.issues[0]!.path).toEqual(["imageAlt"]);
    expect(blogPostInputSchema.safeParse({ ...valid, image: JSON.stringify(image), imageAlt: "Une salle de formation" }).success).toBe(
      true,
    );
  });
});

describe("share links and typography", () => {
  it("builds plain links to the networks' own pages, URL-encoded", () => {
    const links = shareLinks("https://exemple.fr/blog/a?b=1", "Titre & « guillemets »");
    expect(links.map((l) => l.network)).toEqual(["linkedin", "facebook", "x", "email"]);
    expect(links[0]!.href).toBe("https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexemple.fr%2Fblog%2Fa%3Fb%3D1");
    expect(links[3]!.href).toMatch(/^mailto:\?subject=Titre%20%26%20/);
  });

  it("adds French non-breaking spaces", () => {
    expect(typeset("Qui paie ? Voici : « le CPF » ; bien !")).toBe("Qui paie\u00a0? Voici\u00a0: «\u00a0le CPF\u00a0»\u00a0; bien\u00a0!");
    expect(typeset("[lien](https://exemple.fr)")).toBe("[lien](https://exemple.fr)");
  });
});

describe("images of the text without a description", () => {
  it("counts `![](…)` images, and publishing refuses them with a French message (a draft keeps them)", async () => {
    const { imagesWithoutAlt, missingAltMessage } = await import("./model");
    expect(imagesWithoutAlt("![](/uploads/a.webp) et ![Un graphique](/uploads/b.webp) et ![ ](/uploads/c.webp)")).toBe(2);
    expect(missingAltMessage(1)).toBe(
      "Une image du texte n'a pas de description\u00a0: écrivez entre les crochets de «\u00a0![](…)\u00a0» ce que montre l'image.",
    );
    expect(missingAltMessage(2)).toMatch(/^2\u00a0images du texte n'ont pas de description/);
  });
});
