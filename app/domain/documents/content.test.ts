import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { getFormationById, updateFormation } from "~/domain/formations/formations.server";
import type { VatMode } from "~/domain/formations/labels";
import { formationToFormValues } from "~/domain/formations/model";
import { valueOf } from "~/platform/validation/errors";
import { markAttendance } from "./attendance.server";
import { documentFile, generateDocument } from "./documents.server";
import { claimBatch, queueBatch, runBatch } from "./jobs.server";
import { sessionHalfDays, type DocumentKind } from "./model";
import { AFTER_SESSIONS, databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "./test-fixtures";
import { documentsTestConfig } from "./test-config";

/** What the documents say: prices with their VAT, the individual's contract, signatures, hours; whom certificates reach. */

documentsTestConfig("documents-content-");

describe.each(engines)("training documents' content ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());

  async function setPrice(priceInter: number, vatMode: VatMode) {
    const formation = (await getFormationById(fixture.formationId, t.db))!;
    valueOf(await updateFormation(fixture.formationId, { ...formationToFormValues(formation), priceInter, vatMode }, { db: t.db }));
  }

  async function generated(kind: DocumentKind, sessionId: string, extra: { registrationId?: string; traineeId?: string }) {
    const result = await generateDocument({ kind, sessionId, ...extra }, { actor: staff, target: t.db, now: AFTER_SESSIONS });
    if (!result.ok) throw new Error(result.error);
    return pdfText((await documentFile(result.id, t.db))!.body);
  }

  it("a convention gives HT, VAT and TTC per trainee and for the seats, or the exemption's mention, every amount with cents", async () => {
    await setPrice(1250, "ht");
    const sessionId = await fixture.newSession(10);
    const company = await registerByHand(t.db, sessionId, "entreprise", 2);
    const taxed = await generated("convention", sessionId, { registrationId: company });
    expect(taxed).toMatch(/Prix hors taxes \(HT\) 1 250,00 € 2 500,00 €/);
    expect(taxed).toMatch(/TVA \(20 %\) 250,00 € 500,00 €/);
    expect(taxed).toMatch(/Prix toutes taxes comprises \(TTC\) 1 500,00 € 3 000,00 €/);
    expect(taxed).toContain("Pour 2 stagiaires");
    // One form for every amount (the old price line said « 1 250 € HT par personne »).
    expect(taxed).not.toMatch(/(1 250|2 500) €/);

    // A price entered TTC: the VAT is brought back from it, HT + TVA = TTC to the cent.
    await setPrice(1000, "ttc");
    const ttc = await generated("convention", sessionId, { registrationId: company });
    // The VAT is computed once on the total, as on the registration form: 2 000 € TTC is 1 666,67 € HT.
    expect(ttc).toMatch(/Prix hors taxes \(HT\) 833,33 € 1 666,67 €/);
    expect(ttc).toMatch(/TVA \(20 %\) 166,67 € 333,33 €/);
    expect(ttc).toMatch(/Prix toutes taxes comprises \(TTC\) 1 000,00 € 2 000,00 €/);

    await setPrice(1250, "exonere");
    const exempt = await generated("convention", sessionId, { registrationId: company });
    expect(exempt).toMatch(/Prix net de taxe 1 250,00 € 2 500,00 €/);
    expect(exempt).toContain("Exonération de TVA, article 261-4-4° a du Code général des impôts.");
    expect(exempt).not.toContain("TVA (20 %)");
    expect(exempt).not.toContain("TTC");
  });

  it("the individual's contract has no business clause and calls the party « le stagiaire »; signatures say where and when; the convocation's hours", async () => {
    await setPrice(1250, "ht");
    const sessionId = await fixture.newSession(10);
    const person = await registerByHand(t.db, sessionId, "particulier", 1);
    const contract = await generated("contrat", sessionId, { registrationId: person });
    expect(contract).toMatch(/Prix hors taxes \(HT\) 1 250,00 €/);
    expect(contract).toMatch(/Prix toutes taxes comprises \(TTC\) 1 500,00 €/);
    for (const clause of [
      "40 €",
      "indemnité forfaitaire",
      "frais de recouvrement",
      "pénalités",
      "participation au développement",
      "client",
    ])
      expect(contract.toLowerCase(), clause).not.toContain(clause.toLowerCase());
    expect(contract).toContain("ci-après « le stagiaire »");
    expect(contract).toContain("Fait à Lyon, le 15 avril 2099, en deux exemplaires originaux.");
    expect(contract).toContain("Cachet et signature");

    const trainee = await t.db
      .selectFrom("registration_trainees")
      .selectAll()
      .where("registration_id", "=", person)
      .executeTakeFirstOrThrow();
    const convocation = await generated("convocation", sessionId, { registrationId: person, traineeId: trainee.id });
    expect(convocation).toContain("de 9 h à 17 h");
    expect(convocation).not.toMatch(/0\d h/);
    expect(convocation).toContain("Fait à Lyon, le 15 avril 2099.");
    for (const kind of ["emargement"] as const) expect(await generated(kind, sessionId, {})).toMatch(/Fait à Lyon, le \d+ mars 2099\./);
  });

  it("a batch of certificates e-mails each trainee and the paying client's contact, once when they are the same person", async () => {
    const sessionId = await fixture.newSession(10);
    const company = await registerByHand(t.db, sessionId, "entreprise", 2);
    const session = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
    const trainees = await t.db.selectFrom("registration_trainees").selectAll().where("registration_id", "=", company).execute();
    const contact = await t.db.selectFrom("registrations").selectAll().where("id", "=", company).executeTakeFirstOrThrow();
    // The second trainee is the contact herself: she gets her certificate once.
    await t.db
      .updateTable("registration_trainees")
      .set({ email: contact.contact_email.toUpperCase() })
      .where("id", "=", trainees[1]!.id)
      .execute();
    for (const trainee of trainees)
      await markAttendance(
        sessionId,
        { stagiaire: trainee.id, presence: sessionHalfDays(session.start_date, session.end_date), resultat: "acquis" },
        staff,
        t.db,
      );

    const queued = await queueBatch(sessionId, "certificat", { send: true, actor: staff, target: t.db, now: AFTER_SESSIONS });
    expect(queued).toMatchObject({ ok: true, total: 2 });
    const claim = (await claimBatch(t.db, AFTER_SESSIONS))!;
    expect(await runBatch(claim, { stopping: () => false, target: t.db, now: () => AFTER_SESSIONS })).toBe("done");

    const mails = await t.db
      .selectFrom("mail_queue")
      .selectAll()
      .where("registration_id", "=", company)
      .where("purpose", "=", "document-certificat")
      .execute();
    const to = mails.map((m) => m.to_address.toLowerCase()).sort();
    expect(to).toEqual([trainees[0]!.email, contact.contact_email, contact.contact_email].map((e) => e.toLowerCase()).sort());
    const forClient = mails.find((m) => m.to_address === contact.contact_email)!;
    expect(forClient.text_body).toContain(`Bonjour ${contact.contact_name},`);
    expect(forClient.text_body).toContain(`de ${trainees[0]!.first_name} ${trainees[0]!.last_name}`);
    expect(JSON.parse(forClient.attachments)).toEqual([expect.objectContaining({ contentType: "application/pdf" })]);
    const documents = await t.db.selectFrom("documents").selectAll().where("trainee_id", "=", trainees[0]!.id).execute();
    expect(documents[0]!.sent_to).toBe(`${trainees[0]!.email}, ${contact.contact_email}`);
  });
});
