import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { assignTrainer, createTrainer } from "~/domain/trainers/trainers.server";
import { documentFile, generateDocument } from "./documents.server";
import type { DocumentKind } from "./model";
import { AFTER_SESSIONS, databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "./test-fixtures";
import { documentsTestConfig } from "./test-config";

/** The assigned trainers on the documents: their names and quality (L6353-4 4°), or the organisation's trainers when none. */

documentsTestConfig("documents-trainers-");

describe.each(engines)("trainers on the documents ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());

  async function generated(kind: DocumentKind, sessionId: string, extra: { registrationId?: string; traineeId?: string } = {}) {
    const result = await generateDocument({ kind, sessionId, ...extra }, { actor: staff, target: t.db, now: AFTER_SESSIONS });
    if (!result.ok) throw new Error(result.error);
    return pdfText((await documentFile(result.id, t.db))!.body);
  }

  it("names the assigned trainer with their quality in the contract and the convention, on the attendance sheet and the convocation", async () => {
    const sessionId = await fixture.newSession(10);
    const person = await registerByHand(t.db, sessionId, "particulier", 1);
    const company = await registerByHand(t.db, sessionId, "entreprise", 1);
    const before = await generated("contrat", sessionId, { registrationId: person });
    expect(before).toContain("La formation est animée par des formateurs de");

    const created = await createTrainer(
      { name: "Marie Curie", email: "marie@formavia.test", status: "interne", qualifications: "PCIE\nExcel expert" },
      { actor: staff, target: t.db },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect((await assignTrainer(sessionId, { trainerId: created.value.id }, { actor: staff, target: t.db })).ok).toBe(true);

    const quality = "Marie Curie (interne à l'organisme ; qualifications : PCIE, Excel expert)";
    const contract = await generated("contrat", sessionId, { registrationId: person });
    expect(contract).toContain(`La formation est animée par ${quality}.`);
    expect(contract).not.toContain("animée par des formateurs de");
    expect(await generated("convention", sessionId, { registrationId: company })).toContain(`La formation est animée par ${quality}.`);
    expect(await generated("emargement", sessionId)).toContain("Nom : Marie Curie");
    const trainee = await t.db
      .selectFrom("registration_trainees")
      .select("id")
      .where("registration_id", "=", person)
      .executeTakeFirstOrThrow();
    expect(await generated("convocation", sessionId, { registrationId: person, traineeId: trainee.id })).toMatch(
      /Votre formateur Marie Curie/,
    );
  });
});
