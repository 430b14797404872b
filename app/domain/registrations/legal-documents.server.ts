import { randomUUID } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { validate, type Outcome } from "~/platform/validation/errors";

/**
 * The CGV and the règlement intérieur as versioned content: every save adds a dated version, the
 * public page shows the latest, and a registration records the versions it accepted.
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

function toVersion(r: {
  id: string;
  document: string;
  body: string;
  is_demo: number | boolean;
  author_email: string;
  created_at: string;
}): LegalVersion {
  return {
    id: r.id,
    document: r.document as LegalDocument,
    body: r.body,
    isDemo: Boolean(Number(r.is_demo)),
    authorEmail: r.author_email,
    createdAt: r.created_at,
  };
}

/** The version in force (the latest), or null before any is saved. */
export async function currentLegalVersion(document: LegalDocument, target: Db = db()): Promise<LegalVersion | null> {
  const row = await target
    .selectFrom("legal_document_versions")
    .selectAll()
    .where("document", "=", document)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function legalVersionById(id: string, target: Db = db()): Promise<LegalVersion | null> {
  const row = await target.selectFrom("legal_document_versions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toVersion(row) : null;
}

/** Every version of a document, newest first (the admin's history). */
export async function listLegalVersions(document: LegalDocument, target: Db = db()): Promise<Omit<LegalVersion, "body">[]> {
  const rows = await target
    .selectFrom("legal_document_versions")
    .select(["id", "document", "is_demo", "author_email", "created_at"])
    .where("document", "=", document)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    document: r.document as LegalDocument,
    isDemo: Boolean(Number(r.is_demo)),
    authorEmail: r.author_email,
    createdAt: r.created_at,
  }));
}

/** Saves a new version (never changes an old one: registrations point at it). */
export async function saveLegalVersion(
  document: LegalDocument,
  input: unknown,
  { actor, target = db(), isDemo = false, now = new Date() }: { actor?: Actor; target?: Db; isDemo?: boolean; now?: Date } = {},
): Promise<Outcome<LegalVersion>> {
  const parsed = validate(legalVersionSchema, input);
  if (!parsed.ok) return parsed;
  const row = {
    id: randomUUID(),
    document,
    body: parsed.value.body,
    is_demo: isDemo ? 1 : 0,
    author_email: actor?.email ?? "",
    created_at: now.toISOString(),
  };
  await target.transaction().execute(async (trx) => {
    await trx.insertInto("legal_document_versions").values(row).execute();
    if (actor) {
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "legal_document",
        entityId: row.id,
        summary: `${LEGAL_DOCUMENTS[document].title}\u00a0: nouvelle version enregistrée.`,
      });
    }
  });
  return { ok: true, value: toVersion(row) };
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
