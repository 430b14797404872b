import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { recordAudit, type AuditInput } from "~/domain/audit/audit.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import { isUniqueViolation, toColumns, toFormation } from "../formations.server";
import type { Formation, FormationData, FormationSession } from "../model";
import type { FormationStatus } from "../labels";
import { slugify } from "../slug";
import { cellText, columnLabel, formationToFlat, resolveLookups, validateFlat, type FlatRecord, type ResolvedLookups } from "./cells";
import type { ColumnMapping } from "./columns";
import { emptyCounts, countsSentence, type ImportCounts, type RowAction } from "./model";
import type { ImportTable } from "./read.server";

/**
 * The import engine, shared by the one-file page, the batch worker and the benchmark:
 * 1. analyse: every row is converted, validated with the editor's schema, its references and slug
 *    checked, and classified (create, update, unchanged, reject) without writing anything (dry run);
 * 2. apply: the rows to create or update are written in ONE transaction, with one audit entry.
 * A row is keyed by its slug: an existing slug updates that formation (columns the file leaves out
 * keep their current values), a new one creates a formation.
 */

export type Actor = AuditInput["actor"];

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
  issues: RowIssue[];
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

const CHUNK = 100;

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
  for (const part of chunks([...new Set(slugs)].filter(Boolean), 500)) {
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
  for (const part of chunks([...new Set(slugs)].filter(Boolean), 500)) {
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

/** What decides "unchanged": the written columns, cities, sessions and status. */
function fingerprint(data: FormationData | Formation, status: FormationStatus, lookups: ResolvedLookups): string {
  const categoryName = lookups.categoryById.get(data.categoryId)?.name ?? "";
  return JSON.stringify({
    columns: toColumns(data as FormationData, categoryName),
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

/** Checks every row without writing anything: the preview and the dry run. */
export async function analyseTable(
  table: ImportTable,
  mapping: ColumnMapping,
  target: Db = db(),
  hooks: ProgressHooks = {},
): Promise<Analysis> {
  const lookups = await loadLookups(target);
  const records = table.rows.map((row) => {
    const record: FlatRecord = {};
    mapping.forEach((key, i) => {
      if (key) record[key] = row.cells[i];
    });
    return record;
  });
  const slugs = records.map((r) => rowSlug(r).slug);
  const [existing, redirects] = await Promise.all([loadFormationsBySlug(target, slugs), loadRedirects(target, slugs)]);
  const headerOf = new Map<string, string>();
  mapping.forEach((key, i) => {
    if (key && !headerOf.has(key)) headerOf.set(key, table.headers[i]!);
  });
  const header = (column: string) =>
    headerOf.get(column) ?? (column === "_ligne" ? "Ligne entière" : `${columnLabel(column)} (colonne absente du fichier)`);

  const reports: RowReport[] = [];
  const candidates: Array<{ data?: FormationData; status: FormationStatus; existing?: Formation }> = [];
  for (let i = 0; i < table.rows.length; i++) {
    if (i > 0 && i % 250 === 0) {
      await hooks.onProgress?.(i);
      if (hooks.shouldStop && i % 1000 === 0 && (await hooks.shouldStop())) throw new ImportCancelledError();
      await nextTurn(); // let the server answer other requests between chunks
    }
    const row = table.rows[i]!;
    const record = records[i]!;
    const { slug, title } = rowSlug(record);
    const current = slug ? existing.get(slug) : undefined;
    const merged: FlatRecord = current ? { ...formationToFlat(current, lookups), ...record, slug } : { ...record, slug };
    const checked = validateFlat(merged, lookups);
    let issues = checked.issues.map((x) => ({ ...x, header: header(x.column) }));
    if (!current) {
      // A new formation without some columns: one message naming them all, rather than one per field.
      const absent = [...new Set(issues.filter((x) => x.column !== "_ligne" && !headerOf.has(x.column)).map((x) => x.column))];
      if (absent.length > 0) {
        issues = [
          ...issues.filter((x) => !absent.includes(x.column)),
          {
            column: "_colonnes",
            header: "Colonnes absentes du fichier",
            message: `Pour créer cette formation, il manque ${absent.length > 1 ? "les colonnes" : "la colonne"} : ${absent.map(columnLabel).join(", ")}. Ajoutez-${absent.length > 1 ? "les" : "la"} au fichier ou associez-${absent.length > 1 ? "les" : "la"} à une colonne du fichier.`,
          },
        ];
      }
    }
    if (row.extraCells > 0) {
      issues.unshift({
        column: "_ligne",
        header: header("_ligne"),
        message: `Cette ligne compte ${row.extraCells} cellule${row.extraCells > 1 ? "s" : ""} remplie${row.extraCells > 1 ? "s" : ""} de plus que l'en-tête : vérifiez les séparateurs et les guillemets.`,
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
    reports.push({ line: row.line, slug, title: cellText(merged.titre).trim() || title, action: "reject", issues });
    candidates.push({ data: checked.data, status: checked.status ?? current?.status ?? "draft", existing: current });
  }

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
  reports.forEach((r, i) => {
    const c = candidates[i]!;
    if (r.issues.length > 0 || !c.data) {
      r.action = "reject";
      counts.rejected++;
      return;
    }
    if (!c.existing) {
      r.action = "create";
      counts.created++;
      planned.push({ line: r.line, slug: r.slug, action: "create", data: { ...c.data, slug: r.slug }, status: c.status });
      return;
    }
    if (fingerprint(c.data, c.status, lookups) === fingerprint(c.existing, c.existing.status, lookups)) {
      r.action = "unchanged";
      counts.unchanged++;
      return;
    }
    r.action = "update";
    counts.updated++;
    planned.push({
      line: r.line,
      slug: r.slug,
      action: "update",
      data: { ...c.data, slug: r.slug },
      status: c.status,
      existing: c.existing,
    });
  });
  await hooks.onProgress?.(table.rows.length);
  return { rows: reports, counts, planned, lookups };
}

export interface ApplyOptions {
  actor: Actor;
  /** The file's name, for the audit entry. */
  fileName: string;
  /** A batch job's label in the audit entry ("lot du 12/03"). */
  context?: string;
  target?: Db;
  /** More writes in the same transaction (the batch job's counters). */
  within?: (trx: Db) => Promise<void>;
  /** Checked inside the transaction between chunks: true rolls everything back. */
  shouldStop?: (trx: Db) => Promise<boolean>;
}

/**
 * Writes the analysed rows in one transaction: formations, their cities and sessions (a session
 * that stays the same keeps its id), and one audit entry with the counts. If the catalogue changed
 * since the analysis (a slug created or a formation edited meanwhile), nothing is written.
 */
export async function applyAnalysis(analysis: Analysis, options: ApplyOptions): Promise<ImportCounts> {
  const target = options.target ?? db();
  const { planned, lookups, counts } = analysis;
  const creates = planned.filter((p) => p.action === "create");
  const updates = planned.filter((p) => p.action === "update");
  const now = nowIso();
  try {
    await target.transaction().execute(async (trx) => {
      // The catalogue as the analysis saw it: creates still free, updates not edited meanwhile.
      for (const part of chunks(planned, 500)) {
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
          const stale =
            p.action === "create" ? row !== undefined : !row || row.id !== p.existing!.id || row.updated_at !== p.existing!.updatedAt;
          if (stale) {
            throw new ImportWriteError(
              `La formation « ${p.slug} » a été créée ou modifiée par quelqu'un d'autre pendant l'import : rien n'a été importé. Relancez l'import pour repartir du catalogue à jour.`,
            );
          }
        }
      }
      let done = 0;
      const checkStop = async () => {
        if (options.shouldStop && (await options.shouldStop(trx))) throw new ImportCancelledError();
      };
      for (const part of chunks(creates)) {
        const withIds = part.map((p) => ({ p, id: randomUUID() }));
        await trx
          .insertInto("formations")
          .values(
            withIds.map(({ p, id }) => ({
              id,
              slug: p.slug,
              ...toColumns(p.data, lookups.categoryById.get(p.data.categoryId)?.name ?? ""),
              status: p.status,
              published_at: p.status === "published" ? now : null,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        await writeChildren(
          trx,
          withIds.map(({ p, id }) => ({ id, data: p.data, previous: [] })),
          now,
        );
        done += part.length;
        if (done % 1000 < CHUNK) await checkStop();
      }
      for (const part of chunks(updates)) {
        // One statement per chunk: an upsert on the primary key updates every row of the chunk.
        const rows = part.map((p) => {
          const e = p.existing!;
          return {
            id: e.id,
            slug: e.slug,
            ...toColumns(p.data, lookups.categoryById.get(p.data.categoryId)?.name ?? ""),
            status: p.status,
            published_at: p.status === "published" ? (e.publishedAt ?? now) : e.publishedAt,
            created_at: e.createdAt,
            updated_at: now,
          };
        });
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
        const ids = part.map((p) => p.existing!.id);
        await trx.deleteFrom("formation_cities").where("formation_id", "in", ids).execute();
        await trx.deleteFrom("formation_sessions").where("formation_id", "in", ids).execute();
        await writeChildren(
          trx,
          part.map((p) => ({ id: p.existing!.id, data: p.data, previous: p.existing!.sessions })),
          now,
        );
        done += part.length;
        if (done % 1000 < CHUNK) await checkStop();
      }
      await checkStop();
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

async function writeChildren(
  trx: Db,
  items: Array<{ id: string; data: FormationData; previous: FormationSession[] }>,
  now: string,
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
    return data.sessions.map((s) => {
      const reuse = free.get(`${s.startDate}|${s.endDate}|${s.cityId ?? ""}`)?.shift();
      return {
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
