import { z } from "zod";
import { ROLE_LABELS, normalizeRole } from "~/platform/auth/roles";

/** Actions recorded in the audit log; other areas may use any short verb, these have French labels. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: "Création",
  update: "Modification",
  delete: "Suppression",
  publish: "Publication",
  unpublish: "Dépublication",
  import: "Import",
  role: "Changement de rôle",
  deactivate: "Désactivation",
  reactivate: "Réactivation",
  settings: "Paramètres",
  invite: "Invitation",
  revoke: "Révocation",
  unlock: "Déblocage",
  note: "Note",
  reject: "Refus",
  resend: "Nouvel envoi",
  restore: "Restauration",
  archive: "Archivage",
  assign: "Affectation",
  unassign: "Retrait d'une session",
  unavailable: "Indisponibilité",
  available: "Disponibilité",
  send: "Envoi",
  start: "Prise en charge",
  answer: "Réponse écrite",
  close: "Clôture",
  erase: "Effacement",
  issue: "Émission",
  credit: "Avoir",
  payment: "Paiement",
  remind: "Rappel",
};

/** An action without a label (written by a later area) still reads as a word: « Note », not « note ». */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? humanize(action);
}

function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Entities with French labels (others are shown as written). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  user: "Utilisateur",
  settings: "Paramètres",
  formation: "Formation",
  blog_post: "Article",
  lead: "Demande",
  formation_category: "Catégorie",
  city: "Ville",
  funding_rule: "Barème de financement",
  invitation: "Invitation",
  formation_import: "Import de formations",
  testimonial: "Témoignage",
  result_figure: "Résultat",
  why_us_argument: "Argument",
  legal_document: "Document légal",
  trainer: "Formateur",
  complaint: "Réclamation",
  invoice: "Facture",
};

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? humanize(entity);
}

/**
 * Who acted, as the journal says it: a staff role (an unknown one reads as viewer), or a person
 * acting from their space by link (a trainer replacing their calendar address: `formateur`).
 */
export function auditActorLabel(role: string): string {
  if (role === "formateur") return "Formateur (depuis son espace)";
  return ROLE_LABELS[normalizeRole(role)];
}

export const AUDIT_PAGE_SIZE = 25;

/** Filters of /admin/journal, from the query string. */
export const auditFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  entity: z.string().trim().max(60).optional().catch(undefined),
  action: z.string().trim().max(40).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;

export interface AuditEntry {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string;
  actorRole: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  revisionId: string | null;
}
