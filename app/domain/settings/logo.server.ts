import { randomUUID } from "node:crypto";
import { ImageRejectedError, storeImage } from "~/platform/storage/images.server";
import { storage } from "~/platform/storage/storage.server";

/** An SVG logo is kept as sent (at most this size); a PNG (or JPEG, WebP) is re-encoded like every upload. */
export const LOGO_SVG_MAX_BYTES = 200 * 1024;

export class LogoRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LogoRejectedError";
  }
}

function looksLikeSvg(body: Buffer): boolean {
  const head = body
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/**
 * Stores an uploaded logo and returns its address, `/uploads/logo/…`. An SVG is stored as is and
 * served as an image with `Content-Security-Policy: sandbox` (its scripts never run, see
 * routes/media/uploads.ts); any other image goes through the image pipeline (re-encoded to WebP).
 */
export async function storeLogo(file: File): Promise<string> {
  const body = Buffer.from(await file.arrayBuffer());
  if (body.length === 0) throw new LogoRejectedError("Choisissez un fichier image (SVG ou PNG).");
  if (file.type === "image/svg+xml" || /\.svg$/i.test(file.name) || looksLikeSvg(body)) {
    if (!looksLikeSvg(body)) throw new LogoRejectedError("Ce fichier n'est pas une image SVG valide.");
    if (body.length > LOGO_SVG_MAX_BYTES) throw new LogoRejectedError("Le logo SVG ne dépasse pas 200 Ko.");
    const key = `logo/${randomUUID()}.svg`;
    await storage().put(key, body, "image/svg+xml");
    return `/uploads/${key}`;
  }
  try {
    const image = await storeImage(body, "logo");
    const width = image.widths.find((w) => w >= 480) ?? image.widths[image.widths.length - 1];
    return `/uploads/${image.key}-${width}.webp`;
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new LogoRejectedError(error.message);
    throw error;
  }
}
