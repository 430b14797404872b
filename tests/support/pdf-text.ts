import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF, pages joined, spaces normalised (tests: the mandatory mentions are read back from the file). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
}
