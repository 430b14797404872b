import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { generateDocument } from "~/domain/documents/documents.server";
import { databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { DOCUMENTS_TEST_SECRET, documentsTestConfig } from "~/domain/documents/test-config";
import { storage } from "~/platform/storage/storage.server";
import { currentCertificate, uploadCertificate } from "./certificate.server";
import { createSelfSignedCertificate, readCertificate } from "~/platform/pdf-seal/seal.server";
import {
  createSignatureRequest,
  getSignatureRequest,
  isSigner,
  recordSignedOutside,
  refuseSignature,
  remindAndExpireSignatures,
  requestSignatureCode,
  sendSignatureRequest,
  signatureFile,
  signatureProof,
  signerDocument,
  signedQuoteOfRegistration,
  signerPage,
  signWithCode,
} from "./signatures.server";
import { MAX_CODE_TRIES } from "./model";
import { generateQuote, leadQuotes } from "~/domain/documents/quote.server";
import { MENTIONS } from "~/domain/documents/mentions";
import { documentFile } from "~/domain/documents/documents.server";
import { pdfText } from "../../../tests/support/pdf-text";
import { otherInstance } from "../../../tests/support/other-instance";
import sharp from "sharp";

const files = documentsTestConfig("signatures-test-");

const T0 = Date.parse("2099-02-01T09:00:00Z");
const ctx = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (test)" };
const sign = (code: string) => ({ code, accepte: true, dessin: "" });

/** pdfsig (poppler) on a file: its report. */
function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdfsig-"));
  try {
    const file = path.join(dir, "f.pdf");
    writeFileSync(file, bytes);
    try {
      return execFileSync("pdfsig", [file], { encoding: "utf8" });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(engines)("documents signed online ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());

  /** The last code e-mailed to `to`: read from the mail queue, as the person reads their e-mail. */
  async function lastCode(to: string): Promise<string> {
    const mail = await t.db
      .selectFrom("mail_queue")
      .select("subject")
      .where("to_address", "=", to)
      .where("purpose", "=", "signature-code")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return /(\d{6})$/.exec(mail.subject)![1]!;
  }

  async function sentConvention(kind: "convention" | "contrat" = "convention", now = T0) {
    const sessionId = await fixture.newSession(10);
    const registrationId = await registerByHand(t.db, sessionId, kind === "convention" ? "entreprise" : "particulier", 1);
    const doc = await generateDocument({ kind, sessionId, registrationId }, { actor: staff, target: t.db, now });
    if (!doc.ok) throw new Error(doc.error);
    const reg = await t.db.selectFrom("registrations").select("contact_email").where("id", "=", registrationId).executeTakeFirstOrThrow();
    const created = await createSignatureRequest(doc.id, staff, { target: t.db, now });
    if (!created.ok) throw new Error(created.error);
    const sent = await sendSignatureRequest(created.id, staff, { target: t.db, now });
    expect(sent).toEqual({ ok: true, to: reg.contact_email });
    return { sessionId, registrationId, documentId: doc.id, id: created.id, email: reg.contact_email };
  }

  it("refuses a wrong, expired or reused code, and the fifth wrong try locks the request until staff send it again", async () => {
    const r = await sentConvention();
    expect(await isSigner(r.email, t.db)).toBe(true);
    const who = { email: r.email };
    // Nobody else asks a code for this request (not found), nor the organisation before the client.
    expect(await requestSignatureCode(r.id, "client", { email: "autre@exemple.test" }, { target: t.db, now: T0 })).toMatchObject({
      ok: false,
      kind: "not-found",
    });
    expect(await requestSignatureCode(r.id, "organisme", { email: staff.email, actor: staff }, { target: t.db, now: T0 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });

    // Expired: a code asked 11 minutes before it is used.
    expect((await requestSignatureCode(r.id, "client", who, { target: t.db, now: T0 })).ok).toBe(true);
    const old = await lastCode(r.email);
    expect(await signWithCode(r.id, "client", sign(old), who, ctx, { target: t.db, now: T0 + 11 * 60_000 })).toMatchObject({
      ok: false,
      kind: "invalid",
      field: "code",
    });
    // Reused: a code that signed once does not sign again (here: a valid code used, then the same one).
    const at = T0 + 12 * 60_000;
    expect((await requestSignatureCode(r.id, "client", who, { target: t.db, now: at })).ok).toBe(true);
    const code = await lastCode(r.email);
    const wrong = code === "000000" ? "111111" : "000000";
    // Wrong, three more times: five wrong tries in all lock the request.
    for (let i = 2; i < MAX_CODE_TRIES; i++) {
      const out = await signWithCode(r.id, "client", sign(wrong), who, ctx, { target: t.db, now: at + i * 1000 });
      expect(out).toMatchObject({ ok: false, kind: "invalid" });
    }
    const fifth = await signWithCode(r.id, "client", sign(wrong), who, ctx, { target: t.db, now: at + 10_000 });
    expect(fifth).toMatchObject({ ok: false, kind: "conflict" });
    expect((await getSignatureRequest(r.id, t.db))!).toMatchObject({ locked: true, failedTries: MAX_CODE_TRIES, state: "envoye" });
    // Locked: even the right code is refused, and no new code is sent.
    expect(await signWithCode(r.id, "client", sign(code), who, ctx, { target: t.db, now: at + 11_000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await requestSignatureCode(r.id, "client", who, { target: t.db, now: at + 12_000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });

    // Staff send it again: unlocked, the old codes void.
    expect((await sendSignatureRequest(r.id, staff, { target: t.db, now: at + 60_000 })).ok).toBe(true);
    expect((await getSignatureRequest(r.id, t.db))!).toMatchObject({ locked: false, failedTries: 0 });
    expect(await signWithCode(r.id, "client", sign(code), who, ctx, { target: t.db, now: at + 61_000 })).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect((await requestSignatureCode(r.id, "client", who, { target: t.db, now: at + 62_000 })).ok).toBe(true);
    const fresh = await lastCode(r.email);
    // « J'ai lu et j'accepte » is required by the schema; the domain receives it checked.
    expect(await signWithCode(r.id, "client", sign(fresh), who, ctx, { target: t.db, now: at + 63_000 })).toEqual({
      ok: true,
      state: "signe_client",
    });
    // Reused: the same code again.
    expect(await signWithCode(r.id, "client", sign(fresh), who, ctx, { target: t.db, now: at + 64_000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
  });

  it("seals the document once both have signed: pdfsig finds it valid, one byte changed breaks it; it cannot be signed or generated again", async () => {
    const r = await sentConvention();
    const who = { email: r.email };
    await requestSignatureCode(r.id, "client", who, { target: t.db, now: T0 });
    expect((await signWithCode(r.id, "client", sign(await lastCode(r.email)), who, ctx, { target: t.db, now: T0 + 1000 })).ok).toBe(true);
    // The organisation's signatory: the code goes to the signed-in staff user.
    const org = { email: staff.email, actor: staff };
    await requestSignatureCode(r.id, "organisme", org, { target: t.db, now: T0 + 2000 });
    const signed = await signWithCode(
      r.id,
      "organisme",
      sign(await lastCode(staff.email)),
      org,
      { ...ctx, ip: "198.51.100.2" },
      { target: t.db, now: T0 + 3000 },
    );
    expect(signed).toEqual({ ok: true, state: "signe" });

    const file = (await signatureFile(r.id, "document", t.db))!;
    expect(file.filename).toMatch(/^CONV-\d{4}-\d{4}-signe\.pdf$/);
    // The signer receives it, attached by its storage key.
    const final = await t.db
      .selectFrom("mail_queue")
      .select("attachments")
      .where("to_address", "=", r.email)
      .where("purpose", "=", "signature-finale")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(final.attachments)).toEqual([expect.objectContaining({ contentType: "application/pdf", filename: file.filename })]);
    const report = pdfsig(file.body);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    // One byte of the signed content changed (inside the first signed range, before /Contents).
    const altered = Buffer.from(file.body);
    const at = altered.indexOf("/ByteRange") - 40;
    altered[at] = altered[at] === 0x20 ? 0x21 : 0x20;
    const broken = pdfsig(altered);
    expect(broken).not.toContain("Signature is Valid.");
    expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/);
    // The signer reads the sealed file in their space; nobody else does.
    expect((await signerDocument(r.email, r.id, t.db))!.body.equals(file.body)).toBe(true);
    expect(await signerDocument("autre@exemple.test", r.id, t.db)).toBeUndefined();
    expect(await signerPage("autre@exemple.test", r.id, t.db)).toBeNull();

    // Signed: not again, not changed.
    expect(await requestSignatureCode(r.id, "client", who, { target: t.db, now: T0 + 4000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await signWithCode(r.id, "organisme", sign("123456"), org, ctx, { target: t.db, now: T0 + 5000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await sendSignatureRequest(r.id, staff, { target: t.db, now: T0 + 5000 })).toMatchObject({ ok: false, kind: "conflict" });
    expect(await createSignatureRequest(r.documentId, staff, { target: t.db, now: T0 + 5000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    const again = await generateDocument(
      { kind: "convention", sessionId: r.sessionId, registrationId: r.registrationId },
      { actor: staff, target: t.db, now: T0 + 6000 },
    );
    expect(again).toMatchObject({ ok: false, kind: "conflict" });

    // Effects: « convention signée », the webhook event.
    const reg = await t.db
      .selectFrom("registrations")
      .select(["agreement_signed_at", "withdrawal_from"])
      .where("id", "=", r.registrationId)
      .executeTakeFirstOrThrow();
    expect(reg).toEqual({ agreement_signed_at: new Date(T0 + 3000).toISOString(), withdrawal_from: null });
    const events = await t.db.selectFrom("webhook_events").select(["type", "payload"]).where("type", "=", "document.signed").execute();
    expect(events.some((e) => (JSON.parse(e.payload) as { signature: string }).signature === r.id)).toBe(true);

    // The proof: who, when, from where, the hashes before and after, the code's delivery.
    const proof = (await signatureProof(r.id, t.db)) as {
      sha256: { before: string; after: string };
      signatures: Array<{ role: string; ip: string; userAgent: string; signedAt: string; code: { delivery: { to: string } | null } }>;
      certificate: { sha256: string } | null;
    };
    const { createHash } = await import("node:crypto");
    expect(proof.sha256.after).toBe(createHash("sha256").update(file.body).digest("hex"));
    const doc = await t.db.selectFrom("documents").select("storage_key").where("id", "=", r.documentId).executeTakeFirstOrThrow();
    expect(proof.sha256.before).toBe(
      createHash("sha256")
        .update((await storage().get(doc.storage_key))!)
        .digest("hex"),
    );
    expect(proof.signatures.map((s) => [s.role, s.ip, s.userAgent])).toEqual([
      ["client", "203.0.113.7", "Mozilla/5.0 (test)"],
      ["organisme", "198.51.100.2", "Mozilla/5.0 (test)"],
    ]);
    expect(proof.signatures[0]!.code.delivery?.to).toBe(r.email);
    expect(proof.certificate?.sha256).toBe((await currentCertificate(t.db))!.fingerprint);
  });

  it("two submissions of the same code at once: one signature, never two", async () => {
    const r = await sentConvention();
    const who = { email: r.email };
    await requestSignatureCode(r.id, "client", who, { target: t.db, now: T0 });
    const code = await lastCode(r.email);
    const both = await Promise.all([
      signWithCode(r.id, "client", sign(code), who, ctx, { target: t.db, now: T0 + 1000 }),
      signWithCode(r.id, "client", sign(code), who, ctx, { target: t.db, now: T0 + 1000 }),
    ]);
    expect(both.filter((b) => b.ok)).toHaveLength(1);
    const signers = await t.db.selectFrom("signature_signers").select("role").where("request_id", "=", r.id).execute();
    expect(signers).toEqual([{ role: "client" }]);
    // The organisation's signatory with two valid codes, both at once: one seal, the other refused (never an error).
    const org = { email: "signataire-concurrent@formavia.test", actor: { ...staff, email: "signataire-concurrent@formavia.test" } };
    await requestSignatureCode(r.id, "organisme", org, { target: t.db, now: T0 + 2000 });
    const first = await lastCode(org.email);
    await requestSignatureCode(r.id, "organisme", org, { target: t.db, now: T0 + 3000 });
    const second = await lastCode(org.email);
    const seals = await Promise.all(
      [first, second].map((c) => signWithCode(r.id, "organisme", sign(c), org, ctx, { target: t.db, now: T0 + 4000 })),
    );
    expect(seals.filter((x) => x.ok)).toHaveLength(1);
    expect(seals.find((x) => !x.ok)).toMatchObject({ ok: false, kind: "conflict" });
    expect((await getSignatureRequest(r.id, t.db))!.state).toBe("signe");
  });

  it("two instances sealing the same request at once: one seal, the other refused", async () => {
    const r = await sentConvention();
    const who = { email: r.email };
    await requestSignatureCode(r.id, "client", who, { target: t.db, now: T0 });
    expect((await signWithCode(r.id, "client", sign(await lastCode(r.email)), who, ctx, { target: t.db, now: T0 + 1000 })).ok).toBe(true);
    const email = "signataire-deux-instances@formavia.test";
    const org = { email, actor: { ...staff, email } };
    await requestSignatureCode(r.id, "organisme", org, { target: t.db, now: T0 + 2000 });
    const theirs = await lastCode(email);
    await requestSignatureCode(r.id, "organisme", org, { target: t.db, now: T0 + 3000 });
    const mine = await lastCode(email);
    const other = await otherInstance("tests/support/signatures-child.ts", {
      CHILD_DATABASE: t.url,
      CHILD_DATA_DIR: files.dataDir,
      CHILD_AUTH_SECRET: DOCUMENTS_TEST_SECRET,
      CHILD_REQUEST: r.id,
      CHILD_CODE: theirs,
      CHILD_EMAIL: email,
      CHILD_NOW: String(T0 + 4000),
    });
    try {
      other.go();
      const here = await signWithCode(r.id, "organisme", sign(mine), org, ctx, { target: t.db, now: T0 + 4000 });
      const there = (await other.results())[0];
      expect([here.ok ? here.state : here.kind, there].sort()).toEqual(["conflict", "signe"]);
    } finally {
      other.stop();
    }
    const signers = await t.db.selectFrom("signature_signers").select("role").where("request_id", "=", r.id).orderBy("role").execute();
    expect(signers).toEqual([{ role: "client" }, { role: "organisme" }]);
    expect(pdfsig((await signatureFile(r.id, "document", t.db))!.body)).toContain("Signature is Valid.");
  });

  it("a signed contract dates the withdrawal period from its signing day; the signature page prints each signature, the drawing too", async () => {
    const r = await sentConvention("contrat");
    const who = { email: r.email };
    await requestSignatureCode(r.id, "client", who, { target: t.db, now: T0 });
    const png = await sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 15, g: 23, b: 42, alpha: 1 } } })
      .png()
      .toBuffer();
    const drawing = `data:image/png;base64,${png.toString("base64")}`;
    // Not a PNG: refused beside its field.
    expect(
      await signWithCode(r.id, "client", { ...sign("123456"), dessin: "data:image/gif;base64,R0lGOD" }, who, ctx, {
        target: t.db,
        now: T0 + 500,
      }),
    ).toMatchObject({ ok: false, field: "dessin" });
    expect(
      (
        await signWithCode(r.id, "client", { ...sign(await lastCode(r.email)), dessin: drawing }, who, ctx, {
          target: t.db,
          now: T0 + 1000,
        })
      ).ok,
    ).toBe(true);
    const signDay = Date.parse("2099-02-05T22:30:00Z"); // 23 h 30 in Paris: still 5 February
    const org = { email: staff.email, actor: staff };
    await requestSignatureCode(r.id, "organisme", org, { target: t.db, now: signDay });
    expect(
      (await signWithCode(r.id, "organisme", sign(await lastCode(staff.email)), org, ctx, { target: t.db, now: signDay + 1000 })).ok,
    ).toBe(true);
    const reg = await t.db
      .selectFrom("registrations")
      .select(["withdrawal_from", "final_on"])
      .where("id", "=", r.registrationId)
      .executeTakeFirstOrThrow();
    expect(reg).toEqual({ withdrawal_from: "2099-02-05", final_on: "2099-02-15" });
    const sealed = (await signatureFile(r.id, "document", t.db))!.body;
    const text = await pdfText(sealed);
    for (const line of [
      "Page des signatures",
      "Pour le client",
      "Claire Dupré, en son nom",
      "Signé le 5 février 2099 à 23 h 30 (heure de Paris)",
      "Code à usage unique envoyé par e-mail",
    ])
      expect(text).toContain(line);
    expect(text).not.toContain("illisible");
    expect(sealed.includes("/Subtype /Image")).toBe(true);
  });

  it("« signé hors plateforme » keeps the uploaded scan; a refusal keeps its reason", async () => {
    const r = await sentConvention();
    const scan = Buffer.from("%PDF-1.4\n% scan d'un exemplaire signé\n%%EOF\n");
    expect(
      await recordSignedOutside(r.id, { bytes: scan, name: "convention-signee.pdf", type: "application/pdf" }, "2099-12-31", staff, {
        target: t.db,
        now: T0,
      }),
    ).toMatchObject({
      ok: false,
      field: "signe_le",
    });
    expect(
      await recordSignedOutside(r.id, { bytes: scan, name: "x.exe", type: "application/x-msdownload" }, "2099-01-30", staff, {
        target: t.db,
        now: T0,
      }),
    ).toMatchObject({
      ok: false,
      field: "scan",
    });
    expect(
      await recordSignedOutside(r.id, { bytes: scan, name: "convention-signee.pdf", type: "application/pdf" }, "2099-01-30", staff, {
        target: t.db,
        now: T0,
      }),
    ).toEqual({ ok: true });
    const view = (await getSignatureRequest(r.id, t.db))!;
    expect(view).toMatchObject({ state: "hors_plateforme", hasScan: true, scanName: "convention-signee.pdf" });
    expect((await signatureFile(r.id, "scan", t.db))!.body.equals(scan)).toBe(true);
    // Signed on paper: the client's code no longer signs, and no second paper copy replaces it.
    expect(await requestSignatureCode(r.id, "client", { email: r.email }, { target: t.db, now: T0 + 1000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(
      await recordSignedOutside(r.id, { bytes: scan, name: "autre.pdf", type: "application/pdf" }, "2099-01-30", staff, {
        target: t.db,
        now: T0,
      }),
    ).toMatchObject({ ok: false, kind: "conflict" });

    const other = await sentConvention();
    expect(
      await refuseSignature(other.id, "Le prix ne correspond pas au devis.", { email: "autre@exemple.test" }, { target: t.db, now: T0 }),
    ).toMatchObject({ ok: false, kind: "not-found" });
    expect(
      await refuseSignature(other.id, "Le prix ne correspond pas au devis.", { email: other.email }, { target: t.db, now: T0 }),
    ).toEqual({ ok: true });
    expect((await getSignatureRequest(other.id, t.db))!).toMatchObject({
      state: "refuse",
      refusalReason: "Le prix ne correspond pas au devis.",
    });
    const refused = await t.db.selectFrom("webhook_events").select("payload").where("type", "=", "document.refused").execute();
    expect(refused.some((e) => (JSON.parse(e.payload) as { signature: string }).signature === other.id)).toBe(true);
  });

  it("reminds a signer once after the settings' days, and expires a request past its validity", async () => {
    const r = await sentConvention();
    const mails = () =>
      t.db.selectFrom("mail_queue").select("id").where("to_address", "=", r.email).where("purpose", "=", "signature-relance").execute();
    await remindAndExpireSignatures(t.db, T0 + 2 * 86_400_000);
    expect(await mails()).toHaveLength(0);
    await remindAndExpireSignatures(t.db, T0 + 3 * 86_400_000 + 1000);
    await remindAndExpireSignatures(t.db, T0 + 4 * 86_400_000);
    expect(await mails()).toHaveLength(1);
    await remindAndExpireSignatures(t.db, T0 + 31 * 86_400_000);
    expect((await getSignatureRequest(r.id, t.db))!.state).toBe("expire");
    expect(await requestSignatureCode(r.id, "client", { email: r.email }, { target: t.db, now: T0 + 31 * 86_400_000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
  });

  it("refuses a missing document or request, and a document that is not signed online", async () => {
    expect(await createSignatureRequest("absent", staff, { target: t.db })).toMatchObject({ ok: false, kind: "not-found" });
    expect(await sendSignatureRequest("absent", staff, { target: t.db })).toMatchObject({ ok: false, kind: "not-found" });
    const sessionId = await fixture.newSession(5);
    const doc = await generateDocument({ kind: "emargement", sessionId }, { actor: staff, target: t.db, now: T0 }).catch(() => null);
    if (doc?.ok) expect(await createSignatureRequest(doc.id, staff, { target: t.db })).toMatchObject({ ok: false, kind: "invalid" });
    // A registration cancelled meanwhile: its convention is no longer signed (no code, no new sending).
    const r = await sentConvention();
    await t.db.updateTable("registrations").set({ status: "annulee" }).where("id", "=", r.registrationId).execute();
    expect(await requestSignatureCode(r.id, "client", { email: r.email }, { target: t.db, now: T0 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await sendSignatureRequest(r.id, staff, { target: t.db, now: T0 })).toMatchObject({ ok: false, kind: "conflict" });
  });

  it("an admin's PKCS#12 is checked before it seals", async () => {
    const made = createSelfSignedCertificate({ commonName: "Organisme CA", organisation: "Organisme CA" }, new Date(T0));
    expect(await uploadCertificate({ bytes: made.p12, passphrase: "mauvais" }, staff, t.db, T0)).toMatchObject({ ok: false });
    // Uploaded after the first seals (made at T0 here): the newest certificate seals from now on.
    expect(await uploadCertificate({ bytes: made.p12, passphrase: made.passphrase }, staff, t.db, T0 + 40 * 86_400_000)).toEqual({
      ok: true,
      subject: "CN=Organisme CA, O=Organisme CA, C=FR",
    });
    expect((await currentCertificate(t.db))!).toMatchObject({
      source: "televerse",
      fingerprint: made.fingerprint,
      passphrase: made.passphrase,
    });
    // Its password is stored sealed by the server secret: the database alone does not open the key.
    const row = await t.db
      .selectFrom("signing_certificates")
      .select("passphrase")
      .where("source", "=", "televerse")
      .executeTakeFirstOrThrow();
    expect(row.passphrase).not.toContain(made.passphrase);
    expect(readCertificate({ p12: made.p12, passphrase: row.passphrase })).toMatchObject({ ok: false });
  });

  it("draws up a devis from a quote request (DEVIS numbering, mentions, versions); its lead signs it in their space; a signed devis is not replaced", async () => {
    const leadId = crypto.randomUUID();
    const email = `devis-${leadId.slice(0, 8)}@client.test`;
    const iso = new Date(T0).toISOString();
    const formation = await t.db
      .selectFrom("formations")
      .select(["slug", "title"])
      .where("id", "=", fixture.formationId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("leads")
      .values({
        id: leadId,
        reference: `DEV-${leadId.slice(0, 6)}`,
        kind: "devis",
        status: "nouveau",
        name: "Julie Martin",
        email,
        phone: "",
        company: "Atelier Martin",
        siret: "",
        subject: "",
        formations: JSON.stringify([{ slug: formation.slug, title: formation.title }]),
        formation_other: "",
        trainees: 3,
        format: "",
        period: "",
        city: "Lyon",
        funding: "",
        message: "",
        consent_at: iso,
        form_token: "",
        search_text: "",
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    const input = {
      formation: formation.slug,
      session: "",
      dates: "en avril 2099, deux jours",
      stagiaires: "3",
      prix: "1 250,00",
      tva: "ht",
      validite: "2099-03-01",
      conditions: "",
    };
    // Bad input: each message next to its field.
    const bad = await generateQuote(leadId, { ...input, prix: "beaucoup", dates: "" }, { actor: staff, target: t.db, now: T0 });
    expect(bad).toMatchObject({ ok: false, kind: "invalid", errors: { prix: expect.any(String), dates: expect.any(String) } });
    expect(await generateQuote("absent", input, { actor: staff, target: t.db, now: T0 })).toMatchObject({ ok: false, kind: "not-found" });
    const first = await generateQuote(leadId, input, { actor: staff, target: t.db, now: T0 });
    expect(first).toMatchObject({ ok: true, number: expect.stringMatching(/^DEVIS-2099-\d{4}$/) });
    const text = await pdfText((await documentFile((first as { id: string }).id, t.db))!.body);
    for (const m of MENTIONS.devis) expect(text, m.mention).toContain(m.text.replace(/\u00a0/g, " "));
    expect(text).toContain("3 750,00"); // 3 × 1 250,00 € HT
    const second = await generateQuote(leadId, { ...input, prix: "1200" }, { actor: staff, target: t.db, now: T0 + 1000 });
    expect(second.ok).toBe(true);
    expect((await leadQuotes(leadId, t.db)).map((q) => [q.version, q.replaced])).toEqual([
      [2, false],
      [1, true],
    ]);
    // The replaced version is not sent for signature; the current one is, to the lead.
    expect(await createSignatureRequest((first as { id: string }).id, staff, { target: t.db, now: T0 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    const created = await createSignatureRequest((second as { id: string }).id, staff, { target: t.db, now: T0 + 2000 });
    if (!created.ok) throw new Error(created.error);
    expect(await isSigner(email, t.db)).toBe(false); // not sent yet
    expect(await sendSignatureRequest(created.id, staff, { target: t.db, now: T0 + 3000 })).toEqual({ ok: true, to: email });
    expect(await isSigner(email, t.db)).toBe(true);
    await requestSignatureCode(created.id, "client", { email }, { target: t.db, now: T0 + 4000 });
    expect(
      (await signWithCode(created.id, "client", sign(await lastCode(email)), { email }, ctx, { target: t.db, now: T0 + 5000 })).ok,
    ).toBe(true);
    // Another signatory than the other tests' (whose codes were sent later, in 2099-02-05).
    const signatory = { ...staff, email: "signataire-devis@formavia.test" };
    const org = { email: signatory.email, actor: signatory };
    await requestSignatureCode(created.id, "organisme", org, { target: t.db, now: T0 + 6000 });
    expect(
      await signWithCode(created.id, "organisme", sign(await lastCode(signatory.email)), org, ctx, { target: t.db, now: T0 + 7000 }),
    ).toEqual({ ok: true, state: "signe" });
    expect(pdfsig((await signatureFile(created.id, "document", t.db))!.body)).toContain("Signature is Valid.");
    expect(await generateQuote(leadId, input, { actor: staff, target: t.db, now: T0 + 8000 })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    // The registration made from the request is invoiced with the signed devis as its order reference.
    const registrationId = await registerByHand(t.db, await fixture.newSession(4), "entreprise", 1);
    expect(await signedQuoteOfRegistration(registrationId, t.db)).toBeNull();
    await t.db.updateTable("registrations").set({ lead_id: leadId }).where("id", "=", registrationId).execute();
    expect(await signedQuoteOfRegistration(registrationId, t.db)).toBe((second as { number: string }).number);
  });
});
