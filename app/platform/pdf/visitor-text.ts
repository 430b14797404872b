/**
 * Text typed by visitors (names, company, address, job title…) as a PDF may print it
 * (docs/decisions/0016-training-documents-pdf.md):
 *
 * - bidirectional controls are removed: a right-to-left override (U+202E) in a name would otherwise
 *   reverse the organisation's own words printed after it;
 * - characters the embedded font cannot draw (emoji, pictographs, scripts Liberation Sans lacks)
 *   are replaced by their compatibility form when the font has it (𝐀 → A, ﬁ → fi), else removed,
 *   with the joiners and variation selectors that went with them: no overlapping empty boxes;
 * - a word longer than LONG_WORD characters gets break opportunities (soft hyphens, invisible
 *   unless the line breaks there, see `pdf.server.ts`) every BREAK_EVERY characters, so it stays
 *   in its table cell. Shorter words, French ones included, are never cut.
 */

export const LONG_WORD = 25;
export const BREAK_EVERY = 10;
export const SOFT_HYPHEN = "\u00ad";

/** Bidi marks, embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Invisible characters that only shape others: joiners, variation selectors, tags, BOM, soft hyphens, controls. */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are removed from visitor text
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u200b\u200c\u2060\ufeff\u{e0000}-\u{e007f}]|\u200d|[\ufe00-\ufe0f]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

function drawable(char: string, covered: (codePoint: number) => boolean): string {
  const ok = (s: string) => [...s].every((c) => !PICTOGRAPH.test(c) && covered(c.codePointAt(0)!));
  if (ok(char)) return char;
  const compatible = char.normalize("NFKC");
  return compatible !== char && ok(compatible) ? compatible : "";
}

function breakable(word: string): string {
  if ([...word].length <= LONG_WORD) return word;
  const chars = [...word];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    // No break right after a hyphen: the line would end with two.
    if (i > 0 && i % BREAK_EVERY === 0 && chars[i - 1] !== "-") out += SOFT_HYPHEN;
    out += chars[i];
  }
  return out;
}

/** A visitor's value ready for a PDF; `covered` says whether the font draws a code point. */
export function visitorTextForPdf(value: string, covered: (codePoint: number) => boolean = () => true): string {
  const cleaned = [
    ...value
      .normalize("NFC")
      .replace(BIDI_CONTROLS, "")
      .replace(INVISIBLE, "")
      .replace(/[\t\r\n]+/g, " "),
  ]
    .map((char) => drawable(char, covered))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
  return cleaned.split(" ").map(breakable).join(" ");
}
