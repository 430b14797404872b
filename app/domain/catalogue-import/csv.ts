import { IMPORT_MAX_CELLS, IMPORT_MAX_ROWS } from "./limits";
import { ImportFileError, tooManyCellsMessage, tooManyRowsMessage } from "./model";

/**
 * CSV as spreadsheet programs write it (pure, runs anywhere): UTF-8 with or without BOM, UTF-16
 * with BOM, or Windows-1252 (Excel's "CSV" in French); separator ";", "," or tab, detected;
 * RFC 4180 quoting. Every problem is an ImportFileError with a French message.
 */

export type TextEncodingName = "utf-8" | "windows-1252" | "utf-16le" | "utf-16be";
export const ENCODING_LABELS: Record<TextEncodingName, string> = {
  "utf-8": "UTF-8",
  "windows-1252": "Windows-1252 (Excel)",
  "utf-16le": "UTF-16",
  "utf-16be": "UTF-16",
};

/** Bytes that Windows-1252 leaves undefined: a file containing them is not Windows-1252. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** What UTF-8 text read as Windows-1252 looks like: "Ã©" for "é", "â€™" for "’". */
const MOJIBAKE = (() => {
  const tail = new TextDecoder("windows-1252").decode(Uint8Array.from({ length: 64 }, (_, i) => 0x80 + i));
  const escaped = [...tail].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  return new RegExp(`[\\u00c2\\u00c3][${escaped}]|\\u00e2\\u20ac`);
})();

const WRONG_ENCODING =
  "Ce fichier n'est pas un texte lisible en UTF-8 ni en Windows-1252 : enregistrez-le depuis votre tableur au format « CSV UTF-8 (délimité par des virgules) », ou envoyez le classeur Excel (.xlsx).";

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  let text: string;
  let encoding: TextEncodingName;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = "utf-8";
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(3));
    } catch {
      throw new ImportFileError(`Le fichier annonce l'encodage UTF-8 mais contient des caractères invalides. ${WRONG_ENCODING}`);
    }
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = "utf-16le";
    text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = "utf-16be";
    text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  } else {
    if (bytes.includes(0))
      throw new ImportFileError(
        `Le fichier contient des octets nuls (texte UTF-16 sans marque d'ordre, ou fichier binaire). ${WRONG_ENCODING}`,
      );
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      encoding = "utf-8";
    } catch {
      if (bytes.some((b) => CP1252_UNDEFINED.has(b))) throw new ImportFileError(WRONG_ENCODING);
      text = new TextDecoder("windows-1252").decode(bytes);
      encoding = "windows-1252";
    }
  }
  // Control characters other than tab and line breaks: not a text file.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(text);
  if (control)
    throw new ImportFileError(
      `Le fichier contient des caractères de contrôle (code ${control[0].charCodeAt(0)}) : ce n'est pas un fichier texte. ${WRONG_ENCODING}`,
    );
  const garbled = MOJIBAKE.exec(text);
  if (garbled) {
    throw new ImportFileError(
      `Les accents de ce fichier ont été mal convertis (« ${garbled[0]} » à la place d'une lettre accentuée, par exemple « Ã© » au lieu de « é ») : repartez du fichier d'origine et enregistrez-le au format « CSV UTF-8 ».`,
    );
  }
  return { text, encoding };
}

export interface CsvRecord {
  /** Line of the text file where the record starts (1-based). */
  line: number;
  /** The row a spreadsheet shows for it (1-based, empty rows counted; a cell may span several text lines). */
  row: number;
  cells: string[];
}

/** The separator of the first line (outside quotes): the most frequent of ";", "," and tab. */
export function detectSeparator(text: string): string {
  const counts: Record<string, number> = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] === ";" ? -1 : b[0] === ";" ? 1 : 0))[0]!;
  return best[1] > 0 ? best[0] : ",";
}

/**
 * Parses CSV text. A cell that a spreadsheet would treat as a formula was neutralised by our export
 * with a leading apostrophe ("'=…", "'-…"): the apostrophe is removed.
 */
export function parseCsv(text: string, separator = detectSeparator(text)): { records: CsvRecord[]; separator: string } {
  const records: CsvRecord[] = [];
  let line = 1;
  let recordLine = 1;
  let row = 0;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteLine = 0;
  let afterQuote = false;
  let cellCount = 0;
  const endCell = () => {
    if (++cellCount > IMPORT_MAX_CELLS) throw new ImportFileError(tooManyCellsMessage());
    cells.push(/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    cell = "";
    afterQuote = false;
  };
  const endRecord = () => {
    endCell();
    row++;
    if (cells.some((c) => c.trim() !== "")) {
      records.push({ line: recordLine, row, cells });
      if (records.length > IMPORT_MAX_ROWS + 1) throw new ImportFileError(tooManyRowsMessage());
    }
    cells = [];
  };
  const sepCode = separator.charCodeAt(0);
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (quoted) {
      // Copy up to the next quote in one slice.
      const q = text.indexOf('"', i);
      if (q === -1) break;
      const chunk = text.slice(i, q);
      for (let k = chunk.indexOf("\n"); k !== -1; k = chunk.indexOf("\n", k + 1)) line++;
      cell += chunk;
      if (text.charCodeAt(q + 1) === 34) {
        cell += '"';
        i = q + 2;
      } else {
        quoted = false;
        afterQuote = true;
        i = q + 1;
      }
      continue;
    }
    const c = text[i]!;
    if (c === separator) {
      endCell();
      i++;
    } else if (c === "\r" || c === "\n") {
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      endRecord();
      line++;
      recordLine = line;
    } else if (c === '"' && cell === "" && !afterQuote) {
      quoted = true;
      quoteLine = line;
      i++;
    } else if (afterQuote) {
      if (c === " " || c === "\t") {
        i++;
        continue;
      }
      throw new ImportFileError(
        `Le fichier CSV est mal formé ligne ${line}\u00a0: un texte entre guillemets est suivi de « ${c} » au lieu d'un séparateur « ${separatorName(separator)} ». Doublez les guillemets à l'intérieur d'une cellule ("").`,
      );
    } else {
      // Copy plain text up to the next separator, line break or quote in one slice.
      let j = i + 1;
      while (j < n) {
        const code = text.charCodeAt(j);
        if (code === sepCode || code === 10 || code === 13 || code === 34) break;
        j++;
      }
      cell += text.slice(i, j);
      i = j;
    }
  }
  if (quoted) {
    throw new ImportFileError(
      `Le fichier CSV est mal formé\u00a0: le guillemet ouvert ligne ${quoteLine} n'est jamais fermé. Vérifiez cette cellule (un guillemet à l'intérieur d'une cellule s'écrit "").`,
    );
  }
  if (cell !== "" || cells.length > 0 || afterQuote) endRecord();
  return { records, separator };
}

export function separatorName(separator: string): string {
  return separator === "\t" ? "tabulation" : separator;
}

/** One CSV cell: quoted when needed; formula-like text neutralised (CSV injection). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with BOM, ";" separator, CRLF: what Excel in French opens as is. */
export function toCsv(rows: Array<Array<string | number>>): string {
  return "\uFEFF" + rows.map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
