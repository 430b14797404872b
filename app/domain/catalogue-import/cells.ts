import { OPCO_NAMES, OPCO_SLUGS } from "~/domain/funding/opco-list";
import { formationInputSchema, type Formation, type FormationData } from "~/domain/formations/model";
import { parseFrenchNumber } from "~/platform/validation/numbers";
import { FUNDING_OPTIONS, type FormationStatus } from "~/domain/formations/labels";
import { normalizeText } from "~/domain/formations/slug";
import { COLUMN_BY_FIELD, COLUMN_BY_KEY, CATALOGUE_COLUMNS, cellText, isoDay, type CatalogueColumn } from "~/domain/formations/columns";
import { draftData, isBlank, isToComplete, valueAt } from "~/domain/formations/draft";
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

/** A list marker at the start of an item: "- ", "• ", "* ", "1. ", "2) ". */
const BULLET = /^(?:[-*•–—▪◦·]\s+|\d{1,2}[.)]\s+)/;

/** Splits a cell of records (sessions): one per line when it has several lines, otherwise on "|". */
function splitLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => cellText(v).trim()).filter(Boolean);
  const text = cellText(value).trim();
  if (!text) return [];
  return (/\r?\n/.test(text) ? text.split(/\r?\n/) : text.split("|")).map((s) => s.trim()).filter(Boolean);
}

/**
 * Splits a cell of sentences (objectives, programme modules): one item per line when it has
 * several lines, otherwise on "|", or on "•" or ";" when there is no "|". List markers are removed.
 */
export function splitList(value: unknown): string[] {
  const text = cellText(value).trim();
  const parts =
    Array.isArray(value) || /\r?\n/.test(text) || text.includes("|")
      ? splitLines(value)
      : /\s•\s/.test(text)
        ? text.split("•")
        : text.split(";");
  return parts.map((s) => s.trim().replace(BULLET, "").trim()).filter(Boolean);
}

/** Splits a cell of names or identifiers (cities, funding, OPCO): on lines, "|", ";" or ",". */
export function splitItems(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => cellText(v).trim()).filter(Boolean);
  return cellText(value)
    .split(/\r?\n|[|;,]/)
    .map((s) => s.trim().replace(BULLET, "").trim())
    .filter(Boolean);
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

/** The refusal of a date cell that is not a real day (« 31/02/2027 »), quoting it; undefined for an empty or valid one. */
export function invalidDate(value: unknown, what = ""): string | undefined {
  if (value instanceof Date) return undefined;
  const text = cellText(value).trim();
  if (!text) return undefined;
  const day = readDate(value);
  if (typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day)) {
    const time = Date.parse(`${day}T00:00:00Z`);
    if (!Number.isNaN(time) && new Date(time).toISOString().startsWith(day)) return undefined;
  }
  return `« ${shorten(text)} » n'est pas une date valide${what} : écrivez-la JJ/MM/AAAA (par exemple 12/03/2027).`;
}

/** A value quoted in a message: one line, 60 characters at most. */
export function shorten(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

const TRUE_WORDS = new Set(["oui", "o", "yes", "y", "true", "vrai", "1", "x", "on", "sur devis", "possible"]);
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

function fundingOf(item: string): string | undefined {
  const k = key(item);
  return (
    FUNDING_WORDS[k] ??
    (/\b(entreprise|employeur|opco|plan de developpement)\b/.test(k)
      ? "entreprise"
      : /\b(france travail|pole emploi|demandeurs? d emploi|aif)\b/.test(k)
        ? "pole-emploi"
        : /\b(particulier|personnel|autofinancement|individuel)\b/.test(k)
          ? "particulier"
          : undefined)
  );
}

const OPCO_BY_KEY = new Map<string, string>(
  OPCO_SLUGS.flatMap((slug) => [[key(slug), slug] as [string, string], [key(OPCO_NAMES[slug]), slug] as [string, string]]),
);

/** Words that mean "remote" in a session's city. */
const REMOTE_WORDS = new Set(["", "a distance", "distance", "distanciel", "en ligne", "remote", "online", "classe virtuelle"]);

function word<T extends string>(table: Record<string, T>, value: unknown): T | undefined {
  return table[key(cellText(value))];
}

function modalityOf(value: unknown): string | undefined {
  const k = key(cellText(value));
  const known = MODALITY_WORDS[k];
  if (known) return known;
  const inPerson = /\bpresentiel\b|\bsur site\b|\ben salle\b/.test(k);
  const remote = /\bdistanciel\b|\ba distance\b|\ben ligne\b|\bvisio|\bclasse virtuelle\b|\be learning\b/.test(k);
  if (inPerson && remote) return "mixte";
  if (inPerson) return "presentiel";
  if (remote) return "distanciel";
  return undefined;
}

function vatOf(value: unknown): string | undefined {
  const k = key(cellText(value));
  return VAT_WORDS[k] ?? (/exoner|non applicable|293 b|non assujetti|261 4/.test(k) ? "exonere" : undefined);
}

/** A duration as written in a catalogue: "14", "14 h", "3h30", "2 jours", "2 j", "14 h (2 jours)". */
export function readDuration(value: unknown, unit: "hours" | "days"): { hours?: number | string; days?: number | string } {
  if (typeof value === "number") return unit === "hours" ? { hours: value } : { days: value };
  const text = cellText(value).trim();
  if (!text) return {};
  const out: { hours?: number; days?: number } = {};
  const hours = /(\d+(?:[.,]\d+)?)\s*(?:h(?:eures?)?|hrs?)(?![a-zà-ÿ])\s*(\d{1,2})?/i.exec(text);
  if (hours) out.hours = parseFloat(hours[1]!.replace(",", ".")) + (hours[2] ? Number(hours[2]) / 60 : 0);
  const days = /(\d+(?:[.,]\d+)?)\s*(?:j(?:ours?)?|journées?|days?)(?![a-zà-ÿ])/i.exec(text);
  if (days) out.days = parseFloat(days[1]!.replace(",", "."));
  if (out.hours !== undefined || out.days !== undefined) return out;
  return unit === "hours" ? { hours: text } : { days: text };
}

/** Hours per day when one duration is deduced from the other. */
export const HOURS_PER_DAY = 7;

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
  /** What the conversion deduced (a modality from « à distance » among the cities). */
  notes: CellIssue[];
}

/**
 * A cell of records that may be written in JSON (programme, sessions): when it starts with « [ », its
 * JSON value, or undefined once `refusal` is noted against `column`; any other cell as it is.
 */
function jsonOrCell(value: unknown, column: string, refusal: string, issues: CellIssue[]): { items: unknown } | undefined {
  if (typeof value !== "string" || !value.trim().startsWith("[")) return { items: value };
  try {
    return { items: parseJsonSafely(value) };
  } catch {
    issues.push({ column, message: refusal });
    return undefined;
  }
}

function programFrom(value: unknown, issues: CellIssue[]): unknown {
  const read = jsonOrCell(
    value,
    "programme",
    "Le programme commence par « [ » mais n'est pas un JSON valide : vérifiez les guillemets et les virgules, ou écrivez les titres des modules séparés par « | ».",
    issues,
  );
  if (!read) return [];
  const items = read.items;
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

const MODULE_DURATION = "(\\d+(?:[.,]\\d+)?)\\s*(h(?:eures?)?|j(?:ours?)?|journées?|min(?:utes)?)\\.?(?:\\s*(\\d{1,2}))?";
const MODULE_WITH_DURATION = new RegExp(`^(.*?)\\s*(?:\\(\\s*${MODULE_DURATION}\\s*\\)|[-–—:]\\s*${MODULE_DURATION})\\s*$`, "i");

/**
 * One programme line: "Les formules (3,5 h)", "Les formules – 2 jours", "Les formules : 3h30" →
 * the title and the duration in hours (a day counts HOURS_PER_DAY hours); a list marker is removed.
 */
function moduleFromTitle(line: string) {
  const text = line.trim().replace(BULLET, "").trim();
  const m = MODULE_WITH_DURATION.exec(text);
  if (!m || !m[1]) return { title: text, content: "", durationHours: null };
  const [amount, unit, minutes] = m[2] ? [m[2], m[3]!, m[4]] : [m[5]!, m[6]!, m[7]];
  const n = parseFloat(amount.replace(",", "."));
  const u = unit.toLowerCase();
  const hours = u.startsWith("min") ? n / 60 : u.startsWith("j") ? n * HOURS_PER_DAY : n + (minutes ? Number(minutes) / 60 : 0);
  return { title: m[1].replace(/[\s\-–—:]+$/, ""), content: "", durationHours: Math.round(hours * 100) / 100 };
}

function sessionsFrom(value: unknown, l: ResolvedLookups, issues: CellIssue[]): unknown[] {
  const read = jsonOrCell(
    value,
    "sessions",
    "Les sessions commencent par « [ » mais ne sont pas un JSON valide : écrivez-les plutôt « début;fin;ville;places » séparées par « | ».",
    issues,
  );
  if (!read) return [];
  const items = read.items;
  const list: Array<{ start: unknown; end: unknown; city: unknown; seats: unknown }> = [];
  if (Array.isArray(items)) {
    for (const s of items) {
      if (typeof s === "string") list.push(sessionPartsOf(s));
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
    for (const s of splitLines(value)) list.push(sessionPartsOf(s));
  }
  return list.map((s, i) => {
    const badDate = invalidDate(s.start, " (début)") ?? invalidDate(s.end, " (fin)");
    if (badDate) issues.push({ column: "sessions", message: `Session ${i + 1} : ${badDate}` });
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

function sessionPartsOf(text: string) {
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

/** What catalogues write for "no value" in a number cell. */
const NO_VALUE_WORDS = new Set(["", "na", "n a", "nc", "n c", "non communique", "non mesure", "non mesuree", "sans objet", "aucun"]);

function numberCell(value: unknown): unknown {
  if (typeof value === "number") return value;
  const text = cellText(value).trim();
  return NO_VALUE_WORDS.has(key(text)) ? null : text;
}

/**
 * Converts a flat record into the editor's input. Only columns present in `record` are read;
 * absent ones get an empty value (the caller overlays the file on the current formation for an update).
 */
export function flatToInput(record: FlatRecord, l: ResolvedLookups): ConvertedRow {
  const issues: CellIssue[] = [];
  const notes: CellIssue[] = [];
  const input: Record<string, unknown> = {};
  let status: FormationStatus | undefined;
  let remoteCity = false;
  for (const column of CATALOGUE_COLUMNS) {
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
        // The price is read by the schema, as the editor reads it (see ../price.ts).
        if (column.field === "priceInter") input.priceInter = value;
        else if (column.field === "durationHours" || column.field === "durationDays") {
          const d = readDuration(value, column.field === "durationHours" ? "hours" : "days");
          // A "Durée" column that says "2 jours" fills the days; the other column, if any, wins.
          if (d.hours !== undefined && (column.field === "durationHours" || input.durationHours === undefined))
            input.durationHours = d.hours;
          if (d.days !== undefined && (column.field === "durationDays" || input.durationDays === undefined)) input.durationDays = d.days;
          input[column.field] ??= null;
        } else input[column.field] = numberCell(value);
        break;
      case "bool": {
        const b = readBool(value);
        if (b.error) issues.push({ column: column.key, message: b.error });
        input[column.field] = b.value ?? false;
        break;
      }
      case "date": {
        const bad = invalidDate(value);
        if (bad) issues.push({ column: column.key, message: bad });
        input[column.field] = readDate(value);
        break;
      }
      case "lines":
        input[column.field] = splitList(value);
        break;
      case "modality":
        input.modality = modalityOf(value) ?? text().trim();
        break;
      case "vat":
        input.vatMode = vatOf(value) ?? text().trim();
        break;
      case "certification": {
        // "Oui" or "certifiante": the code column says which register (RNCP or RS).
        const known = word(CERTIFICATION_WORDS, value);
        input.certificationType = known ?? (CERTIFYING_WORDS.has(key(text())) ? registerOf(record.certification_code) : text().trim());
        break;
      }
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
        for (const item of splitCities(value)) {
          // « Lyon, à distance »: also remote, which the modality says (below).
          if (REMOTE_WORDS.has(key(item))) remoteCity = true;
          else {
            const c = l.cityByKey.get(item) ?? l.cityByKey.get(key(item));
            if (c) ids.push(c.id);
            else issues.push({ column: column.key, message: unknownCityMessage(item) });
          }
        }
        input.cityIds = ids;
        break;
      }
      case "funding": {
        const out: string[] = [];
        for (const item of splitItems(value)) {
          const f = fundingOf(item);
          if (f) out.push(f);
          else if (key(item) === "cpf" || key(item) === "compte personnel de formation") {
            // "CPF" among the funding routes: the formation is eligible, unless the file says otherwise.
            if (cellText(record.eligible_cpf).trim() === "") input.cpfEligible = true;
          } else
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
        for (const item of splitItems(value)) {
          const o = OPCO_BY_KEY.get(key(item)) ?? OPCO_BY_KEY.get(key(item).replace(/^opco /, ""));
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
  // No certification column, but an RNCP or RS code: the code tells the register.
  if (cellText(record.certification).trim() === "" && registerOf(record.certification_code))
    input.certificationType = registerOf(record.certification_code);
  // « À distance » among the cities: the formation is given remotely, alone or besides its cities.
  if (remoteCity) {
    const stated = typeof input.modality === "string" ? input.modality : "";
    const inPerson = stated === "presentiel" || (Array.isArray(input.cityIds) && input.cityIds.length > 0);
    const modality = stated === "" || stated === "presentiel" ? (inPerson ? "mixte" : "distanciel") : stated;
    if (modality !== stated) {
      input.modality = modality;
      notes.push({
        column: "modalite",
        message: `Modalité «\u00a0${MODALITY_WORD[modality]}\u00a0» déduite de «\u00a0à distance\u00a0» dans la colonne des villes${stated ? ` (au lieu de «\u00a0${MODALITY_WORD[stated] ?? stated}\u00a0»)` : ""}\u00a0: vérifiez-la.`,
      });
    }
  }
  return { input, status, issues, notes };
}

/** Cities are separated by lines, « , », « ; », « | » or « / » (« Lyon / Paris »). */
const CITY_SEPARATORS = "«\u00a0,\u00a0», «\u00a0;\u00a0», «\u00a0|\u00a0» ou «\u00a0/\u00a0»";

export function splitCities(value: unknown): string[] {
  return splitItems(value).flatMap((item) =>
    item
      .split("/")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function unknownCityMessage(item: string): string {
  return `La ville «\u00a0${shorten(item)}\u00a0» n'existe pas\u00a0: créez-la d'abord dans Villes. Plusieurs villes se séparent par ${CITY_SEPARATORS}\u00a0; écrivez «\u00a0à distance\u00a0» pour une formation à distance.`;
}

const CERTIFYING_WORDS = new Set(["oui", "yes", "certifiante", "formation certifiante", "certification"]);

/** "RNCP35399" → "rncp", "RS 5252" → "rs", anything else → "". */
function registerOf(code: unknown): string {
  const c = cellText(code).toUpperCase().replace(/\s+/g, "");
  return /^RNCP\d/.test(c) ? "rncp" : /^RS\d/.test(c) ? "rs" : "";
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
  /** What is written: the complete formation, or a draft that still lacks what `toComplete` lists. */
  data?: FormationData;
  status?: FormationStatus;
  /** Problems that refuse the row (a value that cannot be read or stored as it is). */
  issues: CellIssue[];
  /** What publication still needs (missing or too short values, rules between fields). */
  toComplete: CellIssue[];
  /** Values the import deduced (a duration from the other). */
  notes: CellIssue[];
}

/** Values used where a formation's field is empty (the organisation's defaults, see the settings). */
export type RowDefaults = Partial<Record<keyof FormationData, unknown>>;

function roundToHalf(n: number): number {
  return Math.max(0.5, Math.round(n * 2) / 2);
}

/**
 * Converts and validates with the editor's schema; every problem is tied to a column. A row with
 * missing publication fields is still valid: its data is a draft, and `toComplete` lists the gaps.
 * `defaults` fill the empty fields.
 */
export function validateFlat(record: FlatRecord, l: ResolvedLookups, options: { defaults?: RowDefaults } = {}): ValidatedRow {
  const { input, status, issues, notes } = flatToInput(record, l);
  // A session's city is one of the formation's cities: added for the file's author rather than refused.
  const sessionCities = (Array.isArray(input.sessions) ? (input.sessions as Array<{ cityId: string | null }>) : []).flatMap((s) =>
    s.cityId ? [s.cityId] : [],
  );
  if (Array.isArray(input.cityIds)) input.cityIds = [...new Set([...(input.cityIds as string[]), ...sessionCities])];
  for (const [field, value] of Object.entries(options.defaults ?? {})) if (isBlank(input[field]) && !isBlank(value)) input[field] = value;
  // One duration given: the other is deduced (a day counts HOURS_PER_DAY hours), and said so.
  const hours = parseFrenchNumber(input.durationHours);
  const days = parseFrenchNumber(input.durationDays);
  if (typeof days === "number" && days > 0 && isBlank(input.durationHours)) {
    input.durationHours = days * HOURS_PER_DAY;
    notes.push({ column: "duree_heures", message: `Durée en heures déduite des jours (${HOURS_PER_DAY} h par jour) : vérifiez-la.` });
  } else if (typeof hours === "number" && hours > 0 && isBlank(input.durationDays)) {
    input.durationDays = roundToHalf(hours / HOURS_PER_DAY);
    notes.push({ column: "duree_jours", message: `Durée en jours déduite des heures (${HOURS_PER_DAY} h par jour) : vérifiez-la.` });
  }
  const explained = new Set(issues.map((i) => i.column));
  const parsed = formationInputSchema.safeParse(input);
  if (parsed.success)
    return issues.length > 0 ? { status, issues, toComplete: [], notes } : { data: parsed.data, status, issues, toComplete: [], notes };
  const toComplete: CellIssue[] = [];
  for (const issue of parsed.error.issues) {
    const { column, prefix } = columnOfPath(issue.path.map(String).join("."));
    // A column whose cell could not be read (unknown city, category…) is explained once.
    if (explained.has(column)) continue;
    const missing = isToComplete(issue, input);
    // A refusal quotes the value it refuses, as the file wrote it when the cell is the field itself.
    const offending = cellText(issue.path.length === 1 && column in record ? record[column] : valueAt(input, issue.path));
    const quoted =
      missing || !offending.trim() || issue.message.includes(offending.trim()) ? "" : ` (valeur lue : « ${shorten(offending)} »)`;
    const message = prefix + (quoted ? `${issue.message.replace(/\.$/, "")}${quoted}.` : issue.message);
    const list = missing ? toComplete : issues;
    if (!list.some((i) => i.column === column && i.message === message)) list.push({ column, message });
  }
  if (issues.length > 0) return { status, issues, toComplete, notes };
  return { data: draftData(input), status, issues, toComplete, notes };
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
    // A draft's unknown duration is stored as 0: exported empty, so that it imports back as unknown.
    duree_heures: f.durationHours || null,
    duree_jours: f.durationDays || null,
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
    certification_taux_obtention: f.certificationPassRate,
    certification_candidats: f.certificationCandidates,
    certification_periode: f.certificationResultsPeriod,
    blocs_competences: f.competenceBlocks,
    validation_partielle: f.partialValidation,
    equivalences_passerelles: f.equivalences,
    suites_parcours: f.nextSteps,
    debouches: f.careerOutcomes,
    fiche_france_competences: f.franceCompetencesUrl,
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
export function flatToCell(column: CatalogueColumn, value: unknown, numbers: "text" | "native"): string | number {
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
