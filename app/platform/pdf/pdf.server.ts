import path from "node:path";
import { Font, renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { SOFT_HYPHEN, visitorTextForPdf } from "./visitor-text";

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
  // Words are never hyphenated, except where visitor text has soft hyphens (over-long words, see
  // ./visitor-text.ts): a line may break there, with a hyphen drawn at its end.
  Font.registerHyphenationCallback((word) => (word.includes(SOFT_HYPHEN) ? word.split(SOFT_HYPHEN) : [word]));
  registered = true;
}

let covered: ((codePoint: number) => boolean) | undefined;

/** Whether every style of the font (normal, bold, italic) draws a code point: loaded once, before the first render. */
async function loadCoverage(): Promise<void> {
  if (covered) return;
  const sources = [{}, { fontWeight: "bold" as const }, { fontStyle: "italic" as const }].map((d) =>
    Font.getFont({ fontFamily: PDF_FONT, ...d }),
  );
  await Promise.all(sources.map((s) => s.load()));
  covered = (codePoint) => sources.every((s) => s.data?.hasGlyphForCodePoint(codePoint) ?? false);
}

/**
 * The one way a template prints a value a visitor typed (names, company, address…): bidi controls
 * removed, characters the font lacks replaced or removed, over-long words breakable (./visitor-text.ts).
 */
export function pdfVisitorText(value: string): string {
  return visitorTextForPdf(value, covered);
}

export const NBSP = "\u00a0";

/** A number or date formatted by Intl in French: its narrow no-break spaces as the no-break space the font has. */
export const pdfFrench = (s: string) => s.replace(/\u202f/g, NBSP);

/**
 * The page style every template starts from: the font, the text's size and colour, the margins (in
 * points); a template changes what it sets differently.
 */
export function pdfPageStyle(
  paddingBottom: number,
  differently: { fontSize?: number; lineHeight?: number; paddingTop?: number; paddingHorizontal?: number } = {},
) {
  return {
    fontFamily: PDF_FONT,
    fontSize: 9.5,
    lineHeight: 1.35,
    paddingTop: 36,
    paddingBottom,
    paddingHorizontal: 42,
    color: "#111827",
    ...differently,
  };
}

/** Renders a <Document> to the bytes of a PDF file. */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  registerFonts();
  await loadCoverage();
  // The element is a <Document> of @react-pdf/renderer; its typings want that exact props type.
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}
