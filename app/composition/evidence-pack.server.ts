import { strToU8, zipSync } from "fflate";
import { z } from "zod";
import type { Formation } from "~/domain/formations/model";
import { formationNames, readableFieldHtml, type Names } from "~/domain/formations/readable.server";
import { formatDate, formatDateShort, formatDateTime, formatNumber, parisDayAndTime } from "~/platform/format";
import { toCsv } from "~/platform/csv";
import { db, type Db } from "~/platform/db/db.server";
import { LEGAL_DOCUMENTS, legalVersionAt, type LegalDocument } from "~/domain/revisions/legal-documents.server";
import { revisionsAt } from "~/domain/revisions/revisions.server";
import { ratesSentence, type ComputedRates } from "~/domain/questionnaires/model";
import { computeRates } from "~/domain/questionnaires/rates.server";
import { listRegister, registerCsv, type Register } from "~/domain/complaints/complaints.server";

/**
 * The auditor's evidence pack (/admin/qualiopi): what the site published on a given day, from the
 * revisions. For each formation published that day, the presence of what Qualiopi indicators 1, 2
 * and 3 ask, its figures with their period; the testimonials shown with their consent; the legal
 * documents in force; and the complaints register of a period (indicator 31, the 12 months up to
 * that day unless another period is chosen). Exported as one ZIP: one self-contained HTML file per
 * formation, a CSV of the formations and the CSV of the register.
 */

export const packDateSchema = z.object({
  date: z
    .string({ error: "Choisissez une date." })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "La date s'écrit AAAA-MM-JJ.")
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Cette date n'existe pas."),
});

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "La date s'écrit AAAA-MM-JJ.")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Cette date n'existe pas.");

/** The period of the complaints register in the pack: both days, or neither (the 12 months up to the pack's date). */
export const packPeriodSchema = z
  .object({ du: day.optional(), au: day.optional() })
  .refine((p) => Boolean(p.du) === Boolean(p.au), { path: ["au"], message: "Indiquez le début et la fin de la période." })
  .refine((p) => !p.du || !p.au || p.du <= p.au, { path: ["au"], message: "La fin de la période est avant son début." });

/** The default period of the register: the 12 months that end on the pack's day (« 2026-06-01 » → 2025-06-02 to 2026-06-01). */
export function defaultRegisterPeriod(date: string): { from: string; to: string } {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return { from: d.toISOString().slice(0, 10), to: date };
}

type Indicator = 1 | 2 | 3;

/** The fields each indicator asks to publish (labels as the editor names them). */
const INDICATOR_FIELDS: Record<Indicator, Array<[keyof Formation, string]>> = {
  1: [
    ["summary", "Résumé"],
    ["objectives", "Objectifs"],
    ["prerequisites", "Prérequis"],
    ["audience", "Public visé"],
    ["durationHours", "Durée"],
    ["modality", "Modalité"],
    ["accessLeadTime", "Délai d'accès"],
    ["accessModalities", "Modalités d'accès"],
    ["teachingMethods", "Méthodes pédagogiques"],
    ["evaluationMethods", "Modalités d'évaluation"],
    ["accessibility", "Accessibilité"],
    ["contactEmail", "Contact"],
    ["disabilityContactEmail", "Référent handicap"],
  ],
  2: [
    ["satisfactionRate", "Taux de satisfaction"],
    ["successRate", "Taux de réussite"],
    ["traineesCount", "Nombre de stagiaires"],
    ["resultsMeasuredAt", "Date de mesure"],
  ],
  3: [
    ["certificationPassRate", "Taux d'obtention"],
    ["certificationCandidates", "Candidats présentés"],
    ["certificationResultsPeriod", "Période des résultats"],
    ["competenceBlocks", "Blocs de compétences"],
    ["equivalences", "Équivalences et passerelles"],
    ["nextSteps", "Suites de parcours"],
    ["careerOutcomes", "Débouchés"],
    ["franceCompetencesUrl", "Fiche France Compétences"],
  ],
};

function present(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number") return Number.isFinite(value) && value > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export interface IndicatorCheck {
  indicator: Indicator;
  /** False for indicator 3 of a formation without certification (not applicable). */
  applies: boolean;
  present: string[];
  missing: string[];
}

export interface PackFormation {
  revisionId: string;
  savedAt: string;
  formation: Formation;
  indicators: IndicatorCheck[];
  /** The satisfaction figures computed from the à-chaud answers as they stood that day (null: none yet). */
  computed: ComputedRates | null;
}

export interface EvidencePack {
  date: string;
  /** The organisation's figures computed from the answers that day (home page, /temoignages). */
  organisation: ComputedRates | null;
  formations: PackFormation[];
  testimonials: Array<{ id: string; name: string; quote: string; consent: boolean; consentOn: string | null; savedAt: string }>;
  legal: Array<{ document: LegalDocument; title: string; versionId: string | null; versionOf: string | null; isDemo: boolean }>;
  /** The names of the cities and categories, to show them instead of their ids. */
  names: Names;
  /** The complaints register (indicator 31) of the period, and its CSV for the ZIP. */
  complaints: Register & { from: string; to: string; csv: string };
}

function indicatorsOf(f: Formation): IndicatorCheck[] {
  return ([1, 2, 3] as const).map((indicator) => {
    const applies = indicator !== 3 || (f.certificationType ?? "none") !== "none";
    const fields = applies ? INDICATOR_FIELDS[indicator] : [];
    return {
      indicator,
      applies,
      present: fields.filter(([k]) => present(f[k])).map(([, label]) => label),
      missing: fields.filter(([k]) => !present(f[k])).map(([, label]) => label),
    };
  });
}

/** The last instant of a day in Paris (the day an auditor names), as a UTC timestamp (revisions are dated in UTC). */
export function endOfDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const nextDay = next.toISOString().slice(0, 10);
  // Paris is one or two hours ahead of UTC: its next midnight is one of these two instants.
  for (const hours of [2, 1]) {
    const midnight = new Date(next.getTime() - hours * 3_600_000);
    const paris = parisDayAndTime(midnight);
    if (paris.day === nextDay && paris.time === "00:00") return new Date(midnight.getTime() - 1).toISOString();
  }
  return `${date}T23:59:59.999Z`;
}

/**
 * What the site published on `date` (YYYY-MM-DD), from the revisions; and the complaints register of
 * `period` (days in Paris; the 12 months up to `date` by default).
 */
export async function evidencePack(date: string, target: Db = db(), period: { from?: string; to?: string } = {}): Promise<EvidencePack> {
  const at = endOfDay(date);
  const { from, to } = period.from && period.to ? { from: period.from, to: period.to } : defaultRegisterPeriod(date);
  const registerFilter = { statut: "tous" as const, du: from, au: to };
  const [register, complaintsCsv] = await Promise.all([listRegister(registerFilter, { target }), registerCsv(registerFilter, target)]);
  const [formations, testimonials, names] = await Promise.all([
    revisionsAt<Formation>("formation", at, target),
    revisionsAt<{ quote: string; first_name: string; last_initial: string; consent: number; consent_on: string | null }>(
      "testimonial",
      at,
      target,
    ),
    formationNames(target),
  ]);
  const legal: EvidencePack["legal"] = [];
  for (const document of Object.keys(LEGAL_DOCUMENTS) as LegalDocument[]) {
    const version = await legalVersionAt(document, at, target);
    legal.push({
      document,
      title: LEGAL_DOCUMENTS[document].title,
      versionId: version?.id ?? null,
      versionOf: version?.createdAt ?? null,
      isDemo: version?.isDemo ?? false,
    });
  }
  const published = formations.filter((r) => r.published);
  const asOf = Date.parse(at);
  const computed = await Promise.all(published.map((r) => computeRates(r.entityId, asOf, target)));
  return {
    date,
    organisation: await computeRates(null, asOf, target),
    formations: published
      .map((r, i) => ({
        revisionId: r.id,
        savedAt: r.createdAt,
        formation: r.content,
        indicators: indicatorsOf(r.content),
        computed: computed[i] ?? null,
      }))
      .sort((a, b) => a.formation.title.localeCompare(b.formation.title, "fr")),
    testimonials: testimonials.map((r) => ({
      id: r.entityId,
      name: `${r.content.first_name} ${r.content.last_initial}`.trim(),
      quote: r.content.quote,
      consent: Boolean(Number(r.content.consent)),
      consentOn: r.content.consent_on,
      savedAt: r.createdAt,
    })),
    legal,
    names,
    complaints: { ...register, from, to, csv: complaintsCsv },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const FIELDS_SHOWN: Array<[keyof Formation, string]> = [
  ["title", "Titre"],
  ...INDICATOR_FIELDS[1],
  ["description", "Présentation"],
  ["program", "Programme"],
  ["priceInter", "Prix inter-entreprises"],
  ["vatMode", "TVA"],
  ...INDICATOR_FIELDS[2],
  ["certificationType", "Certification"],
  ["certificationCode", "Code"],
  ["certificationTitle", "Intitulé de la certification"],
  ["certifier", "Certificateur"],
  ...INDICATOR_FIELDS[3],
  ["partialValidation", "Validation partielle possible"],
  ["categoryId", "Catégorie"],
  ["cityIds", "Villes"],
  ["sessions", "Sessions"],
];

/** One formation as it was published that day: a self-contained HTML page (inline CSS, no script, no link to fetch). */
export function formationHtml(p: PackFormation, date: string, names: Names): string {
  const f = p.formation;
  const rows = FIELDS_SHOWN.map(
    ([key, label]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${readableFieldHtml(key, f[key], names, escapeHtml)}</td></tr>`,
  ).join("");
  const checks = p.indicators
    .map((c) =>
      c.applies
        ? `<li>Indicateur ${c.indicator}\u00a0: ${c.missing.length === 0 ? "complet" : `manque ${escapeHtml(c.missing.join(", "))}`}</li>`
        : `<li>Indicateur ${c.indicator}\u00a0: sans objet (formation non certifiante)</li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(f.title)} — publiée le ${formatDate(date)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}
h1{font-size:1.6rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:.5rem;vertical-align:top;text-align:left}
th{width:16rem;background:#f1f5f9}td p:first-child{margin-top:0}.meta{color:#334155}</style></head>
<body><h1>${escapeHtml(f.title)}</h1>
<p class="meta">Contenu publié le ${formatDate(date)} (version enregistrée le ${formatDateTime(p.savedAt)}, heure de Paris, adresse /formations/${escapeHtml(f.slug)}).</p>
<h2>Indicateurs Qualiopi</h2><ul>${checks}</ul>
<p>${p.computed ? escapeHtml(`Satisfaction calculée à partir des questionnaires de fin de formation\u00a0: ${ratesSentence(p.computed)}.`) : "Aucune réponse aux questionnaires de fin de formation à cette date."}</p>
<h2>Contenu</h2><table>${rows}</table></body></html>
`;
}

/** The CSV summary: one line per formation (UTF-8 with BOM, « ; », what Excel in French opens as is). */
export function packCsv(pack: EvidencePack): string {
  const header = [
    "Formation",
    "Adresse",
    "Version du (heure de Paris)",
    "Indicateur 1",
    "Indicateur 2",
    "Indicateur 3",
    "Satisfaction saisie (%)",
    "Satisfaction calculée (%)",
    "Réponses",
    "Période des sessions",
    "Réussite (%)",
    "Mesurés le",
    "Taux d'obtention (%)",
    "Candidats",
    "Période",
  ];
  const rate = (n: number | null | undefined) => (n === null || n === undefined ? "" : formatNumber(n, 1));
  const state = (c: IndicatorCheck) =>
    !c.applies ? "sans objet" : c.missing.length === 0 ? "complet" : `manque\u00a0: ${c.missing.join(", ")}`;
  return toCsv([
    header,
    ...pack.formations.map((p) => [
      p.formation.title,
      `/formations/${p.formation.slug}`,
      `${formatDateShort(p.savedAt)} ${parisDayAndTime(new Date(p.savedAt)).time}`,
      ...p.indicators.map(state),
      rate(p.formation.satisfactionRate),
      p.computed?.rate ?? "",
      p.computed?.answers ?? "",
      p.computed?.period ?? "",
      rate(p.formation.successRate),
      p.formation.resultsMeasuredAt ? formatDateShort(p.formation.resultsMeasuredAt) : "",
      rate(p.formation.certificationPassRate),
      p.formation.certificationCandidates ?? "",
      p.formation.certificationResultsPeriod ?? "",
    ]),
  ]);
}

/** The ZIP: `synthese-AAAA-MM-JJ.csv`, `formations/<adresse>.html` and `reclamations-<du>-au-<au>.csv`. */
export function packZip(pack: EvidencePack): Uint8Array {
  const files: Record<string, Uint8Array> = {
    [`synthese-${pack.date}.csv`]: strToU8(packCsv(pack)),
    [`reclamations-${pack.complaints.from}-au-${pack.complaints.to}.csv`]: strToU8(pack.complaints.csv),
  };
  for (const p of pack.formations) files[`formations/${p.formation.slug}.html`] = strToU8(formationHtml(p, pack.date, pack.names));
  return zipSync(files, { level: 6 });
}
