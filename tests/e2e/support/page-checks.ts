/**
 * What no page may show (the page pass, tests/e2e/page-pass.spec.ts): a value printed as the
 * program holds it rather than as a person reads it, French typography with an ordinary space
 * where a no-break one goes, a duplicate id, a form control without a name. Pure: the browser
 * collects the page's text, ids and controls (`collectPage`), this judges them.
 */

/** A run of text as a person reads it: one block of the page (a paragraph, a cell, a label…), or an attribute read aloud. */
export interface TextBlock {
  text: string;
  /** Where it is, to find it again: « p.lead », « input#email[placeholder] »… */
  where: string;
}

export interface PageSnapshot {
  texts: TextBlock[];
  /** Every `id` attribute of the document, in order. */
  ids: string[];
  /** The form controls, each with the accessible name the browser computes for it (possibly empty). */
  controls: Array<{ where: string; name: string }>;
}

export interface CheckOptions {
  /** A page for people outside the team (public site, evidence pack): internal ids are not shown there. */
  forOutsiders: boolean;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

/**
 * A date or an instant written as the program stores it: « 2026-12-02 », « 2026-12-01T23:58:04.203Z ».
 * Not inside a word, a path or a file name (« dossier-2026-12-02.zip », « /blog/2026-12-02 »).
 */
const ISO_DATE = /(?<![\w/.:-])\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w/-]|\.\w)/;

/** Values that only a program writes. */
const RAW_VALUES: Array<[RegExp, string]> = [
  [/\[object \w+\]/, "objet affiché tel quel"],
  [/\bundefined\b/, "« undefined »"],
  [/\bNaN\b/, "« NaN »"],
  [/\bInvalid Date\b/, "« Invalid Date »"],
  [/\bnull\b/, "« null »"],
  [/\p{L}\((?:s|e|es|x)\)/u, "pluriel écrit « (s) » (accord selon le nombre attendu)"],
];

/**
 * French typography: a no-break space (never an ordinary one) before « : ; ! ? » and inside « ».
 * An ordinary space followed by one of « : ; ! ? » that ends a word or the text (« Adresse : »,
 * « Pourquoi ? »), after « and before ».
 */
const TYPOGRAPHY: Array<[RegExp, string]> = [
  [/ [:;!?](?=$|[\s)»"'’.,…]|[:;!?])/u, "espace ordinaire devant « : ; ! ? » (espace insécable attendue)"],
  [/« /u, "espace ordinaire après « (espace insécable attendue)"],
  [/ »/u, "espace ordinaire devant » (espace insécable attendue)"],
];

/** A few characters around a match, to find it on the page. */
function around(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 30);
  const end = Math.min(text.length, index + length + 30);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`.replace(/\s+/g, " ");
}

function firstMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  return new RegExp(pattern.source, pattern.flags.replace("g", "")).exec(text);
}

/** What a problem breaks (each is reported with its page). */
export type Rule = "valeur" | "typographie" | "id" | "nom";

export interface Problem {
  rule: Rule;
  /** « what — where : « text » ». */
  message: string;
}

/** The problems of one run of text. */
export function textProblems(block: TextBlock, { forOutsiders }: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const report = (label: string, match: RegExpExecArray, rule: Rule = "valeur") =>
    problems.push({ rule, message: `${label} — ${block.where} : « ${around(block.text, match.index, match[0].length)} »` });
  for (const [pattern, label] of RAW_VALUES) {
    const match = firstMatch(pattern, block.text);
    if (match) report(label, match);
  }
  const date = firstMatch(ISO_DATE, block.text);
  if (date) report(date[0].length > 10 ? "horodatage ISO affiché tel quel" : "date ISO affichée telle quelle", date);
  if (forOutsiders) {
    const id = firstMatch(UUID, block.text);
    if (id) report("identifiant interne affiché", id);
  }
  for (const [pattern, label] of TYPOGRAPHY) {
    const match = firstMatch(pattern, block.text);
    if (match) report(label, match, "typographie");
  }
  return problems;
}

/** Every problem of a page: its texts, its duplicate ids, its controls without a name. */
export function pageProblems(page: PageSnapshot, options: CheckOptions): Problem[] {
  const problems = page.texts.flatMap((block) => textProblems(block, options));
  const counts = new Map<string, number>();
  for (const id of page.ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, count] of counts) if (count > 1) problems.push({ rule: "id", message: `id en double (${count} fois) : #${id}` });
  for (const control of page.controls)
    if (control.name.trim() === "") problems.push({ rule: "nom", message: `champ sans nom accessible : ${control.where}` });
  return problems;
}
