import sharp from "sharp";

/**
 * An image (the organisation's logo: SVG or WebP) as a PNG the PDF can embed, at most 600 px wide;
 * undefined when it cannot be read (the document is then made without the logo).
 */
export async function imageForPdf(body: Buffer | undefined): Promise<Buffer | undefined> {
  if (!body) return undefined;
  try {
    return await sharp(body, { density: 150 }).resize({ width: 600, withoutEnlargement: true }).png().toBuffer();
  } catch {
    return undefined;
  }
}
