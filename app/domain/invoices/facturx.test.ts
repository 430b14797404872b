import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, editor } from "../../../tests/support/actors";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { documentsFixture, registerByHand, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { invoiceFile } from "./files.server";
import { getInvoice, issueCreditNote, issueInvoice, prepareInvoices, saveOpcoCoverage, updateInvoiceSettings } from "./invoices.server";
import { DEFAULT_INVOICE_SETTINGS, EXEMPTION_MENTION } from "./model";
import { invoiceMentions } from "./mentions";

/**
 * Factur-X (docs/decisions/0037-invoices.md): each issued invoice and credit note is a PDF/A-3 whose
 * embedded `factur-x.xml` (read back with poppler's pdfdetach) validates against the CII D16B XSD
 * (xmllint) and the EN 16931 CII schematron of the European Commission (Saxon-HE, no fatal rule
 * fired): a company invoice, an OPCO subrogation invoice, a credit note, an exempt invoice. The
 * mandatory mentions are read back from the PDF's text.
 */

const files = documentsTestConfig("invoices-facturx-");
const STANDARDS = path.resolve("docs/standards/en16931-cii");
const XSD = path.join(STANDARDS, "schema/CrossIndustryInvoice_100pD16B.xsd");
const XSLT = path.join(STANDARDS, "xslt/EN16931-CII-validation.xslt");
const SAXON = "/usr/share/java/Saxon-HE.jar";
const NOW = Date.parse("2096-09-10T09:00:00Z");
const plain = { siren: "", tva: "", commande: "", livraison: "", payeur: "auto" as const };

describe.each(engines)("Factur-X ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  const dir = mkdtempSync(path.join(tmpdir(), "facturx-"));
  const issued: Record<string, string> = {};
  beforeAll(async () => {
    void files;
    t = await create();
    fixture = await documentsFixture(t.db);
    // Priced HT (VAT at 20 %): the exempt case comes from the organisation's setting below.
    await t.db.updateTable("formations").set({ vat_mode: "ht" }).where("id", "=", fixture.formationId).execute();
    const withIban = { ...DEFAULT_INVOICE_SETTINGS, iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" };
    await updateInvoiceSettings(withIban, admin, t.db);
    const invoice = async (buyer: "entreprise" | "particulier", trainees: number, opco?: boolean, extra = {}) => {
      const regId = await registerByHand(t.db, await fixture.newSession(20), buyer, trainees);
      if (opco) {
        const saved = await saveOpcoCoverage(regId, { numeroPriseEnCharge: "PEC-2096-4411", montantPrisEnCharge: 50_000 }, editor, t.db);
        if (!saved.ok) throw new Error(saved.error);
      }
      const prepared = await prepareInvoices(regId, { ...plain, ...extra }, editor, t.db);
      if (!prepared.ok) throw new Error(prepared.error);
      for (const id of prepared.ids) {
        const done = await issueInvoice(id, admin, t.db, NOW);
        if (!done.ok) throw new Error(done.error);
      }
      return prepared.ids;
    };
    const [company] = await invoice("entreprise", 3, false, {
      siren: "732829320",
      tva: "FR40732829320",
      commande: "BC-77",
      livraison: "Atelier, 4 rue du Four, 69007 Lyon",
    });
    issued.entreprise = company!;
    const [opco] = await invoice("entreprise", 2, true);
    issued.opco = opco!;
    const credit = await issueCreditNote(company!, { total: false, montant: 12_345, motif: "Une absence remboursée" }, admin, t.db, NOW);
    if (!credit.ok) throw new Error(credit.error);
    issued.avoir = credit.id;
    await updateInvoiceSettings({ ...withIban, vatExempt: true }, admin, t.db);
    const [exempt] = await invoice("particulier", 1);
    issued.exoneree = exempt!;
    await updateInvoiceSettings(DEFAULT_INVOICE_SETTINGS, admin, t.db);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.cleanup();
  });

  async function extracted(name: string): Promise<{ pdf: Buffer; xml: string }> {
    const file = await invoiceFile(issued[name]!, t.db);
    if (!file) throw new Error("no file");
    const pdfPath = path.join(dir, `${name}.pdf`);
    writeFileSync(pdfPath, file.body);
    const list = execFileSync("pdfdetach", ["-list", pdfPath], { encoding: "utf8" });
    expect(list).toContain("factur-x.xml");
    const out = path.join(dir, "xml", `${name}.xml`);
    execFileSync("mkdir", ["-p", path.dirname(out)]);
    execFileSync("pdfdetach", ["-save", "1", "-o", out, pdfPath]);
    return { pdf: file.body, xml: readFileSync(out, "utf8") };
  }

  it(
    "the PDF is PDF/A-3 with the Factur-X metadata and holds factur-x.xml; the mentions are in its text",
    { timeout: 60_000 },
    async () => {
      for (const name of ["entreprise", "opco", "avoir", "exoneree"]) {
        const { pdf, xml } = await extracted(name);
        const meta = execFileSync("pdfinfo", ["-meta", path.join(dir, `${name}.pdf`)], { encoding: "utf8" });
        expect(meta).toContain("<pdfaid:part>3</pdfaid:part>");
        expect(meta).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
        expect(meta).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
        expect(meta).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
        const raw = pdf.toString("latin1");
        expect(raw).toMatch(/\/OutputIntents/);
        expect(raw).toMatch(/\/AFRelationship \/Alternative/);
        const invoice = (await getInvoice(issued[name]!, t.db, NOW))!;
        expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
        const text = await pdfText(pdf);
        const credited = invoice.creditedInvoiceId ? await getInvoice(invoice.creditedInvoiceId, t.db) : null;
        for (const m of invoiceMentions(invoice, credited))
          expect(text, `${name}: ${m.key}`).toContain(m.text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " "));
      }
      const text = (n: string) => extracted(n).then((e) => pdfText(e.pdf));
      const company = await text("entreprise");
      expect(company).toContain("Indemnité forfaitaire pour frais de recouvrement");
      expect(company).toContain("SIREN du client : 732829320");
      expect(company).toContain("Adresse de livraison : Atelier, 4 rue du Four, 69007 Lyon");
      expect(company).toContain("Catégorie de l'opération : prestation de services");
      expect(await text("opco")).toContain("Numéro de prise en charge : PEC-2096-4411");
      const exempt = await text("exoneree");
      expect(exempt).toContain(EXEMPTION_MENTION.replace(/\u00a0/g, " "));
      // An individual: neither the business penalties nor the 40 € indemnity.
      expect(exempt).not.toContain("Indemnité forfaitaire");
      expect(await text("avoir")).toMatch(/Avoir sur la facture FAC-2096-\d{4}/);
    },
  );

  it("the embedded XML validates against the CII XSD and the EN 16931 schematron (no fatal rule fired)", { timeout: 120_000 }, async () => {
    const xmlDir = path.join(dir, "xml");
    for (const name of ["entreprise", "opco", "avoir", "exoneree"]) await extracted(name);
    for (const file of readdirSync(xmlDir)) {
      const result = execFileSync("xmllint", ["--noout", "--schema", XSD, path.join(xmlDir, file)], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(result).toBe("");
    }
    const svrlDir = path.join(dir, "svrl");
    execFileSync("mkdir", ["-p", svrlDir]);
    execFileSync("java", ["-jar", SAXON, `-s:${xmlDir}`, `-xsl:${XSLT}`, `-o:${svrlDir}`], { stdio: ["ignore", "pipe", "pipe"] });
    const reports = readdirSync(svrlDir);
    expect(reports.sort()).toEqual(["avoir.xml", "entreprise.xml", "exoneree.xml", "opco.xml"]);
    for (const report of reports) {
      const svrl = readFileSync(path.join(svrlDir, report), "utf8");
      const failed = [...svrl.matchAll(/<svrl:failed-assert[^>]*flag="fatal"[^>]*>[\s\S]*?<\/svrl:failed-assert>/g)].map((m) =>
        m[0].replace(/\s+/g, " "),
      );
      expect(failed, report).toEqual([]);
    }
    // The check has teeth: a total that does not add up fires a fatal rule (BR-CO-15).
    const broken = path.join(dir, "broken.xml");
    writeFileSync(
      broken,
      readFileSync(path.join(xmlDir, "entreprise.xml"), "utf8").replace(/<ram:GrandTotalAmount>[^<]+</, "<ram:GrandTotalAmount>1.00<"),
    );
    const brokenReport = path.join(dir, "broken.svrl");
    execFileSync("java", ["-jar", SAXON, `-s:${broken}`, `-xsl:${XSLT}`, `-o:${brokenReport}`], { stdio: ["ignore", "pipe", "pipe"] });
    expect(readFileSync(brokenReport, "utf8")).toMatch(/<svrl:failed-assert[^>]*id="BR-CO-15"[^>]*flag="fatal"/);
    const xml = readFileSync(path.join(xmlDir, "avoir.xml"), "utf8");
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(readFileSync(path.join(xmlDir, "entreprise.xml"), "utf8")).toContain("<ram:IBANID>FR7630006000011234567890189</ram:IBANID>");
    expect(xml).toMatch(/<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>FAC-2096-\d{4}/);
    expect(readFileSync(path.join(xmlDir, "exoneree.xml"), "utf8")).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
    expect(readFileSync(path.join(xmlDir, "opco.xml"), "utf8")).toContain(
      "<ram:ContractReferencedDocument><ram:IssuerAssignedID>PEC-2096-4411",
    );
  });
});
