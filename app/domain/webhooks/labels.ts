/**
 * The webhooks' French labels and event list, without zod: what the admin screen shows stays out of
 * the form's schema (`./model.ts`), which the browser loads only when the form is used
 * (docs/decisions/0005-zod-out-of-public-bundles.md).
 */
export const WEBHOOK_EVENTS = [
  "lead.received",
  "registration.received",
  "registration.confirmed",
  "registration.cancelled",
  "formation.published",
  "formation.unpublished",
  "attendance.signed",
  "attendance.closed",
  "invoice.issued",
  "document.signed",
  "document.refused",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "lead.received": "Demande reçue (devis ou contact)",
  "registration.received": "Inscription reçue",
  "registration.confirmed": "Inscription confirmée",
  "registration.cancelled": "Inscription annulée",
  "formation.published": "Formation publiée",
  "formation.unpublished": "Formation dépubliée",
  "attendance.signed": "Présence signée par un stagiaire",
  "attendance.closed": "Demi-journée contre-signée et close",
  "invoice.issued": "Facture ou avoir émis (avec sa facture structurée CII)",
  "document.signed": "Document signé (devis, convention, contrat)",
  "document.refused": "Signature d'un document refusée",
};

export const WEBHOOK_LABELS = { url: "Adresse de réception (URL)", secret: "Secret de signature", events: "Événements" } as const;

export const DELIVERY_STATE_LABELS: Record<string, string> = {
  pending: "En attente",
  sending: "Envoi en cours",
  delivered: "Remis",
  failed: "Abandonné",
};
