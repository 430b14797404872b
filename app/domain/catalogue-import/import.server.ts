import { randomUUID } from "node:crypto";
import { formatCount } from "~/platform/format";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Insertable, Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { FormationSessionsTable, FormationsTable } from "~/platform/db/schema";
import { recordFormationRevisions, toColumns, toFormation } from "~/domain/formations/formations.server";
import { sessionsWithRegistrations } from "~/domain/formations/held-sessions.server";
import { isUniqueViolation } from "~/platform/db/errors";
import type { Formation, FormationData, FormationSession } from "~/domain/formations/model";
import type { FormationStatus } from "~/domain/formations/labels";
import { slugify } from "~/domain/formations/slug";
import { getFormationDefaults } from "~/domain/formations/defaults.server";
import { log } from "~/platform/log.server";
import {
  columnLabel,
  formationToFlat,
  resolveLookups,
  shorten,
  validateFlat,
  type CellIssue,
  type FlatRecord,
  type ResolvedLookups,
  type RowDefaults,
} from "./cells";
import { COLUMN_BY_FIELD, cellText } from "~/domain/formations/columns";
import type { ColumnMapping } from "./columns";
import { emptyCounts, countsSentence, type ImportCounts, type RowAction } from "./model";
import type { ImportTable } from "./read.server";
import type { Actor } from "~/platform/db/actor";

/**
 * The import engine, shared by the one-file page, the batch worker and the benchmark:
 * 1. analyse: every row is converted, validated with the editor's schema, its references and slug
 *    checked, and classified (create, update, unchanged, reject) without writing anything (dry run).
 *    Empty fields (of a new formation or of one already on the site) take the organisation's
 *    defaults (settings); a row that still lacks what publication needs is written as a draft with its list « à compléter ».
 * 2. apply: the rows to create or update are written in short transactions of WRITE_CHUNK rows,
 *    so that the site keeps answering during a large import (on SQLite, one transaction holds the
 *    only connection). All or nothing still holds: everything is validated before the first write,
 *    and if a write fails, the import is cancelled or the server stops, what the earlier chunks
 *    wrote is undone (created formations deleted, updated ones restored as they were, unless
 *    someone edited them meanwhile). Only a crash of the process can leave a file half-written;
 *    importing the same file again then completes it, since rows are keyed by slug. The one audit
 *    entry is written with the last chunk.
 * A row is keyed by its slug: an existing slug updates that formation (columns the file leaves out
 * keep their current values), a new one creates a formation.
 */

export type { Actor };

export interface RowIssue {
  /** Column key ("_ligne" for the whole row). */
  column: string;
  /** The file's header for that column, or the field's label when the file has no such column. */
  header: string;
  message: string;
}

export interface RowReport {
  line: number;
  slug: string;
  title: string;
  action: RowAction;
  /** Why the row is refused (empty when it is not). */
  issues: RowIssue[];
  /** What the formation still lacks to be published: the row is written as a draft. */
  toComplete: RowIssue[];
  /** What the import deduced or decided (a duration, a draft instead of a publication). */
  notes: RowIssue[];
}

interface PlannedRow {
  line: number;
  slug: string;
  action: "create" | "update";
  data: FormationData;
  status: FormationStatus;
  existing?: Formation;
}

export interface Analysis {
  rows: RowReport[];
  counts: ImportCounts;
  planned: PlannedRow[];
  lookups: ResolvedLookups;
  /** Fields the file has no column for, filled for new formations by the organisation's defaults (labels). */
  defaulted: string[];
  /** When each formation found « inchangée » was created and last written (by slug). */
  unchangedStamps: Map<string, { createdAt: string; updatedAt: string }>;
}

export interface ProgressHooks {
  /** Called every few hundred rows with how many rows were checked. */
  onProgress?: (rowsDone: number) => Promise<void> | void;
  /** Checked every few hundred rows; true stops the work (throws ImportCancelledError). */
  shouldStop?: () => Promise<boolean>;
}

export class ImportCancelledError extends Error {
  constructor() {
    super("Import annulé.");
    this.name = "ImportCancelledError";
  }
}

/** The catalogue changed between the check and the write, or a write failed: nothing was written. */
export class ImportWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportWriteError";
  }
}

/** Rows per INSERT statement. */
const CHUNK = 100;
/** Rows per write transaction: short enough for the site to keep answering between two. */
export const WRITE_CHUNK = 200;
/** Work on many rows gives the event loop back at least this often (ms), so the site keeps answering. */
const YIELD_MS = 5;
/** The batch job's progress is saved, and its cancellation checked, about this often (ms). */
const PROGRESS_MS = 1_000;

/** Runs `each` over the items, giving the event loop back every YIELD_MS. */
async function inSlices<T>(items: readonly T[], each: (item: T, index: number) => void | Promise<void>): Promise<void> {
  let since = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (performance.now() - since > YIELD_MS) {
      await nextTurn();
      since = performance.now();
    }
    await each(items[i]!, i);
  }
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function loadLookups(target: Db = db()): Promise<ResolvedLookups> {
  const [categories, cities] = await Promise.all([
    target.selectFrom("formation_categories").select(["id", "slug", "name"]).orderBy("position").orderBy("name").execute(),
    target.selectFrom("cities").select(["id", "slug", "name"]).orderBy("name").execute(),
  ]);
  return resolveLookups({ categories, cities });
}

/** Formations (with cities and sessions) whose slug is in `slugs`, by slug. */
export async function loadFormationsBySlug(target: Db, slugs: string[]): Promise<Map<string, Formation>> {
  const out = new Map<string, Formation>();
  for (const part of chunks([...new Set(slugs)].filter(Boolean), 250)) {
    await nextTurn(); // one query at a time, the server answering in between
    const rows = await target.selectFrom("formations").selectAll().where("slug", "in", part).execute();
    if (rows.length === 0) continue;
    const ids = rows.map((r) => r.id);
    const [cities, sessions] = await Promise.all([
      target.selectFrom("formation_cities").select(["formation_id", "city_id"]).where("formation_id", "in", ids).execute(),
      target.selectFrom("formation_sessions").selectAll().where("formation_id", "in", ids).orderBy("start_date").orderBy("id").execute(),
    ]);
    for (const r of rows) {
      const s: FormationSession[] = sessions
        .filter((x) => x.formation_id === r.id)
        .map((x) => ({
          id: x.id,
          formationId: x.formation_id,
          startDate: x.start_date,
          endDate: x.end_date,
          cityId: x.city_id,
          seatsLeft: Number(x.seats_left),
        }));
      const c = cities
        .filter((x) => x.formation_id === r.id)
        .map((x) => x.city_id)
        .sort();
      out.set(r.slug, toFormation(r, c, s));
    }
  }
  return out;
}

/** Old slugs (301 redirects) among `slugs`: old slug → the formation's current slug and title. */
async function loadRedirects(target: Db, slugs: string[]): Promise<Map<string, { slug: string; title: string }>> {
  const out = new Map<string, { slug: string; title: string }>();
  for (const part of chunks([...new Set(slugs)].filter(Boolean), 250)) {
    await nextTurn();
    const rows = await target
      .selectFrom("formation_slug_redirects as r")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .select(["r.old_slug", "f.slug", "f.title"])
      .where("r.old_slug", "in", part)
      .execute();
    for (const r of rows) out.set(r.old_slug, { slug: r.slug, title: r.title });
  }
  return out;
}

/** The columns written for a formation; a draft's unknown duration is stored as 0. */
function columnsOf(data: FormationData, lookups: ResolvedLookups) {
  const columns = toColumns(data, lookups.categoryById.get(data.categoryId)?.name ?? "");
  return { ...columns, duration_hours: columns.duration_hours ?? 0, duration_days: columns.duration_days ?? 0 };
}

/** What decides "unchanged": the written columns, cities, sessions and status. */
function fingerprint(data: FormationData | Formation, status: FormationStatus, lookups: ResolvedLookups): string {
  return JSON.stringify({
    columns: columnsOf(data as FormationData, lookups),
    cities: [...data.cityIds].sort(),
    sessions: data.sessions.map((s) => [s.startDate, s.endDate, s.cityId ?? "", s.seatsLeft].join("|")).sort(),
    status,
  });
}

function rowSlug(record: FlatRecord): { slug: string; title: string } {
  const title = cellText(record.titre).trim();
  const given = cellText(record.slug).trim().toLowerCase();
  return { slug: given || (title ? slugify(title) : ""), title };
}

/** The organisation's defaults as cell values of a new formation (empty ones left out). */
async function rowDefaults(target: Db): Promise<RowDefaults> {
  const { values } = await getFormationDefaults(target);
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "")) as RowDefaults;
}

/** A row with filled cells beyond the header's columns: what to check depends on the kind of file. */
function extraCellsMessage(format: string, count: number, value = ""): string {
  const cells = `${count} ${plural(count, "cellule remplie", "cellules remplies")}`;
  const quoted = value ? ` (« ${shorten(value)} »)` : "";
  return format === "csv"
    ? `Cette ligne compte ${cells} de plus que l'en-tête${quoted} : vérifiez les séparateurs et les guillemets.`
    : `Cette ligne a ${cells} à droite de la dernière colonne nommée${quoted} : donnez un nom à cette colonne dans la ligne d'en-tête, ou videz ${plural(count, "cette cellule", "ces cellules")}.`;
}

/** What identifies a new formation, even as a draft: its title and its category. */
const IDENTITY_COLUMNS = ["titre", "categorie"] as const;

function plural(n: number, one: string, many: string): string {
  return n > 1 ? many : one;
}

/** Checks every row without writing anything: the preview and the dry run. */
export async function analyseTable(
  table: ImportTable,
  mapping: ColumnMapping,
  target: Db = db(),
  hooks: ProgressHooks = {},
): Promise<Analysis> {
  const [lookups, defaults] = await Promise.all([loadLookups(target), rowDefaults(target)]);
  const recordOf = (cells: unknown[]): FlatRecord => {
    const record: FlatRecord = {};
    mapping.forEach((key, i) => {
      if (key) record[key] = cells[i];
    });
    return record;
  };
  const slugIndex = mapping.indexOf("slug");
  const titleIndex = mapping.indexOf("titre");
  const slugs: string[] = [];
  await inSlices(table.rows, (row) => {
    slugs.push(rowSlug({ slug: row.cells[slugIndex], titre: row.cells[titleIndex] }).slug);
  });
  const existing = await loadFormationsBySlug(target, slugs);
  const held = await sessionsWithRegistrations(target, { formationIds: [...existing.values()].map((f) => f.id) });
  const redirects = await loadRedirects(target, slugs);
  const headerOf = new Map<string, string>();
  mapping.forEach((key, i) => {
    if (key && !headerOf.has(key)) headerOf.set(key, table.headers[i]!);
  });
  const header = (column: string) =>
    headerOf.get(column) ?? (column === "_ligne" ? "Ligne entière" : `${columnLabel(column)} (colonne absente du fichier)`);
  const withHeader = (list: CellIssue[]): RowIssue[] => list.map((x) => ({ ...x, header: header(x.column) }));
  const defaulted = Object.keys(defaults)
    .map((field) => COLUMN_BY_FIELD.get(field))
    .filter((c) => c !== undefined && !headerOf.has(c.key))
    .map((c) => c!.label);

  const reports: RowReport[] = [];
  const candidates: Array<{ data?: FormationData; status: FormationStatus; existing?: Formation }> = [];
  let progressAt = performance.now();
  await inSlices(table.rows, async (row, i) => {
    if (performance.now() - progressAt > PROGRESS_MS) {
      progressAt = performance.now();
      await hooks.onProgress?.(i);
      if (hooks.shouldStop && (await hooks.shouldStop())) throw new ImportCancelledError();
    }
    const record = recordOf(row.cells);
    const { slug, title } = rowSlug(record);
    const current = slug ? existing.get(slug) : undefined;
    const merged: FlatRecord = current ? { ...formationToFlat(current, lookups), ...record, slug } : { ...record, slug };
    // The organisation's defaults fill every empty field, of a new formation or of one already on the site.
    const checked = validateFlat(merged, lookups, { defaults });
    const issues = withHeader(checked.issues);
    let toComplete = withHeader(checked.toComplete);
    const notes = withHeader(checked.notes);
    if (!current) {
      // A new formation needs its title and category, even as a draft.
      const absent = IDENTITY_COLUMNS.filter((c) => !headerOf.has(c));
      const blank = IDENTITY_COLUMNS.filter((c) => headerOf.has(c) && cellText(merged[c]).trim() === "");
      if (absent.length > 0) {
        issues.push({
          column: "_colonnes",
          header: "Colonnes absentes du fichier",
          message: `Pour créer cette formation, il manque ${plural(absent.length, "la colonne", "les colonnes")} : ${absent.map(columnLabel).join(", ")}. Ajoutez-${plural(absent.length, "la", "les")} au fichier ou associez-${plural(absent.length, "la", "les")} à une colonne du fichier.`,
        });
      }
      for (const c of blank) {
        issues.push({
          column: c,
          header: header(c),
          message: `${c === "titre" ? "Le titre est obligatoire" : "La catégorie est obligatoire"} pour créer la formation, même en brouillon.`,
        });
      }
      if (absent.length + blank.length > 0)
        toComplete = toComplete.filter((x) => !(IDENTITY_COLUMNS as readonly string[]).includes(x.column));
    }
    if (row.extraCells > 0) {
      issues.unshift({
        column: "_ligne",
        header: header("_ligne"),
        message: extraCellsMessage(table.format, row.extraCells, row.extraValue),
      });
    }
    if (!slug && title) {
      issues.push({
        column: "slug",
        header: header("slug"),
        message: "Aucune adresse ne peut être tirée de ce titre : indiquez une adresse (slug).",
      });
    }
    const moved = !current && slug ? redirects.get(slug) : undefined;
    if (moved) {
      issues.push({
        column: "slug",
        header: header("slug"),
        message: `L'adresse « ${slug} » est l'ancienne adresse de la formation « ${moved.title} », qui répond aujourd'hui à « ${moved.slug} » : utilisez « ${moved.slug} » pour la mettre à jour, ou choisissez une autre adresse.`,
      });
    }
    let status: FormationStatus = checked.status ?? current?.status ?? "draft";
    if (toComplete.length > 0 && status === "published") {
      if (current?.status === "published") {
        // A published formation stays complete: the file must fill the gaps, or say « brouillon ».
        issues.push({
          column: "_ligne",
          header: header("_ligne"),
          message: `Cette formation est publiée : elle doit rester complète (à compléter : ${[...new Set(toComplete.map((x) => x.header))].join(", ")}). Complétez ces colonnes, ou écrivez « brouillon » dans la colonne Statut pour la dépublier.`,
        });
      } else {
        notes.push({
          column: "statut",
          header: header("statut"),
          message: "Importée en brouillon : elle pourra être publiée une fois complétée.",
        });
      }
      status = "draft";
    }
    reports.push({ line: row.line, slug, title: cellText(merged.titre).trim() || title, action: "reject", issues, toComplete, notes });
    candidates.push({ data: checked.data, status, existing: current });
  });

  // The same slug twice in one file: every such row is refused (which one is right cannot be known).
  const bySlug = new Map<string, number[]>();
  reports.forEach((r, i) => {
    if (r.slug) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), i]);
  });
  for (const [slug, indexes] of bySlug) {
    if (indexes.length < 2) continue;
    for (const i of indexes) {
      const others = indexes.filter((j) => j !== i).map((j) => reports[j]!.line);
      reports[i]!.issues.push({
        column: "slug",
        header: header("slug"),
        message: `L'adresse « ${slug} » apparaît aussi ${table.lineWord} ${others.join(", ")} : chaque formation du fichier doit avoir sa propre adresse.`,
      });
    }
  }

  const counts = emptyCounts();
  const planned: PlannedRow[] = [];
  const unchangedStamps = new Map<string, { createdAt: string; updatedAt: string }>();
  await inSlices(reports, (r, i) => {
    const c = candidates[i]!;
    if (r.issues.length > 0 || !c.data) {
      r.action = "reject";
      counts.rejected++;
      return;
    }
    const data = { ...c.data, slug: r.slug };
    if (!c.existing) {
      r.action = "create";
      counts.created++;
    } else if (fingerprint(c.data, c.status, lookups) === fingerprint(c.existing, c.existing.status, lookups)) {
      r.action = "unchanged";
      counts.unchanged++;
      unchangedStamps.set(r.slug, { createdAt: c.existing.createdAt, updatedAt: c.existing.updatedAt });
      return;
    } else {
      r.action = "update";
      counts.updated++;
      r.notes.push(...keptSessionNotes(c.existing, c.data, held, lookups));
    }
    if (r.toComplete.length > 0) counts.incomplete++;
    planned.push({ line: r.line, slug: r.slug, action: r.action, data, status: c.status, existing: c.existing });
  });
  await hooks.onProgress?.(table.rows.length);
  return { rows: reports, counts, planned, lookups, defaulted, unchangedStamps };
}

/**
 * A file taken over after the instance writing it died: the formations its earlier attempts
 * created or updated (they carry an attempt's stamp) are found identical to the file and would be
 * counted « inchangées ». They are the file's own work: counted as created or updated (and, for a
 * draft, as to complete), so that the report says what the file did.
 */
export function creditEarlierAttempts(analysis: Analysis, stamps: readonly string[]): void {
  if (stamps.length === 0) return;
  const earlier = new Set(stamps);
  const { counts } = analysis;
  for (const r of analysis.rows) {
    if (r.action !== "unchanged") continue;
    const f = analysis.unchangedStamps.get(r.slug);
    if (!f || !earlier.has(f.updatedAt)) continue;
    r.action = earlier.has(f.createdAt) ? "create" : "update";
    counts.unchanged--;
    counts[r.action === "create" ? "created" : "updated"]++;
    if (r.toComplete.length > 0) counts.incomplete++;
  }
}

export interface ApplyOptions {
  actor: Actor;
  /** The file's name, for the audit entry. */
  fileName: string;
  /** A batch job's label in the audit entry ("lot du 12/03"). */
  context?: string;
  target?: Db;
  /**
   * The time stamp the created and updated formations carry (now by default). A batch job
   * commits it with the file before writing, so that an attempt taking the file over after a
   * crash knows which formations the earlier attempt wrote (`creditEarlierAttempts`).
   */
  now?: string;
  /** More writes in the transaction of the audit entry, the last one (the batch job's counters). */
  within?: (trx: Db) => Promise<void>;
  /** Checked between chunks: true cancels the import and undoes what was written. */
  shouldStop?: (target: Db) => Promise<boolean>;
}

/** What a chunk wrote, to undo it if a later one fails. */
type Written = { created: string[]; updated: Formation[] };

/**
 * Writes the analysed rows in chunks (see the top of this module): formations, their cities and
 * sessions (a session that stays the same keeps its id), then one audit entry with the counts. If
 * the catalogue changed since the analysis (a slug created or a formation edited meanwhile), or
 * anything fails, nothing stays written.
 */
export async function applyAnalysis(analysis: Analysis, options: ApplyOptions): Promise<ImportCounts> {
  const target = options.target ?? db();
  const { planned, lookups, counts } = analysis;
  const now = options.now ?? nowIso();
  const written: Written = { created: [], updated: [] };
  try {
    for (const part of chunks(planned, WRITE_CHUNK)) {
      const chunk = await target.transaction().execute((trx) => writeChunk(trx, part, lookups, now));
      written.created.push(...chunk.created);
      written.updated.push(...chunk.updated);
      if (options.shouldStop && (await options.shouldStop(target))) throw new ImportCancelledError();
      await nextTurn(); // let the server answer other requests between two chunks
    }
    await target.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        actor: options.actor,
        action: "import",
        entity: "formation",
        entityId: null,
        summary: `Import de formations${options.context ? ` (${options.context})` : ""}, fichier « ${options.fileName} » : ${countsSentence(counts)}.`,
      });
      await options.within?.(trx);
    });
  } catch (error) {
    await undo(target, written, now, lookups);
    if (error instanceof ImportWriteError || error instanceof ImportCancelledError) throw error;
    if (isUniqueViolation(error)) {
      throw new ImportWriteError(
        "Une formation de ce fichier a été créée en même temps par une autre opération : rien n'a été importé. Relancez l'import.",
      );
    }
    throw error;
  }
  return counts;
}

/** One chunk, in its transaction: checks that the catalogue is still as analysed, then writes. */
async function writeChunk(trx: Db, part: PlannedRow[], lookups: ResolvedLookups, now: string): Promise<Written> {
  const rows = await trx
    .selectFrom("formations")
    .select(["id", "slug", "updated_at"])
    .where(
      "slug",
      "in",
      part.map((p) => p.slug),
    )
    .execute();
  const found = new Map(rows.map((r) => [r.slug, r]));
  for (const p of part) {
    const row = found.get(p.slug);
    const stale = p.action === "create" ? row !== undefined : !row || row.id !== p.existing!.id || row.updated_at !== p.existing!.updatedAt;
    if (stale) {
      throw new ImportWriteError(
        `La formation « ${p.slug} » a été créée ou modifiée par quelqu'un d'autre pendant l'import : rien n'a été importé. Relancez l'import pour repartir du catalogue à jour.`,
      );
    }
  }
  const creates = part.filter((p) => p.action === "create").map((p) => ({ p, id: randomUUID() }));
  for (const group of chunks(creates)) {
    await trx
      .insertInto("formations")
      .values(
        group.map(({ p, id }) => ({
          id,
          slug: p.slug,
          ...columnsOf(p.data, lookups),
          status: p.status,
          published_at: p.status === "published" ? now : null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  await writeChildren(
    trx,
    creates.map(({ p, id }) => ({ id, data: p.data, previous: [] })),
    now,
  );
  const updates = part.filter((p) => p.action === "update");
  for (const group of chunks(updates)) {
    await upsertFormations(
      trx,
      group.map((p) => {
        const e = p.existing!;
        return {
          id: e.id,
          slug: e.slug,
          ...columnsOf(p.data, lookups),
          status: p.status,
          published_at: p.status === "published" ? (e.publishedAt ?? now) : e.publishedAt,
          created_at: e.createdAt,
          updated_at: now,
        };
      }),
    );
    const ids = group.map((p) => p.existing!.id);
    const held = await sessionsWithRegistrations(trx, { formationIds: ids });
    await trx.deleteFrom("formation_cities").where("formation_id", "in", ids).execute();
    const details = await deleteSessionsBut(trx, ids, held);
    await writeChildren(
      trx,
      group.map((p) => ({ id: p.existing!.id, data: p.data, previous: p.existing!.sessions })),
      now,
      held,
      details,
    );
  }
  // Each imported formation keeps a revision of what the import wrote (app/domain/revisions).
  await recordFormationRevisions(trx, [...creates.map((c) => c.id), ...updates.map((p) => p.existing!.id)], {
    at: now,
    summary: "Import de formations.",
  });
  return { created: creates.map((c) => c.id), updated: updates.map((p) => p.existing!) };
}

/** One statement per group: an upsert on the primary key updates every row of the group. */
async function upsertFormations(trx: Db, rows: Array<Insertable<FormationsTable>>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((k) => k !== "id" && k !== "slug" && k !== "created_at");
  await trx
    .insertInto("formations")
    .values(rows)
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet(
          (eb) => Object.fromEntries(columns.map((k) => [k, eb.ref(`excluded.${k}` as "excluded.title")])) as Record<string, never>,
        ),
    )
    .execute();
}

/**
 * Undoes what the committed chunks wrote, in chunks too: created formations are deleted, updated
 * ones get back their columns, status, dates, cities and sessions. A formation edited by someone
 * else since the import wrote it (its date changed) is left as it is, and logged.
 */
async function undo(target: Db, written: Written, now: string, lookups: ResolvedLookups): Promise<void> {
  if (written.created.length + written.updated.length === 0) return;
  let skipped = 0;
  for (const ids of chunks(written.created, WRITE_CHUNK)) {
    await target.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom("formations").where("id", "in", ids).where("updated_at", "=", now).executeTakeFirst();
      skipped += ids.length - Number(res.numDeletedRows ?? 0);
    });
    await nextTurn();
  }
  for (const group of chunks(written.updated, WRITE_CHUNK)) {
    await target.transaction().execute(async (trx) => {
      const untouched = new Set(
        (
          await trx
            .selectFrom("formations")
            .select("id")
            .where(
              "id",
              "in",
              group.map((f) => f.id),
            )
            .where("updated_at", "=", now)
            .execute()
        ).map((r) => r.id),
      );
      const restore = group.filter((f) => untouched.has(f.id));
      skipped += group.length - restore.length;
      for (const part of chunks(restore)) {
        await upsertFormations(
          trx,
          part.map((f) => ({
            id: f.id,
            slug: f.slug,
            ...columnsOf(f as unknown as FormationData, lookups),
            status: f.status,
            published_at: f.publishedAt,
            created_at: f.createdAt,
            updated_at: f.updatedAt,
          })),
        );
        const ids = part.map((f) => f.id);
        const held = await sessionsWithRegistrations(trx, { formationIds: ids });
        await trx.deleteFrom("formation_cities").where("formation_id", "in", ids).execute();
        const details = await deleteSessionsBut(trx, ids, held);
        const cities = part.flatMap((f) => f.cityIds.map((city_id) => ({ formation_id: f.id, city_id })));
        for (const c of chunks(cities, 500)) await trx.insertInto("formation_cities").values(c).execute();
        const sessions = part.flatMap((f) =>
          f.sessions
            .filter((s) => !held.has(s.id))
            .map((s) => ({
              ...details.get(s.id),
              id: s.id,
              formation_id: f.id,
              start_date: s.startDate,
              end_date: s.endDate,
              city_id: s.cityId,
              seats_left: s.seatsLeft,
              created_at: f.updatedAt,
              updated_at: f.updatedAt,
            })),
        );
        for (const c of chunks(sessions, 200)) await trx.insertInto("formation_sessions").values(c).execute();
      }
    });
    await nextTurn();
  }
  if (skipped > 0) log.warn("Import annulé : formations modifiées entre-temps laissées telles quelles", { count: skipped });
}

/** What the import's columns do not hold about a session, kept when the session is written again with its id. */
type SessionDetails = Pick<Selectable<FormationSessionsTable>, "kind" | "day_start" | "day_end" | "address">;

/**
 * Removes the sessions of these formations, but those that registrations hold: a registration is
 * never lost (docs/decisions/0011-registrations-seats.md); such a session stays exactly as it is.
 * Returns the removed sessions' type, times and address by id: a session written again with the
 * same id (same dates and city) keeps them, since the file has no column for them.
 */
async function deleteSessionsBut(trx: Db, formationIds: string[], held: ReadonlyMap<string, number>): Promise<Map<string, SessionDetails>> {
  const details = new Map<string, SessionDetails>();
  const rows = await trx
    .selectFrom("formation_sessions")
    .select(["id", "kind", "day_start", "day_end", "address"])
    .where("formation_id", "in", formationIds)
    .execute();
  for (const { id, ...rest } of rows) details.set(id, rest);
  let q = trx.deleteFrom("formation_sessions").where("formation_id", "in", formationIds);
  if (held.size > 0) q = q.where("id", "not in", [...held.keys()]);
  await q.execute();
  if (held.size > 0) log.info("Import : sessions avec des inscriptions gardées telles quelles", { count: held.size });
  return details;
}

/** "du 12/03/2027 au 14/03/2027 à Lyon": a session as the import report names it. */
function sessionLabel(s: FormationSession, lookups: ResolvedLookups): string {
  const day = (d: string) => d.split("-").reverse().join("/");
  const city = s.cityId ? (lookups.cityById.get(s.cityId)?.name ?? "") : "";
  return `du ${day(s.startDate)} au ${day(s.endDate)}${s.cityId ? (city ? ` à ${city}` : "") : " à distance"}`;
}

/**
 * What the report says of the sessions that registrations hold: one the file leaves out is kept,
 * one the file changes the seats of keeps its own (registrations took from them).
 */
function keptSessionNotes(
  existing: Formation,
  data: FormationData,
  held: ReadonlyMap<string, number>,
  lookups: ResolvedLookups,
): RowIssue[] {
  const notes: RowIssue[] = [];
  const wanted = new Map<string, number[]>();
  for (const s of data.sessions) {
    const k = `${s.startDate}|${s.endDate}|${s.cityId ?? ""}`;
    wanted.set(k, [...(wanted.get(k) ?? []), s.seatsLeft]);
  }
  for (const s of existing.sessions) {
    const n = held.get(s.id);
    if (!n) continue;
    const registrations = `${n} inscription${n > 1 ? "s" : ""} en cours`;
    const seats = wanted.get(`${s.startDate}|${s.endDate}|${s.cityId ?? ""}`)?.shift();
    if (seats === undefined) {
      notes.push({
        column: "sessions",
        header: "Sessions",
        message: `La session ${sessionLabel(s, lookups)} n'est pas dans le fichier, mais elle a ${registrations} : elle est gardée. Pour la retirer, annulez ou déplacez d'abord ses inscriptions (Sessions et inscriptions).`,
      });
    } else if (seats !== s.seatsLeft) {
      notes.push({
        column: "sessions",
        header: "Sessions",
        message: `La session ${sessionLabel(s, lookups)} a ${registrations} : l'import ne change pas ses places (${formatCount(s.seatsLeft, "place libre", "places libres")}) ; elles se règlent dans Sessions et inscriptions.`,
      });
    }
  }
  return notes;
}

async function writeChildren(
  trx: Db,
  items: Array<{ id: string; data: FormationData; previous: FormationSession[] }>,
  now: string,
  held: ReadonlyMap<string, number> = new Map(),
  details: ReadonlyMap<string, SessionDetails> = new Map(),
): Promise<void> {
  const cityRows = items.flatMap(({ id, data }) => data.cityIds.map((city_id) => ({ formation_id: id, city_id })));
  for (const part of chunks(cityRows, 500)) await trx.insertInto("formation_cities").values(part).execute();
  const sessionRows = items.flatMap(({ id, data, previous }) => {
    // A session with the same dates and city as before keeps its id.
    const free = new Map<string, string[]>();
    for (const s of previous) {
      const k = `${s.startDate}|${s.endDate}|${s.cityId ?? ""}`;
      free.set(k, [...(free.get(k) ?? []), s.id]);
    }
    return data.sessions.flatMap((s) => {
      const reuse = free.get(`${s.startDate}|${s.endDate}|${s.cityId ?? ""}`)?.shift();
      // A session that registrations hold was not removed: it stays as it is (seats, times, place).
      if (reuse && held.has(reuse)) return [];
      return {
        ...(reuse ? details.get(reuse) : undefined),
        id: reuse ?? randomUUID(),
        formation_id: id,
        start_date: s.startDate,
        end_date: s.endDate,
        city_id: s.cityId,
        seats_left: s.seatsLeft,
        created_at: now,
        updated_at: now,
      };
    });
  });
  for (const part of chunks(sessionRows, 200)) await trx.insertInto("formation_sessions").values(part).execute();
}

export interface ImportResult {
  analysis: Analysis;
  /** False when nothing was written (all-or-nothing with rejected rows, or nothing to write). */
  written: boolean;
  counts: ImportCounts;
}

/**
 * Analyses then writes. With `allOrNothing`, a file with a rejected row writes nothing.
 * Rows that would not change are not written (their "Mis à jour le" date stays).
 */
export async function importTable(
  table: ImportTable,
  mapping: ColumnMapping,
  options: ApplyOptions & { allOrNothing?: boolean; hooks?: ProgressHooks },
): Promise<ImportResult> {
  const target = options.target ?? db();
  const analysis = await analyseTable(table, mapping, target, options.hooks);
  if (options.allOrNothing && analysis.counts.rejected > 0) {
    return { analysis, written: false, counts: { ...emptyCounts(), rejected: analysis.counts.rejected } };
  }
  const counts = await applyAnalysis(analysis, { ...options, target });
  return { analysis, written: true, counts };
}

/** The rows to show: errors first, then the others, at most `limit`. */
export function previewRows(rows: RowReport[], limit: number): RowReport[] {
  const rejected = rows.filter((r) => r.action === "reject");
  const others = rows.filter((r) => r.action !== "reject");
  return [...rejected, ...others].slice(0, limit);
}
