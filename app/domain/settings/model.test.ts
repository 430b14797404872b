import { describe, expect, it } from "vitest";
import { ORGANISATION_NAME_MAX, organisationFormSchema, organisationSchema } from "./model";
import { DEMO_ORGANISATION } from "./organisation";

/** /admin/parametres: the organisation's identity is checked as every other form is. */
const { logoUrl: _logo, ...form } = DEMO_ORGANISATION;
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = organisationFormSchema.safeParse({ ...form, ...input });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("organisation settings", () => {
  it("accept the demo identity and a foreign phone number", () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ phone: "+32 2 123 45 67", hostPhone: "" })).toEqual({});
    expect(errorsOf({ name: "x".repeat(ORGANISATION_NAME_MAX) })).toEqual({});
  });

  it("refuse a name too long, a phone that is not one and a SIRET whose checksum is wrong, in French", () => {
    expect(errorsOf({ name: "I".repeat(420) })).toEqual({ name: "Le nom ne dépasse pas 50 caractères." });
    expect(errorsOf({ phone: "appelez-moi 😀" })).toEqual({
      phone: "Le téléphone n'est pas valide (exemple\u00a0: 04 72 00 00 00 ou +33 4 72 00 00 00).",
    });
    expect(errorsOf({ hostPhone: "12" }).hostPhone).toContain("Le téléphone de l'hébergeur n'est pas valide");
    expect(errorsOf({ siret: "73282932000075" })).toEqual({ siret: "Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte)." });
    expect(errorsOf({ street: "r".repeat(151) }).street).toBe("L'adresse ne dépasse pas 150 caractères.");
    expect(errorsOf({ qualiopiValidUntil: "14/03/2028" }).qualiopiValidUntil).toBe("La date n'est pas valide.");
  });

  it("still read an identity saved before these rules (not replaced by the demo one)", () => {
    expect(organisationSchema.safeParse({ ...DEMO_ORGANISATION, name: "I".repeat(420) }).success).toBe(true);
  });
});
