import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { categoryHref } from "./categories";
import { ILLUSTRATIONS, illustrationName, illustrationUrl } from "~/ui/illustration";
import { telHref } from "~/platform/format";
import { formatDateFr, formatMonthFr, formatMonthsFr } from "./format";
import { ACCESSIBILITY_AUDIT } from "./legal";
import { QUALIOPI_CRITERIA } from "./qualiopi-criteria";
import { qualiopiDetails } from "./qualiopi";
import { bodyBlocks, bodySummary } from "./claims";
import { DEMO_ARGUMENTS, DEMO_RESULTS, DEMO_TESTIMONIALS } from "./claims-demo.server";
import { argumentSchema, resultSchema, testimonialSchema } from "./claims-schema";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";

describe("French formatting", () => {
  it("writes dates in French, with « 1er » for the first day of a month", () => {
    expect(formatDateFr("2028-03-14")).toBe("14 mars 2028");
    expect(formatDateFr("2022-01-01")).toBe("1er janvier 2022");
    expect(formatMonthFr("2026-10")).toBe("octobre 2026");
    expect(formatDateFr("pas une date")).toBe("pas une date");
  });

  it("writes durations in months with the equivalent in years", () => {
    expect(formatMonthsFr(36)).toBe("36\u00a0mois (3\u00a0ans)");
    expect(formatMonthsFr(12)).toBe("12\u00a0mois (1\u00a0an)");
    expect(formatMonthsFr(18)).toBe("18\u00a0mois");
  });

  it("builds tel: links from displayed phone numbers", () => {
    expect(telHref("04 65 71 00 12")).toBe("tel:0465710012");
    expect(telHref("+33 4 65 71 00 12")).toBe("tel:+33465710012");
  });
});

describe("static content", () => {
  it("has demonstration testimonials that the admin form accepts as they are", () => {
    expect(DEMO_TESTIMONIALS.length).toBeGreaterThanOrEqual(9);
    expect(new Set(DEMO_TESTIMONIALS.map((t) => t.id)).size).toBe(DEMO_TESTIMONIALS.length);
    for (const t of DEMO_TESTIMONIALS) {
      const parsed = testimonialSchema.safeParse({ ...t, rating: String(t.rating), consent: "on", consentOn: t.givenOn, published: "on" });
      expect(parsed.success, t.id).toBe(true);
      expect(t.lastInitial).toMatch(/^\p{Lu}\.$/u);
    }
    for (const r of DEMO_RESULTS)
      expect(resultSchema.safeParse({ ...r, period: "2025", sampleSize: "1027", measuredOn: "2026-01-15" }).success).toBe(true);
    for (const a of DEMO_ARGUMENTS) expect(argumentSchema.safeParse(a).success).toBe(true);
  });

  it("refuses to publish a testimonial without a recorded consent, and asks for the consent's date", () => {
    const base = { quote: "Très bien.", firstName: "Léa", lastInitial: "b", context: "Comptable", givenOn: "2026-05-02" };
    const noConsent = testimonialSchema.safeParse({ ...base, published: "on" });
    expect(noConsent.success).toBe(false);
    expect(noConsent.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["consent", "Un témoignage ne peut être publié qu'avec l'accord écrit de son auteur."],
    ]);
    const noDate = testimonialSchema.safeParse({ ...base, consent: "on" });
    expect(noDate.error?.issues[0]?.path).toEqual(["consentOn"]);
    const ok = testimonialSchema.parse({ ...base, consent: "on", consentOn: "2026-05-03", published: "on" });
    expect(ok).toMatchObject({ lastInitial: "B.", consent: true, published: true, rating: null, formationId: null });
  });

  it("reads an argument's text as paragraphs and lists", () => {
    const body = "Premier paragraphe\nsur deux lignes.\n\n- un point\n- un autre\n\nFin.";
    expect(bodyBlocks(body)).toEqual([
      { kind: "p", text: "Premier paragraphe sur deux lignes." },
      { kind: "ul", items: ["un point", "un autre"] },
      { kind: "p", text: "Fin." },
    ]);
    expect(bodySummary(body)).toBe("Premier paragraphe sur deux lignes.");
  });

  it("links a category to the filtered catalogue, with its own illustration or a steady one of the set", () => {
    expect(categoryHref("rh")).toBe("/formations?categorie=rh");
    expect(illustrationUrl("bureautique", "light")).toBe("/illustrations/bureautique-light.svg");
    expect(illustrationUrl("rh", "dark")).toBe("/illustrations/rh-dark.svg");
    // A category added later gets a drawing of the set, always the same one.
    expect(ILLUSTRATIONS).toContain(illustrationName("categorie-ajoutee"));
    expect(illustrationName("categorie-ajoutee")).toBe(illustrationName("categorie-ajoutee"));
    for (const name of ILLUSTRATIONS)
      for (const theme of ["light", "dark"] as const)
        expect(existsSync(`public${illustrationUrl(name, theme)}`), `${name}-${theme}`).toBe(true);
  });

  it("lists the seven Qualiopi criteria and states the certificate from the settings", () => {
    expect(QUALIOPI_CRITERIA).toHaveLength(7);
    expect(qualiopiDetails(DEMO_ORGANISATION)).toBe(
      "certificat n°\u00a0QUA-2025-04187, délivré par AFNOR Certification, valable jusqu'au 14 mars 2028",
    );
    expect(qualiopiDetails({ ...DEMO_ORGANISATION, qualiopiCertifier: "", qualiopiValidUntil: "" })).toBe(
      "certificat n°\u00a0QUA-2025-04187",
    );
  });

  it("keeps the accessibility audit figures consistent", () => {
    const a = ACCESSIBILITY_AUDIT;
    expect(a.conform + a.nonConform).toBe(a.applicable);
    expect(a.nonConformities).toHaveLength(a.nonConform);
    expect(a.rate).toBe(Math.round((a.conform / a.applicable) * 1000) / 10);
    // « Partiellement conforme » in the RGAA means a rate of at least 50 % and below 100 %.
    expect(a.rate).toBeGreaterThanOrEqual(50);
    expect(a.rate).toBeLessThan(100);
  });
});
