import { recordAudit } from "~/domain/audit/audit.server";
import { getOrganisation } from "~/domain/settings/settings.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { openSecret, sealSecret } from "~/platform/secret-box/secret-box.server";
import { createSelfSignedCertificate, readCertificate, type SealCertificate } from "~/platform/pdf-seal/seal.server";

/**
 * The organisation's sealing certificate (docs/decisions/0036-documents-signed-online.md): the
 * newest row of `signing_certificates`. At first use the site creates a self-signed one in the
 * organisation's name; an admin may upload a PKCS#12 from a certification authority instead (it
 * then seals every new document). Kept in the database, so every backup carries it.
 */

export interface CertificateView {
  source: "genere" | "televerse";
  subject: string;
  fingerprint: string;
  notAfter: string;
  createdAt: string;
}

/** The PKCS#12's password is stored sealed by the server secret: the database alone does not open the key. */
const PASSPHRASE_PURPOSE = "certificat-de-scellement";

const SYSTEM: Actor = { id: null, email: "système (première signature)", role: "system" };

/** The certificate in use, or null before the first seal. */
export async function currentCertificate(target: Db = db()): Promise<(CertificateView & SealCertificate) | null> {
  const row = await target
    .selectFrom("signing_certificates")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return null;
  return {
    source: row.source === "televerse" ? "televerse" : "genere",
    subject: row.subject,
    fingerprint: row.fingerprint,
    notAfter: row.not_after,
    createdAt: row.created_at,
    p12: Buffer.from(row.p12, "base64"),
    // Unreadable only if the server secret changed since (README « Signature en ligne »).
    passphrase: openSecret(PASSPHRASE_PURPOSE, row.passphrase) ?? "",
  };
}

/** The certificate in use; created (self-signed, in the organisation's name) when there is none. */
export async function sealingCertificate(target: Db = db(), now = Date.now()): Promise<SealCertificate & CertificateView> {
  const current = await currentCertificate(target);
  if (current) return current;
  const organisation = await getOrganisation(target);
  const made = createSelfSignedCertificate({ commonName: organisation.name, organisation: organisation.name }, new Date(now));
  const id = crypto.randomUUID();
  const iso = new Date(now).toISOString();
  await target.transaction().execute(async (trx) => {
    // Another instance may have made one meanwhile: the first stays the one in use.
    if (await trx.selectFrom("signing_certificates").select("id").executeTakeFirst()) return;
    await trx
      .insertInto("signing_certificates")
      .values({
        id,
        source: "genere",
        p12: made.p12.toString("base64"),
        passphrase: sealSecret(PASSPHRASE_PURPOSE, made.passphrase),
        subject: made.subject,
        fingerprint: made.fingerprint,
        not_after: made.notAfter,
        created_by: SYSTEM.email,
        created_at: iso,
      })
      .execute();
    await recordAudit(trx, {
      actor: SYSTEM,
      action: "create",
      entity: "signing_certificate",
      entityId: id,
      summary: `Certificat de scellement auto-signé créé (${made.subject}).`,
    });
  });
  return (await currentCertificate(target))!;
}

export type UploadOutcome = { ok: true; subject: string } | { ok: false; kind: "invalid"; errors: Record<string, string> };

/** An admin uploads the organisation's PKCS#12 and its password: checked, then in use for every new seal. */
export async function uploadCertificate(
  file: { bytes: Buffer; passphrase: string },
  actor: Actor,
  target: Db = db(),
  now = Date.now(),
): Promise<UploadOutcome> {
  if (!file.bytes.length) return { ok: false, kind: "invalid", errors: { fichier: "Choisissez le fichier PKCS#12 (.p12 ou .pfx)." } };
  if (file.bytes.length > 200_000)
    return { ok: false, kind: "invalid", errors: { fichier: "Ce fichier dépasse 200\u00a0Ko\u00a0: ce n'est pas un certificat." } };
  const read = readCertificate({ p12: file.bytes, passphrase: file.passphrase }, new Date(now));
  if (!read.ok) return { ok: false, kind: "invalid", errors: { fichier: read.error } };
  const id = crypto.randomUUID();
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("signing_certificates")
      .values({
        id,
        source: "televerse",
        p12: file.bytes.toString("base64"),
        passphrase: sealSecret(PASSPHRASE_PURPOSE, file.passphrase),
        subject: read.info.subject,
        fingerprint: read.info.fingerprint,
        not_after: read.info.notAfter,
        created_by: actor.email,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    await recordAudit(trx, {
      actor,
      action: "settings",
      entity: "signing_certificate",
      entityId: id,
      summary: `Certificat de scellement téléversé (${read.info.subject}).`,
    });
  });
  return { ok: true, subject: read.info.subject };
}
