import { db, type Db } from "~/platform/db/db.server";
import { parisCalendarDay } from "~/platform/intl";
import { RATE_WINDOW_MONTHS, SATISFIED_FROM, sessionsPeriodLabel, type ComputedRates } from "./model";

/**
 * The published satisfaction figures (Qualiopi indicator 2), computed from the à-chaud answers
 * by one rule (model.ts, SATISFACTION_RULE): the share of notes 4 and 5 out of 5 to the overall
 * question, over the sessions ended in the last 12 months, with the number of answers and the
 * period of those sessions. The public pages read `published_rates` (written here when an answer
 * comes in, and by the housekeeping as the window moves: a content table, so the page cache drops
 * its pages); the evidence pack computes the same figures as they stood on any day.
 */

export const ORGANISATION_SCOPE = "organisation";

/** The first day of the window ending on `day` (YYYY-MM-DD): sessions ended after it count. */
export function windowStart(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1 - RATE_WINDOW_MONTHS, d));
  return start.toISOString().slice(0, 10);
}

interface Tally {
  answers: number;
  satisfied: number;
  ratingSum: number;
  recommendAnswers: number;
  recommendYes: number;
  firstDay: string | null;
  lastDay: string | null;
}

/** The answers counted on `asOf` (answered by then, sessions ended in the 12 months before), per formation or for all. */
async function tally(formationId: string | null, asOf: number, target: Db): Promise<Tally> {
  const iso = new Date(asOf).toISOString();
  const day = parisCalendarDay(new Date(asOf));
  let q = target
    .selectFrom("questionnaire_invitations")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("answers"),
      eb.fn.sum<number | string>(eb.case().when("overall", ">=", SATISFIED_FROM).then(1).else(0).end()).as("satisfied"),
      eb.fn.sum<number | string>("overall").as("rating_sum"),
      eb.fn.count<number | string>("recommend").as("recommend_answers"),
      eb.fn.sum<number | string>(eb.fn.coalesce("recommend", eb.val(0))).as("recommend_yes"),
      eb.fn.min<string>("session_end").as("first_day"),
      eb.fn.max<string>("session_end").as("last_day"),
    ])
    .where("use", "=", "a_chaud")
    .where("state", "=", "repondue")
    .where("overall", "is not", null)
    .where("answered_at", "<=", iso)
    .where("session_end", ">", windowStart(day))
    .where("session_end", "<=", day);
  if (formationId) q = q.where("formation_id", "=", formationId);
  const row = await q.executeTakeFirst();
  return {
    answers: Number(row?.answers ?? 0),
    satisfied: Number(row?.satisfied ?? 0),
    ratingSum: Number(row?.rating_sum ?? 0),
    recommendAnswers: Number(row?.recommend_answers ?? 0),
    recommendYes: Number(row?.recommend_yes ?? 0),
    firstDay: row?.first_day ?? null,
    lastDay: row?.last_day ?? null,
  };
}

function toRates(t: Tally): ComputedRates | null {
  if (t.answers === 0 || !t.firstDay || !t.lastDay) return null;
  return {
    answers: t.answers,
    satisfied: t.satisfied,
    rate: Math.round((100 * t.satisfied) / t.answers),
    average: Math.round((10 * t.ratingSum) / t.answers) / 10,
    recommendAnswers: t.recommendAnswers,
    recommendRate: t.recommendAnswers ? Math.round((100 * t.recommendYes) / t.recommendAnswers) : null,
    firstDay: t.firstDay,
    lastDay: t.lastDay,
    period: sessionsPeriodLabel(t.firstDay, t.lastDay),
  };
}

/** The figures as the rule gives them on `asOf` (now by default), for a formation or the organisation (null). */
export async function computeRates(formationId: string | null, asOf = Date.now(), target: Db = db()): Promise<ComputedRates | null> {
  return toRates(await tally(formationId, asOf, target));
}

/** When the first à-chaud questionnaire went out (up to `asOf`): typed figures are only for periods before it. */
export async function questionnairesSince(asOf = Date.now(), target: Db = db()): Promise<string | null> {
  const row = await target
    .selectFrom("questionnaire_invitations")
    .select((eb) => eb.fn.min<string>("sent_at").as("since"))
    .where("use", "=", "a_chaud")
    .where("sent_at", "<=", new Date(asOf).toISOString())
    .executeTakeFirst();
  return row?.since ?? null;
}

/**
 * Writes the published figures of the organisation and of `formationIds` (every formation that has
 * à-chaud answers, or a published row, when not given). A row is written only when its figures
 * change: an unchanged figure does not drop the page cache. Call it in the transaction of an answer.
 */
export async function refreshPublishedRates(target: Db = db(), now = Date.now(), formationIds?: readonly string[]): Promise<number> {
  const ids =
    formationIds ??
    [
      ...new Set([
        ...(
          await target
            .selectFrom("questionnaire_invitations")
            .select("formation_id")
            .distinct()
            .where("use", "=", "a_chaud")
            .where("state", "=", "repondue")
            .execute()
        ).map((r) => r.formation_id),
        ...(await target.selectFrom("published_rates").select("scope").execute()).map((r) => r.scope),
      ]),
    ].filter((id): id is string => Boolean(id) && id !== ORGANISATION_SCOPE);
  const since = await questionnairesSince(now, target);
  let written = 0;
  for (const scope of [ORGANISATION_SCOPE, ...ids]) {
    const t = await tally(scope === ORGANISATION_SCOPE ? null : scope, now, target);
    const values = {
      answers: t.answers,
      satisfied: t.satisfied,
      rating_sum: t.ratingSum,
      recommend_answers: t.recommendAnswers,
      recommend_yes: t.recommendYes,
      first_day: t.firstDay,
      last_day: t.lastDay,
      since,
    };
    const current = await target.selectFrom("published_rates").selectAll().where("scope", "=", scope).executeTakeFirst();
    const same =
      current && (Object.keys(values) as Array<keyof typeof values>).every((k) => String(current[k] ?? "") === String(values[k] ?? ""));
    if (same) continue;
    // No row yet and nothing to show: writing one would drop every cached page for nothing (a
    // new site's first housekeeping run, before any questionnaire was sent).
    if (!current && t.answers === 0 && (scope !== ORGANISATION_SCOPE || since === null)) continue;
    const computed_at = new Date(now).toISOString();
    await target
      .insertInto("published_rates")
      .values({ scope, ...values, computed_at })
      .onConflict((oc) => oc.column("scope").doUpdateSet({ ...values, computed_at }))
      .execute();
    written++;
  }
  return written;
}

export interface PublishedRates {
  computed: ComputedRates | null;
  /** The first à-chaud questionnaire sent (ISO), or null before any. */
  since: string | null;
  computedAt: string | null;
}

function fromRow(row: {
  answers: number;
  satisfied: number;
  rating_sum: number;
  recommend_answers: number;
  recommend_yes: number;
  first_day: string | null;
  last_day: string | null;
  since: string | null;
  computed_at: string;
}): PublishedRates {
  return {
    computed: toRates({
      answers: Number(row.answers),
      satisfied: Number(row.satisfied),
      ratingSum: Number(row.rating_sum),
      recommendAnswers: Number(row.recommend_answers),
      recommendYes: Number(row.recommend_yes),
      firstDay: row.first_day,
      lastDay: row.last_day,
    }),
    since: row.since,
    computedAt: row.computed_at,
  };
}

/** What the public pages show: the organisation's figures (scope null) or a formation's, as last written. */
export async function publishedRates(formationId: string | null, target: Db = db()): Promise<PublishedRates> {
  const scopes = formationId ? [formationId, ORGANISATION_SCOPE] : [ORGANISATION_SCOPE];
  const rows = await target.selectFrom("published_rates").selectAll().where("scope", "in", scopes).execute();
  const own = rows.find((r) => r.scope === (formationId ?? ORGANISATION_SCOPE));
  const organisation = rows.find((r) => r.scope === ORGANISATION_SCOPE);
  if (!own) return { computed: null, since: organisation?.since ?? null, computedAt: null };
  return { ...fromRow(own), since: organisation?.since ?? own.since };
}

/** The published figures of several formations at once (listings, comparisons). */
export async function publishedRatesOf(formationIds: readonly string[], target: Db = db()): Promise<Map<string, PublishedRates>> {
  const list = [...new Set(formationIds)];
  if (list.length === 0) return new Map();
  const rows = await target
    .selectFrom("published_rates")
    .selectAll()
    .where("scope", "in", [...list, ORGANISATION_SCOPE])
    .execute();
  const since = rows.find((r) => r.scope === ORGANISATION_SCOPE)?.since ?? null;
  return new Map(
    list.map((id) => {
      const row = rows.find((r) => r.scope === id);
      return [id, row ? { ...fromRow(row), since } : { computed: null, since, computedAt: null }];
    }),
  );
}
