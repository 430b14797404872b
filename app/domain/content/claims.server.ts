import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { recordAudit, type AuditInput } from "~/domain/audit/audit.server";
import { idsWithoutRevision, recordRevision } from "~/domain/revisions/revisions.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { ResultFiguresTable, TestimonialsTable, WhyUsArgumentsTable } from "~/platform/db/schema";
import { NotFoundError, accepted, validate, type Outcome } from "~/platform/validation/errors";
import {
  type ClaimKind,
  type PublicClaims,
  type PublicTestimonial,
  type ResultFigure,
  type Testimonial,
  type WhyUsArgument,
  type ResultMeasure,
} from "./claims";
import { CLAIM_SCHEMAS, type ArgumentInput, type ResultInput, type TestimonialInput } from "./claims-schema";

/** Who changes a claim: only an admin (the route checks it too; this is the rule itself). */
export type ClaimActor = AuditInput["actor"];

export class ClaimForbiddenError extends Error {
  constructor() {
    super("Seuls les administrateurs modifient les témoignages, les résultats et les arguments.");
    this.name = "ClaimForbiddenError";
  }
}

function assertAdmin(actor: ClaimActor): void {
  if (actor.role !== "admin") throw new ClaimForbiddenError();
}

const TABLE = { testimonial: "testimonials", result: "result_figures", argument: "why_us_arguments" } as const;

/** Journal entity names (their French labels are in domain/audit/model.ts). */
export const CLAIM_ENTITY = { testimonial: "testimonial", result: "result_figure", argument: "why_us_argument" } as const;

function toTestimonial(r: Selectable<TestimonialsTable>): Testimonial {
  return {
    id: r.id,
    quote: r.quote,
    firstName: r.first_name,
    lastInitial: r.last_initial,
    context: r.context,
    formationId: r.formation_id,
    formationTitle: r.formation_title,
    givenOn: r.given_on,
    rating: r.rating === null ? null : Number(r.rating),
    consent: Boolean(Number(r.consent)),
    consentOn: r.consent_on,
    published: Boolean(Number(r.published)),
    position: Number(r.position),
    isDemo: Boolean(Number(r.is_demo)),
  };
}

function toResult(r: Selectable<ResultFiguresTable>): ResultFigure {
  return {
    id: r.id,
    label: r.label,
    figure: r.figure,
    period: r.period,
    sampleSize: Number(r.sample_size),
    measuredOn: r.measured_on,
    position: Number(r.position),
    isDemo: Boolean(Number(r.is_demo)),
    measure: (r.measure ?? "") as ResultMeasure,
  };
}

function toArgument(r: Selectable<WhyUsArgumentsTable>): WhyUsArgument {
  return { id: r.id, title: r.title, body: r.body, position: Number(r.position), isDemo: Boolean(Number(r.is_demo)) };
}

export async function listTestimonials(target: Db = db()): Promise<Testimonial[]> {
  const rows = await target.selectFrom("testimonials").selectAll().orderBy("position").orderBy("created_at").execute();
  return rows.map(toTestimonial);
}

export async function listResults(target: Db = db()): Promise<ResultFigure[]> {
  const rows = await target.selectFrom("result_figures").selectAll().orderBy("position").orderBy("created_at").execute();
  return rows.map(toResult);
}

export async function listArguments(target: Db = db()): Promise<WhyUsArgument[]> {
  const rows = await target.selectFrom("why_us_arguments").selectAll().orderBy("position").orderBy("created_at").execute();
  return rows.map(toArgument);
}

/**
 * What the public pages show: published testimonials with a recorded consent (the linked
 * formation only while it is published), every result figure and every argument, in order.
 */
export async function publicClaims(target: Db = db()): Promise<PublicClaims> {
  const [rows, results, args] = await Promise.all([
    target
      .selectFrom("testimonials as t")
      .leftJoin("formations as f", (j) => j.onRef("f.id", "=", "t.formation_id").on("f.status", "=", "published"))
      .selectAll("t")
      .select(["f.slug as formation_slug", "f.title as formation_name"])
      .where("t.published", "=", 1)
      .where("t.consent", "=", 1)
      .orderBy("t.position")
      .orderBy("t.created_at")
      .execute(),
    listResults(target),
    listArguments(target),
  ]);
  const testimonials: PublicTestimonial[] = rows.map((r) => {
    const title = r.formation_title || r.formation_name || "";
    return {
      id: r.id,
      quote: r.quote,
      author: `${r.first_name} ${r.last_initial}`,
      context: r.context,
      formation: title ? { title, slug: r.formation_slug ?? null } : null,
      givenOn: r.given_on,
      rating: r.rating === null ? null : Number(r.rating),
    };
  });
  return { testimonials, results, arguments: args };
}

/** Formations an admin may link a testimonial to (every one, published or not). */
export async function formationChoices(target: Db = db()): Promise<Array<{ id: string; title: string }>> {
  return target.selectFrom("formations").select(["id", "title"]).orderBy("title").execute();
}

function testimonialRow(d: TestimonialInput) {
  return {
    quote: d.quote,
    first_name: d.firstName,
    last_initial: d.lastInitial,
    context: d.context,
    formation_id: d.formationId,
    formation_title: d.formationTitle,
    given_on: d.givenOn,
    rating: d.rating,
    consent: d.consent ? 1 : 0,
    consent_on: d.consentOn,
    published: d.published ? 1 : 0,
  };
}

function resultRow(d: ResultInput) {
  return { label: d.label, figure: d.figure, period: d.period, sample_size: d.sampleSize, measured_on: d.measuredOn, measure: d.measure };
}

function argumentRow(d: ArgumentInput) {
  return { title: d.title, body: d.body };
}

/** The row to write, from input checked with the kind's shared schema (or its messages). */
function rowOf(kind: ClaimKind, input: unknown): Outcome<Record<string, unknown>> {
  switch (kind) {
    case "testimonial": {
      const checked = validate(CLAIM_SCHEMAS.testimonial, input);
      return checked.ok ? accepted(testimonialRow(checked.value)) : checked;
    }
    case "result": {
      const checked = validate(CLAIM_SCHEMAS.result, input);
      return checked.ok ? accepted(resultRow(checked.value)) : checked;
    }
    case "argument": {
      const checked = validate(CLAIM_SCHEMAS.argument, input);
      return checked.ok ? accepted(argumentRow(checked.value)) : checked;
    }
  }
}

/** One short name for the journal and the toasts: « Sophie M. », « 95 % », « Des formateurs… ». */
function nameOf(kind: ClaimKind, row: Record<string, unknown>): string {
  if (kind === "testimonial") return `${String(row.first_name)} ${String(row.last_initial)}`;
  if (kind === "result") return `${String(row.figure)} ${String(row.label)}`;
  return String(row.title);
}

/** « Témoignage de Sophie M. créé. », « Résultat « 95 % … » modifié. », « Argument « … » supprimé. » */
export function claimSummary(kind: ClaimKind, name: string, verb: "créé" | "modifié" | "supprimé" | "déplacé"): string {
  if (kind === "testimonial") return `Témoignage de ${name} ${verb}.`;
  return `${kind === "result" ? "Résultat" : "Argument"} «\u00a0${name}\u00a0» ${verb}.`;
}

/** Creates a claim at the end of its list; returns its id and the name shown in the toast. */
export async function createClaim(
  actor: ClaimActor,
  kind: ClaimKind,
  input: unknown,
  target: Db = db(),
): Promise<Outcome<{ id: string; name: string }>> {
  assertAdmin(actor);
  const checked = rowOf(kind, input);
  if (!checked.ok) return checked;
  const row = checked.value;
  const id = randomUUID();
  const now = nowIso();
  const name = nameOf(kind, row);
  await target.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom(TABLE[kind])
      .select((eb) => eb.fn.max("position").as("max"))
      .executeTakeFirst();
    const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    await trx
      .insertInto(TABLE[kind])
      .values({ id, ...row, position, is_demo: 0, created_at: now, updated_at: now } as never)
      .execute();
    const summary = claimSummary(kind, name, "créé");
    const revisionId = await recordClaimRevision(trx, actor, kind, id, name, summary);
    await recordAudit(trx, { actor, action: "create", entity: CLAIM_ENTITY[kind], entityId: id, summary, revisionId });
  });
  return accepted({ id, name });
}

export async function updateClaim(
  actor: ClaimActor,
  kind: ClaimKind,
  id: string,
  input: unknown,
  target: Db = db(),
): Promise<Outcome<{ id: string; name: string }>> {
  assertAdmin(actor);
  const checked = rowOf(kind, input);
  if (!checked.ok) return checked;
  const row = checked.value;
  const name = nameOf(kind, row);
  await target.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable(TABLE[kind])
      // Saved by staff, the record is theirs: no longer a demonstration one (docs/claims.md).
      .set({ ...row, is_demo: 0, updated_at: nowIso() } as never)
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
    const summary = claimSummary(kind, name, "modifié");
    const revisionId = await recordClaimRevision(trx, actor, kind, id, name, summary);
    await recordAudit(trx, { actor, action: "update", entity: CLAIM_ENTITY[kind], entityId: id, summary, revisionId });
  });
  return accepted({ id, name });
}

/** The claim as saved, as a revision (app/domain/revisions): a claim is public as soon as it is saved. */
async function recordClaimRevision(
  trx: Db,
  actor: ClaimActor,
  kind: ClaimKind,
  id: string,
  name: string,
  summary: string,
): Promise<string> {
  const row = await trx.selectFrom(TABLE[kind]).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return recordRevision(trx, { entityType: CLAIM_ENTITY[kind], entityId: id, content: row, published: true, title: name, actor, summary });
}

async function existingName(trx: Db, kind: ClaimKind, id: string): Promise<string> {
  const row = await trx.selectFrom(TABLE[kind]).selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return nameOf(kind, row as Record<string, unknown>);
}

export async function deleteClaim(actor: ClaimActor, kind: ClaimKind, id: string, target: Db = db()) {
  assertAdmin(actor);
  return target.transaction().execute(async (trx) => {
    const name = await existingName(trx, kind, id);
    await trx.deleteFrom(TABLE[kind]).where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: CLAIM_ENTITY[kind],
      entityId: id,
      summary: claimSummary(kind, name, "supprimé"),
    });
    return { id, name };
  });
}

/** Moves a claim one place up or down; positions are renumbered 0, 1, 2… */
export async function moveClaim(actor: ClaimActor, kind: ClaimKind, id: string, direction: "up" | "down", target: Db = db()) {
  assertAdmin(actor);
  return target.transaction().execute(async (trx) => {
    const name = await existingName(trx, kind, id);
    const rows = await trx.selectFrom(TABLE[kind]).select(["id"]).orderBy("position").orderBy("created_at").execute();
    const ids = rows.map((r) => r.id);
    const from = ids.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return { id, name, moved: false };
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    for (const [position, rowId] of ids.entries()) {
      await trx
        .updateTable(TABLE[kind])
        .set({ position } as never)
        .where("id", "=", rowId)
        .execute();
    }
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: CLAIM_ENTITY[kind],
      entityId: id,
      summary: claimSummary(kind, name, "déplacé"),
    });
    return { id, name, moved: true };
  });
}

/** Deletes every demonstration record of one kind; returns how many. */
export async function deleteDemoClaims(actor: ClaimActor, kind: ClaimKind, target: Db = db()): Promise<number> {
  assertAdmin(actor);
  return target.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom(TABLE[kind]).where("is_demo", "=", 1).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    if (n > 0)
      await recordAudit(trx, {
        actor,
        action: "delete",
        entity: CLAIM_ENTITY[kind],
        summary: `Exemples de démonstration supprimés (${n}).`,
      });
    return n;
  });
}

/** The demonstration records each kind still holds, by name (the go-live checklist names and links each one). */
export async function demoClaims(target: Db = db()): Promise<Record<ClaimKind, Array<{ id: string; name: string }>>> {
  const list = async (kind: ClaimKind) => {
    const rows = await target.selectFrom(TABLE[kind]).selectAll().where("is_demo", "=", 1).orderBy("position").execute();
    return rows.map((r) => ({ id: r.id, name: nameOf(kind, r as Record<string, unknown>) }));
  };
  const [testimonial, result, argument] = await Promise.all([list("testimonial"), list("result"), list("argument")]);
  return { testimonial, result, argument };
}

/**
 * The claims that have no revision yet (saved before the history existed, or seeded), each recorded
 * as it now is, so that the Qualiopi evidence pack finds them (app/composition/seed.server.ts).
 */
export async function recordClaimBaselines(trx: Db, summary: string): Promise<number> {
  let count = 0;
  for (const kind of Object.keys(TABLE) as ClaimKind[]) {
    for (const id of await idsWithoutRevision(trx, TABLE[kind], CLAIM_ENTITY[kind])) {
      const row = await trx.selectFrom(TABLE[kind]).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      await recordRevision(trx, {
        entityType: CLAIM_ENTITY[kind],
        entityId: id,
        content: row,
        published: true,
        title: nameOf(kind, row),
        summary,
      });
      count++;
    }
  }
  return count;
}
