import path from "node:path";
import { Font, renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import sharp from "sharp";

/**
 * The one PDF path of the site (docs/decisions/0016-training-documents-pdf.md): every PDF is a
 * React element of @react-pdf/renderer rendered here, with the fonts committed in assets/fonts
 * (Liberation Sans, read from disk, never downloaded) and no hyphenation (French words are not cut).
 */

export const PDF_FONT = "Liberation Sans";
const FONT_DIR = path.resolve(process.cwd(), "assets/fonts");

let registered = false;

function registerFonts(): void {
  if (registered) return;
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: path.join(FONT_DIR, "LiberationSans-Regular.ttf") },
      { src: path.join(FONT_DIR, "LiberationSans-Bold.ttf"), fontWeight: "bold" },
      { src: path.join(FONT_DIR, "LiberationSans-Italic.ttf"), fontStyle: "italic" },
    ],
  });
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

/** Renders a <Document> to the bytes of a PDF file. */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  registerFonts();
  // The element is a <Document> of @react-pdf/renderer; its typings want that exact props type.
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}

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
