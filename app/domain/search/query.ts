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

import { MARK_END, MARK_START } from "~/platform/db/full-text-marks";

/** Text with match markers made into segments; Markdown signs removed (the snippets come from Markdown). */
export function toSegments(marked: string): Segment[] {
  const plain = marked
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(^|\s)#{1,6}\s/g, "$1")
    .replace(/\*\*|__|`|^>\s?/gm, "")
    // Ordinary whitespace only: the no-break spaces of French typography stay.
    .replace(/[ \t\r\n]+/g, " ");
  const segments: Segment[] = [];
  for (const [i, part] of plain.split(MARK_START).entries()) {
    if (i === 0) {
      if (part) segments.push({ text: part, mark: false });
      continue;
    }
    const end = part.indexOf(MARK_END);
    const marked = end === -1 ? part : part.slice(0, end);
    const rest = end === -1 ? "" : part.slice(end + 1);
    if (marked) segments.push({ text: marked, mark: true });
    if (rest) segments.push({ text: rest.replaceAll(MARK_END, ""), mark: false });
  }
  return segments;
}
