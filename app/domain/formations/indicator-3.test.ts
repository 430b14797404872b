import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCategory } from "./categories.server";
import { createFormation, setFormationStatus } from "./formations.server";
import { formationInputSchema, publicationProblems } from "./model";
import { CERTIFYING, INDICATOR_3, categoryInput, formationInput } from "./test-fixtures";
import { valueOf } from "~/platform/validation/errors";

function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = formationInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("Qualiopi indicator 3 at publication", () => {
  it("is required for a certifying formation only", () => {
    const missing = errorsOf(formationInput(CERTIFYING));
    expect(Object.keys(missing).sort()).toEqual(
      [
        "careerOutcomes",
        "certificationCandidates",
        "certificationResultsPeriod",
        "competenceBlocks",
        "equivalences",
        "franceCompetencesUrl",
        "nextSteps",
      ].sort(),
    );
    expect(errorsOf(formationInput({ ...CERTIFYING, ...INDICATOR_3 }))).toEqual({});
    // A formation without certification needs none of it.
    expect(errorsOf(formationInput())).toEqual({});
    // The rate is required once candidates have sat the exam; not for a first session.
    expect(errorsOf(formationInput({ ...CERTIFYING, ...INDICATOR_3, certificationPassRate: "" })).certificationPassRate).toMatch(
      /taux d'obtention/,
    );
    expect(errorsOf(formationInput({ ...CERTIFYING, ...INDICATOR_3, certificationPassRate: "", certificationCandidates: 0 }))).toEqual({});
    expect(
      errorsOf(formationInput({ ...CERTIFYING, ...INDICATOR_3, franceCompetencesUrl: "https://exemple.fr/fiche" })).franceCompetencesUrl,
    ).toMatch(/francecompetences\.fr/);
  });
});

describe.each(engines)("Qualiopi indicator 3 on $name", ({ create }) => {
  let t: TestDatabase;
  let categoryId: string;
  beforeAll(async () => {
    t = await create();
    categoryId = valueOf(await createCategory(categoryInput(), { db: t.db })).id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("a certifying draft without indicator 3 cannot be published; once filled, it can", async () => {
    const draft = valueOf(
      await createFormation(formationInput({ categoryId, ...CERTIFYING, title: "Manager d'unité opérationnelle" }), {
        db: t.db,
        draft: true,
      }),
    );
    expect(Object.keys(publicationProblems(draft))).toContain("competenceBlocks");
    const refused = await setFormationStatus([draft.id], "published", { db: t.db });
    expect(refused.ok).toBe(false);
    const plain = valueOf(await createFormation(formationInput({ categoryId, title: "Word : les styles" }), { db: t.db }));
    expect(valueOf(await setFormationStatus([plain.id], "published", { db: t.db }))).toBe(1);
  });
});
