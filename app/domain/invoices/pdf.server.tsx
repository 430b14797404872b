import { readFileSync } from "node:fs";
import { escapeXml } from "~/platform/text/xml";
import path from "node:path";
import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { AFRelationship, PDFDocument, PDFName, PDFString, PDFHexString } from "pdf-lib";
import { formatCents } from "~/platform/format";
import { NBSP, pdfFrench as fr, pdfPageStyle, pdfVisitorText, renderPdf } from "~/platform/pdf/pdf.server";
import { ciiXml, type CiiSource } from "./cii";
import { INVOICE_KIND_LABELS } from "./labels";
import { invoiceMentions, invoiceTitle, type Mention } from "./mentions";

/**
 * An issued invoice or credit note as a Factur-X file (docs/decisions/0037-invoices.md): the page drawn
 * by the site's one PDF path (@react-pdf/renderer, fonts embedded), then made PDF/A-3 with pdf-lib
 * (pdf-lib): the CII XML attached as `factur-x.xml` (relationship « Alternative »), the sRGB
 * output intent (ICC profile shipped in assets/icc/, zlib licence), and the XMP metadata that says
 * PDF/A-3B and Factur-X EN 16931 (fx: namespace with its PDF/A extension schema).
 */

const styles = StyleSheet.create({
  page: pdfPageStyle(60),
  title: { fontSize: 16, lineHeight: "20pt", fontWeight: "bold", marginBottom: 4 },
  small: { fontSize: 8, lineHeight: "11pt", color: "#374151" },
  columns: { flexDirection: "row", justifyContent: "space-between", marginVertical: 10 },
  col: { width: "48%" },
  h2: { fontSize: 10.5, lineHeight: "14pt", fontWeight: "bold", marginTop: 10, marginBottom: 4 },
  table: { borderWidth: 1, borderColor: "#6b7280", marginTop: 6 },
  tr: { flexDirection: "row", borderBottomWidth: 1, borderColor: "#d1d5db" },
  th: { fontWeight: "bold", padding: 4 },
  td: { padding: 4 },
  label: { width: "52%" },
  qty: { width: "10%", textAlign: "right" },
  unit: { width: "19%", textAlign: "right" },
  total: { width: "19%", textAlign: "right" },
  totals: { alignSelf: "flex-end", width: "50%", marginTop: 8 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  strong: { fontWeight: "bold" },
  mention: { marginBottom: 3 },
  footer: { position: "absolute", bottom: 28, left: 42, right: 42, fontSize: 7, color: "#4b5563", textAlign: "center" },
});

export interface PdfSource extends CiiSource {
  credited: { number: string | null; issuedOn: string | null } | null;
}

const euros = (cents: number) => fr(formatCents(cents));
const pick = (mentions: Mention[], ...keys: Mention["key"][]) => mentions.filter((m) => keys.includes(m.key));

function InvoicePage({ inv }: { inv: PdfSource }) {
  const v = pdfVisitorText;
  const mentions = invoiceMentions(
    {
      ...inv,
      payerName: v(inv.payerName),
      payerStreet: v(inv.payerStreet),
      payerCity: v(inv.payerCity),
      deliveryAddress: v(inv.deliveryAddress),
      buyerReference: v(inv.buyerReference),
    },
    inv.credited,
  ).map((m) => ({ ...m, text: fr(m.text) }));
  const block = (...keys: Mention["key"][]) =>
    pick(mentions, ...keys).map((m) => (
      <Text key={m.key} style={styles.mention}>
        {m.text}
      </Text>
    ));
  return (
    <Page size="A4" style={styles.page}>
      <Text style={styles.title}>{invoiceTitle(inv.kind, inv.number)}</Text>
      {block("date", "facture-origine")}
      <View style={styles.columns}>
        <View style={styles.col}>
          <Text style={styles.h2}>Émetteur</Text>
          {block("vendeur", "vendeur-identifiants", "vendeur-tva", "nda")}
        </View>
        <View style={styles.col}>
          <Text style={styles.h2}>Destinataire</Text>
          {block("client", "client-siren", "client-tva", "livraison", "commande", "prise-en-charge")}
        </View>
      </View>
      {block("categorie", "date-operation")}
      <View style={styles.table}>
        <View style={[styles.tr, { backgroundColor: "#f3f4f6" }]} fixed>
          <Text style={[styles.th, styles.label]}>Désignation</Text>
          <Text style={[styles.th, styles.qty]}>Qté</Text>
          <Text style={[styles.th, styles.unit]}>Prix unitaire HT</Text>
          <Text style={[styles.th, styles.total]}>Montant HT</Text>
        </View>
        {inv.lines.map((l, i) => (
          <View key={i} style={styles.tr} wrap={false}>
            <View style={[styles.td, styles.label]}>
              <Text>{v(l.label)}</Text>
              {l.detail ? <Text style={styles.small}>{v(l.detail)}</Text> : null}
            </View>
            <Text style={[styles.td, styles.qty]}>{l.quantity}</Text>
            <Text style={[styles.td, styles.unit]}>{euros(l.unitHtCents)}</Text>
            <Text style={[styles.td, styles.total]}>{euros(l.htCents)}</Text>
          </View>
        ))}
      </View>
      <View style={styles.totals} wrap={false}>
        <View style={styles.totalRow}>
          <Text>{inv.vatExempt ? "Total net de taxe" : "Total HT"}</Text>
          <Text>{euros(inv.totalHtCents)}</Text>
        </View>
        {inv.vatExempt ? null : (
          <View style={styles.totalRow}>
            <Text>{`TVA (${inv.vatRate}${NBSP}%)`}</Text>
            <Text>{euros(inv.vatCents)}</Text>
          </View>
        )}
        <View style={styles.totalRow}>
          <Text style={styles.strong}>{inv.kind === "avoir" ? "Total de l'avoir TTC" : "Total TTC à payer"}</Text>
          <Text style={styles.strong}>{euros(inv.totalTtcCents)}</Text>
        </View>
      </View>
      <View wrap={false}>
        <Text style={styles.h2}>Conditions</Text>
        {block("exoneration", "debits", "echeance", "paiement", "escompte", "penalites", "indemnite")}
        {inv.note ? <Text style={styles.mention}>{`Motif${NBSP}: ${v(inv.note)}`}</Text> : null}
      </View>
      <View style={styles.footer} fixed>
        <Text>
          {fr(
            `${inv.seller?.name ?? ""} · ${INVOICE_KIND_LABELS[inv.kind]} ${inv.number ?? ""} · facture électronique Factur-X (EN 16931)`,
          )}
        </Text>
        <Text render={({ pageNumber, totalPages }) => `page ${pageNumber} sur ${totalPages}`} />
      </View>
    </Page>
  );
}

const ICC_PATH = path.resolve(process.cwd(), "assets/icc/sRGB.icc");
let icc: Buffer | undefined;

/** The XMP packet: PDF/A-3B identification, Dublin Core, and the Factur-X extension schema. */
export function facturxXmp(meta: { title: string; author: string; created: Date }): string {
  const date = meta.created.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(meta.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${escapeXml(meta.author)}</rdf:li></rdf:Seq></dc:creator>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${escapeXml(meta.author)}</pdf:Producer>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${escapeXml(meta.author)}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas>
<rdf:Bag>
<rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property>
<rdf:Seq>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
<rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
</rdf:Seq>
</pdfaSchema:property>
</rdf:li>
</rdf:Bag>
</pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Makes a rendered PDF a Factur-X PDF/A-3: the XML attached, the output intent, the XMP metadata. */
export async function toFacturX(pdf: Buffer, xml: string, meta: { title: string; author: string; created: Date }): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);
  doc.setLanguage("fr-FR");
  await doc.attach(Buffer.from(xml, "utf8"), "factur-x.xml", {
    mimeType: "text/xml",
    description: "Factur-X : facture structurée CII, profil EN 16931",
    creationDate: meta.created,
    modificationDate: meta.created,
    afRelationship: AFRelationship.Alternative,
  });
  const context = doc.context;
  const metadata = context.stream(Buffer.from(facturxXmp(meta), "utf8"), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), context.register(metadata));
  icc ??= readFileSync(ICC_PATH);
  const profile = context.register(context.flateStream(icc, { N: 3 }));
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    DestOutputProfile: profile,
  });
  doc.catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));
  // PDF/A: a file identifier in the trailer.
  const id = PDFHexString.of(Buffer.from(`${meta.title}${meta.created.getTime()}`).toString("hex").slice(0, 32).padEnd(32, "0"));
  context.trailerInfo.ID = context.obj([id, id]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The Factur-X PDF of an issued invoice or credit note. */
export async function invoicePdf(inv: PdfSource): Promise<Buffer> {
  const title = invoiceTitle(inv.kind, inv.number);
  const page = await renderPdf(
    <Document title={title} author={inv.seller?.name ?? ""} language="fr-FR">
      <InvoicePage inv={inv} />
    </Document>,
  );
  const created = new Date(`${inv.issuedOn}T12:00:00Z`);
  return toFacturX(page, ciiXml(inv, inv.credited), { title, author: inv.seller?.name ?? "", created });
}
