import type { Organisation } from "~/domain/settings/model";
import { formatCents, formatDate, formatDayRange, formatSiret } from "~/platform/format";
import { EXEMPTION_MENTION, INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS, type InvoiceKind } from "./labels";

/** What the invoice's terms were at issue (frozen with it). */
export interface InvoiceTerms {
  paymentDays: number;
  latePenalty: string;
  earlyPayment: string;
  vatOnDebits: boolean;
  iban: string;
  bic: string;
  /** The service's dates (the session's first and last days), the « date de l'opération ». */
  serviceStart?: string;
  serviceEnd?: string;
}

/**
 * The mandatory mentions of an invoice or a credit note, as printed on its PDF
 * (docs/legal/invoices.md lists each with its source; the tests read them back from the PDF):
 * Code de commerce L441-9 (number, dates, parties, designation, prices, due date, payment terms,
 * penalties and the 40 € indemnity between businesses: L441-10, D441-5), CGI art. 242 nonies A
 * (identification numbers, VAT or exemption), and the mentions the e-invoicing reform adds (client's
 * SIREN, category of the operation, delivery address if different, option for VAT on debits).
 */

export interface MentionSource {
  kind: InvoiceKind;
  number: string | null;
  issuedOn: string | null;
  dueOn: string | null;
  payerName: string;
  payerBusiness: boolean;
  payerSiren: string;
  payerVatNumber: string;
  payerStreet: string;
  payerPostalCode: string;
  payerCity: string;
  deliveryAddress: string;
  agreementNumber: string;
  buyerReference: string;
  vatExempt: boolean;
  seller: Organisation | null;
  terms: InvoiceTerms | null;
}

export type MentionKey =
  | "titre"
  | "date"
  | "vendeur"
  | "vendeur-identifiants"
  | "vendeur-tva"
  | "nda"
  | "client"
  | "client-siren"
  | "client-tva"
  | "livraison"
  | "categorie"
  | "date-operation"
  | "commande"
  | "prise-en-charge"
  | "facture-origine"
  | "exoneration"
  | "debits"
  | "echeance"
  | "paiement"
  | "escompte"
  | "penalites"
  | "indemnite";

export interface Mention {
  key: MentionKey;
  text: string;
}

/** The SIREN of a SIREN or SIRET (its first 9 digits). */
export const sirenOf = (id: string) => id.replace(/\s/g, "").slice(0, 9);

export function invoiceTitle(kind: InvoiceKind, number: string | null): string {
  return `${INVOICE_KIND_LABELS[kind]} ${number ?? "(brouillon, sans numéro)"}`;
}

export function invoiceMentions(inv: MentionSource, credited?: { number: string | null; issuedOn: string | null } | null): Mention[] {
  const o = inv.seller;
  const t = inv.terms;
  const out: Mention[] = [{ key: "titre", text: invoiceTitle(inv.kind, inv.number) }];
  if (inv.issuedOn) out.push({ key: "date", text: `Date d'émission\u00a0: ${formatDate(inv.issuedOn)}` });
  if (o) {
    out.push({
      key: "vendeur",
      text: `${o.name}${o.legalForm ? ` ${o.legalForm}` : ""}${o.shareCapital ? ` au capital de ${o.shareCapital}` : ""}, ${o.street}, ${o.postalCode} ${o.city}`,
    });
    out.push({
      key: "vendeur-identifiants",
      text: `SIRET ${formatSiret(o.siret)} (SIREN ${sirenOf(o.siret)})${o.rcs ? ` · ${o.rcs}` : ""}`,
    });
    if (o.vatNumber) out.push({ key: "vendeur-tva", text: `N° de TVA intracommunautaire\u00a0: ${o.vatNumber}` });
    if (o.nda)
      out.push({
        key: "nda",
        text: `Déclaration d'activité enregistrée sous le numéro ${o.nda}${o.ndaRegion ? ` auprès du préfet de région ${o.ndaRegion}` : ""}.`,
      });
  }
  const address = [inv.payerStreet, `${inv.payerPostalCode} ${inv.payerCity}`.trim()].filter(Boolean).join(", ");
  out.push({ key: "client", text: `Client\u00a0: ${inv.payerName}${address ? `, ${address}` : ""}` });
  if (inv.payerSiren) out.push({ key: "client-siren", text: `SIREN du client\u00a0: ${sirenOf(inv.payerSiren)}` });
  if (inv.payerVatNumber) out.push({ key: "client-tva", text: `N° de TVA du client\u00a0: ${inv.payerVatNumber}` });
  if (inv.deliveryAddress) out.push({ key: "livraison", text: `Adresse de livraison\u00a0: ${inv.deliveryAddress}` });
  out.push({ key: "categorie", text: "Catégorie de l'opération\u00a0: prestation de services" });
  if (t?.serviceStart && t.serviceEnd)
    out.push({ key: "date-operation", text: `Date de la prestation\u00a0: ${formatDayRange(t.serviceStart, t.serviceEnd)}` });
  if (inv.buyerReference) out.push({ key: "commande", text: `Votre référence de commande\u00a0: ${inv.buyerReference}` });
  if (inv.agreementNumber)
    out.push({ key: "prise-en-charge", text: `Numéro de prise en charge\u00a0: ${inv.agreementNumber} (paiement par subrogation)` });
  if (inv.kind === "avoir" && credited?.number)
    out.push({
      key: "facture-origine",
      text: `Avoir sur la facture ${credited.number}${credited.issuedOn ? ` du ${formatDate(credited.issuedOn)}` : ""}`,
    });
  if (inv.vatExempt) out.push({ key: "exoneration", text: `TVA non applicable\u00a0: ${EXEMPTION_MENTION}` });
  else if (t?.vatOnDebits) out.push({ key: "debits", text: "Option pour le paiement de la taxe d'après les débits." });
  if (inv.kind !== "avoir" && t) {
    if (inv.dueOn) out.push({ key: "echeance", text: `Date d'échéance\u00a0: ${formatDate(inv.dueOn)}` });
    const how = t.iban
      ? `par virement (IBAN ${t.iban}${t.bic ? `, BIC ${t.bic}` : ""})`
      : `par ${PAYMENT_METHOD_LABELS.virement.toLowerCase()} ou chèque`;
    out.push({
      key: "paiement",
      text: `Conditions de paiement\u00a0: ${t.paymentDays === 0 ? "à réception de la facture" : `à ${t.paymentDays}\u00a0jours à compter de la date d'émission`}, ${how}, en rappelant le numéro de la facture.`,
    });
    out.push({ key: "escompte", text: `Escompte\u00a0: ${t.earlyPayment}` });
    if (inv.payerBusiness) {
      out.push({
        key: "penalites",
        text: `Pénalités de retard\u00a0: ${t.latePenalty}, exigibles dès le lendemain de la date d'échéance sans qu'un rappel soit nécessaire (article L441-10 du Code de commerce).`,
      });
      out.push({
        key: "indemnite",
        text: `Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u00a0: ${formatCents(4000)} (articles L441-10 et D441-5 du Code de commerce).`,
      });
    }
  }
  return out;
}
