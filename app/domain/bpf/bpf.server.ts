import { recordAudit } from "~/domain/audit/audit.server";
import { invoicedInYear } from "~/domain/invoices/invoices.server";
import { getOrganisation, readSettingOr, writeSetting } from "~/domain/settings/settings.server";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import { formatNumber } from "~/platform/format";
import type { FailureKind, FieldErrors } from "~/platform/validation/errors";
import { fieldErrorsOf } from "~/platform/validation/errors";
import { addTotals, computeBpf, type Computed, type Figures, type InvoiceFigure, type Speciality } from "./compute.server";
import { boxesCsv, detailCodes, detailCsv } from "./csv.server";
import { bpfPdf } from "./pdf.server";
import { ENTERED_KEYS, FIGURE_KEYS, SHARE_KEY } from "./form";
import { traineeLine } from "./rules";
import { DEFAULT_BPF_SETTINGS, bpfSettingsSchema, entriesSchema, type BpfSettings, type Entries } from "./model";

/**
 * The BPF of a year as /admin/bpf shows it (docs/decisions/0038-bpf.md): the computed figures with
 * what staff typed, or, once the year is locked, the figures as filed with the differences since.
 */

export type BpfOutcome<T> = { ok: true; value: T } | { ok: false; kind: FailureKind; errors: FieldErrors };

const SETTINGS_KEY = "bpf";

/** Thrown when someone other than an admin changes the BPF (the routes check first; this is the domain's own guard). */
export class BpfForbiddenError extends Error {
  constructor() {
    super("Seul un administrateur modifie le BPF.");
  }
}

function mustBeAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new BpfForbiddenError();
}

export async function getBpfSettings(target: Db = db()): Promise<BpfSettings> {
  return readSettingOr(SETTINGS_KEY, bpfSettingsSchema, DEFAULT_BPF_SETTINGS, target);
}

/** /admin/bpf/parametres: the NSF codes and RNCP levels saved, with their revision and the journal's entry. */
export async function updateBpfSettings(values: BpfSettings, actor: Actor, target: Db = db()): Promise<void> {
  mustBeAdmin(actor);
  await writeSetting(SETTINGS_KEY, bpfSettingsSchema, values, target, { actor, summary: "Codes NSF et niveaux RNCP du BPF enregistrés." });
}

/** The categories and the certifying formations, for the form of /admin/bpf/parametres. */
export async function bpfSettingsForm(target: Db = db()) {
  const [settings, categories, formations, unclassified] = await Promise.all([
    getBpfSettings(target),
    target.selectFrom("formation_categories").select(["id", "name"]).orderBy("position").orderBy("name").execute(),
    target
      .selectFrom("formations")
      .select(["id", "title", "certification_code", "certification_title"])
      .where("certification_type", "=", "rncp")
      .orderBy("title")
      .execute(),
    // Confirmed registrations whose buyer or funding the F-1 rule cannot read (docs/legal/bpf.md, rule 4).
    target
      .selectFrom("registrations as r")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .innerJoin("formations as f", "f.id", "s.formation_id")
      .select(["r.id", "r.reference", "r.buyer_kind", "r.funding", "r.company_name", "r.contact_name", "f.title", "s.start_date"])
      .where("r.status", "=", "confirmee")
      .orderBy("s.start_date", "desc")
      .orderBy("r.reference")
      .execute(),
  ]);
  return {
    settings,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    formations: formations.map((f) => ({ id: f.id, title: f.title, code: f.certification_code, certification: f.certification_title })),
    registrations: unclassified
      .filter((r) => traineeLine(r.buyer_kind, r.funding) === null)
      .map((r) => ({
        id: r.id,
        reference: r.reference,
        buyer: r.company_name || r.contact_name,
        formation: r.title,
        startDate: r.start_date,
      })),
  };
}

interface Filed {
  figures: Figures;
  specialities: Speciality[];
}

export interface BpfYear {
  year: number;
  /** The figures shown: as filed when locked, else computed with what staff typed. */
  figures: Figures;
  specialities: Speciality[];
  entries: Entries;
  computed: Computed;
  /** Once filed: when, by whom, and the figures that moved since (current value by key). */
  locked: { at: string; by: string } | null;
  changes: Record<string, number | null>;
}

/** Staff's figures put in their lines: F-2 a is what F-1 counts less what was trained for another organisation (F-2 b). */
export function mergeEntries(computed: Computed, entries: Entries): Figures {
  const figures: Figures = { ...computed.figures };
  for (const key of ENTERED_KEYS) figures[key] = entries[key] ?? null;
  for (const c of ["nombre", "heures"]) {
    const own = computed.figures[`F-2-a:${c}`] ?? 0;
    figures[`F-2-a:${c}`] = Math.max(0, own - (entries[`F-2-b:${c}`] ?? 0));
  }
  addTotals(figures);
  return figures;
}

function parseEntries(text: string | undefined): Entries {
  if (!text) return {};
  const raw = JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(ENTERED_KEYS.map((k) => [k, typeof raw[k] === "number" ? (raw[k] as number) : null]));
}

/**
 * The BPF of a year. `invoices`: the invoices and credit notes frame C adds up, those of the site's
 * invoices by default (app/domain/invoices); null: none known (frame C then has no figure).
 */
export async function bpfYear(
  year: number,
  { target = db(), invoices, today }: { target?: Db; invoices?: InvoiceFigure[] | null; today?: string } = {},
): Promise<BpfYear> {
  if (invoices === undefined) invoices = await yearInvoices(year, target);
  const [row, settings] = await Promise.all([
    target.selectFrom("bpf_years").selectAll().where("year", "=", year).executeTakeFirst(),
    getBpfSettings(target),
  ]);
  const computed = await computeBpf(year, settings, { target, invoices, ...(today ? { today } : {}) });
  const entries = parseEntries(row?.entries);
  const current = mergeEntries(computed, entries);
  if (!row?.filed || !row.locked_at)
    return { year, figures: current, specialities: computed.specialities, entries, computed, locked: null, changes: {} };
  const filed = JSON.parse(row.filed) as Filed;
  const changes: Record<string, number | null> = {};
  for (const key of FIGURE_KEYS) if ((filed.figures[key] ?? null) !== (current[key] ?? null)) changes[key] = current[key] ?? null;
  return {
    year,
    figures: filed.figures,
    specialities: filed.specialities,
    entries,
    computed,
    locked: { at: row.locked_at, by: row.locked_by },
    changes,
  };
}

const LOCKED_MESSAGE = "Ce BPF a été déposé et verrouillé\u00a0: ses chiffres ne changent plus.";

/** Saves what staff typed for a year (frame D, F-2 b, G, share of the turnover); refused once the year is locked. */
export async function saveEntries(year: number, input: unknown, actor: Actor, target: Db = db()): Promise<BpfOutcome<Entries>> {
  mustBeAdmin(actor);
  const parsed = entriesSchema.safeParse(input);
  if (!parsed.success) return { ok: false, kind: "invalid", errors: fieldErrorsOf(parsed.error) };
  const entries = parsed.data as Entries;
  return atomically(target, async (trx) => {
    const now = nowIso();
    const value = JSON.stringify(entries);
    await trx
      .insertInto("bpf_years")
      .values({ year, entries: "{}", created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("year").doNothing())
      .execute();
    const updated = await trx
      .updateTable("bpf_years")
      .set({ entries: value, updated_at: now })
      .where("year", "=", year)
      .where("locked_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, kind: "conflict", errors: { _form: LOCKED_MESSAGE } };
    const share = entries[SHARE_KEY];
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "bpf",
      entityId: String(year),
      summary: `BPF ${year}\u00a0: chiffres saisis enregistrés${share === null || share === undefined ? "" : ` (part du chiffre d'affaires ${formatNumber(share)}\u00a0%)`}.`,
    });
    return { ok: true, value: entries };
  });
}

/**
 * Locks a year once filed: the figures shown at that moment are kept as filed. Only once: a second
 * lock (a second instance, a double click) finds it locked and is refused.
 */
export async function lockYear(
  year: number,
  actor: Actor,
  { target = db(), invoices, today }: { target?: Db; invoices?: InvoiceFigure[] | null; today?: string } = {},
): Promise<BpfOutcome<{ at: string }>> {
  mustBeAdmin(actor);
  const state = await bpfYear(year, { target, invoices, today });
  if (state.locked) return { ok: false, kind: "conflict", errors: { _form: LOCKED_MESSAGE } };
  const filed: Filed = { figures: state.figures, specialities: state.specialities };
  return atomically(target, async (trx) => {
    const now = nowIso();
    await trx
      .insertInto("bpf_years")
      .values({ year, entries: "{}", created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("year").doNothing())
      .execute();
    const updated = await trx
      .updateTable("bpf_years")
      .set({ filed: JSON.stringify(filed), locked_at: now, locked_by: actor.email, updated_at: now })
      .where("year", "=", year)
      .where("locked_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, kind: "conflict", errors: { _form: LOCKED_MESSAGE } };
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "bpf",
      entityId: String(year),
      summary: `BPF ${year} déposé et verrouillé\u00a0: ses chiffres sont gardés tels que déposés.`,
    });
    return { ok: true, value: { at: now } };
  });
}

/** What /admin/bpf shows of a year: plain data for the page (components/frames.tsx). */
export function bpfView(state: BpfYear) {
  return {
    year: state.year,
    figures: state.figures,
    specialities: state.specialities,
    missing: state.computed.missing.map((m) => ({ frames: m.frames, text: m.text, href: m.href, link: m.link })),
    locked: state.locked,
    changes: state.changes,
    invoicesKnown: state.computed.invoicesKnown,
    invoiceCount: state.computed.invoices.length,
    /** Typed boxes still blank (frame D, F-2 b, G, share of the turnover). */
    toType: state.locked ? 0 : ENTERED_KEYS.filter((k) => state.figures[k] === null || state.figures[k] === undefined).length,
    detail: detailCodes(),
  };
}

/**
 * The invoices and credit notes frame C adds up (app/domain/invoices: every issued invoice, deposit
 * invoice and credit note of the year by its date of issue, credit notes negative), amounts HT.
 */
async function yearInvoices(year: number, target: Db): Promise<InvoiceFigure[]> {
  const items = await invoicedInYear(year, target);
  return items.map((i) => ({
    id: i.id,
    number: i.number,
    kind: i.kind === "avoir" ? "avoir" : "facture",
    issuedOn: i.issuedOn,
    payerKind: i.payerKind,
    payerName: i.payerName,
    amountCents: i.signedHtCents,
    href: `/admin/factures/${i.id}`,
  }));
}

/** /admin/bpf: the year with its invoices, as the page shows it, and what staff typed. */
export async function bpfScreen(year: number, target: Db = db()) {
  const state = await bpfYear(year, { target });
  return { view: bpfView(state), entries: state.entries };
}

export async function bpfBoxesCsv(year: number, target: Db = db()): Promise<string> {
  return boxesCsv(await bpfYear(year, { target }));
}

export async function bpfDetailCsv(year: number, code: string, target: Db = db()): Promise<string | null> {
  if (!detailCodes().includes(code)) return null;
  return detailCsv(await bpfYear(year, { target }), code);
}

export async function bpfPdfFile(year: number, target: Db = db()): Promise<Buffer> {
  const [state, organisation] = await Promise.all([bpfYear(year, { target }), getOrganisation(target)]);
  return bpfPdf(state, { name: organisation.name, nda: organisation.nda });
}

/** Locks the year with the figures the page shows (invoices included). */
export function lockShownYear(year: number, actor: Actor, target: Db = db()) {
  return lockYear(year, actor, { target });
}
