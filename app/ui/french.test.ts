import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditActionLabel, auditEntityLabel } from "~/domain/audit/model";
import { roleCountsLabel } from "~/domain/accounts/model";
import { blogPostInputSchema } from "~/domain/blog/model";
import { cityInputSchema } from "~/domain/cities/model";
import { trainerInputSchema } from "~/domain/trainers/model";
import { answerSchema, closeSchema, complaintSettingsSchema, spaceComplaintSchema } from "~/domain/complaints/model";
import { argumentSchema, resultSchema, testimonialSchema } from "~/domain/content/claims-schema";
import { categoryInputSchema, formationInputSchema, sessionInputSchema } from "~/domain/formations/model";
import { fundingRuleFormSchema } from "~/domain/funding/model";
import { contactSchema, noteSchema, quoteSchema } from "~/domain/leads/model";
import { organisationSchema } from "~/domain/settings/model";
import { inviteSchema, signInSchema } from "~/platform/auth/forms";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { aArticle, de, deArticle, deLabel, que, requiredMessage } from "./french";

/** Every message a schema gives for an empty form, and for a form asking to publish (stricter rules). */
function messagesOf(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }): string[] {
  const out: string[] = [];
  for (const input of [{}, { status: "published" }, { published: "on" }]) {
    const r = schema.safeParse(input);
    if (!r.success) out.push(...r.error!.issues.map((i) => i.message));
  }
  return out;
}

const SCHEMAS = {
  formationInputSchema,
  sessionInputSchema,
  categoryInputSchema,
  blogPostInputSchema,
  cityInputSchema,
  trainerInputSchema,
  answerSchema,
  closeSchema,
  complaintSettingsSchema,
  spaceComplaintSchema,
  organisationSchema,
  fundingRuleFormSchema,
  quoteSchema,
  contactSchema,
  noteSchema,
  inviteSchema,
  signInSchema,
  testimonialSchema,
  resultSchema,
  argumentSchema,
};

const PLURAL_SUBJECT = /^(Les|Des|Ces|Vos|Nos) /;

/** The French rules every generated message keeps. */
function problems(message: string): string[] {
  const found: string[] = [];
  if (/\b[dD]e le /.test(message)) found.push("« de le » (→ « du »)");
  if (/\b[dD]e les /.test(message)) found.push("« de les » (→ « des »)");
  if (/\b[àÀ] le /.test(message)) found.push("« à le » (→ « au »)");
  if (/\b[àÀ] les /.test(message)) found.push("« à les » (→ « aux »)");
  if (/\(s\)|\(e\)|\(es\)/.test(message)) found.push("« (s) » au lieu d'un vrai pluriel");
  if (/\b(de|que|le|la|[Dd]e|[Qq]ue|[Ll]e|[Ll]a) [aeiouyéèêàâîôûAEIOUYÉÈÊÀÂÎÔÛ]/.test(message.replace(/« [^»]*»/g, "")))
    found.push("élision manquante (« d' », « qu' », « l' »)");
  const sentence = /^([^.:;!?]*?) (est|sont) obligatoires?\./.exec(message);
  if (sentence) {
    const pluralSubject = PLURAL_SUBJECT.test(sentence[1]!);
    if (pluralSubject && !/sont obligatoires\./.test(message)) found.push("accord : sujet pluriel avec « est obligatoire »");
    if (!pluralSubject && /sont obligatoires\./.test(message)) found.push("accord : sujet singulier avec « sont obligatoires »");
  }
  if (/^\d+ \p{L}+$/u.test(message) && message.startsWith("0 ")) found.push("« 0 » au lieu de « aucun »");
  return found;
}

describe("French of generated messages", () => {
  it("the helpers elide, contract and agree", () => {
    expect(de("Atelier Compétences")).toBe("d'Atelier Compétences");
    expect(de("Formavia")).toBe("de Formavia");
    expect(de("Hôtel Martin")).toBe("d'Hôtel Martin");
    expect(que("Ève")).toBe("qu'Ève");
    expect(deArticle("message", "le")).toBe("du message");
    expect(deArticle("méthodes", "les")).toBe("des méthodes");
    expect(deArticle("adresse", "la")).toBe("de l'adresse");
    expect(aArticle("message", "le")).toBe("au message");
    expect(deLabel("le message")).toBe("du message");
    expect(deLabel("la demande de devis")).toBe("de la demande de devis");
    expect(deLabel("les objectifs")).toBe("des objectifs");
    expect(requiredMessage("Les méthodes pédagogiques")).toBe("Les méthodes pédagogiques sont obligatoires.");
    expect(requiredMessage("Le titre")).toBe("Le titre est obligatoire.");
  });

  it("the checker catches the mistakes it is meant to catch", () => {
    expect(problems("Les méthodes pédagogiques est obligatoire.")).toHaveLength(1);
    expect(problems("Statut de le message M-1 : Nouveau → En cours.")).toHaveLength(1);
    expect(problems("Le contenu est propriété de Atelier.")).toHaveLength(1);
    expect(problems("0 éditeur(s)")).not.toHaveLength(0);
  });

  it("every required-field message of every schema is correct French", () => {
    const all: string[] = [];
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const messages = messagesOf(schema as never);
      expect(messages.length, name).toBeGreaterThan(0);
      for (const m of messages) {
        expect(problems(m), `${name} : « ${m} »`).toEqual([]);
        all.push(m);
      }
    }
    // The message the product got wrong, now agreed with its plural subject.
    expect(all).toContain("Les méthodes pédagogiques sont obligatoires.");
    expect(all).not.toContain("Les méthodes pédagogiques est obligatoire.");
  });

  it("the journal names every action and entity in French, starting with a capital", () => {
    const labels = [
      ...Object.keys(AUDIT_ACTION_LABELS).map(auditActionLabel),
      ...Object.keys(AUDIT_ENTITY_LABELS).map(auditEntityLabel),
      auditActionLabel("note"),
      auditEntityLabel("formation_category"),
      auditEntityLabel("lead_note"),
    ];
    for (const l of labels) {
      expect(l, l).toMatch(/^\p{Lu}/u);
      expect(l, l).not.toContain("_");
      expect(problems(l), l).toEqual([]);
    }
    expect(auditEntityLabel("formation_category")).toBe("Catégorie");
    expect(auditActionLabel("note")).toBe("Note");
  });

  it("counts are written without « (s) » and with « aucun » for zero", () => {
    for (const counts of [
      { admin: 0, editor: 0, viewer: 0 },
      { admin: 1, editor: 0, viewer: 12 },
      { admin: 2, editor: 1, viewer: 1 },
    ]) {
      const label = roleCountsLabel(counts);
      for (const part of label.split(", ")) expect(problems(part), part).toEqual([]);
      expect(label).not.toMatch(/(^|, )0\s/);
    }
    expect(roleCountsLabel({ admin: 1, editor: 0, viewer: 2 })).toBe("1\u00a0administrateur, aucun éditeur, 2\u00a0lecteurs");
  });

  it("the titles and descriptions of the content pages keep a no-break space before « : ; ! ? »", () => {
    for (const [path, text] of Object.entries(PAGE_TEXTS)) {
      for (const value of [text.title, text.description]) expect(value, path).not.toMatch(/ [:;!?]/);
    }
  });
});
