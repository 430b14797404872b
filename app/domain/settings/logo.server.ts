import { randomUUID } from "node:crypto";
import { recordAudit } from "~/domain/audit/audit.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { ImageRejectedError, storeImage } from "~/platform/storage/images.server";
import { storage } from "~/platform/storage/storage.server";
import { accepted, refusal, type Outcome } from "~/platform/validation/errors";
import { LOGO_MISSING, LOGO_SVG_MAX_BYTES, LOGO_SVG_TOO_LARGE, isSvgFile } from "./model";
import { getOrganisation, saveOrganisation } from "./settings.server";

function looksLikeSvg(body: Buffer): boolean {
  const head = body
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

const refused = (message: string) => refusal({ logo: message });

/**
 * Stores an uploaded logo and answers its address, `/uploads/logo/…`, or a refusal beside the file
 * field (the content is checked, whatever the file's name and announced type). An SVG is stored as
 * is and served as an image with `Content-Security-Policy: sandbox` (its scripts never run, see
 * routes/media/uploads.ts); any other image goes through the image pipeline (re-encoded to WebP).
 */
export async function storeLogo(file: File): Promise<Outcome<string>> {
  const body = Buffer.from(await file.arrayBuffer());
  if (body.length === 0) return refused(LOGO_MISSING);
  if (isSvgFile(file) || looksLikeSvg(body)) {
    if (!looksLikeSvg(body)) return refused("Ce fichier n'est pas une image SVG valide.");
    if (body.length > LOGO_SVG_MAX_BYTES) return refused(LOGO_SVG_TOO_LARGE);
    const key = `logo/${randomUUID()}.svg`;
    await storage().put(key, body, "image/svg+xml");
    return accepted(`/uploads/${key}`);
  }
  try {
    const image = await storeImage(body, "logo");
    const width = image.widths.find((w) => w >= 480) ?? image.widths[image.widths.length - 1];
    return accepted(`/uploads/${image.key}-${width}.webp`);
  } catch (error) {
    if (error instanceof ImageRejectedError) return refused(error.message);
    throw error;
  }
}

/**
 * Replaces the organisation's logo with an uploaded file, or removes it (`file` null): recorded in
 * the journal. A file the site cannot use is refused, and nothing changes.
 */
export async function changeLogo(actor: Actor, file: File | null, target: Db = db()): Promise<Outcome<{ logoUrl: string }>> {
  let logoUrl = "";
  if (file) {
    const stored = await storeLogo(file);
    if (!stored.ok) return stored;
    logoUrl = stored.value;
  }
  const current = await getOrganisation(target);
  await target.transaction().execute(async (trx) => {
    await saveOrganisation({ ...current, logoUrl }, trx);
    await recordAudit(trx, {
      actor,
      action: "settings",
      entity: "settings",
      entityId: "organisation",
      summary: logoUrl ? "Logo de l'organisme remplacé" : "Logo de l'organisme retiré",
    });
  });
  return accepted({ logoUrl });
}
