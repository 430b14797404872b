/**
 * Public claims as records (docs/claims.md): testimonials, overall results and "why us"
 * arguments, edited by admins in /admin/temoignages. This module is zod-free on purpose: public
 * components import its types and display helpers (the schemas are in claims-schema.ts).
 */

export interface Testimonial {
  id: string;
  quote: string;
  firstName: string;
  lastInitial: string;
  /** Company or role, as shown under the name. */
  context: string;
  formationId: string | null;
  /** The formation as typed; the linked formation's title when empty. */
  formationTitle: string;
  /** "YYYY-MM-DD". */
  givenOn: string;
  rating: number | null;
  consent: boolean;
  consentOn: string | null;
  published: boolean;
  position: number;
  isDemo: boolean;
}

/** A testimonial as a public page shows it (published, with consent). */
export interface PublicTestimonial {
  id: string;
  quote: string;
  author: string;
  context: string;
  formation: { title: string; slug: string | null } | null;
  givenOn: string;
  rating: number | null;
}

export interface ResultFigure {
  id: string;
  label: string;
  /** As published: "4,6/5", "95 %". */
  figure: string;
  /** What was measured: "formations terminées en 2025". */
  period: string;
  sampleSize: number;
  /** "YYYY-MM-DD". */
  measuredOn: string;
  position: number;
  isDemo: boolean;
  /** What the questionnaires now compute (satisfaction, note, recommandation), or "" (anything else). */
  measure?: ResultMeasure;
  /** How the figure was obtained, printed with it: the rule of a computed figure, or « chiffre saisi… ». */
  basis?: string;
}

/**
 * What a typed figure measures, when the questionnaires now compute it (README « Questionnaires »):
 * such a typed figure is shown only for periods before the questionnaires, labelled as such.
 */
export const RESULT_MEASURES = ["", "satisfaction", "note", "recommandation"] as const;
export type ResultMeasure = (typeof RESULT_MEASURES)[number];
export const RESULT_MEASURE_LABELS: Record<ResultMeasure, string> = {
  "": "Autre chose (réussite, assiduité…)",
  satisfaction: "La satisfaction des stagiaires",
  note: "La note moyenne des stagiaires",
  recommandation: "La recommandation des stagiaires",
};

export interface WhyUsArgument {
  id: string;
  title: string;
  /** Paragraphs separated by a blank line; lines starting with "- " form a list. */
  body: string;
  position: number;
  isDemo: boolean;
}

/** What the public pages read. */
export interface PublicClaims {
  testimonials: PublicTestimonial[];
  results: ResultFigure[];
  arguments: WhyUsArgument[];
}

export const CLAIM_KINDS = ["testimonial", "result", "argument"] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** The tab of /admin/temoignages for each kind (its `?onglet=` value) and its French name. */
export const CLAIM_TABS: Record<ClaimKind, { tab: string; label: string }> = {
  testimonial: { tab: "temoignages", label: "Témoignages" },
  result: { tab: "resultats", label: "Résultats" },
  argument: { tab: "arguments", label: "Arguments" },
};

export function claimKindOfTab(tab: string | null): ClaimKind {
  return CLAIM_KINDS.find((k) => CLAIM_TABS[k].tab === tab) ?? "testimonial";
}

/** A body split into blocks: paragraphs and lists (lines starting with "- "). */
export type BodyBlock = { kind: "p"; text: string } | { kind: "ul"; items: string[] };

export function bodyBlocks(body: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "p", text: paragraph.join(" ") });
      if (list.length) blocks.push({ kind: "ul", items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      const item = /^[-•*]\s+(.*)$/.exec(line);
      if (item) {
        if (paragraph.length) flush();
        list.push(item[1]!);
      } else {
        if (list.length) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** The first paragraph of a body (the home page's short version). */
export function bodySummary(body: string): string {
  const first = bodyBlocks(body)[0];
  return first ? (first.kind === "p" ? first.text : first.items.join(" ; ")) : "";
}

/** The anchor of an argument on /pourquoi-nous-choisir. */
export function argumentAnchor(a: { id: string; position: number }): string {
  return `engagement-${a.position + 1}`;
}
