import { normalizeText } from "~/domain/formations/slug";
import { COLUMN_BY_KEY, CATALOGUE_COLUMNS, type CatalogueColumn } from "~/domain/formations/columns";

/**
 * Which column of the formation's flat layout (`~/domain/formations/columns`) a file's header
 * names: headers are recognised in French and in English, with or without accents, and by their words.
 */

/** "Durée (heures)" → "duree heures"; "E-mail du contact" → "e mail du contact". */
export function normalizeHeader(header: string): string {
  return normalizeText(header)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const HEADER_INDEX: Map<string, string> = (() => {
  const index = new Map<string, string>();
  // Keys and labels first, then aliases: a label always wins over another column's alias.
  for (const c of CATALOGUE_COLUMNS) {
    index.set(normalizeHeader(c.key), c.key);
    index.set(normalizeHeader(c.label), c.key);
  }
  for (const c of CATALOGUE_COLUMNS) for (const a of c.aliases) if (!index.has(normalizeHeader(a))) index.set(normalizeHeader(a), c.key);
  return index;
})();

/** Words that do not tell columns apart: articles, prepositions, taxes, currencies, persons. */
const NOISE = new Set(
  "a au aux d de des du en et l la le les par pour sur the of in per ht ttc net taxe taxes hors eur euro euros personne participant stagiaire pers".split(
    " ",
  ),
);
/** Abbreviations and synonyms, to their usual word. */
const SYNONYMS: Record<string, string> = {
  nb: "nombre",
  nbre: "nombre",
  tarif: "prix",
  tarifs: "prix",
  h: "heures",
  heure: "heures",
  hrs: "heures",
  j: "jours",
  jour: "jours",
  jrs: "jours",
  journees: "jours",
  mail: "email",
  courriel: "email",
  tel: "telephone",
};

/** "Nb jours" and "Nombre de jours" → "jours nombre"; "Tarif HT" and "Prix" → "prix". */
function headerWords(header: string): string {
  const words = normalizeHeader(header)
    .split(" ")
    .map((w) => SYNONYMS[w] ?? w)
    .filter((w) => w.length > 1 && !NOISE.has(w));
  return [...new Set(words)].sort().join(" ");
}

const WORDS_INDEX: Map<string, string> = (() => {
  const found = new Map<string, Set<string>>();
  for (const c of CATALOGUE_COLUMNS) {
    for (const name of [c.key, c.label, ...c.aliases]) {
      const w = headerWords(name);
      if (w) found.set(w, (found.get(w) ?? new Set()).add(c.key));
    }
  }
  // Words that could name two columns name none.
  return new Map([...found].filter(([, keys]) => keys.size === 1).map(([w, keys]) => [w, [...keys][0]!]));
})();

/** The column key a header names, or undefined: as written, without parentheses and units, then by its words. */
export function columnForHeader(header: string): string | undefined {
  const n = normalizeHeader(header);
  if (!n) return undefined;
  return (
    HEADER_INDEX.get(n) ??
    HEADER_INDEX.get(normalizeHeader(header.replace(/\([^)]*\)/g, " ").replace(/[€%]/g, " "))) ??
    WORDS_INDEX.get(headerWords(header))
  );
}

/** One entry per file column: the column key it fills, or "" (ignored). */
export type ColumnMapping = string[];

/** The mapping guessed from the headers; a field is filled by its first matching column only. */
export function guessMapping(headers: string[]): ColumnMapping {
  const used = new Set<string>();
  return headers.map((h) => {
    const key = columnForHeader(h);
    if (!key || used.has(key)) return "";
    used.add(key);
    return key;
  });
}

/** Problems of a mapping that the editor must see before the preview (French). */
export function mappingProblems(headers: string[], mapping: ColumnMapping): { duplicates: string[]; missingRequired: CatalogueColumn[] } {
  const byKey = new Map<string, number[]>();
  mapping.forEach((key, i) => {
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  const duplicates: string[] = [];
  for (const [key, indexes] of byKey) {
    if (indexes.length > 1) {
      duplicates.push(
        `Les colonnes ${indexes.map((i) => `« ${headers[i] || `n° ${i + 1}`} »`).join(" et ")} sont toutes associées au champ « ${COLUMN_BY_KEY.get(key)?.label ?? key} » : gardez-en une seule.`,
      );
    }
  }
  const missingRequired = CATALOGUE_COLUMNS.filter((c) => c.required && !byKey.has(c.key));
  return { duplicates, missingRequired };
}
