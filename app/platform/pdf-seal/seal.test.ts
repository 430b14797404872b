import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { appendPages, createSelfSignedCertificate, readCertificate, sealPdf } from "./seal.server";

/** pdfsig's report of a file (poppler: it exits non-zero on an invalid signature). */
function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "seal-"));
  try {
    writeFileSync(path.join(dir, "f.pdf"), bytes);
    try {
      return execFileSync("pdfsig", [path.join(dir, "f.pdf")], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? "");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onePage(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text, { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe("the PAdES seal (app/platform/pdf-seal)", () => {
  const certificate = createSelfSignedCertificate({ commonName: "Organisme Essai", organisation: "Organisme Essai" });

  it("seals a whole file: pdfsig finds it valid, a CAdES baseline with signing-certificate-v2 and no signing-time attribute", async () => {
    const pdf = await appendPages(await onePage("Document"), await onePage("Page des signatures"));
    const sealed = await sealPdf(pdf, certificate, { reason: "Signé", location: "Lyon", name: "Organisme Essai" });
    const report = pdfsig(sealed);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(report).toContain("SHA-256");
    // The CMS: its signed attributes.
    const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(sealed.toString("latin1"))![1]!.replace(/(00)+$/, "");
    const cms = forge.asn1.fromDer(forge.util.hexToBytes(hex));
    const signedData = (cms.value[1] as forge.asn1.Asn1).value[0] as forge.asn1.Asn1;
    const signerInfo = (signedData.value as forge.asn1.Asn1[]).at(-1)!.value[0] as forge.asn1.Asn1;
    const attrs = ((signerInfo.value as forge.asn1.Asn1[])[3]!.value as forge.asn1.Asn1[]).map((a) =>
      forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string),
    );
    expect(attrs.sort()).toEqual(["1.2.840.113549.1.9.16.2.47", "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4"].sort());
    // Two pages: the document's and the signature page.
    expect((await PDFDocument.load(sealed)).getPageCount()).toBe(2);
  });

  it("any byte changed in the signed content breaks the seal", async () => {
    const sealed = await sealPdf(await onePage("Prix : 1 250,00 EUR"), certificate, {
      reason: "Signé",
      location: "Lyon",
      name: "Organisme Essai",
    });
    // A byte of the document's objects, inside the first signed range (before the signature's /Contents).
    const altered = Buffer.from(sealed);
    const at = altered.indexOf("/ByteRange") - 40;
    expect(at).toBeGreaterThan(0);
    altered[at] = altered[at] === 0x20 ? 0x21 : 0x20;
    expect(pdfsig(altered)).not.toContain("Signature is Valid.");
  });

  it("reads an uploaded PKCS#12: refused with a wrong password, expired, or without its key's certificate", () => {
    expect(readCertificate({ p12: certificate.p12, passphrase: "faux" })).toMatchObject({ ok: false });
    expect(readCertificate(certificate, new Date(Date.now() + 20 * 365 * 86_400_000))).toEqual({
      ok: false,
      error: "Ce certificat a expiré.",
    });
    expect(readCertificate(certificate)).toMatchObject({
      ok: true,
      info: { subject: "CN=Organisme Essai, O=Organisme Essai, C=FR", fingerprint: certificate.fingerprint },
    });
    expect(readCertificate({ p12: Buffer.from("pas un certificat"), passphrase: "" })).toMatchObject({ ok: false });
  });
});
