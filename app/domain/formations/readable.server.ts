import { OPCO_NAMES, type OpcoSlug } from "~/domain/funding/opco-list";
import { db, type Db } from "~/platform/db/db.server";
import { formatCount, formatDate, formatDayRange, formatDays, formatEuros, formatHours, formatNumber } from "~/platform/format";
import { markdownToText, renderMarkdown } from "~/platform/markdown/markdown.server";
import {
  CERTIFICATION_LABELS,
  FUNDING_LABELS,
  MODALITY_LABELS,
  STATUS_LABELS,
  VAT_LABELS,
  type CertificationType,
  type FormationStatus,
  type Modality,
  type VatMode,
} from "./labels";

/**
 * A formation's saved fields as the public page shows them (labels, euros, French dates, city and
 * category names, Markdown rendered), for the screens and files read by people outside the code:
 * the comparison of two versions and the auditor's evidence pack.
 */

/** The fields written in Markdown (shown rendered, or as their text in a comparison). */
export const MARKDOWN_FIELDS = new Set([
  "description",
  "teachingMethods",
  "evaluationMethods",
  "accessModalities",
  "accessibility",
  "competenceBlocks",
  "equivalences",
  "nextSteps",
  "careerOutcomes",
]);

const RATES = new Set(["satisfactionRate", "successRate", "certificationPassRate"]);
const DATES = new Set(["resultsMeasuredAt", "certificationRegisteredAt", "publishedAt"]);

export interface Names {
  cities: Map<string, string>;
  categories: Map<string, string>;
}

/** The names of the cities and categories (ids are shown by their names). */
export async function formationNames(target: Db = db()): Promise<Names> {
  const [cities, categories] = await Promise.all([
    target.selectFrom("cities").select(["id", "name"]).execute(),
    target.selectFrom("formation_categories").select(["id", "name"]).execute(),
  ]);
  return { cities: new Map(cities.map((c) => [c.id, c.name])), categories: new Map(categories.map((c) => [c.id, c.name])) };
}

function cityName(names: Names, id: unknown): string {
  return typeof id === "string" ? (names.cities.get(id) ?? "ville supprimée") : "à distance";
}

function rows(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null) : [];
}

/**
 * One field as a person reads it, in plain text (Markdown as its text): « Présentiel », « 1 250 € »,
 * « du 2 au 3 mars 2027, Lyon (4 places restantes) ». Empty values read « (vide) ».
 */
export function readableField(field: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "(vide)";
  if (typeof value === "boolean") return value ? "oui" : "non";
  switch (field) {
    case "modality":
      return MODALITY_LABELS[value as Modality] ?? String(value);
    case "certificationType":
      return CERTIFICATION_LABELS[value as CertificationType] ?? String(value);
    case "vatMode":
      return VAT_LABELS[value as VatMode]?.short ?? String(value);
    case "status":
      return STATUS_LABELS[value as FormationStatus] ?? String(value);
    case "priceInter":
      return typeof value === "number" ? formatEuros(value) : String(value);
    case "durationHours":
      return typeof value === "number" ? formatHours(value) : String(value);
    case "durationDays":
      return typeof value === "number" ? formatDays(value) : String(value);
    case "categoryId":
      return names.categories.get(String(value)) ?? "catégorie supprimée";
    case "cityIds":
      return Array.isArray(value) ? value.map((id) => cityName(names, id)).join(", ") : String(value);
    case "fundingOptions":
      return Array.isArray(value)
        ? value.map((v) => FUNDING_LABELS[v as keyof typeof FUNDING_LABELS] ?? String(v)).join(", ")
        : String(value);
    case "opcos":
      return Array.isArray(value) ? value.map((v) => OPCO_NAMES[v as OpcoSlug] ?? String(v)).join(", ") : String(value);
    case "sessions":
      return rows(value)
        .map((s) => {
          const seats = typeof s.seatsLeft === "number" ? ` (${formatCount(s.seatsLeft, "place restante", "places restantes")})` : "";
          return `${formatDayRange(String(s.startDate), String(s.endDate))}, ${cityName(names, s.cityId)}${seats}`;
        })
        .join("\n");
    case "program":
      return rows(value)
        .map((m) => {
          const hours = typeof m.durationHours === "number" ? ` (${formatHours(m.durationHours)})` : "";
          const content = typeof m.content === "string" && m.content.trim() ? `\n${markdownToText(m.content)}` : "";
          return `${String(m.title ?? "")}${hours}${content}`;
        })
        .join("\n\n");
  }
  if (RATES.has(field) && typeof value === "number") return `${formatNumber(value, 1)}\u00a0%`;
  if (DATES.has(field) && typeof value === "string") return formatDate(value);
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return MARKDOWN_FIELDS.has(field) ? markdownToText(value) : value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : readableField(field, v, names))).join("\n");
  return Object.values(value as Record<string, unknown>)
    .filter((v) => typeof v === "string" || typeof v === "number")
    .join(", ");
}

/** One field as HTML for the evidence pack: Markdown rendered as on the public page, anything else escaped text. */
export function readableFieldHtml(field: string, value: unknown, names: Names, escape: (s: string) => string): string {
  if (typeof value === "string" && value.trim() && MARKDOWN_FIELDS.has(field)) return renderMarkdown(value);
  return escape(readableField(field, value, names)).replace(/\n/g, "<br>");
}
