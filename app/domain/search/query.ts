/**
 * What a visitor typed, made into the words a full-text index can look up. Only letters and digits
 * survive (quotes, `*`, `NEAR(`, `OR`, `-`… are plain separators): nothing typed can reach the engine
 * as an operator. Small French words that every page holds (« de », « la », « pour »…) are dropped.
 */

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 10;
/** Beyond this, the words typed are ignored (a pasted paragraph stays a fast query). */
const MAX_WORDS = 8;

const STOP_WORDS = new Set(
  "a au aux avec ce ces d dans de des du elle en et eux il je l la le les leur lui m ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui s sa se ses son sur t ta te tes toi ton tu un une vos votre vous y".split(
    " ",
  ),
);

/** Lower case, without accents (« Sécurité » → « securite »). */
export function foldAccents(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a query, lower case, accents kept (PostgreSQL's configuration removes them itself). */
export function queryWords(input: string): string[] {
  const words =
    input
      .slice(0, SEARCH_QUERY_MAX_LENGTH)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.filter((w) => !STOP_WORDS.has(foldAccents(w)));
  return [...new Set(kept)].slice(0, MAX_WORDS);
}

/** A piece of text, marked when it matched the query. */
export interface Segment {
  text: string;
  mark: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Whether one of the text's words starts with one of the prefixes (folded words, see wordPrefix). */
export function matches(text: string, prefixes: string[]): boolean {
  return (foldAccents(text).match(WORD) ?? []).some((w) => prefixes.some((p) => w.startsWith(p)));
}

/** The text with the words that start with one of the prefixes marked (React renders each piece as text). */
export function markWords(text: string, prefixes: string[]): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = foldAccents(match[0]);
    if (!prefixes.some((p) => word.startsWith(p))) continue;
    if (match.index > last) segments.push({ text: text.slice(last, match.index), mark: false });
    segments.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), mark: false });
  return segments;
}

/** A line of Markdown as plain text: links, images, headings, list markers, emphasis and quotes removed. */
function plainLine(line: string): string {
  return (
    line
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s*#{1,6}\s+/, "")
      .replace(/^\s*>\s?/, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
      .replace(/\*\*|__|`/g, "")
      // Ordinary whitespace only: the no-break spaces of French typography stay.
      .replace(/[ \t\r\n]+/g, " ")
      .trim()
  );
}

const ENDS_SENTENCE = /[.!?…:;]$/;
/** Words of context around the first word found in a long line. */
const CONTEXT_WORDS = 14;
/** Lines of an extract, at most. */
const EXTRACT_LINES = 2;

/** A long line cut around its first word found, with « … » where it was cut. */
function around(line: string, prefixes: string[]): string {
  const words = line.split(" ");
  if (words.length <= CONTEXT_WORDS * 2) return line;
  const hit = Math.max(
    0,
    words.findIndex((w) => matches(w, prefixes)),
  );
  const start = Math.max(0, hit - CONTEXT_WORDS);
  const end = Math.min(words.length, hit + CONTEXT_WORDS + 1);
  return `${start > 0 ? "… " : ""}${words.slice(start, end).join(" ")}${end < words.length ? " …" : ""}`;
}

/**
 * An extract of a text, read as French text, or none when no word was found in it. The documents
 * hold one field, programme module, objective, Markdown paragraph or city a line (migration
 * 202612020400): the extract keeps the lines where the words were found (not the fields around
 * them, nor the « Aucun. » of the prerequisites), each one ending as a sentence, with the words marked.
 */
export function extractOf(text: string, prefixes: string[]): Segment[] {
  const lines = text
    .split("\n")
    .map(plainLine)
    .filter((line) => line && matches(line, prefixes))
    .slice(0, EXTRACT_LINES)
    .map((line) => around(line, prefixes));
  const joined = lines.map((line, i) => (i < lines.length - 1 && !ENDS_SENTENCE.test(line) ? `${line}.` : line)).join(" ");
  return joined ? markWords(joined, prefixes) : [];
}

const CITY_LIST = new Intl.ListFormat("fr", { style: "long", type: "conjunction" });

/**
 * The places of a document (one city a line) as a French list, « Lille, Marseille et Paris », with
 * the words found marked; none when no word was found among them.
 */
export function placesList(places: string, prefixes: string[]): { segments: Segment[]; count: number } {
  const names = places
    .split("\n")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => matches(name, prefixes))) return { segments: [], count: 0 };
  return { segments: markWords(CITY_LIST.format(names), prefixes), count: names.length };
}
