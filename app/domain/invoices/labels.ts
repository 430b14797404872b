/**
 * Invoices' words and kinds, plain TypeScript (no zod: screens, e-mails, the BPF and the browser
 * import it). docs/decisions/0037-invoices.md, docs/legal/invoices.md.
 */

/** An invoice, a deposit invoice (acompte) or a credit note (avoir). */
export const INVOICE_KINDS = ["facture", "acompte", "avoir"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  facture: "Facture",
  acompte: "Facture d'acompte",
  avoir: "Avoir",
};

/**
 * The numbering series of each kind (the site's yearly numbering, app/platform/db/sequences.server.ts):
 * invoices and deposit invoices share one series, `FAC-2027-0001`; credit notes have theirs, `AV-2027-0001`.
 */
export const INVOICE_SERIES: Record<InvoiceKind, "facture" | "avoir"> = { facture: "facture", acompte: "facture", avoir: "avoir" };
export const INVOICE_PREFIX: Record<"facture" | "avoir", string> = { facture: "FAC", avoir: "AV" };

export function invoiceNumber(kind: InvoiceKind, year: number, rank: number): string {
  return `${INVOICE_PREFIX[INVOICE_SERIES[kind]]}-${year}-${String(rank).padStart(4, "0")}`;
}

/**
 * Who pays, as the bilan pédagogique et financier (BPF, cerfa 10443) counts its products in frame C
 * « Origine des produits de l'organisme »: each invoice records one of these kinds, so that the BPF
 * adds up what was invoiced in the year by kind of payer (credit notes subtracted).
 */
export const PAYER_KINDS = ["entreprise", "opco", "particulier", "pouvoir_public", "cpf", "france_travail", "organisme", "autre"] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];

export const PAYER_KIND_LABELS: Record<PayerKind, string> = {
  entreprise: "Entreprise, pour la formation de ses salariés",
  opco: "OPCO ou fonds d'assurance formation",
  particulier: "Particulier, à ses frais",
  pouvoir_public: "Pouvoir public (État, région, collectivité, autre organisme public)",
  cpf: "Compte personnel de formation (Caisse des Dépôts)",
  france_travail: "France Travail",
  organisme: "Autre organisme de formation (sous-traitance)",
  autre: "Autre",
};

/** Short labels for tables and filters. */
export const PAYER_KIND_SHORT: Record<PayerKind, string> = {
  entreprise: "Entreprise",
  opco: "OPCO",
  particulier: "Particulier",
  pouvoir_public: "Pouvoir public",
  cpf: "CPF",
  france_travail: "France Travail",
  organisme: "Organisme de formation",
  autre: "Autre",
};

export const isPayerKind = (value: string): value is PayerKind => (PAYER_KINDS as readonly string[]).includes(value);

/** Payers that are businesses or public bodies: late-payment penalties and the 40 € indemnity apply (L441-10). */
export const BUSINESS_PAYERS: readonly PayerKind[] = [
  "entreprise",
  "opco",
  "pouvoir_public",
  "cpf",
  "france_travail",
  "organisme",
  "autre",
];

/** Stored states; « en retard » is read from the due date (`displayStatus`). */
export const INVOICE_STATUSES = ["brouillon", "emise", "envoyee", "payee_partiellement", "payee", "annulee"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type DisplayStatus = InvoiceStatus | "en_retard";

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  brouillon: "Brouillon",
  emise: "Émise",
  envoyee: "Envoyée",
  payee_partiellement: "Payée partiellement",
  payee: "Payée",
  annulee: "Annulée par avoir",
  en_retard: "En retard",
};

/** Still to be paid: the states a reminder and « en retard » concern. */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ["emise", "envoyee", "payee_partiellement"];

export function displayStatus(row: { status: string; kind: string; due_on: string | null }, today: string): DisplayStatus {
  const status = (INVOICE_STATUSES as readonly string[]).includes(row.status) ? (row.status as InvoiceStatus) : "emise";
  if (row.kind !== "avoir" && OPEN_STATUSES.includes(status) && row.due_on && row.due_on < today) return "en_retard";
  return status;
}

export const PAYMENT_METHODS = ["virement", "cheque", "carte", "prelevement", "especes", "autre"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: "Virement",
  cheque: "Chèque",
  carte: "Carte bancaire",
  prelevement: "Prélèvement",
  especes: "Espèces",
  autre: "Autre",
};

/** The exemption mention (CGI art. 261-4-4° a), when the organisation holds the attestation (setting). */
export const EXEMPTION_MENTION = "Exonération de TVA, article 261-4-4° a du Code général des impôts.";

/** L6353-6 of the Code du travail: an individual's deposit, only after the withdrawal period, 30 % at most. */
export const DEPOSIT_MAX_PERCENT = 30;
export const DEPOSIT_TOO_EARLY =
  "Un acompte ne peut être facturé à un particulier qu'à l'expiration du délai de rétractation de 10\u00a0jours (article L6353-6 du Code du travail).";
export const DEPOSIT_TOO_HIGH = `L'acompte d'un particulier ne peut dépasser ${DEPOSIT_MAX_PERCENT}\u00a0% du prix convenu (article L6353-6 du Code du travail).`;
