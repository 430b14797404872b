import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { leadOfOrder, orderSessions, valuesFromLead } from "~/domain/registrations/from-lead.server";
import { registrationSchema } from "~/domain/registrations/model";
import { addRegistrationByHand } from "~/domain/registrations/registrations.server";
import { markAttendance } from "./attendance.server";
import { documentFile, generateDocument, listDocuments, previewDocument, sendDocument } from "./documents.server";
import { documentToken, verifyDocumentToken } from "./links.server";
import { MENTIONS } from "./mentions";
import { DOCUMENT_KINDS, sessionHalfDays, type DocumentKind } from "./model";
import { AFTER_SESSIONS, databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "./test-fixtures";
import { documentsTestConfig, DOCUMENTS_TEST_SECRET } from "./test-config";
import { otherInstance } from "../../../tests/support/other-instance";

const files = documentsTestConfig("documents-test-");
const AUTH_SECRET = DOCUMENTS_TEST_SECRET;

describe("docs/legal/documents.md", () => {
  it("lists every mandatory mention of the code, with its article", () => {
    const doc = readFileSync(path.join(process.cwd(), "docs/legal/documents.md"), "utf8");
    for (const kind of DOCUMENT_KINDS)
      for (const m of MENTIONS[kind]) expect(doc, `${kind} : ${m.mention}`).toContain(`| ${m.mention} | ${m.article} |`);
  });
});

describe.each(engines)("training documents ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());

  async function readBack(id: string): Promise<string> {
    const file = await documentFile(id, t.db);
    expect(file?.body.subarray(0, 5).toString()).toBe("%PDF-");
    return pdfText(file!.body);
  }

  function expectMentions(kind: DocumentKind, text: string) {
    for (const m of MENTIONS[kind]) expect(text, `${kind} : ${m.mention} (${m.article})`).toContain(m.text.replace(/\u00a0/g, " "));
  }

  it("generates each type from a registration, numbered per type and year, with every mandatory mention in its text", async () => {
    const sessionId = await fixture.newSession(10);
    const company = await registerByHand(t.db, sessionId, "entreprise", 2);
    const person = await registerByHand(t.db, sessionId, "particulier", 1);
    const regs = await t.db
      .selectFrom("registration_trainees")
      .selectAll()
      .where("registration_id", "in", [company, person])
      .orderBy("position")
      .execute();
    const trainee = regs.find((r) => r.registration_id === company)!;
    const generate = (kind: DocumentKind, extra: { registrationId?: string; traineeId?: string } = {}) =>
      generateDocument({ kind, sessionId, ...extra }, { actor: staff, target: t.db, now: AFTER_SESSIONS });

    // The preview: the same document numbered « APERÇU », nothing stored and no number used.
    const preview = await previewDocument(
      { kind: "convention", sessionId, registrationId: company },
      { target: t.db, now: AFTER_SESSIONS },
    );
    expect(preview.ok && (await pdfText(preview.pdf))).toContain("APERÇU");
    expect(await t.db.selectFrom("documents").select("id").where("registration_id", "=", company).execute()).toEqual([]);

    const convention = await generate("convention", { registrationId: company });
    expect(convention).toMatchObject({ ok: true, number: "CONV-2099-0001" });
    const conventionText = await readBack((convention as { id: string }).id);
    expectMentions("convention", conventionText);
    expect(conventionText).toContain("Boulangerie Dupré");
    expect(conventionText).toContain("CONV-2099-0001");
    expect(conventionText).toMatch(/page 1 sur \d/);

    // A contract is for an individual, a convention for a company.
    expect(await generate("contrat", { registrationId: company })).toMatchObject({ ok: false, kind: "conflict" });
    const contract = await generate("contrat", { registrationId: person });
    expect(contract).toMatchObject({ ok: true, number: "CONT-2099-0001" });
    expectMentions("contrat", await readBack((contract as { id: string }).id));

    const convocation = await generate("convocation", { registrationId: company, traineeId: trainee.id });
    expect(convocation).toMatchObject({ ok: true, number: "CONVOC-2099-0001" });
    const convocationText = await readBack((convocation as { id: string }).id);
    expectMentions("convocation", convocationText);
    expect(convocationText).toContain(trainee.first_name);

    const sheet = await generate("emargement");
    expect(sheet).toMatchObject({ ok: true, number: "EMARG-2099-0001" });
    const sheetText = await readBack((sheet as { id: string }).id);
    expectMentions("emargement", sheetText);
    for (const r of regs) expect(sheetText).toContain(r.last_name.toUpperCase());

    // Certificates: refused before attendance and result are marked, and before the session's end.
    expect(await generate("certificat", { registrationId: company, traineeId: trainee.id })).toMatchObject({ ok: false, kind: "conflict" });
    const session = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
    const halfDays = sessionHalfDays(session.start_date, session.end_date);
    expect(
      await markAttendance(sessionId, { stagiaire: trainee.id, presence: halfDays.slice(0, 3), resultat: "acquis" }, staff, t.db),
    ).toEqual({ ok: true });
    expect(
      await markAttendance(sessionId, { stagiaire: trainee.id, presence: ["2000-01-01:matin"], resultat: "acquis" }, staff, t.db),
    ).toMatchObject({ ok: false, kind: "invalid" });
    expect(await markAttendance(sessionId, { stagiaire: "inconnu", presence: [], resultat: "acquis" }, staff, t.db)).toMatchObject({
      ok: false,
      kind: "not-found",
    });
    const early = await generateDocument(
      { kind: "certificat", sessionId, registrationId: company, traineeId: trainee.id },
      { actor: staff, target: t.db, now: Date.parse(`${session.start_date}T08:00:00Z`) },
    );
    expect(early).toMatchObject({ ok: false, kind: "conflict" });
    const certificate = await generate("certificat", { registrationId: company, traineeId: trainee.id });
    expect(certificate).toMatchObject({ ok: true, number: "CERT-2099-0001" });
    const certificateText = await readBack((certificate as { id: string }).id);
    expectMentions("certificat", certificateText);
    expect(certificateText).toContain("Objectifs atteints");
    expect(certificateText).toContain("3 demi-journées sur 4");

    // Regenerating keeps the old version, marked replaced, with a new number.
    const again = await generate("convention", { registrationId: company });
    expect(again).toMatchObject({ ok: true, number: "CONV-2099-0002" });
    const list = await listDocuments({ registrationId: company }, t.db);
    const conventions = list.filter((d) => d.kind === "convention");
    expect(conventions.map((d) => [d.number, d.version, d.replaced])).toEqual([
      ["CONV-2099-0002", 2, false],
      ["CONV-2099-0001", 1, true],
    ]);
    // A replaced version is not sent; the current one is, once, with the PDF attached by reference and a signed link.
    expect(await sendDocument((convention as { id: string }).id, staff, t.db)).toMatchObject({ ok: false });
    expect(await sendDocument((again as { id: string }).id, staff, t.db)).toMatchObject({
      ok: true,
      to: expect.stringContaining("@dupre.test"),
    });
    const mail = await t.db.selectFrom("mail_queue").selectAll().where("purpose", "=", "document-convention").executeTakeFirstOrThrow();
    expect(JSON.parse(mail.attachments)).toEqual([
      expect.objectContaining({ contentType: "application/pdf", storageKey: expect.stringMatching(/^documents\//) }),
    ]);
    const token = /\/documents\/(\S+)/.exec(mail.text_body)![1]!;
    expect(verifyDocumentToken(token)).toEqual({ ok: true, id: (again as { id: string }).id });
    expect((await listDocuments({ registrationId: company }, t.db)).find((d) => d.id === (again as { id: string }).id)!.sentTo).toBe(
      mail.to_address,
    );
  });

  it("a quote request turned into an order: the registration is prefilled from it, keeps its id, and is the documents' source", async () => {
    const sessionId = await fixture.newSession(5);
    const iso = new Date().toISOString();
    const leadId = randomUUID();
    await t.db
      .insertInto("leads")
      .values({
        id: leadId,
        reference: `DEV-${leadId.slice(0, 6)}`,
        kind: "devis",
        status: "nouveau",
        name: "Hélène Garnier",
        email: "helene@garnier.test",
        phone: "04 78 00 00 01",
        company: "Garnier Transports",
        siret: "73282932000074",
        subject: "",
        formations: "[]",
        formation_other: "",
        trainees: 1,
        format: "",
        period: "",
        city: "Lyon",
        funding: "",
        message: "",
        consent_at: iso,
        form_token: randomUUID(),
        search_text: "",
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    expect(await valuesFromLead(randomUUID(), t.db)).toBeUndefined();
    const values = (await valuesFromLead(leadId, t.db))!;
    expect(values).toMatchObject({ acheteur: "entreprise", entreprise: "Garnier Transports", contactEmail: "helene@garnier.test" });
    expect((await orderSessions([], t.db, new Date("2099-01-01T00:00:00Z"))).some((s) => s.id === sessionId)).toBe(true);
    const input = registrationSchema.parse({
      ...values,
      adresse: "3 rue Garibaldi",
      codePostal: "69006",
      financement: "fonds_propres",
      cgv: "on",
      reglement: "on",
    });
    const made = await addRegistrationByHand(sessionId, input, { actor: staff, target: t.db, leadId: await leadOfOrder(leadId, t.db) });
    expect(made.ok).toBe(true);
    const registration = await t.db.selectFrom("registrations").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(registration.lead_id).toBe(leadId);
    const convention = await generateDocument(
      { kind: "convention", sessionId, registrationId: registration.id },
      { actor: staff, target: t.db },
    );
    expect(convention.ok).toBe(true);
    expect(await pdfText((await documentFile((convention as { id: string }).id, t.db))!.body)).toContain("Garnier Transports");
  });

  it("signed links: another document's id, a forged signature or an expired link are refused", () => {
    const id = "0f8e7c1a-1111-4222-8333-944455556666";
    const token = documentToken(id, Date.now());
    expect(verifyDocumentToken(token)).toEqual({ ok: true, id });
    const other = "1f8e7c1a-1111-4222-8333-944455556666";
    expect(verifyDocumentToken(token.replace(id, other))).toEqual({ ok: false, reason: "invalide" });
    expect(verifyDocumentToken(`${token.slice(0, -3)}abc`)).toEqual({ ok: false, reason: "invalide" });
    const old = documentToken(id, Date.now() - 31 * 86_400_000);
    expect(verifyDocumentToken(old)).toEqual({ ok: false, reason: "expire" });
  });

  it("numbers stay gap-free and unique when two instances (two processes) generate at once", { timeout: 60_000 }, async () => {
    const sessionId = await fixture.newSession(40);
    const regIds = await Promise.all(Array.from({ length: 12 }, () => registerByHand(t.db, sessionId, "entreprise", 1)));
    const now = Date.parse("2098-05-01T10:00:00Z");
    // The other instance says when it is ready, then both generate.
    const other = await otherInstance("tests/support/documents-child.ts", {
      CHILD_DATABASE: t.url,
      CHILD_DATA_DIR: files.dataDir,
      CHILD_AUTH_SECRET: AUTH_SECRET,
      CHILD_SESSION: sessionId,
      CHILD_REGISTRATIONS: regIds.slice(6).join(","),
      CHILD_NOW: String(now),
    });
    try {
      other.go();
      const mine: string[] = [];
      for (const registrationId of regIds.slice(0, 6)) {
        const result = await generateDocument({ kind: "convention", sessionId, registrationId }, { actor: staff, target: t.db, now });
        mine.push(result.ok ? result.number : result.error);
      }
      const theirs = await other.results();
      expect(theirs).toHaveLength(6);
      expect([...mine, ...theirs].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `CONV-2098-${String(i + 1).padStart(4, "0")}`));
      // Each instance's own numbers rise: a number is never taken back.
      expect(theirs).toEqual([...theirs].sort());
    } finally {
      other.stop();
    }
  });
});
