/**
 * How staff read the send state of one queued e-mail (the mail room's `mail_queue`), wherever it is
 * shown: a request's page, a complaint's page. Pure: the admin screens import it.
 */
export const MAIL_STATE_LABELS: Record<string, string> = {
  pending: "En attente d'envoi",
  sending: "Envoi en cours",
  sent: "Envoyé au serveur SMTP",
  /** Sent with no SMTP server configured: the mail only reached the local outbox (DATA_DIR/outbox). */
  outbox: "Écrit dans la boîte locale",
  failed: "Échec définitif",
};

/** The label of one queued e-mail: a sent mail says where it went (`via`, recorded on send). */
export function mailStateLabel(state: string, via: string): string {
  if (state === "sent" && via === "outbox") return MAIL_STATE_LABELS.outbox!;
  return MAIL_STATE_LABELS[state] ?? state;
}
