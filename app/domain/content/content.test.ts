import { describe, expect, it } from "vitest";
import { DEMO_CATEGORIES } from "~/domain/formations/demo-content";
import { categoryHref } from "./categories";
import { categoryIcon } from "./components";
import { formatDateFr, formatMonthFr, formatMonthsFr, telHref } from "./format";
import { ACCESSIBILITY_AUDIT, LEGAL_UPDATED_AT } from "./legal";
import { QUALIOPI_CRITERIA, qualiopiDetails } from "./qualiopi";
import { STRENGTHS } from "./strengths";
import { FEATURED_TESTIMONIAL_IDS, SATISFACTION_RESULTS, TESTIMONIALS, featuredTestimonials } from "./testimonials";
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
  it("has at least nine complete testimonials, dated in the past, rated 1 to 5", () => {
    expect(TESTIMONIALS.length).toBeGreaterThanOrEqual(9);
    const ids = new Set(TESTIMONIALS.map((t) => t.id));
    expect(ids.size).toBe(TESTIMONIALS.length);
    for (const t of TESTIMONIALS) {
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(t.rating)).toBe(true);
      expect(t.date).toMatch(/^\d{4}-\d{2}$/);
      expect(t.date <= LEGAL_UPDATED_AT.cookies.slice(0, 7)).toBe(true);
      expect(t.lastInitial).toMatch(/^\p{Lu}\.$/u);
      for (const field of [t.firstName, t.role, t.companyType, t.formation, t.text]) expect(field.trim()).not.toBe("");
      expect(DEMO_CATEGORIES.some((c) => c.slug === t.category)).toBe(true);
    }
  });

  it("features exactly three existing testimonials on the home page", () => {
    expect(featuredTestimonials().map((t) => t.id)).toEqual([...FEATURED_TESTIMONIAL_IDS]);
    expect(featuredTestimonials()).toHaveLength(3);
  });

  it("publishes dated results with plausible rates", () => {
    expect(SATISFACTION_RESULTS.measuredOn).toMatch(/^\d{4}-\d{2}$/);
    for (const rate of [
      SATISFACTION_RESULTS.satisfactionRate,
      SATISFACTION_RESULTS.recommendationRate,
      SATISFACTION_RESULTS.certificationSuccessRate,
      SATISFACTION_RESULTS.completionRate,
    ]) {
      expect(rate).toBeGreaterThan(0);
      expect(rate).toBeLessThanOrEqual(100);
    }
  });

  it("links a category to the filtered catalogue, with its own icon or the generic one", () => {
    expect(categoryHref("rh")).toBe("/formations?categorie=rh");
    expect(categoryIcon("bureautique")).not.toBe(categoryIcon("categorie-ajoutee"));
    expect(categoryIcon("categorie-ajoutee")).toBe(categoryIcon("autre-ajout"));
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

  it("gives each strength a title, a short version and points", () => {
    for (const s of STRENGTHS) {
      expect(s.title && s.short && s.intro).toBeTruthy();
      expect(s.points.length).toBeGreaterThan(0);
    }
  });
});
