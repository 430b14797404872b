import type { Organisation } from "~/domain/settings/model";
import { escapeXml } from "~/platform/text/xml";
import { EXEMPTION_MENTION, type InvoiceKind } from "./labels";
import { invoiceMentions, sirenOf, type MentionSource } from "./mentions";
import type { InvoiceLine } from "./rules";

/**
 * The structured invoice embedded in the PDF as `factur-x.xml`: UN/CEFACT Cross Industry Invoice
 * (D16B) in the EN 16931 profile of Factur-X (guideline `urn:cen.eu:en16931:2017`). Validated in the
 * tests against the CII XSD and the EN 16931 CII schematron of the European Commission
 * (docs/standards/en16931-cii/). Amounts are the invoice's integer cents written with two decimals.
 */

export interface CiiSource extends MentionSource {
  lines: InvoiceLine[];
  vatRate: number;
  totalHtCents: number;
  vatCents: number;
  totalTtcCents: number;
  payerEmail: string;
  note: string;
  seller: Organisation | null;
}

/** UNTDID 1001: commercial invoice, credit note, prepayment invoice. */
const TYPE_CODES: Record<InvoiceKind, string> = { facture: "380", avoir: "381", acompte: "386" };

export const FACTURX_GUIDELINE = "urn:cen.eu:en16931:2017";

export function amount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const day = (iso: string) => iso.replace(/-/g, "");
const dateTime = (iso: string, ns = "udt") => `<${ns}:DateTimeString format="102">${day(iso)}</${ns}:DateTimeString>`;
const el = (name: string, value: string | null | undefined, attrs = "") =>
  value ? `<ram:${name}${attrs}>${escapeXml(value)}</ram:${name}>` : "";

/** A VAT number as EN 16931 wants it (BR-CO-9: two letters of a country first), else nothing. */
const vatId = (v: string) => {
  const s = v.replace(/[\s.-]/g, "").toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(s) ? s : "";
};

function address(postcode: string, line: string, city: string): string {
  return `<ram:PostalTradeAddress>${el("PostcodeCode", postcode)}${el("LineOne", line)}${el("CityName", city)}<ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>`;
}

function party(p: { name: string; siren: string; postcode: string; line: string; city: string; email: string; vat: string }): string {
  const siren = sirenOf(p.siren);
  return [
    el("Name", p.name),
    /^\d{9}$/.test(siren)
      ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID></ram:SpecifiedLegalOrganization>`
      : "",
    address(p.postcode, p.line, p.city),
    p.email
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${escapeXml(p.email)}</ram:URIID></ram:URIUniversalCommunication>`
      : "",
    vatId(p.vat) ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${vatId(p.vat)}</ram:ID></ram:SpecifiedTaxRegistration>` : "",
  ].join("");
}

export function ciiXml(inv: CiiSource, credited?: { number: string | null; issuedOn: string | null } | null): string {
  const o = inv.seller;
  if (!o || !inv.number || !inv.issuedOn) throw new Error("Seule une facture émise a sa version structurée.");
  const category = inv.vatExempt ? "E" : "S";
  const rate = inv.vatExempt ? 0 : inv.vatRate;
  const tax = (withAmounts: boolean) =>
    withAmounts
      ? `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(inv.vatCents)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>${
          inv.vatExempt ? `<ram:ExemptionReason>${escapeXml(EXEMPTION_MENTION)}</ram:ExemptionReason>` : ""
        }<ram:BasisAmount>${amount(inv.totalHtCents)}</ram:BasisAmount><ram:CategoryCode>${category}</ram:CategoryCode>${
          !inv.vatExempt ? `<ram:DueDateTypeCode>${inv.terms?.vatOnDebits ? "5" : "72"}</ram:DueDateTypeCode>` : ""
        }<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`
      : `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category}</ram:CategoryCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;

  // Notes: the legal mentions printed on the PDF that have no field of their own (UNTDID 4451 subjects).
  const mentions = invoiceMentions(inv, credited);
  const subject: Partial<Record<string, string>> = {
    penalites: "PMD",
    indemnite: "PMT",
    escompte: "AAB",
    nda: "REG",
    categorie: "AAI",
    debits: "TXD",
  };
  const notes = mentions
    .filter((m) => subject[m.key])
    .map(
      (m) =>
        `<ram:IncludedNote><ram:Content>${escapeXml(m.text)}</ram:Content><ram:SubjectCode>${subject[m.key]}</ram:SubjectCode></ram:IncludedNote>`,
    )
    .join("");
  const extraNote = inv.note ? `<ram:IncludedNote><ram:Content>${escapeXml(inv.note)}</ram:Content></ram:IncludedNote>` : "";

  const lines = inv.lines
    .map(
      (l, i) =>
        `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${el("Name", l.label)}${el("Description", l.detail)}</ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(l.unitHtCents)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement>${tax(false)}<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.htCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
        `</ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join("");

  const seller = party({
    name: o.name,
    siren: o.siret,
    postcode: o.postalCode,
    line: o.street,
    city: o.city,
    email: o.email,
    vat: o.vatNumber,
  });
  const buyer = party({
    name: inv.payerName,
    siren: inv.payerSiren,
    postcode: inv.payerPostalCode,
    line: inv.payerStreet,
    city: inv.payerCity,
    email: inv.payerEmail,
    vat: inv.payerVatNumber,
  });
  const t = inv.terms;
  const delivery =
    (inv.deliveryAddress
      ? `<ram:ShipToTradeParty>${el("Name", inv.payerName)}<ram:PostalTradeAddress>${el("LineOne", inv.deliveryAddress)}<ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>`
      : "") +
    (t?.serviceEnd
      ? `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${dateTime(t.serviceEnd)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`
      : "");
  const iban = t?.iban.replace(/\s/g, "") ?? "";
  // SEPA credit transfer (UNTDID 4461 code 58) with the IBAN when the organisation gave one; without
  // it, no payment means (CII-SR-470: a credit transfer names its account).
  const paymentMeans =
    inv.kind !== "avoir" && iban
      ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${escapeXml(
          iban,
        )}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>`
      : "";
  const period =
    t?.serviceStart && t.serviceEnd
      ? `<ram:BillingSpecifiedPeriod><ram:StartDateTime>${dateTime(t.serviceStart)}</ram:StartDateTime><ram:EndDateTime>${dateTime(t.serviceEnd)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>`
      : "";
  const paymentTerms =
    inv.kind !== "avoir" && t
      ? `<ram:SpecifiedTradePaymentTerms><ram:Description>${escapeXml(
          mentions.find((m) => m.key === "paiement")?.text ?? "",
        )}</ram:Description>${inv.dueOn ? `<ram:DueDateDateTime>${dateTime(inv.dueOn)}</ram:DueDateDateTime>` : ""}</ram:SpecifiedTradePaymentTerms>`
      : "";
  const preceding = credited?.number
    ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escapeXml(credited.number)}</ram:IssuerAssignedID>${
        credited.issuedOn ? `<ram:FormattedIssueDateTime>${dateTime(credited.issuedOn, "qdt")}</ram:FormattedIssueDateTime>` : ""
      }</ram:InvoiceReferencedDocument>`
    : "";

  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${FACTURX_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument><ram:ID>${escapeXml(inv.number)}</ram:ID><ram:TypeCode>${TYPE_CODES[inv.kind]}</ram:TypeCode><ram:IssueDateTime>${dateTime(inv.issuedOn)}</ram:IssueDateTime>${notes}${extraNote}</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>${lines}` +
    `<ram:ApplicableHeaderTradeAgreement>${el("BuyerReference", inv.buyerReference)}<ram:SellerTradeParty>${seller}</ram:SellerTradeParty><ram:BuyerTradeParty>${buyer}</ram:BuyerTradeParty>${
      inv.buyerReference
        ? `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${escapeXml(inv.buyerReference)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`
        : ""
    }${inv.agreementNumber ? `<ram:ContractReferencedDocument><ram:IssuerAssignedID>${escapeXml(inv.agreementNumber)}</ram:IssuerAssignedID></ram:ContractReferencedDocument>` : ""}</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery>${delivery}</ram:ApplicableHeaderTradeDelivery>` +
    `<ram:ApplicableHeaderTradeSettlement><ram:PaymentReference>${escapeXml(inv.number)}</ram:PaymentReference><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${paymentMeans}${tax(true)}${period}${paymentTerms}` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${amount(inv.totalHtCents)}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${amount(
      inv.totalHtCents,
    )}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${amount(inv.vatCents)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${amount(
      inv.totalTtcCents,
    )}</ram:GrandTotalAmount><ram:DuePayableAmount>${amount(inv.totalTtcCents)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>${preceding}` +
    `</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n`
  );
}
