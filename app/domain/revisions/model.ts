/**
 * Revisions: every saved state of a versioned content (docs/decisions/0017-revisions.md). This
 * module is the shared vocabulary (no database, no secret): kinds of content, French labels, the
 * pruning rule.
 */

export const REVISION_ENTITIES = {
  formation: "Formation",
  blog_post: "Article",
  testimonial: "Témoignage",
  result_figure: "Résultat",
  why_us_argument: "Argument",
  settings: "Paramètres",
  funding_rule: "Barème de financement",
  legal_document: "Document légal",
  trainer: "Formateur",
} as const;
export type RevisionEntity = keyof typeof REVISION_ENTITIES;

export function isRevisionEntity(value: string): value is RevisionEntity {
  return Object.hasOwn(REVISION_ENTITIES, value);
}

/** Drafts kept per item (the latest ones); published states are kept forever. */
export const DRAFTS_KEPT = 50;

/** Content larger than this (in bytes of JSON) is stored gzip-compressed, in base64. */
export const COMPRESS_FROM_BYTES = 2048;

export interface RevisionSummary {
  id: string;
  entityType: RevisionEntity;
  entityId: string;
  published: boolean;
  title: string;
  summary: string;
  restoredFrom: string | null;
  authorEmail: string;
  createdAt: string;
}

export interface Revision<T = Record<string, unknown>> extends RevisionSummary {
  content: T;
}

/** One piece of a word-by-word comparison: unchanged, removed or added text. */
export interface DiffPart {
  value: string;
  kind: "same" | "removed" | "added";
}

/** One changed field between two revisions. */
export interface FieldChange {
  field: string;
  label: string;
  /** Text fields: the words removed and added, in place. */
  parts: DiffPart[] | null;
  /** Other fields (lists, numbers, dates): the whole value before and after, readable. */
  before: string;
  after: string;
}

/** Where each kind of content is edited, and who may see its history (the same role as its screen). */
export const HISTORY_ACCESS: Record<RevisionEntity, { role: "editor" | "admin"; editPath: (id: string) => string }> = {
  formation: { role: "editor", editPath: (id) => `/admin/formations/${id}` },
  blog_post: { role: "editor", editPath: (id) => `/admin/blog/${id}` },
  testimonial: { role: "admin", editPath: () => "/admin/temoignages" },
  result_figure: { role: "admin", editPath: () => "/admin/temoignages" },
  why_us_argument: { role: "admin", editPath: () => "/admin/temoignages" },
  settings: { role: "admin", editPath: (id) => (id === "formation_defaults" ? "/admin/parametres/formations" : "/admin/parametres") },
  funding_rule: { role: "admin", editPath: () => "/admin/financement" },
  legal_document: { role: "admin", editPath: (id) => `/admin/textes-legaux?document=${id}` },
  trainer: { role: "editor", editPath: (id) => `/admin/formateurs/${id}` },
};

/** The history screen of one item. */
export function historyPath(entityType: RevisionEntity, entityId: string, query = ""): string {
  return `/admin/historique/${entityType}/${encodeURIComponent(entityId)}${query ? `?${query}` : ""}`;
}
