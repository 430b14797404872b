import { OPCO_NAMES, OPCO_SLUGS } from "~/domain/funding/opco-list";
import { formationInputSchema, type Formation, type FormationData } from "../model";
import { FUNDING_OPTIONS, type FormationStatus } from "../labels";
import { normalizeText } from "../slug";
import { COLUMN_BY_FIELD, COLUMN_BY_KEY, IMPORT_COLUMNS, type ImportColumn } from "./columns";
import { parseJsonSafely } from "~/platform/validation/form-data";

/**
 * Cells ↔ formation fields (pure, runs anywhere). A flat record maps column keys to cell values:
 * strings from CSV, strings, numbers, booleans or dates from XLSX, any JSON value from JSON. The
 * same conversions read every format, and the same schema as the editor validates the result.
 */

export type FlatRecord = Record<string, unknown>;

/** What the import needs to resolve references: categories and cities by id, slug or name. */
export interface ReferenceLookups {
  categories: Array<{ id: string; slug: string; name: string }>;
  cities: Array<{ id: string; slug: string; name: string }>;
}

export interface ResolvedLookups extends ReferenceLookups {
  categoryByKey: Map<string, { id: string; slug: string; name: string }>;
  cityByKey: Map<string, { id: string; slug: string; name: string }>;
  categoryById: Map<string, { id: string; slug: string; name: string }>;
  cityById: Map<string, { id: string; slug: string; name: string }>;
}

const key = (s: string) =>
  normalizeText(s)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

export function resolveLookups(l: ReferenceLookups): ResolvedLookups {
  const categoryByKey = new Map<string, ReferenceLookups["categories"][number]>();
  const cityByKey = new Map<string, ReferenceLookups["cities"][number]>();
  for (const c of l.categories)
    for (const k of [c.id, c.slug, key(c.slug), key(c.name)]) if (!categoryByKey.has(k)) categoryByKey.set(k, c);
  for (const c of l.cities) for (const k of [c.id, c.slug, key(c.slug), key(c.name)]) if (!cityByKey.has(k)) cityByKey.set(k, c);
  return {
    ...l,
    categoryByKey,
    cityByKey,
    categoryById: new Map(l.categories.map((c) => [c.id, c])),
    cityById: new Map(l.cities.map((c) => [c.id, c])),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading cells.

/** A cell as text: "" for empty; numbers as written (French comma kept for the schema to read). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return isoDay(value);
  return JSON.stringify(value);
}

function isoDay(d: Date): string {
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}

/** Splits a list cell: one item per line when it has several lines, otherwise on "|". */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => cellText(v).trim()).filter(Boolean);
  const text = cellText(value).trim();
  if (!text) return [];
  const parts = /\r?\n/.test(text) ? text.split(/\r?\n/) : text.split("|");
  return parts.map((s) => s.trim()).filter(Boolean);
}

/** "12/03/2026" → "2026-03-12"; a Date → its day; anything else unchanged for the schema to judge. */
export function readDate(value: unknown): unknown {
  if (value instanceof Date) return isoDay(value);
  const text = cellText(value).trim();
  const fr = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (fr) return `${fr[3]}-${fr[2]!.padStart(2, "0")}-${fr[1]!.padStart(2, "0")}`;
  const isoTime = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(text);
  if (isoTime) return isoTime[1];
  return text;
}

const TRUE_WORDS = new Set(["oui", "o", "yes", "y", "true", "vrai", "1", "x", "on"]);
const FALSE_WORDS = new Set(["non", "n", "no", "false", "faux", "0", "off", ""]);

function readBool(value: unknown): { value?: boolean; error?: string } {
  if (typeof value === "boolean") return { value };
  if (typeof value === "number")
    return value === 1 || value === 0 ? { value: value === 1 } : { error: `« ${value} » n'est pas compris : écrivez « oui » ou « non ».` };
  const k = key(cellText(value));
  if (TRUE_WORDS.has(k)) return { value: true };
  if (FALSE_WORDS.has(k)) return { value: false };
  return { error: `« ${cellText(value).trim()} » n'est pas compris : écrivez « oui » ou « non ».` };
}

const MODALITY_WORDS: Record<string, string> = {
  presentiel: "presentiel",
  "en presentiel": "presentiel",
  "sur site": "presentiel",
  "in person": "presentiel",
  "face to face": "presentiel",
  onsite: "presentiel",
  "on site": "presentiel",
  classroom: "presentiel",
  distanciel: "distanciel",
  "a distance": "distanciel",
  distance: "distanciel",
  "en ligne": "distanciel",
  remote: "distanciel",
  online: "distanciel",
  "classe virtuelle": "distanciel",
  "e learning": "distanciel",
  mixte: "mixte",
  hybride: "mixte",
  blended: "mixte",
  hybrid: "mixte",
  "mixte presentiel et distanciel": "mixte",
  "blended learning": "mixte",
};

const VAT_WORDS: Record<string, string> = {
  ht: "ht",
  "hors taxes": "ht",
  "hors taxe": "ht",
  "excl vat": "ht",
  "excluding vat": "ht",
  ttc: "ttc",
  "toutes taxes comprises": "ttc",
  "incl vat": "ttc",
  "including vat": "ttc",
  exonere: "exonere",
  exoneree: "exonere",
  exoneration: "exonere",
  "exonere de tva": "exonere",
  "exoneration de tva": "exonere",
  "net de taxe": "exonere",
  "net de taxes": "exonere",
  exempt: "exonere",
  "vat exempt": "exonere",
  "non assujetti": "exonere",
};

const CERTIFICATION_WORDS: Record<string, string> = {
  "": "none",
  aucune: "none",
  aucun: "none",
  none: "none",
  non: "none",
  no: "none",
  "non certifiante": "none",
  "formation non certifiante": "none",
  rncp: "rncp",
  "repertoire national des certifications professionnelles": "rncp",
  "certification inscrite au rncp": "rncp",
  rs: "rs",
  "repertoire specifique": "rs",
  "certification inscrite au repertoire specifique": "rs",
};

const STATUS_WORDS: Record<string, FormationStatus> = {
  publiee: "published",
  publie: "published",
  published: "published",
  publier: "published",
  "en ligne": "published",
  online: "published",
  oui: "published",
  brouillon: "draft",
  draft: "draft",
  "hors ligne": "draft",
  offline: "draft",
  non: "draft",
};

const FUNDING_WORDS: Record<string, string> = {
  entreprise: "entreprise",
  employeur: "entreprise",
  employer: "entreprise",
  "plan de developpement des competences": "entreprise",
  "plan de developpement des competences de l entreprise": "entreprise",
  company: "entreprise",
  "pole emploi": "pole-emploi",
  "france travail": "pole-emploi",
  "demandeurs d emploi": "pole-emploi",
  "france travail demandeurs d emploi": "pole-emploi",
  particulier: "particulier",
  "financement personnel": "particulier",
  personnel: "particulier",
  "self funded": "particulier",
  individual: "particulier",
};

const OPCO_BY_KEY = new Map<string, string>(
  OPCO_SLUGS.flatMap((slug) => [[key(slug), slug] as [string, string], [key(OPCO_NAMES[slug]), slug] as [string, string]]),
);

/** Words that mean "remote" in a session's city. */
const REMOTE_WORDS = new Set(["", "a distance", "distance", "distanciel", "en ligne", "remote", "online", "classe virtuelle"]);

function word<T extends string>(table: Record<string, T>, value: unknown): T | undefined {
  return table[key(cellText(value))];
}

// ---------------------------------------------------------------------------------------------
// Flat record → the editor's input.

export interface CellIssue {
  /** The column key the problem is about ("_ligne" for the whole row). */
  column: string;
  message: string;
}

export interface ConvertedRow {
  input: Record<string, unknown>;
  /** Publication state asked by the file; undefined when the file does not say. */
  status?: FormationStatus;
  issues: CellIssue[];
}

function programFrom(value: unknown, issues: CellIssue[]): unknown {
  let items: unknown = value;
  if (typeof value === "string" && value.trim().startsWith("[")) {
    try {
      items = parseJsonSafely(value);
    } catch {
      issues.push({
        column: "programme",
        message:
          "Le programme commence par « [ » mais n'est pas un JSON valide : vérifiez les guillemets et les virgules, ou écrivez les titres des modules séparés par « | ».",
      });
      return [];
    }
  }
  if (Array.isArray(items)) {
    return items.map((m) => {
      if (typeof m === "string") return moduleFromTitle(m);
      const o = (m ?? {}) as Record<string, unknown>;
      const hours = o.duree_heures ?? o.durationHours ?? o.heures ?? o.duree ?? o.hours ?? null;
      return {
        title: cellText(o.titre ?? o.title ?? ""),
        content: cellText(o.contenu ?? o.content ?? ""),
        durationHours: hours === null || hours === "" ? null : hours,
      };
    });
  }
  return splitList(value).map(moduleFromTitle);
}

/** "Les formules (3,5 h)" → { title: "Les formules", durationHours: "3,5" }. */
function moduleFromTitle(text: string) {
  const m = /^(.*?)\s*\((\d+(?:[.,]\d+)?)\s*(?:h|heures?)\)\s*$/i.exec(text.trim());
  return m ? { title: m[1]!, content: "", durationHours: m[2]! } : { title: text.trim(), content: "", durationHours: null };
}

function sessionsFrom(value: unknown, l: ResolvedLookups, issues: CellIssue[]): unknown[] {
  let items: unknown = value;
  if (typeof value === "string" && value.trim().startsWith("[")) {
    try {
      items = parseJsonSafely(value);
    } catch {
      issues.push({
        column: "sessions",
        message:
          "Les sessions commencent par « [ » mais ne sont pas un JSON valide : écrivez-les plutôt « début;fin;ville;places » séparées par « | ».",
      });
      return [];
    }
  }
  const list: Array<{ start: unknown; end: unknown; city: unknown; seats: unknown }> = [];
  if (Array.isArray(items)) {
    for (const s of items) {
      if (typeof s === "string") list.push(sessionParts(s));
      else {
        const o = (s ?? {}) as Record<string, unknown>;
        list.push({
          start: o.debut ?? o.startDate ?? o.start ?? "",
          end: o.fin ?? o.endDate ?? o.end ?? "",
          city: o.ville ?? o.city ?? o.cityId ?? "",
          seats: o.places ?? o.seatsLeft ?? o.seats ?? "",
        });
      }
    }
  } else {
    for (const s of splitList(value)) list.push(sessionParts(s));
  }
  return list.map((s, i) => {
    const cityText = cellText(s.city).trim();
    let cityId: string | null = null;
    if (!REMOTE_WORDS.has(key(cityText))) {
      const city = l.cityByKey.get(cityText) ?? l.cityByKey.get(key(cityText));
      if (city) cityId = city.id;
      else
        issues.push({
          column: "sessions",
          message: `Session ${i + 1} : la ville « ${cityText} » n'existe pas ; créez-la dans Villes ou écrivez « à distance ».`,
        });
    }
    return {
      id: null,
      startDate: readDate(s.start),
      endDate: readDate(s.end),
      cityId,
      seatsLeft: typeof s.seats === "number" ? s.seats : cellText(s.seats).trim(),
    };
  });
}

function sessionParts(text: string) {
  const [start = "", end = "", city = "", seats = ""] = text.split(";").map((p) => p.trim());
  return { start, end: end || start, city, seats };
}

function imageFrom(value: unknown, issues: CellIssue[]): unknown {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "object") return value;
  const text = cellText(value).trim();
  if (!text) return null;
  try {
    return parseJsonSafely(text);
  } catch {
    issues.push({
      column: "image",
      message:
        "L'image n'est pas décrite comme l'écrit l'export du catalogue : laissez cette cellule vide et ajoutez l'image depuis l'éditeur.",
    });
    return null;
  }
}

function numberCell(value: unknown): unknown {
  if (typeof value === "number") return value;
  const text = cellText(value).trim();
  return text === "" ? null : text;
}

/**
 * Converts a flat record into the editor's input. Only columns present in `record` are read;
 * absent ones get an empty value (the caller overlays the file on the current formation for an update).
 */
export function flatToInput(record: FlatRecord, l: ResolvedLookups): ConvertedRow {
  const issues: CellIssue[] = [];
  const input: Record<string, unknown> = {};
  let status: FormationStatus | undefined;
  for (const column of IMPORT_COLUMNS) {
    const value = record[column.key];
    const text = () => cellText(value);
    switch (column.kind) {
      case "slug":
        input.slug = text().trim().toLowerCase();
        break;
      case "status": {
        if (text().trim() === "") break;
        const s = word(STATUS_WORDS, value);
        if (s) status = s;
        else issues.push({ column: column.key, message: `Statut « ${text().trim()} » inconnu : écrivez « publiée » ou « brouillon ».` });
        break;
      }
      case "text":
      case "markdown":
        input[column.field] = text();
        break;
      case "number":
        input[column.field] = numberCell(value);
        break;
      case "bool": {
        const b = readBool(value);
        if (b.error) issues.push({ column: column.key, message: b.error });
        input[column.field] = b.value ?? false;
        break;
      }
      case "date":
        input[column.field] = readDate(value);
        break;
      case "lines":
        input[column.field] = splitList(value);
        break;
      case "modality":
        input.modality = word(MODALITY_WORDS, value) ?? text().trim();
        break;
      case "vat":
        input.vatMode = word(VAT_WORDS, value) ?? text().trim();
        break;
      case "certification":
        input.certificationType = word(CERTIFICATION_WORDS, value) ?? text().trim();
        break;
      case "category": {
        const t = text().trim();
        if (!t) {
          input.categoryId = "";
          break;
        }
        const c = l.categoryByKey.get(t) ?? l.categoryByKey.get(key(t));
        if (c) input.categoryId = c.id;
        else {
          input.categoryId = "";
          const known = l.categories
            .map((x) => x.slug)
            .slice(0, 12)
            .join(", ");
          issues.push({
            column: column.key,
            message: `La catégorie « ${t} » n'existe pas : créez-la d'abord dans Catégories${known ? ` ou choisissez parmi : ${known}` : ""}.`,
          });
        }
        break;
      }
      case "cities": {
        const ids: string[] = [];
        for (const item of splitList(value)) {
          const c = l.cityByKey.get(item) ?? l.cityByKey.get(key(item));
          if (c) ids.push(c.id);
          else issues.push({ column: column.key, message: `La ville « ${item} » n'existe pas : créez-la d'abord dans Villes.` });
        }
        input.cityIds = ids;
        break;
      }
      case "funding": {
        const out: string[] = [];
        for (const item of splitList(value)) {
          const f = FUNDING_WORDS[key(item)];
          if (f) out.push(f);
          else if (key(item) === "cpf")
            issues.push({
              column: column.key,
              message: "Le CPF s'indique dans la colonne « Éligible au CPF », pas dans les financements.",
            });
          else
            issues.push({
              column: column.key,
              message: `Financement « ${item} » inconnu : écrivez ${FUNDING_OPTIONS.map((o) => `« ${o} »`).join(", ")}.`,
            });
        }
        input.fundingOptions = out;
        break;
      }
      case "opcos": {
        const out: string[] = [];
        for (const item of splitList(value)) {
          const o = OPCO_BY_KEY.get(key(item));
          if (o) out.push(o);
          else issues.push({ column: column.key, message: `OPCO « ${item} » inconnu : écrivez l'un de ${OPCO_SLUGS.join(", ")}.` });
        }
        input.opcos = out;
        break;
      }
      case "program":
        input.program = programFrom(value, issues);
        break;
      case "sessions":
        input.sessions = sessionsFrom(value, l, issues);
        break;
      case "image":
        input.image = imageFrom(value, issues);
        break;
    }
  }
  return { input, status, issues };
}

/** Where a schema issue belongs: the column key, and a prefix naming the module or session. */
export function columnOfPath(path: string): { column: string; prefix: string } {
  const [field, index, sub] = path.split(".");
  const column = COLUMN_BY_FIELD.get(field ?? "")?.key ?? "_ligne";
  if (field === "program" && index !== undefined && sub) return { column, prefix: `Module ${Number(index) + 1} : ` };
  if (field === "sessions" && index !== undefined && sub) return { column, prefix: `Session ${Number(index) + 1} : ` };
  return { column, prefix: "" };
}

export interface ValidatedRow {
  data?: FormationData;
  status?: FormationStatus;
  issues: CellIssue[];
}

/** Converts and validates with the editor's schema; every problem is tied to a column. */
export function validateFlat(record: FlatRecord, l: ResolvedLookups): ValidatedRow {
  const { input, status, issues } = flatToInput(record, l);
  // A session's city is one of the formation's cities: added for the file's author rather than refused.
  const sessionCities = (Array.isArray(input.sessions) ? (input.sessions as Array<{ cityId: string | null }>) : []).flatMap((s) =>
    s.cityId ? [s.cityId] : [],
  );
  if (Array.isArray(input.cityIds)) input.cityIds = [...new Set([...(input.cityIds as string[]), ...sessionCities])];
  const explained = new Set(issues.map((i) => i.column));
  const parsed = formationInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { column, prefix } = columnOfPath(issue.path.map(String).join("."));
      const message = prefix + issue.message;
      // A column whose cell could not be read (unknown city, category…) is explained once.
      if (explained.has(column)) continue;
      if (!issues.some((i) => i.column === column && i.message === message)) issues.push({ column, message });
    }
  }
  if (issues.length > 0) return { status, issues };
  return { data: parsed.data as FormationData, status, issues };
}

// ---------------------------------------------------------------------------------------------
// Formation → flat record (export, and the base of an update that leaves columns out).

export const STATUS_WORD: Record<FormationStatus, string> = { published: "publiée", draft: "brouillon" };
const MODALITY_WORD: Record<string, string> = { presentiel: "présentiel", distanciel: "distanciel", mixte: "mixte" };
const VAT_WORD: Record<string, string> = { ht: "HT", ttc: "TTC", exonere: "exonéré" };
const CERTIFICATION_WORD: Record<string, string> = { none: "aucune", rncp: "RNCP", rs: "RS" };
export const REMOTE_WORD = "à distance";

/** Typed values (JSON-friendly): strings, numbers, booleans, arrays, objects, null. */
export function formationToFlat(f: Formation, l: ResolvedLookups): FlatRecord {
  const citySlug = (id: string | null) => (id ? (l.cityById.get(id)?.slug ?? id) : REMOTE_WORD);
  return {
    slug: f.slug,
    statut: STATUS_WORD[f.status],
    titre: f.title,
    resume: f.summary,
    categorie: l.categoryById.get(f.categoryId)?.slug ?? f.categoryId,
    description: f.description,
    programme: f.program.map((m) => ({ titre: m.title, contenu: m.content, duree_heures: m.durationHours })),
    objectifs: f.objectives,
    prerequis: f.prerequisites,
    public: f.audience,
    duree_heures: f.durationHours,
    duree_jours: f.durationDays,
    modalite: MODALITY_WORD[f.modality] ?? f.modality,
    methodes_pedagogiques: f.teachingMethods,
    modalites_evaluation: f.evaluationMethods,
    modalites_acces: f.accessModalities,
    delai_acces: f.accessLeadTime,
    prix_inter: f.priceInter,
    intra_sur_devis: f.intraOnQuote,
    tva: VAT_WORD[f.vatMode] ?? f.vatMode,
    contact_nom: f.contactName,
    contact_email: f.contactEmail,
    contact_telephone: f.contactPhone,
    accessibilite: f.accessibility,
    referent_handicap_nom: f.disabilityContactName,
    referent_handicap_email: f.disabilityContactEmail,
    taux_satisfaction: f.satisfactionRate,
    taux_reussite: f.successRate,
    nombre_stagiaires: f.traineesCount,
    date_mesure_indicateurs: f.resultsMeasuredAt,
    certification: CERTIFICATION_WORD[f.certificationType] ?? f.certificationType,
    certification_code: f.certificationCode,
    certification_intitule: f.certificationTitle,
    certificateur: f.certifier,
    certification_date: f.certificationRegisteredAt,
    eligible_cpf: f.cpfEligible,
    financements: f.fundingOptions,
    opco: f.opcos,
    villes: [...f.cityIds].map((id) => citySlug(id)).sort(),
    sessions: f.sessions.map((s) => ({ debut: s.startDate, fin: s.endDate, ville: citySlug(s.cityId), places: s.seatsLeft })),
    image: f.image,
    image_alt: f.imageAlt,
    a_la_une: f.featured,
    seo_titre: f.seoTitle,
    seo_description: f.seoDescription,
  };
}

/** "3.5" → "3,5" (what French spreadsheets read as a number). */
function frenchNumber(n: number): string {
  return String(n).replace(".", ",");
}

/**
 * One cell of a CSV (`numbers: "text"`, French decimal comma) or XLSX (`numbers: "native"`) file:
 * lists joined, nested fields in the documented layout.
 */
export function flatToCell(column: ImportColumn, value: unknown, numbers: "text" | "native"): string | number {
  if (value === null || value === undefined) return "";
  switch (column.kind) {
    case "number":
      return typeof value === "number" ? (numbers === "native" ? value : frenchNumber(value)) : cellText(value);
    case "bool":
      return value === true ? "oui" : value === false ? "non" : cellText(value);
    case "lines":
      return Array.isArray(value) ? value.join("\n") : cellText(value);
    case "cities":
    case "funding":
    case "opcos":
      return Array.isArray(value) ? value.join(" | ") : cellText(value);
    case "program":
      return Array.isArray(value) ? JSON.stringify(value) : cellText(value);
    case "sessions":
      return Array.isArray(value)
        ? value
            .map((s: { debut: string; fin: string; ville: string; places: number }) => [s.debut, s.fin, s.ville, s.places].join(";"))
            .join(" | ")
        : cellText(value);
    case "image":
      return typeof value === "object" ? JSON.stringify(value) : cellText(value);
    default:
      return cellText(value);
  }
}

export function columnLabel(columnKey: string): string {
  if (columnKey === "_ligne") return "Ligne entière";
  return COLUMN_BY_KEY.get(columnKey)?.label ?? columnKey;
}
