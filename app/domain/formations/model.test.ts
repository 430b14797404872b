import { describe, expect, it } from "vitest";
import { cityInputSchema, nearestCities } from "~/domain/cities/model";
import { categoryInputSchema, formationInputSchema } from "./model";
import { fundingRoutes, priceLabel } from "./labels";
import { INDICATOR_3, formationInput } from "./test-fixtures";
import { fieldErrorsOf } from "~/platform/validation/errors";

function errorsOf(input: unknown) {
  const result = formationInputSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("formation validation", () => {
  it("accepts a complete formation", () => {
    const result = formationInputSchema.safeParse(formationInput());
    expect(result.success).toBe(true);
  });

  it("reports every missing required field in French, keyed by field", () => {
    const errors = errorsOf({});
    expect(errors.title).toBe("Le titre est obligatoire.");
    expect(errors.summary).toBe("Le résumé est obligatoire.");
    expect(errors.prerequisites).toMatch(/^Les prérequis/);
    expect(errors.durationHours).toBe("La durée en heures est obligatoire.");
    expect(errors.modality).toMatch(/Choisissez une modalité/);
    expect(errors.contactEmail).toBe("L'e-mail du contact est obligatoire.");
    expect(errors.program).toBe("Ajoutez au moins un module au programme.");
    expect(errors.objectives).toMatch(/au moins une ligne/);
  });

  it("reads form strings: decimal comma, checkboxes, one objective per line", () => {
    const data = formationInputSchema.parse(
      formationInput({
        priceInter: "1 290,50 €",
        durationHours: "3,5",
        durationDays: "0,5",
        cpfEligible: undefined,
        intraOnQuote: "on",
        objectives: "- Premier\n\n• Second\r\n",
      }),
    );
    expect(data.priceInter).toBe(1290.5);
    expect(data.durationHours).toBe(3.5);
    expect(data.intraOnQuote).toBe(true);
    expect(data.cpfEligible).toBe(false);
    expect(data.objectives).toEqual(["Premier", "Second"]);
  });

  it("treats an empty price as « sur devis » and refuses text", () => {
    expect(formationInputSchema.parse(formationInput({ priceInter: "" })).priceInter).toBeNull();
    expect(errorsOf(formationInput({ priceInter: "cher" })).priceInter).toBe(
      "«\u00a0cher\u00a0» n'est pas un prix\u00a0: écrivez un montant en euros, par exemple 1\u00a0200 ou 1\u00a0200,50 (ou laissez vide pour «\u00a0sur devis\u00a0»).",
    );
    expect(errorsOf(formationInput({ priceInter: -5 })).priceInter).toMatch(/au moins 0/);
  });

  it("requires the certification details for a certifying course, and a certification for the CPF", () => {
    const errors = errorsOf(formationInput({ certificationType: "rncp", cpfEligible: true }));
    expect(errors.certificationCode).toMatch(/code RNCP est obligatoire/);
    expect(errors.certificationTitle).toMatch(/intitulé exact/);
    expect(errors.certifier).toMatch(/certificateur/);
    expect(errors.certificationRegisteredAt).toMatch(/date d'enregistrement/);
    expect(errorsOf(formationInput({ cpfEligible: true })).cpfEligible).toMatch(/Seule une formation certifiante/);
    expect(errorsOf(formationInput({ certificationType: "rs", certificationCode: "RNCP123" })).certificationCode).toMatch(
      /RS suivi de chiffres/,
    );
    const ok = formationInputSchema.safeParse(
      formationInput({
        certificationType: "rs",
        certificationCode: "rs 5252",
        certificationTitle: "Tosa Excel",
        certifier: "Isograd",
        certificationRegisteredAt: "2020-12-14",
        ...INDICATOR_3,
        cpfEligible: true,
      }),
    );
    expect(ok.success).toBe(true);
    expect(ok.data?.certificationCode).toBe("RS5252");
  });

  it("requires the measurement date of result indicators", () => {
    expect(errorsOf(formationInput({ resultsMeasuredAt: "" })).resultsMeasuredAt).toMatch(/date à laquelle/);
    expect(errorsOf(formationInput({ resultsMeasuredAt: "2025-02-30" })).resultsMeasuredAt).toMatch(/pas une date valide/);
    expect(errorsOf(formationInput({ satisfactionRate: 120 })).satisfactionRate).toMatch(/ne dépasse pas 100/);
  });

  it("checks sessions against the modality and the formation's cities", () => {
    const base = { modality: "presentiel", cityIds: ["lyon"] };
    const errors = errorsOf(
      formationInput({
        ...base,
        sessions: [
          { startDate: "2026-05-10", endDate: "2026-05-09", cityId: "lyon", seatsLeft: 4 },
          { startDate: "2026-05-10", endDate: "2026-05-11", cityId: "", seatsLeft: 4 },
          { startDate: "2026-05-10", endDate: "2026-05-11", cityId: "paris", seatsLeft: "-1" },
        ],
      }),
    );
    expect(errors["sessions.0.endDate"]).toBe("La date de fin ne peut pas précéder la date de début.");
    expect(errors["sessions.1.cityId"]).toMatch(/présentiel a lieu dans une ville/);
    expect(errors["sessions.2.cityId"]).toMatch(/doit aussi être cochée/);
    expect(errors["sessions.2.seatsLeft"]).toMatch(/au moins 0/);
    expect(errorsOf(formationInput({ modality: "presentiel", cityIds: [] })).cityIds).toMatch(/au moins une ville/);
  });

  it("refuses a slug with « vs » or capitals, accepts an empty one (derived from the title)", () => {
    expect(errorsOf(formationInput({ slug: "excel-vs-sheets" })).slug).toMatch(/«\s?vs\s?»/);
    expect(errorsOf(formationInput({ slug: "excel_avance" })).slug).toMatch(/lettres minuscules/);
    expect(formationInputSchema.parse(formationInput({ slug: " Excel-Avance " })).slug).toBe("excel-avance");
    expect(formationInputSchema.parse(formationInput({ slug: "" })).slug).toBe("");
  });

  it("requires alternative text with an image, and limits SEO fields", () => {
    const image = {
      key: "formations/0f8fad5b-d9cb-469f-a165-70867728950e",
      width: 1600,
      height: 900,
      widths: [480, 960],
      formats: ["avif", "webp"],
    };
    expect(errorsOf(formationInput({ image })).imageAlt).toMatch(/texte alternatif/);
    expect(errorsOf(formationInput({ image: JSON.stringify(image), imageAlt: "Une salle de formation" }))).toEqual({});
    expect(errorsOf(formationInput({ seoTitle: "x".repeat(71) })).seoTitle).toMatch(/70 caractères/);
  });

  it("accepts only an image key the site's upload produced", () => {
    const image = (key: string) => JSON.stringify({ key, width: 1600, height: 900, widths: [480, 960, 1600], formats: ["avif", "webp"] });
    const withImage = (key: string) => errorsOf(formationInput({ image: image(key), imageAlt: "Une salle de formation" }));
    for (const key of [
      "../x",
      "formations/abc",
      "https://evil.example/a.png",
      "formations/../../etc/passwd",
      "//evil.example/a",
      "formations/0f8fad5b-d9cb-469f-a165-70867728950e/../../x",
      "autre/0f8fad5b-d9cb-469f-a165-70867728950e",
    ]) {
      expect(withImage(key)["image.key"], key).toMatch(/^Cette image ne vient pas du téléversement du site\s?: envoyez-la de nouveau\.$/);
    }
    expect(withImage("formations/0f8fad5b-d9cb-469f-a165-70867728950e")).toEqual({});
    const parsed = formationInputSchema.parse(
      formationInput({ image: image("formations/0f8fad5b-d9cb-469f-a165-70867728950e"), imageAlt: "Une salle de formation" }),
    );
    expect(parsed.image?.key).toBe("formations/0f8fad5b-d9cb-469f-a165-70867728950e");
  });
});

describe("display rules", () => {
  it("labels the price and the funding routes with their pages", () => {
    expect(priceLabel({ priceInter: null, vatMode: "ht" })).toBe("Sur devis");
    expect(priceLabel({ priceInter: 1290, vatMode: "ht" })).toMatch(/^1\s290\s€ HT par personne$/);
    // A price with cents shows both of them, as everywhere else (one rule: ~/platform/format).
    expect(priceLabel({ priceInter: 22.5, vatMode: "ht" })).toMatch(/^22,50\s€ HT par personne$/);
    expect(fundingRoutes({ cpfEligible: true, fundingOptions: ["particulier", "entreprise"], opcos: ["akto"] }).map((r) => r.href)).toEqual(
      ["/financement/cpf", "/financement/entreprise", "/financement/particulier", "/financement/akto"],
    );
  });
});

describe("categories and cities", () => {
  it("requires a one-word category slug", () => {
    expect(
      categoryInputSchema.safeParse({ slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint au quotidien." })
        .success,
    ).toBe(true);
    const bad = categoryInputSchema.safeParse({
      slug: "securite-travail",
      name: "Sécurité",
      description: "Prévention des risques professionnels.",
    });
    expect(bad.success).toBe(false);
    expect(fieldErrorsOf(bad.error!).slug).toMatch(/un seul mot/);
  });

  const lyon = {
    slug: "lyon",
    name: "Lyon",
    region: "Auvergne-Rhône-Alpes",
    intro: "Capitale des Gaules et deuxième pôle économique de France.",
    latitude: 45.764,
    longitude: 4.8357,
  };

  it("validates latitude (−90..90) and longitude (−180..180), with a decimal comma", () => {
    expect(cityInputSchema.parse({ ...lyon, latitude: "45,764" }).latitude).toBe(45.764);
    const errors = fieldErrorsOf(cityInputSchema.safeParse({ ...lyon, latitude: 90.1, longitude: -180.5 }).error!);
    expect(errors.latitude).toBe("La latitude est comprise entre -90 et 90.");
    expect(errors.longitude).toBe("La longitude est comprise entre -180 et 180.");
    expect(cityInputSchema.safeParse({ ...lyon, latitude: -90, longitude: 180 }).success).toBe(true);
    expect(fieldErrorsOf(cityInputSchema.safeParse({ ...lyon, latitude: "" }).error!).latitude).toBe("La latitude est obligatoire.");
  });

  it("finds the nearest cities", () => {
    const cities = [
      { id: "lyon", latitude: 45.764, longitude: 4.8357 },
      { id: "paris", latitude: 48.8566, longitude: 2.3522 },
      { id: "grenoble", latitude: 45.1885, longitude: 5.7245 },
      { id: "marseille", latitude: 43.2965, longitude: 5.3698 },
    ];
    const near = nearestCities(cities[0]!, cities, 2);
    expect(near.map((c) => c.id)).toEqual(["grenoble", "marseille"]);
    expect(near[0]!.distanceKm).toBeGreaterThan(80);
    expect(near[0]!.distanceKm).toBeLessThan(110);
  });
});

describe("session dates", () => {
  it("are written the French way", async () => {
    const { sessionDatesLabel } = await import("./labels");
    expect(sessionDatesLabel("2026-03-12", "2026-03-12")).toBe("le 12 mars 2026");
    expect(sessionDatesLabel("2026-03-12", "2026-03-13")).toBe("du 12 au 13 mars 2026");
    expect(sessionDatesLabel("2026-03-30", "2026-04-01")).toBe("du 30 mars au 1er avril 2026");
    expect(sessionDatesLabel("2026-12-29", "2027-01-02")).toBe("du 29 décembre 2026 au 2 janvier 2027");
    expect(sessionDatesLabel("2026-05-01", "2026-05-02")).toBe("du 1er au 2 mai 2026");
    // Asked again (the label is kept): the same text.
    expect(sessionDatesLabel("2026-03-30", "2026-04-01")).toBe("du 30 mars au 1er avril 2026");
  });

  it("change day at midnight in Paris, to the millisecond, in winter and summer time, forwards and back", async () => {
    const { todayInParis } = await import("./labels");
    const at = (iso: string) => todayInParis(new Date(iso));
    expect(at("2026-01-14T22:59:59.999Z")).toBe("2026-01-14");
    expect(at("2026-01-14T23:00:00.000Z")).toBe("2026-01-15");
    expect(at("2026-01-14T22:59:59.999Z")).toBe("2026-01-14");
    expect(at("2026-07-14T21:59:59.999Z")).toBe("2026-07-14");
    expect(at("2026-07-14T22:00:00.000Z")).toBe("2026-07-15");
    // The night the clocks go forward (29 March 2026, 02:00 → 03:00).
    expect(at("2026-03-28T22:59:30.000Z")).toBe("2026-03-28");
    expect(at("2026-03-28T23:00:00.000Z")).toBe("2026-03-29");
    expect(at("2026-03-29T21:59:59.999Z")).toBe("2026-03-29");
    expect(at("2026-03-29T22:00:00.000Z")).toBe("2026-03-30");
  });
});
