import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { DEFAULT_DOCUMENT_CLAUSES } from "./document-clauses";
import { getDocumentClauses, getRegistrationSettings, updateDocumentClauses, updateRegistrationSettings } from "./settings.server";
import { admin } from "../../../tests/support/actors";

describe.each(engines)("settings saved from their screens on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const journal = (entityId: string) =>
    t.db.selectFrom("audit_log").select(["actor_email", "summary", "revision_id"]).where("entity_id", "=", entityId).execute();

  it("the domain writes the change, its revision and the journal's entry (the route only calls it)", async () => {
    await updateRegistrationSettings({ cancellationDeadlineDays: 5, offerHours: 24 }, admin, t.db);
    expect(await getRegistrationSettings(t.db)).toEqual({ cancellationDeadlineDays: 5, offerHours: 24 });
    expect(await journal("registrations")).toEqual([
      { actor_email: admin.email, summary: "Réglages des inscriptions enregistrés.", revision_id: expect.any(String) },
    ]);

    const clauses = { ...DEFAULT_DOCUMENT_CLAUSES, signatoryName: "Claire Martin" };
    await updateDocumentClauses(clauses, admin, t.db);
    expect(await getDocumentClauses(t.db)).toEqual({ values: clauses, saved: true });
    expect(await journal("document_clauses")).toEqual([
      { actor_email: admin.email, summary: "Clauses des documents de formation enregistrées.", revision_id: expect.any(String) },
    ]);
  });
});
