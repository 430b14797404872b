import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCategory } from "./categories.server";
import { parseFormationDraft } from "./draft";
import { createFormation, getFormationById, setFormationStatus, updateFormation } from "./formations.server";
import { publicationProblems } from "./model";
import { formationInput } from "./test-fixtures";
import { type Outcome, valueOf } from "~/platform/validation/errors";

async function fieldErrors(promise: Promise<Outcome<unknown>>): Promise<Record<string, string>> {
  const outcome = await promise;
  if (!outcome.ok) return outcome.errors;
  throw new Error("expected a refusal");
}

describe("a formation draft's rules", () => {
  it("needs only a title; what is missing waits for publication", () => {
    const result = parseFormationDraft({ title: "Paie" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toMatchObject({ title: "Paie", summary: "", program: [], durationHours: null });
  });

  it("refuses an empty title and values that cannot be stored, even in a draft", () => {
    expect(parseFormationDraft({ title: "  " })).toEqual({ ok: false, errors: { title: "Le titre est obligatoire." } });
    const result = parseFormationDraft({ title: "Paie", durationHours: "beaucoup", contactEmail: "pas-une-adresse", slug: "Avec Espaces" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.durationHours).toBe("La durée en heures doit être un nombre.");
      expect(result.errors.contactEmail).toBe("L'e-mail du contact n'est pas une adresse e-mail valide.");
      expect(Object.keys(result.errors)).toContain("slug");
    }
  });
});

describe.each(engines)("formation drafts on $name", ({ create }) => {
  let t: TestDatabase;
  let category: string;

  beforeAll(async () => {
    t = await create();
    category = valueOf(
      await createCategory(
        { slug: "paie", name: "Paie", description: "Bulletins, cotisations et déclarations sociales.", position: 1 },
        { db: t.db },
      ),
    ).id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("saves a draft with only a title (slug derived, first category), refuses to publish it, publishes it once complete", async () => {
    const ctx = { db: t.db };
    const draft = valueOf(await createFormation({ title: "Gérer la paie" }, { ...ctx, draft: true }));
    expect(draft).toMatchObject({ slug: "gerer-la-paie", status: "draft", categoryId: category, durationHours: 0 });
    // The full checks are the publication's (one function lists the problems).
    expect(Object.keys(publicationProblems(draft))).toEqual(expect.arrayContaining(["summary", "durationHours", "program"]));
    const refused = await fieldErrors(setFormationStatus([draft.id], "published", ctx));
    expect(refused._form).toBe(
      "«\u00a0Gérer la paie\u00a0» ne peut pas être publiée\u00a0: 15 champs sont à compléter.".replace(
        "15",
        String(Object.keys(publicationProblems(draft)).length),
      ),
    );
    expect((await getFormationById(draft.id, t.db))!.status).toBe("draft");
    // Without `draft`, the full checks apply to the content.
    expect(Object.keys(await fieldErrors(updateFormation(draft.id, { title: "Gérer la paie" }, ctx)))).toContain("summary");

    const complete = valueOf(await updateFormation(draft.id, formationInput({ title: "Gérer la paie", categoryId: category }), ctx));
    expect(publicationProblems(complete)).toEqual({});
    expect(valueOf(await setFormationStatus([draft.id], "published", ctx))).toBe(1);
    // A published formation stays publishable: a draft's save does not apply to it.
    const errors = await fieldErrors(updateFormation(draft.id, { title: "Gérer la paie" }, { ...ctx, draft: true }));
    expect(errors.summary).toBe("Le résumé est obligatoire.");
  });
});
