import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { validate, type Outcome } from "~/platform/validation/errors";
import { getRevision, latestRevision, recordRevision } from "./revisions.server";
import type { Revision } from "./model";

/**
 * The CGV and the règlement intérieur, versioned as revisions (entity type `legal_document`, id
 * `cgv` or `reglement_interieur`): every save adds a published revision, the public page shows the
 * latest published one, and a registration records the revision ids it accepted.
 */

export const LEGAL_DOCUMENTS = {
  cgv: { title: "Conditions générales de vente", path: "/conditions-generales-de-vente" },
  reglement_interieur: { title: "Règlement intérieur", path: "/reglement-interieur" },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

export function isLegalDocument(value: string): value is LegalDocument {
  return Object.hasOwn(LEGAL_DOCUMENTS, value);
}

export interface LegalVersion {
  id: string;
  document: LegalDocument;
  body: string;
  isDemo: boolean;
  authorEmail: string;
  createdAt: string;
}

export const legalVersionSchema = z.object({
  body: z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .min(200, "Le texte est trop court pour des conditions valables (200 caractères au moins).")
      .max(200_000, "Le texte ne doit pas dépasser 200 000 caractères."),
  ),
});

interface LegalContent {
  body: string;
  isDemo?: boolean;
}

function toVersion(document: LegalDocument, r: Revision<LegalContent>): LegalVersion {
  return {
    id: r.id,
    document,
    body: r.content.body,
    isDemo: Boolean(r.content.isDemo),
    authorEmail: r.authorEmail,
    createdAt: r.createdAt,
  };
}

/** The version in force (the latest published revision), or null before any is saved. */
export async function currentLegalVersion(document: LegalDocument, target: Db = db()): Promise<LegalVersion | null> {
  const revision = await latestRevision<LegalContent>("legal_document", document, { publishedOnly: true }, target);
  return revision ? toVersion(document, revision) : null;
}

/** The version in force on a date (end of `at`), for the evidence pack. */
export async function legalVersionAt(document: LegalDocument, at: string, target: Db = db()): Promise<LegalVersion | null> {
  const revision = await latestRevision<LegalContent>("legal_document", document, { publishedOnly: true, at }, target);
  return revision ? toVersion(document, revision) : null;
}

/** A published version by its id (registrations record it); a draft is not a version in force. */
export async function legalVersionById(id: string, target: Db = db()): Promise<LegalVersion | null> {
  const revision = await getRevision<LegalContent>(id, target);
  if (!revision || revision.entityType !== "legal_document" || !revision.published || !isLegalDocument(revision.entityId)) return null;
  return toVersion(revision.entityId, revision);
}

/** The draft to review, when a restore (« Restaurer comme brouillon ») is newer than the version in force. */
export async function pendingLegalDraft(document: LegalDocument, target: Db = db()): Promise<LegalVersion | null> {
  const latest = await latestRevision<LegalContent>("legal_document", document, {}, target);
  return latest && !latest.published ? toVersion(document, latest) : null;
}

/** Every published version of a document, newest first (the admin's list). */
export async function listLegalVersions(document: LegalDocument, target: Db = db()): Promise<Omit<LegalVersion, "body">[]> {
  const rows = await target
    .selectFrom("revisions")
    .select(["id", "content", "encoding", "author_email", "created_at"])
    .where("entity_type", "=", "legal_document")
    .where("entity_id", "=", document)
    .where("published", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const out: Omit<LegalVersion, "body">[] = [];
  for (const r of rows) {
    const revision = await getRevision<LegalContent>(r.id, target);
    out.push({ id: r.id, document, isDemo: Boolean(revision?.content.isDemo), authorEmail: r.author_email, createdAt: r.created_at });
  }
  return out;
}

/** Saves a new version in force (never changes an old one: registrations point at it). */
export async function saveLegalVersion(
  document: LegalDocument,
  input: unknown,
  { actor, target = db(), isDemo = false, now = new Date() }: { actor?: Actor; target?: Db; isDemo?: boolean; now?: Date } = {},
): Promise<Outcome<LegalVersion>> {
  const parsed = validate(legalVersionSchema, input);
  if (!parsed.ok) return parsed;
  const createdAt = now.toISOString();
  const title = LEGAL_DOCUMENTS[document].title;
  const id = await target.transaction().execute(async (trx) => {
    const revisionId = await recordRevision(trx, {
      entityType: "legal_document",
      entityId: document,
      content: { body: parsed.value.body, isDemo },
      published: true,
      title,
      actor,
      at: createdAt,
    });
    if (actor) {
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "legal_document",
        entityId: document,
        summary: `${title}\u00a0: nouvelle version enregistrée.`,
        revisionId,
      });
    }
    return revisionId;
  });
  return {
    ok: true,
    value: { id, document, body: parsed.value.body, isDemo, authorEmail: actor?.email ?? "", createdAt },
  };
}

/** The versions a registration form shows and records: the latest of each document. */
export async function currentTerms(target: Db = db()): Promise<{ cgv: LegalVersion | null; reglement: LegalVersion | null }> {
  const [cgv, reglement] = await Promise.all([currentLegalVersion("cgv", target), currentLegalVersion("reglement_interieur", target)]);
  return { cgv, reglement };
}

/** Demo seed: the demonstration CGV and règlement intérieur, for a document that has no version yet. */
export async function seedDemoLegalDocuments(target: Db = db()): Promise<number> {
  const { DEMO_CGV, DEMO_REGLEMENT_INTERIEUR } = await import("./demo-legal");
  let added = 0;
  for (const [document, body] of [
    ["cgv", DEMO_CGV],
    ["reglement_interieur", DEMO_REGLEMENT_INTERIEUR],
  ] as const) {
    if (await currentLegalVersion(document, target)) continue;
    const saved = await saveLegalVersion(document, { body }, { target, isDemo: true });
    if (saved.ok) added++;
  }
  return added;
}

/** The documents whose version in force is a demonstration text (the go-live checklist), or that have none. */
export async function legalDocumentsToReplace(
  target: Db = db(),
): Promise<Array<{ document: LegalDocument; title: string; missing: boolean }>> {
  const out: Array<{ document: LegalDocument; title: string; missing: boolean }> = [];
  for (const document of Object.keys(LEGAL_DOCUMENTS) as LegalDocument[]) {
    const version = await currentLegalVersion(document, target);
    if (!version || version.isDemo) out.push({ document, title: LEGAL_DOCUMENTS[document].title, missing: !version });
  }
  return out;
}
