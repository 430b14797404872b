import { randomUUID } from "node:crypto";
import { emitEvent } from "~/domain/webhooks/webhooks.server";
import { config } from "~/platform/config.server";
import { sql, type Selectable } from "kysely";
import type { City } from "~/domain/cities/model";
import { recordAudit } from "~/domain/audit/audit.server";
import { idsWithoutRevision, recordRevision, recordRevisions } from "~/domain/revisions/revisions.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { FormationsTable } from "~/platform/db/schema";
import { toCity } from "~/domain/cities/rows.server";
import { toCategory } from "./rows.server";
import {
  formationInputSchema,
  publicationProblems,
  type Category,
  type Formation,
  type FormationData,
  type FormationListItem,
  type UpcomingSession,
  type FormationSession,
  type ProgramModule,
} from "./model";
import { priceExcludingVat, todayInParis, type FormationStatus, type Modality, type VatMode } from "./labels";
import { normalizeForSearch, slugify, uniqueSlug } from "./slug";
import { NotFoundError, accepted, refusal, validate, type Outcome } from "~/platform/validation/errors";
import { parseFormationDraft } from "./draft";
import { imageSchema } from "~/platform/storage/image-schema";
import { type StoredImage } from "~/platform/storage/stored-image";
import type { Actor, MutationContext as BaseMutationContext } from "~/platform/db/actor";
import { isUniqueViolation } from "~/platform/db/errors";
import { escapeLike, lockForUpdate } from "~/platform/db/dialect";
import { sessionsWithRegistrations, sessionsWithTrainers } from "./held-sessions.server";
import { changedFieldNames, formationUpdatedSummary } from "./field-names";
import { pageShowsSeats } from "~/platform/cache/page-tags.server";

/** Who makes a change: recorded in the audit log, in the same transaction as the change. */
export type { Actor };
export interface MutationContext extends BaseMutationContext {
  /** Save as a draft: only the title is required (see `./draft`); never for a formation that stays published. */
  draft?: boolean;
  /** The time of the change (tests, imports); otherwise now. */
  at?: string;
}

export type { FormationListItem, UpcomingSession } from "./model";

export type SessionWithCity = FormationSession & { city: City | null };

/** A formation with what its pages show around it. */
export interface FormationDetail extends Formation {
  category: Category;
  cities: City[];
  sessions: SessionWithCity[];
}

export const FORMATION_SORTS = ["relevance", "title", "-title", "price", "-price", "-updated", "next-session"] as const;
export type FormationSort = (typeof FORMATION_SORTS)[number];

export interface FormationFilters {
  q?: string;
  categorySlug?: string;
  citySlug?: string;
  modality?: Modality;
  cpf?: boolean;
  /** Maximum inter-company price in euros; formations on quote are left out when set. */
  maxPrice?: number;
  /** "published" for visitors (default), "draft", or "all" for editors. */
  status?: FormationStatus | "all";
  featured?: boolean;
  sort?: FormationSort;
  page?: number;
  perPage?: number;
  /**
   * The first page without counting every match (the home page shows no total): `total` and
   * `pageCount` then describe that page only.
   */
  uncounted?: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

// ---------------------------------------------------------------------------------------------
// Rows ↔ model.

function json<T>(value: string | null, fallback: T): T {
  if (value === null) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

function parseImage(value: string | null): StoredImage | null {
  const parsed = imageSchema.safeParse(json<unknown>(value, null));
  return parsed.success ? parsed.data : null;
}

export function toSession(r: {
  id: string;
  formation_id: string;
  start_date: string;
  end_date: string;
  city_id: string | null;
  seats_left: number;
  kind?: string;
}): FormationSession {
  pageShowsSeats(r.id);
  return {
    id: r.id,
    formationId: r.formation_id,
    startDate: r.start_date,
    endDate: r.end_date,
    cityId: r.city_id,
    seatsLeft: Number(r.seats_left),
    kind: r.kind === "intra" ? "intra" : "inter",
  };
}

/** A row as the model; exported for the import and export of the catalogue. */
export function toFormation(r: Selectable<FormationsTable>, cityIds: string[], sessions: FormationSession[]): Formation {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    categoryId: r.category_id,
    description: r.description,
    program: json<ProgramModule[]>(r.program, []),
    objectives: json<string[]>(r.objectives, []),
    prerequisites: r.prerequisites,
    audience: r.audience,
    durationHours: Number(r.duration_hours),
    durationDays: Number(r.duration_days),
    modality: r.modality as Modality,
    teachingMethods: r.teaching_methods,
    evaluationMethods: r.evaluation_methods,
    accessModalities: r.access_modalities,
    accessLeadTime: r.access_lead_time,
    priceInter: r.price_inter_cents === null ? null : Number(r.price_inter_cents) / 100,
    intraOnQuote: Number(r.intra_on_quote) === 1,
    vatMode: r.vat_mode as Formation["vatMode"],
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    accessibility: r.accessibility,
    disabilityContactName: r.disability_contact_name,
    disabilityContactEmail: r.disability_contact_email,
    satisfactionRate: r.satisfaction_rate === null ? null : Number(r.satisfaction_rate),
    successRate: r.success_rate === null ? null : Number(r.success_rate),
    traineesCount: r.trainees_count === null ? null : Number(r.trainees_count),
    resultsMeasuredAt: r.results_measured_at,
    certificationType: r.certification_type as Formation["certificationType"],
    certificationCode: r.certification_code,
    certificationTitle: r.certification_title,
    certifier: r.certifier,
    certificationRegisteredAt: r.certification_registered_at,
    certificationPassRate: r.certification_pass_rate === null ? null : Number(r.certification_pass_rate),
    certificationCandidates: r.certification_candidates === null ? null : Number(r.certification_candidates),
    certificationResultsPeriod: r.certification_results_period,
    competenceBlocks: r.competence_blocks,
    partialValidation: Number(r.partial_validation) === 1,
    equivalences: r.equivalences,
    nextSteps: r.next_steps,
    careerOutcomes: r.career_outcomes,
    franceCompetencesUrl: r.france_competences_url,
    cpfEligible: Number(r.cpf_eligible) === 1,
    fundingOptions: json<Formation["fundingOptions"]>(r.funding_options, []),
    opcos: json<Formation["opcos"]>(r.opcos, []),
    cityIds,
    image: parseImage(r.image),
    imageAlt: r.image_alt,
    featured: Number(r.featured) === 1,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    status: r.status as FormationStatus,
    publishedAt: r.published_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sessions,
  };
}

/** Qualiopi indicator 3: kept for a certifying formation only (cleared when it no longer is). */
function indicator3Columns(data: FormationData) {
  const none = data.certificationType === "none";
  return {
    certification_pass_rate: none ? null : data.certificationPassRate,
    certification_candidates: none ? null : data.certificationCandidates,
    certification_results_period: none ? "" : data.certificationResultsPeriod,
    competence_blocks: none ? "" : data.competenceBlocks,
    partial_validation: !none && data.partialValidation ? 1 : 0,
    equivalences: none ? "" : data.equivalences,
    next_steps: none ? "" : data.nextSteps,
    career_outcomes: none ? "" : data.careerOutcomes,
    france_competences_url: none ? "" : data.franceCompetencesUrl,
  };
}

/** The columns written from validated data (everything but identity, status and timestamps); exported for the import. */
export function toColumns(data: FormationData, categoryName: string) {
  return {
    title: data.title,
    summary: data.summary,
    category_id: data.categoryId,
    description: data.description,
    program: JSON.stringify(data.program),
    objectives: JSON.stringify(data.objectives),
    prerequisites: data.prerequisites,
    audience: data.audience,
    duration_hours: data.durationHours,
    duration_days: data.durationDays,
    modality: data.modality,
    teaching_methods: data.teachingMethods,
    evaluation_methods: data.evaluationMethods,
    access_modalities: data.accessModalities,
    access_lead_time: data.accessLeadTime,
    price_inter_cents: data.priceInter === null ? null : Math.round(data.priceInter * 100),
    intra_on_quote: data.intraOnQuote ? 1 : 0,
    vat_mode: data.vatMode,
    contact_name: data.contactName,
    contact_email: data.contactEmail,
    contact_phone: data.contactPhone,
    accessibility: data.accessibility,
    disability_contact_name: data.disabilityContactName,
    disability_contact_email: data.disabilityContactEmail,
    satisfaction_rate: data.satisfactionRate,
    success_rate: data.successRate,
    trainees_count: data.traineesCount,
    results_measured_at: data.resultsMeasuredAt,
    certification_type: data.certificationType,
    certification_code: data.certificationType === "none" ? "" : data.certificationCode,
    certification_title: data.certificationType === "none" ? "" : data.certificationTitle,
    certifier: data.certificationType === "none" ? "" : data.certifier,
    certification_registered_at: data.certificationType === "none" ? null : data.certificationRegisteredAt,
    ...indicator3Columns(data),
    cpf_eligible: data.cpfEligible ? 1 : 0,
    funding_options: JSON.stringify(data.fundingOptions),
    opcos: JSON.stringify(data.opcos),
    image: data.image ? JSON.stringify(data.image) : null,
    image_alt: data.imageAlt,
    featured: data.featured ? 1 : 0,
    seo_title: data.seoTitle,
    seo_description: data.seoDescription,
    search_text: normalizeForSearch(
      [data.title, data.summary, categoryName, data.certificationTitle, data.certificationCode, ...data.objectives].join(" "),
    ),
  };
}

const SLUG_TAKEN = "Cette adresse est déjà utilisée par une autre formation.";

async function slugTaken(target: Db, slug: string, exceptId?: string): Promise<boolean> {
  let q = target.selectFrom("formations").select("id").where("slug", "=", slug);
  if (exceptId) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Checks the references of validated data; returns the category name (kept in the search text). */
async function checkReferences(target: Db, data: FormationData): Promise<Outcome<string>> {
  const category = await target.selectFrom("formation_categories").select("name").where("id", "=", data.categoryId).executeTakeFirst();
  const errors: Record<string, string> = {};
  if (!category) errors.categoryId = "Cette catégorie n'existe pas : choisissez-en une dans la liste.";
  const cityIds = [...new Set([...data.cityIds, ...data.sessions.flatMap((s) => (s.cityId ? [s.cityId] : []))])];
  if (cityIds.length > 0) {
    const found = await target.selectFrom("cities").select("id").where("id", "in", cityIds).execute();
    const known = new Set(found.map((c) => c.id));
    if (data.cityIds.some((id) => !known.has(id))) errors.cityIds = "Une des villes choisies n'existe plus : rechargez la page.";
    data.sessions.forEach((s, i) => {
      if (s.cityId && !known.has(s.cityId)) errors[`sessions.${i}.cityId`] = "Cette ville n'existe plus.";
    });
  }
  return Object.keys(errors).length > 0 ? refusal(errors) : accepted(category!.name);
}

async function writeChildren(trx: Db, formationId: string, data: FormationData, existingSessionIds: Set<string>): Promise<void> {
  const now = nowIso();
  await trx.deleteFrom("formation_cities").where("formation_id", "=", formationId).execute();
  if (data.cityIds.length > 0) {
    await trx
      .insertInto("formation_cities")
      .values(data.cityIds.map((city_id) => ({ formation_id: formationId, city_id })))
      .execute();
  }
  // Sessions are updated in place (their id, and so the registrations to them, stay), removed, or added.
  const used = new Set<string>();
  const rows = data.sessions.map((s) => {
    const id = s.id && existingSessionIds.has(s.id) && !used.has(s.id) ? s.id : randomUUID();
    used.add(id);
    return { id, s, kept: existingSessionIds.has(id) };
  });
  const removed = [...existingSessionIds].filter((id) => !used.has(id));
  if (removed.length > 0) await trx.deleteFrom("formation_sessions").where("id", "in", removed).execute();
  for (const { id, s, kept } of rows) {
    if (!kept) continue;
    // The seats counter moves by what the editor changed, never back to what it showed.
    const delta = s.seatsShown === null ? null : s.seatsLeft - s.seatsShown;
    await trx
      .updateTable("formation_sessions")
      .set((eb) => ({
        start_date: s.startDate,
        end_date: s.endDate,
        city_id: s.cityId,
        seats_left:
          delta === null
            ? s.seatsLeft
            : eb
                .case()
                .when(eb("seats_left", "+", delta), "<", 0)
                .then(0)
                .else(eb("seats_left", "+", delta))
                .end(),
        updated_at: now,
      }))
      .where("id", "=", id)
      .where("formation_id", "=", formationId)
      .execute();
  }
  const added = rows.filter((r) => !r.kept);
  if (added.length > 0) {
    await trx
      .insertInto("formation_sessions")
      .values(
        added.map(({ id, s }) => ({
          id,
          formation_id: formationId,
          start_date: s.startDate,
          end_date: s.endDate,
          city_id: s.cityId,
          seats_left: s.seatsLeft,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Records the formation as it now is (with its sessions and cities) as a revision, in the save's
 * transaction; then the journal entry, linked to it. Every path that writes a formation calls it.
 */
export async function recordFormationRevision(
  trx: Db,
  id: string,
  { actor, at, summary = "" }: { actor?: Actor | null; at?: string; summary?: string } = {},
): Promise<string | null> {
  const formation = await getFormationById(id, trx);
  if (!formation) return null;
  return recordRevision(trx, {
    entityType: "formation",
    entityId: id,
    content: formation,
    published: formation.status === "published",
    title: formation.title,
    actor,
    summary,
    at,
  });
}

/**
 * The formations that have no revision yet (saved before the history existed), each recorded as it
 * now is, so that the history and the Qualiopi evidence pack start from it (app/composition/seed.server.ts).
 */
export async function recordFormationBaselines(trx: Db, summary: string): Promise<number> {
  const ids = await idsWithoutRevision(trx, "formations", "formation");
  await recordFormationRevisions(trx, ids, { summary });
  return ids.length;
}

/** The same for many formations at once (an import): three reads and multi-row inserts, not one round per formation. */
export async function recordFormationRevisions(
  trx: Db,
  ids: string[],
  { at, summary = "" }: { at?: string; summary?: string } = {},
): Promise<void> {
  for (let i = 0; i < ids.length; i += 200) {
    const part = ids.slice(i, i + 200);
    const [rows, cities, sessions] = await Promise.all([
      trx.selectFrom("formations").selectAll().where("id", "in", part).execute(),
      trx.selectFrom("formation_cities").select(["formation_id", "city_id"]).where("formation_id", "in", part).execute(),
      trx.selectFrom("formation_sessions").selectAll().where("formation_id", "in", part).orderBy("start_date").orderBy("id").execute(),
    ]);
    const formations = rows.map((row) =>
      toFormation(
        row,
        cities
          .filter((c) => c.formation_id === row.id)
          .map((c) => c.city_id)
          .sort(),
        sessions.filter((s) => s.formation_id === row.id).map(toSession),
      ),
    );
    await recordRevisions(
      trx,
      formations.map((f) => ({
        entityType: "formation",
        entityId: f.id,
        content: f,
        published: f.status === "published",
        title: f.title,
        summary,
        at,
      })),
    );
  }
}

async function audit(trx: Db, actor: Actor | undefined, action: string, entityId: string, summary: string, at?: string): Promise<void> {
  const revisionId = await recordFormationRevision(trx, entityId, { actor, at, summary });
  if (actor) await recordAudit(trx, { actor, action, entity: "formation", entityId, summary, revisionId });
}

/**
 * The content to write: the full publication checks, or a draft's (title only). A draft without a
 * category goes into the first one (the column is required); its durations, unknown, are stored as 0.
 */
async function parseContent(target: Db, input: unknown, draft: boolean): Promise<Outcome<FormationData>> {
  if (!draft) return validate(formationInputSchema, input);
  const values = { ...(input as Record<string, unknown>) };
  if (typeof values.categoryId !== "string" || values.categoryId.trim() === "") {
    const first = await target.selectFrom("formation_categories").select("id").orderBy("position").orderBy("name").executeTakeFirst();
    if (!first) return refusal({ categoryId: "Créez d'abord une catégorie (Catalogue, Catégories)." });
    values.categoryId = first.id;
  }
  const result = parseFormationDraft(values);
  if (!result.ok) return refusal(result.errors);
  return accepted({ ...result.data, durationHours: result.data.durationHours ?? 0, durationDays: result.data.durationDays ?? 0 });
}

// ---------------------------------------------------------------------------------------------
// Mutations.

/**
 * Creates a draft. An empty slug is derived from the title (made unique with "-2", "-3"…);
 * an explicit slug that another formation uses is refused.
 */
export async function createFormation(input: unknown, ctx: MutationContext = {}): Promise<Outcome<Formation>> {
  const target = ctx.db ?? db();
  const content = await parseContent(target, input, ctx.draft === true);
  if (!content.ok) return content;
  const data = content.value;
  const references = await checkReferences(target, data);
  if (!references.ok) return references;
  const categoryName = references.value;
  let slug = data.slug;
  if (!slug) slug = await uniqueSlug(slugify(data.title), (s) => slugTaken(target, s));
  else if (await slugTaken(target, slug)) return refusal({ slug: SLUG_TAKEN });

  const id = randomUUID();
  const now = ctx.at ?? nowIso();
  try {
    await target.transaction().execute(async (trx) => {
      await trx
        .insertInto("formations")
        .values({ id, slug, ...toColumns(data, categoryName), status: "draft", published_at: null, created_at: now, updated_at: now })
        .execute();
      await writeChildren(trx, id, data, new Set());
      // The slug now belongs to this formation: an old redirect with the same slug must not win.
      await trx.deleteFrom("formation_slug_redirects").where("old_slug", "=", slug).execute();
      await audit(trx, ctx.actor, "create", id, `Formation « ${data.title} » créée (brouillon).`, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refusal({ slug: SLUG_TAKEN });
    throw error;
  }
  return accepted((await getFormationById(id, target))!);
}

/**
 * Replaces a formation's content (status unchanged). An empty slug keeps the current one;
 * a changed slug leaves the old one answering with a 301 to the new one.
 */
export async function updateFormation(id: string, input: unknown, ctx: MutationContext = {}): Promise<Outcome<Formation>> {
  const target = ctx.db ?? db();
  const existing = await target.selectFrom("formations").select(["id", "slug", "status"]).where("id", "=", id).executeTakeFirst();
  if (!existing) throw new NotFoundError("Cette formation n'existe pas ou a été supprimée.");
  const content = await parseContent(target, input, ctx.draft === true && existing.status !== "published");
  if (!content.ok) return content;
  const data = content.value;
  const references = await checkReferences(target, data);
  if (!references.ok) return references;
  const categoryName = references.value;
  const slug = data.slug || existing.slug;
  if (slug !== existing.slug && (await slugTaken(target, slug, id))) return refusal({ slug: SLUG_TAKEN });

  const sessionIds = new Set(
    (await target.selectFrom("formation_sessions").select("id").where("formation_id", "=", id).execute()).map((s) => s.id),
  );
  // A session that still has registrations is not removed here: staff cancel or move them first.
  const keptIds = new Set(data.sessions.map((s) => s.id));
  const removed = [...sessionIds].filter((sessionId) => !keptIds.has(sessionId));
  if (removed.length > 0) {
    const held = await sessionsWithRegistrations(target, { sessionIds: removed });
    if (held.size > 0) {
      return refusal({
        sessions:
          "Une session retirée a encore des inscriptions\u00a0: annulez-les ou déplacez-les d'abord (Sessions et inscriptions), puis retirez la session.",
      });
    }
  }
  const moved = await movedHeldSessions(target, id, data);
  if (moved) return refusal(moved);
  const now = ctx.at ?? nowIso();
  try {
    await target.transaction().execute(async (trx) => {
      const before = await getFormationById(id, trx);
      await trx
        .updateTable("formations")
        .set({ slug, ...toColumns(data, categoryName), updated_at: now })
        .where("id", "=", id)
        .execute();
      await writeChildren(trx, id, data, sessionIds);
      const after = await getFormationById(id, trx);
      const changed = before && after ? changedFieldNames(before, after) : [];
      if (slug !== existing.slug) {
        await trx.deleteFrom("formation_slug_redirects").where("old_slug", "in", [slug, existing.slug]).execute();
        await trx.insertInto("formation_slug_redirects").values({ old_slug: existing.slug, formation_id: id, created_at: now }).execute();
      }
      await audit(
        trx,
        ctx.actor,
        "update",
        id,
        slug !== existing.slug
          ? `${formationUpdatedSummary(data.title, changed).slice(0, -1)}\u00a0; adresse changée de «\u00a0${existing.slug}\u00a0» en «\u00a0${slug}\u00a0».`
          : formationUpdatedSummary(data.title, changed),
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refusal({ slug: SLUG_TAKEN });
    throw error;
  }
  return accepted((await getFormationById(id, target))!);
}

/**
 * A session with registrations is moved (dates, or the city when it has no address) on its own page,
 * which asks first and tells the registrants (docs/decisions/0023-moving-a-session.md): the
 * editor refuses it, field by field. So are the dates of a session with trainers assigned, whose
 * half-days follow a move made there (docs/decisions/0032). Null when no such session moves.
 */
async function movedHeldSessions(target: Db, formationId: string, data: FormationData): Promise<Record<string, string> | null> {
  const current = await target
    .selectFrom("formation_sessions")
    .select(["id", "start_date", "end_date", "city_id", "address"])
    .where("formation_id", "=", formationId)
    .execute();
  const byId = new Map(current.map((c) => [c.id, c]));
  const moves = data.sessions.flatMap((s, i) => {
    const was = s.id ? byId.get(s.id) : undefined;
    if (!was) return [];
    const dates = was.start_date !== s.startDate || was.end_date !== s.endDate;
    const place = !was.address.trim() && (was.city_id ?? null) !== (s.cityId || null);
    return dates || place ? [{ i, id: was.id, field: dates ? "startDate" : "cityId", dates }] : [];
  });
  if (moves.length === 0) return null;
  const held = await sessionsWithRegistrations(target, { sessionIds: moves.map((m) => m.id) });
  const taught = await sessionsWithTrainers(
    target,
    moves.filter((m) => m.dates).map((m) => m.id),
  );
  const errors: Record<string, string> = {};
  for (const m of moves) {
    if (held.has(m.id))
      errors[`sessions.${m.i}.${m.field}`] =
        "Cette session a des inscriptions en cours\u00a0: changez ses dates ou son lieu sur sa page (Sessions et inscriptions), qui demande confirmation et prévient les inscrits.";
    else if (taught.has(m.id))
      errors[`sessions.${m.i}.${m.field}`] =
        "Cette session a des formateurs affectés\u00a0: changez ses dates sur sa page (Sessions et inscriptions), où leurs demi-journées suivent les nouvelles dates.";
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Publishes or unpublishes formations; answers how many changed. Publishing is refused (nothing
 * changes) while one of them still lacks something the publication checks require.
 */
export async function setFormationStatus(ids: string[], status: FormationStatus, ctx: MutationContext = {}): Promise<Outcome<number>> {
  const target = ctx.db ?? db();
  if (ids.length === 0) return accepted(0);
  const rows = await target
    .selectFrom("formations")
    .select(["id", "slug", "title", "status", "published_at"])
    .where("id", "in", ids)
    .execute();
  const changing = rows.filter((r) => r.status !== status);
  if (changing.length === 0) return accepted(0);
  if (status === "published") {
    // The full publication checks (Qualiopi): a draft that still lacks something stays a draft.
    for (const r of changing) {
      const formation = await getFormationById(r.id, target);
      const problems = formation ? Object.keys(publicationProblems(formation)) : [];
      if (problems.length > 0)
        return refusal({
          _form: `«\u00a0${r.title}\u00a0» ne peut pas être publiée\u00a0: ${problems.length > 1 ? `${problems.length} champs sont à compléter` : "un champ est à compléter"}.`,
        });
    }
  }
  const now = ctx.at ?? nowIso();
  await target.transaction().execute(async (trx) => {
    for (const r of changing) {
      await trx
        .updateTable("formations")
        .set({ status, published_at: status === "published" ? (r.published_at ?? now) : r.published_at })
        .where("id", "=", r.id)
        .execute();
      await emitEvent(trx, status === "published" ? "formation.published" : "formation.unpublished", {
        id: r.id,
        slug: r.slug,
        title: r.title,
        url: `${config().siteUrl}/formations/${r.slug}`,
      });
      await audit(
        trx,
        ctx.actor,
        status === "published" ? "publish" : "unpublish",
        r.id,
        `Formation « ${r.title} » ${status === "published" ? "publiée" : "dépubliée (repassée en brouillon)"}.`,
        now,
      );
    }
  });
  return accepted(changing.length);
}

/** Copies a formation (content and cities, not its dated sessions) into a new draft titled "… (copie)". */
export async function duplicateFormation(id: string, ctx: MutationContext = {}): Promise<Formation> {
  const target = ctx.db ?? db();
  const source = await getFormationById(id, target);
  if (!source) throw new NotFoundError("Cette formation n'existe pas ou a été supprimée.");
  const suffix = " (copie)";
  const title = source.title.slice(0, 120 - suffix.length) + suffix;
  const slug = await uniqueSlug(slugify(`${source.slug} copie`), (s) => slugTaken(target, s));
  const now = ctx.at ?? nowIso();
  const newId = randomUUID();
  const row = await target.selectFrom("formations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("formations")
      .values({
        ...row,
        id: newId,
        slug,
        title,
        status: "draft",
        published_at: null,
        featured: 0,
        search_text: normalizeForSearch(`${title} ${row.search_text}`),
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (source.cityIds.length > 0) {
      await trx
        .insertInto("formation_cities")
        .values(source.cityIds.map((city_id) => ({ formation_id: newId, city_id })))
        .execute();
    }
    await trx.deleteFrom("formation_slug_redirects").where("old_slug", "=", slug).execute();
    await audit(trx, ctx.actor, "create", newId, `Formation « ${title} » créée par duplication de « ${source.title} ».`, now);
  });
  return (await getFormationById(newId, target))!;
}

/** A formation whose sessions have registrations (even cancelled ones) is never deleted: it is unpublished instead. */
export class FormationHasRegistrationsError extends Error {
  constructor(readonly registrations: number) {
    super(
      `Cette formation ne peut pas être supprimée : ses sessions ont ${registrations} inscription${registrations > 1 ? "s" : ""} (annulées comprises), qui seraient perdues avec leur historique. Repassez-la en brouillon pour la retirer du site : ses sessions et leurs inscriptions restent dans « Sessions et inscriptions ».`,
    );
    this.name = "FormationHasRegistrationsError";
  }
}

/**
 * Deletes a formation with its sessions, cities and old slugs. Returns its title. Refused
 * (`FormationHasRegistrationsError`) when a session has registrations: its sessions are locked
 * first, so that a registration taken meanwhile either is seen here or finds no session.
 */
export async function deleteFormation(id: string, ctx: MutationContext = {}): Promise<string> {
  const target = ctx.db ?? db();
  const row = await target.selectFrom("formations").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Cette formation n'existe pas ou a déjà été supprimée.");
  await target.transaction().execute(async (trx) => {
    await lockForUpdate(trx.selectFrom("formation_sessions").select("id").where("formation_id", "=", id), trx).execute();
    const held = await sessionsWithRegistrations(trx, { formationIds: [id] }, { statuses: "all" });
    if (held.size > 0) throw new FormationHasRegistrationsError([...held.values()].reduce((a, b) => a + b, 0));
    // Explicit deletes: no reliance on ON DELETE CASCADE being enabled on the connection.
    await trx.deleteFrom("formation_sessions").where("formation_id", "=", id).execute();
    await trx.deleteFrom("formation_cities").where("formation_id", "=", id).execute();
    await trx.deleteFrom("formation_slug_redirects").where("formation_id", "=", id).execute();
    await trx.deleteFrom("formations").where("id", "=", id).execute();
    // No revision for a deletion (nothing is left to keep); the formation's history stays.
    if (ctx.actor)
      await recordAudit(trx, {
        actor: ctx.actor,
        action: "delete",
        entity: "formation",
        entityId: id,
        summary: `Formation « ${row.title} » supprimée.`,
      });
  });
  return row.title;
}

// ---------------------------------------------------------------------------------------------
// Queries.

async function load(target: Db, row: Selectable<FormationsTable> | undefined): Promise<Formation | undefined> {
  if (!row) return undefined;
  const [cities, sessions] = await Promise.all([
    target.selectFrom("formation_cities").select("city_id").where("formation_id", "=", row.id).execute(),
    target.selectFrom("formation_sessions").selectAll().where("formation_id", "=", row.id).orderBy("start_date").orderBy("id").execute(),
  ]);
  return toFormation(row, cities.map((c) => c.city_id).sort(), sessions.map(toSession));
}

export async function getFormationById(id: string, target: Db = db()): Promise<Formation | undefined> {
  return load(target, await target.selectFrom("formations").selectAll().where("id", "=", id).executeTakeFirst());
}

export async function getFormationBySlug(slug: string, target: Db = db()): Promise<Formation | undefined> {
  return load(target, await target.selectFrom("formations").selectAll().where("slug", "=", slug).executeTakeFirst());
}

/** The formation with its category, cities and sessions (all, in date order). */
export async function getFormationDetail(formation: Formation, target: Db = db()): Promise<FormationDetail> {
  const [category, cityRows] = await Promise.all([
    target.selectFrom("formation_categories").selectAll().where("id", "=", formation.categoryId).executeTakeFirstOrThrow(),
    (() => {
      const ids = [...new Set([...formation.cityIds, ...formation.sessions.flatMap((s) => (s.cityId ? [s.cityId] : []))])];
      return ids.length ? target.selectFrom("cities").selectAll().where("id", "in", ids).execute() : Promise.resolve([]);
    })(),
  ]);
  const byId = new Map(cityRows.map((c) => [c.id, toCity(c)]));
  return {
    ...formation,
    category: toCategory(category),
    cities: formation.cityIds.flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.name.localeCompare(b.name, "fr")),
    sessions: formation.sessions.map((s) => ({ ...s, city: s.cityId ? (byId.get(s.cityId) ?? null) : null })),
  };
}

export type SlugResolution = { formation: Formation } | { redirectTo: string } | undefined;

/**
 * What a formation URL answers: the formation, a redirect to its current slug (an old slug),
 * or nothing. With `includeDrafts` false (visitors), drafts do not exist.
 */
export async function resolveFormationSlug(slug: string, { includeDrafts = false } = {}, target: Db = db()): Promise<SlugResolution> {
  const formation = await getFormationBySlug(slug, target);
  if (formation) return includeDrafts || formation.status === "published" ? { formation } : undefined;
  const redirect = await target
    .selectFrom("formation_slug_redirects")
    .innerJoin("formations", "formations.id", "formation_slug_redirects.formation_id")
    .select(["formations.slug", "formations.status"])
    .where("formation_slug_redirects.old_slug", "=", slug)
    .executeTakeFirst();
  if (!redirect || (!includeDrafts && redirect.status !== "published")) return undefined;
  return { redirectTo: redirect.slug };
}

/** A filtered, sorted page of formations (accent- and case-insensitive search on every word). */
export async function listFormations(filters: FormationFilters = {}, target: Db = db()): Promise<Page<FormationListItem>> {
  const perPage = Math.min(Math.max(filters.perPage ?? 12, 1), 100);
  const status = filters.status ?? "published";
  const today = todayInParis();

  let q = target.selectFrom("formations").innerJoin("formation_categories as c", "c.id", "formations.category_id");
  if (status !== "all") q = q.where("formations.status", "=", status);
  if (filters.categorySlug) q = q.where("c.slug", "=", filters.categorySlug);
  if (filters.modality) q = q.where("formations.modality", "=", filters.modality);
  if (filters.cpf) q = q.where("formations.cpf_eligible", "=", 1);
  if (filters.featured) q = q.where("formations.featured", "=", 1);
  if (filters.maxPrice !== undefined) {
    q = q
      .where("formations.price_inter_cents", "is not", null)
      .where("formations.price_inter_cents", "<=", Math.round(filters.maxPrice * 100));
  }
  if (filters.citySlug) {
    const citySlug = filters.citySlug;
    // The city's formations through its index, rather than a test on every formation.
    q = q.where("formations.id", "in", (eb) =>
      eb
        .selectFrom("formation_cities as fc")
        .innerJoin("cities as ci", "ci.id", "fc.city_id")
        .select("fc.formation_id")
        .where("ci.slug", "=", citySlug),
    );
  }
  for (const word of normalizeForSearch(filters.q ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 8)) {
    q = q.where(sql<boolean>`${sql.ref("formations.search_text")} like ${`%${escapeLike(word)}%`} escape '\\'`);
  }

  const countRow = filters.uncounted ? undefined : await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  let total = Number(countRow?.n ?? 0);
  let pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = filters.uncounted ? 1 : Math.min(Math.max(Math.trunc(filters.page ?? 1) || 1, 1), pageCount);

  // Filtered on a city, « next session » means the next one there (the card and the sort agree).
  const inCity = filters.citySlug ? sql` and s.city_id in (select id from cities where slug = ${filters.citySlug})` : sql``;
  const nextStart = sql<string>`(select min(s.start_date) from formation_sessions s where s.formation_id = formations.id and s.start_date >= ${today}${inCity})`;
  // Sort and page on the ids alone, then read the page's rows: sorting whole rows (long texts) of
  // a large catalogue would be slow.
  let ordered = q.select("formations.id");
  const priceNullsLast = sql`case when formations.price_inter_cents is null then 1 else 0 end`;
  switch (filters.sort ?? (status === "published" ? "relevance" : "-updated")) {
    case "title":
      ordered = ordered.orderBy("formations.title", "asc");
      break;
    case "-title":
      ordered = ordered.orderBy("formations.title", "desc");
      break;
    case "price":
      ordered = ordered.orderBy(priceNullsLast).orderBy("formations.price_inter_cents", "asc");
      break;
    case "-price":
      ordered = ordered.orderBy(priceNullsLast).orderBy("formations.price_inter_cents", "desc");
      break;
    case "-updated":
      ordered = ordered.orderBy("formations.updated_at", "desc");
      break;
    case "next-session":
      ordered = ordered.orderBy(sql`coalesce(${nextStart}, '9999-12-31')`);
      break;
    case "relevance":
      ordered = ordered.orderBy("formations.featured", "desc").orderBy("c.position").orderBy("formations.title");
      break;
  }
  const ids = (
    await ordered
      .orderBy("formations.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute()
  ).map((r) => r.id);
  const items = await listItemsOf(target, ids, today, filters.citySlug);
  if (filters.uncounted) [total, pageCount] = [items.length, 1];
  return { items, total, page, perPage, pageCount };
}

/** The list items of these formations, in this order; with `citySlug`, each one's next session is its next one in that city. */
async function listItemsOf(target: Db, ids: string[], today: string, citySlug?: string): Promise<FormationListItem[]> {
  const byId = new Map(
    (ids.length
      ? await target
          .selectFrom("formations")
          .innerJoin("formation_categories as c", "c.id", "formations.category_id")
          .select([...LIST_COLUMNS, "c.slug as category_slug", "c.name as category_name"])
          .where("formations.id", "in", ids)
          .execute()
      : []
    ).map((r) => [r.id, r]),
  );
  const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
  return toListItems(target, rows, today, citySlug);
}

/**
 * The first `count` published formations in the catalogue's « relevance » order (featured first,
 * then by category position, title and id), as listFormations sorts them, but read through the
 * indexes: the featured ones, then the others category by category until there are enough. Sorting
 * the whole catalogue for the home page's six cards took 4 ms with 10,000 formations.
 */
export async function firstByRelevance(count: number, target: Db = db()): Promise<FormationListItem[]> {
  const featured = await target
    .selectFrom("formations")
    .innerJoin("formation_categories as c", "c.id", "formations.category_id")
    .select("formations.id")
    .where("formations.status", "=", "published")
    .where("formations.featured", "=", 1)
    .orderBy("c.position")
    .orderBy("formations.title")
    .orderBy("formations.id")
    .limit(count)
    .execute();
  const ids = featured.map((r) => r.id);
  if (ids.length < count) {
    // Categories sharing a position mix their formations by title, as in the full sort.
    const groups = new Map<number, string[]>();
    for (const c of await target.selectFrom("formation_categories").select(["id", "position"]).orderBy("position").execute())
      groups.set(c.position, [...(groups.get(c.position) ?? []), c.id]);
    for (const categoryIds of groups.values()) {
      const rows = await target
        .selectFrom("formations")
        .select("id")
        .where("status", "=", "published")
        .where("featured", "=", 0)
        .where("category_id", "in", categoryIds)
        .orderBy("title")
        .orderBy("id")
        .limit(count - ids.length)
        .execute();
      ids.push(...rows.map((r) => r.id));
      if (ids.length >= count) break;
    }
  }
  return listItemsOf(target, ids, todayInParis());
}

/**
 * The columns a card shows (FormationListItem): list queries read these, not the long texts and
 * programme of each formation (a catalogue page would read 24 whole rows to show 24 cards).
 */
const LIST_COLUMNS = [
  "formations.id",
  "formations.slug",
  "formations.title",
  "formations.summary",
  "formations.category_id",
  "formations.modality",
  "formations.duration_hours",
  "formations.duration_days",
  "formations.price_inter_cents",
  "formations.vat_mode",
  "formations.cpf_eligible",
  "formations.certification_type",
  "formations.image",
  "formations.image_alt",
  "formations.featured",
  "formations.status",
  "formations.updated_at",
] as const;
type ListColumn = (typeof LIST_COLUMNS)[number] extends `formations.${infer C}` ? C : never;

async function toListItems(
  target: Db,
  rows: Array<Pick<Selectable<FormationsTable>, ListColumn> & { category_slug: string; category_name: string }>,
  today: string,
  citySlug?: string,
): Promise<FormationListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [cityRows, sessionRows] = await Promise.all([
    target
      .selectFrom("formation_cities as fc")
      .innerJoin("cities as ci", "ci.id", "fc.city_id")
      .select(["fc.formation_id", "ci.name"])
      .where("fc.formation_id", "in", ids)
      .orderBy("ci.name")
      .execute(),
    target
      .selectFrom("formation_sessions as s")
      .leftJoin("cities as ci", "ci.id", "s.city_id")
      .select(["s.formation_id", "s.start_date", "s.end_date", "ci.name as city_name"])
      .where("s.formation_id", "in", ids)
      .where("s.start_date", ">=", today)
      .$if(citySlug !== undefined, (q) => q.where("ci.slug", "=", citySlug!))
      .orderBy("s.start_date")
      .execute(),
  ]);
  return rows.map((r) => {
    const next = sessionRows.find((s) => s.formation_id === r.id);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      category: { id: r.category_id, slug: r.category_slug, name: r.category_name },
      modality: r.modality as Modality,
      durationHours: Number(r.duration_hours),
      durationDays: Number(r.duration_days),
      priceInter: r.price_inter_cents === null ? null : Number(r.price_inter_cents) / 100,
      vatMode: r.vat_mode as Formation["vatMode"],
      cpfEligible: Number(r.cpf_eligible) === 1,
      certificationType: r.certification_type as Formation["certificationType"],
      image: parseImage(r.image),
      imageAlt: r.image_alt,
      featured: Number(r.featured) === 1,
      status: r.status as FormationStatus,
      updatedAt: r.updated_at,
      cityNames: cityRows.filter((c) => c.formation_id === r.id).map((c) => c.name),
      nextSession: next ? { startDate: next.start_date, endDate: next.end_date, cityName: next.city_name } : null,
    };
  });
}

/** Upcoming sessions of published formations, soonest first; optionally in one city. */
export async function listUpcomingSessions(
  {
    citySlug,
    formationIds,
    limit = 10,
    from = todayInParis(),
  }: { citySlug?: string; formationIds?: string[]; limit?: number; from?: string } = {},
  target: Db = db(),
): Promise<UpcomingSession[]> {
  if (formationIds?.length === 0) return [];
  // The order first, on index entries only: sessions in date order, each checked against its
  // formation's status and title (a CROSS JOIN keeps that order on SQLite, whose planner would
  // otherwise read every published formation's row first). Then the few rows shown.
  let ordered = target
    .selectFrom("formation_sessions as s")
    .crossJoin("formations as f")
    .whereRef("f.id", "=", "s.formation_id")
    .where("f.status", "=", "published")
    .where("s.start_date", ">=", from);
  if (citySlug) ordered = ordered.where("s.city_id", "in", (eb) => eb.selectFrom("cities").select("id").where("slug", "=", citySlug));
  if (formationIds) ordered = ordered.where("f.id", "in", formationIds);
  const ids = (await ordered.select("s.id").orderBy("s.start_date").orderBy("f.title").orderBy("s.id").limit(limit).execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return [];
  const rows = await target
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .leftJoin("cities as ci", "ci.id", "s.city_id")
    .selectAll("s")
    .select(["ci.slug as city_slug", "ci.name as city_name", "f.id as formation_id", "f.slug", "f.title", "f.modality"])
    .where("s.id", "in", ids)
    .orderBy("s.start_date")
    .orderBy("f.title")
    .orderBy("s.id")
    .execute();
  pageShowsSeats(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    startDate: r.start_date,
    endDate: r.end_date,
    seatsLeft: Number(r.seats_left),
    kind: r.kind === "intra" ? ("intra" as const) : ("inter" as const),
    city: r.city_slug && r.city_name ? { slug: r.city_slug, name: r.city_name } : null,
    formation: { id: r.formation_id, slug: r.slug, title: r.title, modality: r.modality as Modality },
  }));
}

/**
 * The comparator's choices for a formation: other published formations, its own category first,
 * by title, at most `limit` (the page stays small whatever the size of the catalogue).
 */
export async function comparisonChoices(
  formation: { id: string; categoryId: string },
  limit = 100,
  target: Db = db(),
): Promise<Array<{ slug: string; title: string; categoryId: string }>> {
  // Two reads in index order (same domain, then the others), never a sort of the whole catalogue.
  const choices = target
    .selectFrom("formations")
    .select(["slug", "title", "category_id as categoryId"])
    .where("status", "=", "published")
    .where("id", "!=", formation.id)
    .orderBy("title")
    .limit(limit);
  const sameCategory = await choices.where("category_id", "=", formation.categoryId).execute();
  if (sameCategory.length >= limit) return sameCategory;
  const others = await choices
    .where("category_id", "!=", formation.categoryId)
    .limit(limit - sameCategory.length)
    .execute();
  return [...sameCategory, ...others];
}

/** Count of formations by status, for the admin. */
export async function countFormations(target: Db = db()): Promise<Record<FormationStatus, number>> {
  const rows = await target
    .selectFrom("formations")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<FormationStatus, number> = { draft: 0, published: 0 };
  for (const r of rows) counts[r.status as FormationStatus] = Number(r.n);
  return counts;
}

/** The catalogue's figure for the admin dashboard. */
export async function formationDashboardFigures(target: Db = db()) {
  const counts = await countFormations(target);
  return [
    {
      label: "Formations",
      value: counts.published + counts.draft,
      to: "/admin/formations",
      detail: `${counts.published} publiée${counts.published > 1 ? "s" : ""}, ${counts.draft} brouillon${counts.draft > 1 ? "s" : ""}`,
      role: "editor" as const,
    },
  ];
}

/** Published formations with these slugs (the quote form names a few; never loads the whole catalogue). */
export async function publishedTitlesBySlug(slugs: readonly string[], target: Db = db()): Promise<Array<{ slug: string; title: string }>> {
  if (slugs.length === 0) return [];
  return target
    .selectFrom("formations")
    .select(["slug", "title"])
    .where("status", "=", "published")
    .where("slug", "in", [...slugs])
    .execute();
}

/** A published formation as the quote form and the simulator find it by search. */
export interface FormationSearchResult {
  slug: string;
  title: string;
  category: string;
  hours: number;
  /** Inter-company price per trainee, excluding VAT; null when on quote. */
  priceExclVat: number | null;
}

/** Up to `limit` published formations matching every word of `query` (same accent-free search as the catalogue). */
export async function searchPublishedTitles(query: string, limit = 10, target: Db = db()): Promise<FormationSearchResult[]> {
  const words = normalizeForSearch(query)
    .split(/\s+/)
    .filter((w) => w.length >= 2)
    .slice(0, 6);
  if (words.length === 0) return [];
  let q = target
    .selectFrom("formations")
    .leftJoin("formation_categories as c", "c.id", "formations.category_id")
    .select([
      "formations.slug",
      "formations.title",
      "formations.duration_hours",
      "formations.price_inter_cents",
      "formations.vat_mode",
      "c.name as category",
    ])
    .where("formations.status", "=", "published");
  for (const word of words) q = q.where(sql<boolean>`${sql.ref("formations.search_text")} like ${`%${escapeLike(word)}%`} escape '\\'`);
  const rows = await q.orderBy("formations.title").limit(limit).execute();
  return rows.map((r) => {
    const price = r.price_inter_cents === null ? null : Number(r.price_inter_cents) / 100;
    return {
      slug: r.slug,
      title: r.title,
      category: r.category ?? "Autres formations",
      hours: Number(r.duration_hours),
      priceExclVat: priceExcludingVat(price, r.vat_mode as VatMode),
    };
  });
}

/** A few other published formations of a category, featured first (a formation page's « Dans le même domaine »). */
export async function relatedFormations(categoryId: string, exceptId: string, limit = 3, target: Db = db()): Promise<FormationListItem[]> {
  const rows = await target
    .selectFrom("formations")
    .innerJoin("formation_categories as c", "c.id", "formations.category_id")
    .select([...LIST_COLUMNS, "c.slug as category_slug", "c.name as category_name"])
    .where("formations.status", "=", "published")
    .where("formations.category_id", "=", categoryId)
    .where("formations.id", "!=", exceptId)
    .orderBy("formations.featured", "desc")
    .orderBy("formations.title")
    .limit(limit)
    .execute();
  return toListItems(target, rows, todayInParis());
}
