/**
 * CSV for Excel in French (UTF-8 with BOM, ";" separator, CRLF): what Excel opens as is, with
 * identifiers kept as typed and no cell that a spreadsheet could run (CSV injection).
 */

/** A number-like identifier (SIRET, phone) that a spreadsheet must keep as text. */
export interface CsvText {
  text: string;
}

/** Marks a SIRET or phone number for `toCsv`: Excel keeps it as typed (leading 0, all 14 digits). */
export const csvText = (value: string): CsvText => ({ text: value });

/** Digits with their usual separators: nothing a spreadsheet could run. */
const NUMBER_LIKE = /^\+?[0-9][0-9 .()/-]*$/;

export type CsvValue = string | number | null | undefined | CsvText;

export function csvCell(value: CsvValue): string {
  if (typeof value === "object" && value !== null) {
    // Excel (French included) reads ="0612345678" as the text 0612345678: no 6,12E+08, no lost
    // leading 0. Only for digits and separators, so no formula can be slipped in; anything else
    // is an ordinary cell, neutralised below.
    if (NUMBER_LIKE.test(value.text)) return `"=""${value.text}"""`;
    value = value.text;
  }
  let text = value === null || value === undefined ? "" : String(value);
  // A cell that a spreadsheet would read as a formula is neutralised (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: CsvValue[][]): string {
  return "\uFEFF" + rows.map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
