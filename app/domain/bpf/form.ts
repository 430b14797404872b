/**
 * The frames of the BPF (bilan pédagogique et financier, cerfa 10443) as the form lays them out:
 * each frame's lines with their marks and labels, as the form prints them (docs/legal/bpf.md gives
 * the sources), and where each figure comes from. Pure: the page, the CSV and the PDF read it.
 *
 * A figure's key is `<line>:<column>`: `C-2-e:montant`, `F-1-a:nombre`, `F-1-a:heures`.
 */

export type Column = "montant" | "nombre" | "heures" | "pourcentage";

/** Where a line's figures come from: computed from the site's records, typed by staff, or the sum of other lines. */
export type Source = "calcul" | "saisie" | "total";

export interface Line {
  /** The box's code on the form, also its key: `C-1`, `C-2-a`, `F-3-a-1`. */
  code: string;
  /** The mark printed before the label (« 1 », « a », « dont »), empty for a total. */
  mark: string;
  label: string;
  source: Source;
  /** For a total: the lines it adds up. */
  sum?: string[];
  /** 0: a line of the frame; 1: a sub-line (« a » to « h », « dont »). */
  depth: 0 | 1;
}

/** A heading inside a frame (« Des pouvoirs publics pour la formation de publics spécifiques : »), no figure. */
export interface Heading {
  heading: string;
  depth: 0 | 1;
}

export type FrameId = "C" | "D" | "E" | "F-1" | "F-2" | "F-3" | "F-4" | "G";

export interface Frame {
  id: FrameId;
  title: string;
  /** What the frame covers, in one sentence on the page. */
  intro: string;
  columns: Column[];
  rows: Array<Line | Heading>;
}

export const COLUMN_LABELS: Record<Column, string> = {
  montant: "Montant hors taxes",
  nombre: "Nombre",
  heures: "Nombre d'heures",
  pourcentage: "Pourcentage",
};

const line = (code: string, mark: string, label: string, source: Source = "calcul", depth: 0 | 1 = 0, sum?: string[]): Line => ({
  code,
  mark,
  label,
  source,
  depth,
  ...(sum ? { sum } : {}),
});

const C2_LINES = ["a", "b", "c", "d", "e", "f", "g", "h"].map((l) => `C-2-${l}`);
const F1_LINES = ["a", "b", "c", "d", "e"].map((l) => `F-1-${l}`);
const F3_LINES = ["a", "b", "c", "d", "e", "f"].map((l) => `F-3-${l}`);

/** The number of specialities F-4 lists one by one (the others are added up in « Autres spécialités »). */
export const F4_RANKS = 5;

export const FRAMES: Frame[] = [
  {
    id: "C",
    title: "C. Bilan financier hors taxes\u00a0: origine des produits de l'organisme",
    intro: "Les montants facturés dans l'année, avoirs déduits, par origine du financement, à la date d'émission de la facture.",
    columns: ["montant"],
    rows: [
      { heading: "Produits provenant\u00a0:", depth: 0 },
      line("C-1", "1", "des entreprises pour la formation de leurs salariés"),
      {
        heading:
          "des organismes gestionnaires des fonds de la formation professionnelle (opérateurs de compétences, Caisse des dépôts et consignations, Transitions Pro, fonds d'assurance formation) pour des actions dispensées dans le cadre\u00a0:",
        depth: 0,
      },
      line("C-2-a", "a", "des contrats d'apprentissage", "calcul", 1),
      line("C-2-b", "b", "des contrats de professionnalisation", "calcul", 1),
      line("C-2-c", "c", "de la promotion ou de la reconversion par alternance", "calcul", 1),
      line("C-2-d", "d", "des congés individuels de formation et des projets de transition professionnelle", "calcul", 1),
      line("C-2-e", "e", "du compte personnel de formation", "calcul", 1),
      line("C-2-f", "f", "des dispositifs spécifiques pour les personnes en recherche d'emploi", "calcul", 1),
      line("C-2-g", "g", "des dispositifs spécifiques pour les travailleurs non-salariés", "calcul", 1),
      line("C-2-h", "h", "du plan de développement des compétences ou d'autres dispositifs", "calcul", 1),
      line(
        "C-2",
        "2",
        "Total des produits provenant des organismes gestionnaires des fonds de la formation professionnelle (total des lignes a à h)",
        "total",
        0,
        C2_LINES,
      ),
      line(
        "C-3",
        "3",
        "des pouvoirs publics pour la formation de leurs agents (État, collectivités territoriales, établissements publics à caractère administratif)",
      ),
      { heading: "des pouvoirs publics pour la formation de publics spécifiques\u00a0:", depth: 0 },
      line("C-4", "4", "Instances européennes", "calcul", 1),
      line("C-5", "5", "État", "calcul", 1),
      line("C-6", "6", "Conseils régionaux", "calcul", 1),
      line("C-7", "7", "France Travail (anciennement Pôle emploi)", "calcul", 1),
      line("C-8", "8", "Autres ressources publiques", "calcul", 1),
      line("C-9", "9", "de contrats conclus avec des personnes à titre individuel et à leurs frais"),
      line("C-10", "10", "de contrats conclus avec d'autres organismes de formation (y compris CFA)"),
      line("C-11", "11", "Autres produits au titre de la formation professionnelle"),
      line("C-total", "", "Total des produits réalisés au titre de la formation professionnelle (total des lignes 1 à 11)", "total", 0, [
        "C-1",
        "C-2",
        "C-3",
        "C-4",
        "C-5",
        "C-6",
        "C-7",
        "C-8",
        "C-9",
        "C-10",
        "C-11",
      ]),
    ],
  },
  {
    id: "D",
    title: "D. Bilan financier hors taxes\u00a0: charges de l'organisme",
    intro: "Les charges viennent de la comptabilité, que le site ne tient pas\u00a0: elles se saisissent ici.",
    columns: ["montant"],
    rows: [
      line("D-1", "", "Total des charges de l'organisme liées à l'activité de formation", "saisie"),
      line("D-2", "dont", "Salaires des formateurs", "saisie", 1),
      line("D-3", "dont", "Achats de prestation de formation et honoraires de formation", "saisie", 1),
    ],
  },
  {
    id: "E",
    title: "E. Personnes dispensant des heures de formation",
    intro: "Les formateurs affectés aux demi-journées des sessions de l'année qui ont des inscrits confirmés.",
    columns: ["nombre", "heures"],
    rows: [
      line("E-1", "", "Personnes de votre organisme dispensant des heures de formation"),
      line(
        "E-2",
        "",
        "Personnes extérieures à votre organisme dispensant des heures de formation dans le cadre de contrats de sous-traitance",
      ),
    ],
  },
  {
    id: "F-1",
    title: "F-1. Type de stagiaires de l'organisme",
    intro: "Les stagiaires des inscriptions confirmées, avec les heures de leurs demi-journées suivies dans l'année.",
    columns: ["nombre", "heures"],
    rows: [
      line("F-1-a", "a", "Salariés d'employeurs privés hors apprentis"),
      line("F-1-b", "b", "Apprentis"),
      line("F-1-c", "c", "Personnes en recherche d'emploi formées par votre organisme de formation"),
      line("F-1-d", "d", "Particuliers à leurs propres frais formés par votre organisme de formation"),
      line("F-1-e", "e", "Autres stagiaires"),
      line("F-1-total", "", "Total", "total", 0, F1_LINES),
      line("F-1-distance", "dont", "stagiaires ayant suivi une action en tout ou partie à distance", "calcul", 1),
    ],
  },
  {
    id: "F-2",
    title: "F-2. Activité en propre de l'organisme",
    intro:
      "Les stagiaires formés pour le compte d'un autre organisme se saisissent (le site ne les distingue pas)\u00a0; les autres sont formés pour son propre compte.",
    columns: ["nombre", "heures"],
    rows: [
      line("F-2-a", "a", "Formés par votre organisme pour son propre compte"),
      line("F-2-b", "b", "Formés par votre organisme pour le compte d'un autre organisme", "saisie"),
      line("F-2-total", "", "Total", "total", 0, ["F-2-a", "F-2-b"]),
    ],
  },
  {
    id: "F-3",
    title: "F-3. Objectif général des prestations dispensées",
    intro: "Selon la certification que vise chaque formation (fiche de la formation) et le niveau de sa fiche RNCP.",
    columns: ["nombre", "heures"],
    rows: [
      line(
        "F-3-a",
        "a",
        "Formations visant un diplôme, un titre à finalité professionnelle ou un certificat de qualification professionnelle enregistré au Répertoire national des certifications professionnelles (RNCP)",
      ),
      line("F-3-a-1", "dont", "de niveau 6 à 8 (Licence, Master, diplôme d'ingénieur, Doctorat…)", "calcul", 1),
      line("F-3-a-2", "dont", "de niveau 5 (BTS, DUT, écoles de formation sanitaire et sociale…)", "calcul", 1),
      line("F-3-a-3", "dont", "de niveau 4 (BAC professionnel, BT, BP, BM…)", "calcul", 1),
      line("F-3-a-4", "dont", "de niveau 3 (BEP, CAP…)", "calcul", 1),
      line("F-3-a-5", "dont", "de niveau 2", "calcul", 1),
      line("F-3-a-6", "dont", "certificat de qualification professionnelle (CQP) sans niveau de qualification", "calcul", 1),
      line("F-3-b", "b", "Formations visant une certification (dont CQP) ou une habilitation enregistrée au répertoire spécifique (RS)"),
      line("F-3-c", "c", "Formations visant un CQP non enregistré au RNCP ou au RS"),
      line("F-3-d", "d", "Autres formations professionnelles"),
      line("F-3-e", "e", "Bilans de compétence"),
      line("F-3-f", "f", "Actions d'accompagnement à la validation des acquis de l'expérience"),
      line("F-3-total", "", "Total", "total", 0, F3_LINES),
    ],
  },
  {
    id: "F-4",
    title: "F-4. Spécialités de formation",
    intro: "Les cinq principales spécialités (code NSF de la catégorie de chaque formation), par nombre d'heures, puis les autres.",
    columns: ["nombre", "heures"],
    rows: [
      ...Array.from({ length: F4_RANKS }, (_, i) => line(`F-4-${i + 1}`, String(i + 1), `Spécialité n°\u00a0${i + 1}`)),
      line("F-4-autres", "", "Autres spécialités"),
      line("F-4-total", "", "Total", "total", 0, [...Array.from({ length: F4_RANKS }, (_, i) => `F-4-${i + 1}`), "F-4-autres"]),
    ],
  },
  {
    id: "G",
    title: "G. Bilan pédagogique\u00a0: stagiaires dont la formation a été confiée à un autre organisme de formation",
    intro: "Le site ne tient pas la sous-traitance que l'organisme confie\u00a0: ces chiffres se saisissent.",
    columns: ["nombre", "heures"],
    rows: [line("G-1", "", "Formations confiées par votre organisme à un autre organisme de formation", "saisie")],
  },
];

export const isLine = (row: Line | Heading): row is Line => "code" in row;

/** Every line of the form, in its order, with its frame. */
export const LINES: Array<Line & { frame: Frame }> = FRAMES.flatMap((frame) => frame.rows.filter(isLine).map((l) => ({ ...l, frame })));

export const lineByCode = (code: string) => LINES.find((l) => l.code === code);

/** Every figure's key, in the form's order: `C-1:montant`, …, `G-1:heures`. */
export const FIGURE_KEYS: string[] = LINES.flatMap((l) => l.frame.columns.map((c) => `${l.code}:${c}`));

/** The figures staff type: frame D, F-2 b, G, and the share of the turnover made by training (below C). */
export const SHARE_KEY = "C-part:pourcentage";
export const ENTERED_KEYS: string[] = [
  ...LINES.filter((l) => l.source === "saisie").flatMap((l) => l.frame.columns.map((c) => `${l.code}:${c}`)),
  SHARE_KEY,
];

/** The label of the share line, printed under frame C. */
export const SHARE_LABEL = "Part du chiffre d'affaires global réalisé au titre de la formation professionnelle (en\u00a0%)";

/** The line a figure belongs to, in words: « C-2-e », « F-1-a (heures) ». */
export function figureName(key: string): string {
  const [code, column] = key.split(":");
  const l = lineByCode(code ?? "");
  if (!l) return key;
  return l.frame.columns.length > 1 ? `${code} (${COLUMN_LABELS[column as Column].toLowerCase()})` : (code ?? key);
}
