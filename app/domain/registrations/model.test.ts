import { describe, expect, it } from "vitest";
import { validate } from "~/platform/validation/errors";
import { registrationSchema } from "./model";

/** The registration form reports every error at once: the cross-field checks run even when other fields are wrong. */
describe("registrationSchema", () => {
  it("reports the missing raison sociale together with the other missing fields (funding not chosen yet)", () => {
    const result = validate(registrationSchema, { acheteur: "entreprise", stagiaires: [{}] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.entreprise).toBe("Indiquez la raison sociale de l'entreprise qui paie la formation.");
    expect(result.errors.financement).toBe("Indiquez le financement envisagé.");
    expect(result.errors.adresse).toBe("Indiquez l'adresse (elle figurera sur la convention ou le contrat).");
    expect(result.errors.contactNom).toBe("Indiquez le nom de la personne à contacter.");
    expect(result.errors.cgv).toBe("Acceptez les conditions générales de vente pour vous inscrire.");
    expect(result.errors["stagiaires.0.nom"]).toBe("Indiquez le nom du stagiaire.");
  });

  it("reports a trainee's address used twice while another field is wrong", () => {
    const trainee = { prenom: "Léa", nom: "Martin", email: "lea@example.org" };
    const result = validate(registrationSchema, { acheteur: "particulier", financement: "", stagiaires: [trainee, trainee] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors["stagiaires.1.email"]).toContain("déjà celle du stagiaire 1");
    expect(result.errors.entreprise).toBeUndefined();
    expect(result.errors.ville).toBe("Indiquez la ville.");
  });
});
