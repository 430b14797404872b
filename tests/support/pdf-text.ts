import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF, pages joined, spaces normalised (tests: the mandatory mentions are read back from the file). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
}

/** A run of text on a page, where the PDF draws it: `y` from the top of the page, in points, `size` its font size, `width` its advance. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  size: number;
  width: number;
}

/** The text items of each page, top to bottom (tests of the layout: what overlaps, what ends a page). */
export async function pdfTextItems(pdf: Buffer): Promise<PdfTextItem[][]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages: PdfTextItem[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const height = page.getViewport({ scale: 1 }).height;
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!("str" in item) || !item.str.trim()) continue;
      const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
      items.push({
        text: item.str.replace(/[\u00a0\u202f]/g, " "),
        x,
        y: height - y,
        size: Math.round(Math.hypot(a, b) * 10) / 10,
        width: item.width,
      });
    }
    pages.push(items.sort((p, q) => p.y - q.y || p.x - q.x));
  }
  return pages;
}
