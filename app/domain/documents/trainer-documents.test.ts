import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { assignTrainer, createTrainer, unassignTrainer, updateTrainer } from "~/domain/trainers/trainers.server";
import { documentFile, generateDocument, generateTrainerDocument, listDocuments, previewDocument, sendDocument } from "./documents.server";
import { MENTIONS } from "./mentions";
import type { DocumentKind } from "./model";
import { documentsPage } from "./page.server";
import { documentsToRegenerate } from "./regenerate.server";
import { databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "./test-fixtures";
import { documentsTestConfig } from "./test-config";

/**
 * A trainer's document of a session through the one document path (docs/legal/trainers.md): the
 * lettre de mission of a salaried trainer, the contrat de sous-traitance of an external one; their
 * versions, and « à régénérer » when the trainers change.
 */

documentsTestConfig("documents-trainer-");

/** The text of a PDF as poppler's pdftotext reads it (spaces normalised). */
function pdftotext(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdftotext-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/[\u00a0\u202f]/g, " ")
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(engines)("trainers' documents ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());
  const ctx = () => ({ actor: staff, target: t.db });

  async function trainer(input: Record<string, unknown>) {
    const r = await createTrainer(input, ctx());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  }

  async function generated(kind: DocumentKind, sessionId: string, trainerId: string, now = Date.now()) {
    const result = await generateDocument({ kind, sessionId, trainerId }, { actor: staff, target: t.db, now });
    if (!result.ok) throw new Error(result.error);
    const body = (await documentFile(result.id, t.db))!.body;
    return { ...result, text: pdftotext(body), body };
  }

  const expectMentions = async (kind: DocumentKind, body: Buffer) => {
    const text = await pdfText(body);
    for (const m of MENTIONS[kind]) expect(text, `${kind} : ${m.mention} (${m.article})`).toContain(m.text.replace(/\u00a0/g, " "));
  };

  it("a salaried trainer's lettre de mission names them and the half-days they teach, with their hours; numbered MISS", async () => {
    const marie = await trainer({
      name: "Marie Curie",
      email: "marie@formavia.test",
      status: "interne",
      qualifications: "PCIE\nExcel expert",
    });
    const sessionId = await fixture.newSession(10); // 10–11 March 2099
    expect(
      (await assignTrainer(sessionId, { trainerId: marie.id, halfDays: ["2099-03-10:apres-midi", "2099-03-11:matin"] }, ctx())).ok,
    ).toBe(true);
    const letter = await generated("mission", sessionId, marie.id);
    expect(letter.number).toMatch(/^MISS-\d{4}-0001$/);
    expect(letter.text).toContain("Lettre de mission");
    expect(letter.text).not.toContain("Contrat de sous-traitance");
    expect(letter.text).toContain("Marie Curie");
    expect(letter.text).toContain("mardi 10 mars 2099, après-midi (de 13 h à 17 h)");
    expect(letter.text).toContain("mercredi 11 mars 2099, matin (de 9 h à 13 h)");
    expect(letter.text).toMatch(/Soit 2 demi-journées sur 4 et [\d,]+ h de formation\./);
    expect(letter.text).toContain("Qualifications retenues pour cette mission : PCIE, Excel expert.");
    await expectMentions("mission", letter.body);

    // A salaried trainer gets a letter, not a contract; one who teaches nothing here gets nothing.
    expect(await generateDocument({ kind: "sous-traitance", sessionId, trainerId: marie.id }, ctx())).toMatchObject({
      ok: false,
      kind: "conflict",
      error: "Marie Curie est salarié de l'organisme\u00a0: générez une lettre de mission.",
    });
    const elsewhere = await fixture.newSession(10);
    expect(await generateDocument({ kind: "mission", sessionId: elsewhere, trainerId: marie.id }, ctx())).toMatchObject({
      ok: false,
      kind: "not-found",
    });
    // The preview: the same letter, numbered « APERÇU », nothing stored.
    const preview = await previewDocument({ kind: "mission", sessionId, trainerId: marie.id }, { target: t.db });
    expect(preview.ok && pdftotext(preview.pdf)).toContain("APERÇU");
    expect((await listDocuments({ trainerId: marie.id }, t.db)).map((d) => d.number)).toEqual([letter.number]);
  });

  it("an external trainer's contrat de sous-traitance: SIRET, declaration number, the organisation's processes (indicator 27); a company is the party", async () => {
    const paul = await trainer({
      name: "Paul Martin",
      email: "paul@martin.test",
      status: "independant",
      siret: "732 829 320 00074",
      nda: "84 69 12345 69",
      qualifications: "TOSA Excel expert",
    });
    const sessionId = await fixture.newSession(10);
    expect((await assignTrainer(sessionId, { trainerId: paul.id }, ctx())).ok).toBe(true);
    const contract = await generated("sous-traitance", sessionId, paul.id);
    expect(contract.number).toMatch(/^SSTR-\d{4}-0001$/);
    expect(contract.text).toContain("Contrat de sous-traitance");
    expect(contract.text).not.toContain("Lettre de mission");
    expect(contract.text).toContain("Paul Martin, formateur en activité indépendante, SIRET 732 829 320 00074");
    expect(contract.text).toContain("déclaration d'activité enregistrée sous le numéro 84691234569");
    expect(contract.text).toContain("(toute la session)");
    expect(contract.text).toContain("indicateur 27");
    await expectMentions("sous-traitance", contract.body);
    expect(await generateDocument({ kind: "mission", sessionId, trainerId: paul.id }, ctx())).toMatchObject({
      ok: false,
      kind: "conflict",
    });

    // A subcontracting company without a declaration number: the company is the party, represented by the trainer.
    const company = await trainer({
      name: "Irène Joliot",
      email: "irene@joliot.test",
      status: "societe",
      companyName: "Joliot Formation SARL",
      siret: "732 829 320 00074",
    });
    const other = await fixture.newSession(10);
    expect((await assignTrainer(other, { trainerId: company.id }, ctx())).ok).toBe(true);
    // From the trainer's page: their status chooses the document.
    const fromPage = await generateTrainerDocument(other, company.id, { actor: staff, target: t.db });
    expect(fromPage).toMatchObject({ ok: true, number: expect.stringMatching(/^SSTR-/) });
    const text = pdftotext((await documentFile((fromPage as { id: string }).id, t.db))!.body);
    expect(text).toContain(
      "Joliot Formation SARL, SIRET 732 829 320 00074, sans déclaration d'activité enregistrée à la date du présent contrat",
    );
    expect(text).toContain("représentée par Irène Joliot");

    // Sent to the trainer, with the PDF and the signed link.
    expect(await sendDocument(contract.id, staff, t.db)).toEqual({ ok: true, to: "paul@martin.test" });
    const mail = await t.db.selectFrom("mail_queue").selectAll().where("purpose", "=", "document-formateur").executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("paul@martin.test");
    expect(mail.text_body).toContain("Bonjour Paul Martin,");
  });

  it("a change of assignment marks the documents naming the trainers « à régénérer »; the new version replaces the old one", async () => {
    const lise = await trainer({ name: "Lise Meitner", email: "lise@formavia.test", status: "interne" });
    const ada = await trainer({ name: "Ada Lovelace", email: "ada@formavia.test", status: "interne" });
    const sessionId = await fixture.newSession(10);
    const company = await registerByHand(t.db, sessionId, "entreprise", 1);
    expect((await assignTrainer(sessionId, { trainerId: lise.id }, ctx())).ok).toBe(true);
    expect((await assignTrainer(sessionId, { trainerId: ada.id, halfDays: [] }, ctx())).ok).toBe(true);
    const first = await generated("mission", sessionId, lise.id);
    const adaLetter = await generated("mission", sessionId, ada.id);
    const convention = await generateDocument({ kind: "convention", sessionId, registrationId: company }, ctx());
    expect(convention.ok).toBe(true);
    expect(await documentsToRegenerate(sessionId, t.db)).toEqual([]);

    // Lise is taken off and put back on the first day only: her letter and the convention are to regenerate, Ada's letter is not.
    await new Promise((r) => setTimeout(r, 5));
    expect((await unassignTrainer(sessionId, lise.id, ctx())).ok).toBe(true);
    const day = first.text.match(/(\d+) mars 2099, matin/)![1]!;
    expect((await assignTrainer(sessionId, { trainerId: lise.id, halfDays: [`2099-03-${day}:matin`] }, ctx())).ok).toBe(true);
    const stale = await documentsToRegenerate(sessionId, t.db);
    expect(stale.map((d) => [d.kindLabel, d.about, d.reason])).toEqual([
      ["Convention de formation", "", "formateurs changés"],
      ["Lettre de mission", "de Lise Meitner", "demi-journées du formateur changées"],
    ]);

    const second = await generated("mission", sessionId, lise.id, Date.now() + 1000);
    expect(second.text).toContain(`mars 2099, matin`);
    expect(second.text).toContain("Soit 1 demi-journée sur");
    const versions = await listDocuments({ trainerId: lise.id }, t.db);
    expect(versions.map((d) => [d.number, d.version, d.replaced])).toEqual([
      [second.number, 2, false],
      [first.number, 1, true],
    ]);
    expect((await documentsToRegenerate(sessionId, t.db)).map((d) => d.kindLabel)).toEqual(["Convention de formation"]);
    expect((await listDocuments({ trainerId: ada.id }, t.db)).map((d) => d.id)).toEqual([adaLetter.id]);

    // Taken off for good: nothing to regenerate for her; the session's page lists the documents with their trainer.
    expect((await unassignTrainer(sessionId, lise.id, ctx())).ok).toBe(true);
    expect((await documentsToRegenerate(sessionId, t.db)).map((d) => d.about)).toEqual([""]);
    const page = (await documentsPage(sessionId, t.db))!;
    expect(page.trainers).toEqual([{ id: ada.id, name: "Ada Lovelace", kind: "mission", halfDays: 4, complete: true }]);
    expect(page.documents.filter((d) => d.trainerId === lise.id)).toHaveLength(2);

    // A change of the trainer's record alone does not mark anything (only the assignment counts).
    expect((await updateTrainer(ada.id, { name: "Ada King", email: "ada@formavia.test", status: "interne" }, ctx())).ok).toBe(true);
    expect((await documentsToRegenerate(sessionId, t.db)).map((d) => d.about)).toEqual([""]);
  });
});
