import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";

/**
 * The last page of a signed document: each signature (name, quality, date and time in
 * Europe/Paris, method) and the drawn picture when there is one. Drawn with pdf-lib (the
 * document's pages are copied as they are; this page is added before the seal covers them all).
 */

export interface SignatureLine {
  role: string;
  name: string;
  quality: string;
  email: string;
  signedAtLabel: string;
  method: string;
  documentSha256: string;
  drawing: string;
}

/** The standard font writes Windows-1252: what it cannot write becomes its nearest form. */
function printable(text: string): string {
  return text
    .replace(/[\u202f\u2009]/g, "\u00a0")
    .replace(/[\u2010-\u2013]/g, "-")
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\u2014\u2018\u2019\u201c\u201d\u2026\u20ac\u0152\u0153]/g, "?");
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function signaturePagePdf({
  title,
  number,
  organisation,
  signatures,
  footer,
}: {
  title: string;
  number: string;
  organisation: string;
  signatures: SignatureLine[];
  footer: string;
}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`${title} ${number} — signatures`));
  doc.setProducer(printable(organisation));
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  const text = (value: string, { font = regular, size = 10, gap = 4 }: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    for (const line of wrap(printable(value), font, size, width)) {
      y -= size + gap;
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    }
  };
  text(`${title} n°\u00a0${number}`, { font: bold, size: 15 });
  text("Page des signatures", { font: bold, size: 12, gap: 8 });
  y -= 6;
  text(
    "Ce document a été signé électroniquement (signature électronique simple, règlement eIDAS n°\u00a0910/2014 et articles 1366 et 1367 du Code civil). Le fichier est scellé par le certificat de l'organisme\u00a0: toute modification ultérieure rompt le sceau.",
    { size: 9 },
  );
  for (const s of signatures) {
    y -= 16;
    page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.75) });
    y -= 4;
    text(s.role, { font: bold, size: 11, gap: 6 });
    text(`${s.name}${s.quality ? `, ${s.quality}` : ""}`);
    text(`Adresse e-mail\u00a0: ${s.email}`);
    text(`Signé le ${s.signedAtLabel} (heure de Paris)`);
    text(`Méthode\u00a0: ${s.method}`);
    text(`Empreinte SHA-256 du document signé\u00a0: ${s.documentSha256}`, { size: 8 });
    if (s.drawing.startsWith("data:image/png;base64,")) {
      try {
        const png = await doc.embedPng(Buffer.from(s.drawing.slice("data:image/png;base64,".length), "base64"));
        const scale = Math.min(180 / png.width, 60 / png.height, 1);
        y -= png.height * scale + 6;
        page.drawImage(png, { x: margin, y, width: png.width * scale, height: png.height * scale });
      } catch {
        text("(signature dessinée illisible)", { size: 8 });
      }
    }
  }
  y = margin;
  page.drawText(printable(footer).slice(0, 140), { x: margin, y, size: 8, font: regular, color: rgb(0.35, 0.35, 0.4) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
