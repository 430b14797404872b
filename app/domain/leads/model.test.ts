import { isValidPhone } from "~/platform/validation/phone";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/platform/validation/submission";
import { formatDateTimeFr } from "./mail-content.server";
import { noteSchema, quotePrefill, readFormValues, leadMailState, validateContact, validateValues, QUOTE_FIELDS } from "./model";

describe("quote prefill from the query string", () => {
  it("takes what the funding simulator sends", () => {
    const params = new URLSearchParams("formation=excel-avance&opco=atlas&stagiaires=6&financement=opco-atlas");
    expect(quotePrefill(params)).toEqual({ formation: ["excel-avance"], stagiaires: "6", financement: "opco-atlas" });
  });

  it("derives the funding from opco alone, maps the audience slugs, and ignores unknown values", () => {
    expect(quotePrefill(new URLSearchParams("opco=akto")).financement).toBe("opco-akto");
    expect(quotePrefill(new URLSearchParams("financement=pole-emploi")).financement).toBe("france-travail");
    expect(quotePrefill(new URLSearchParams("financement=particulier")).financement).toBe("personnel");
    expect(quotePrefill(new URLSearchParams("opco=inconnu&stagiaires=-3&format=plage&financement=loto"))).toEqual({});
    expect(quotePrefill(new URLSearchParams("stagiaires=9999"))).toEqual({});
    expect(quotePrefill(new URLSearchParams("format=intra"))).toEqual({ format: "intra" });
  });
});

describe("shared validation", () => {
  it("accepts French and international phone numbers", () => {
    for (const ok of ["06 12 34 56 78", "06.12.34.56.78", "+33 6 12 34 56 78", "0033612345678", "+44 20 7946 0958"])
      expect(isValidPhone(ok)).toBe(true);
    for (const bad of ["12", "06 12 34", "0012", "phone", "+0 12345678"]) expect(isValidPhone(bad)).toBe(false);
  });

  it("validates a contact message and names each invalid field in French", () => {
    const result = validateContact({ nom: " ", email: "karim", telephone: "", sujet: "pub", message: "Court", consentement: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({
        nom: "Indiquez votre nom.",
        email: expect.stringContaining("L'adresse e-mail n'est pas valide"),
        sujet: "Choisissez le sujet de votre message.",
        message: "Votre message est un peu court : 10 caractères au moins.",
        consentement: expect.stringContaining("Cochez cette case"),
      });
    }
    expect(
      validateContact({
        nom: "Karim",
        email: "karim@exemple.fr",
        telephone: "",
        sujet: "autre",
        message: "Bonjour à toute l'équipe",
        consentement: "on",
      }).ok,
    ).toBe(true);
  });

  it("reads every field of a form, several formations included", () => {
    const form = new FormData();
    form.append("formation", "excel");
    form.append("formation", "word");
    form.append("entreprise", "ACME");
    const values = readFormValues(form, QUOTE_FIELDS);
    expect(values.formation).toEqual(["excel", "word"]);
    expect(values.entreprise).toBe("ACME");
    expect(values.siret).toBe("");
    expect(validateValues("devis", values).formation).toBeUndefined();
    expect(validateValues("devis", { ...values, formation: [] }).formation).toContain("Choisissez au moins une formation");
  });

  it("summarises the send state of a lead's mails, worst first", () => {
    const sent = { state: "sent", via: "smtp" };
    const outbox = { state: "sent", via: "outbox" };
    expect(leadMailState([])).toBe("none");
    expect(leadMailState([sent, sent])).toBe("sent");
    expect(leadMailState([sent, { state: "pending", via: "" }])).toBe("pending");
    expect(
      leadMailState([
        { state: "sending", via: "" },
        { state: "failed", via: "" },
      ]),
    ).toBe("failed");
    // Mail only written to the local outbox (no SMTP server) is never shown as sent.
    expect(leadMailState([sent, outbox])).toBe("outbox");
    expect(leadMailState([outbox, outbox])).toBe("outbox");
    expect(leadMailState([outbox, { state: "pending", via: "" }])).toBe("pending");
  });
});

describe("the admin's note on a lead (the action's parseSubmission and the browser's useForm share noteSchema)", () => {
  const posted = (body: string) => {
    const form = new FormData();
    form.append("intent", "note");
    form.append("body", body);
    return form;
  };
  it("refuses an empty or too long note with its French message, keeping what was typed", async () => {
    const empty = await parseSubmission(posted("   "), noteSchema);
    expect(empty).toMatchObject({ ok: false, errors: { body: "Écrivez la note avant de l'ajouter." }, values: { body: "   " } });
    const long = await parseSubmission(posted("x".repeat(5001)), noteSchema);
    expect(long.ok).toBe(false);
    expect(!long.ok && Object.keys(long.errors)).toEqual(["body"]);
  });
  it("accepts a note, trimmed", async () => {
    expect(await parseSubmission(posted("  Rappelée.  "), noteSchema)).toMatchObject({ ok: true, data: { body: "Rappelée." } });
  });
});

describe("dates in the staff e-mails", () => {
  it("write the time of a request the French way, in Paris time", () => {
    expect(formatDateTimeFr("2026-11-01T08:05:00.000Z")).toBe("1er novembre 2026 à 9\u00a0h\u00a005");
  });
});
