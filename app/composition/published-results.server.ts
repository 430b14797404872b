import type { PublicClaims, ResultFigure } from "~/domain/content/claims";
import { SATISFACTION_RULE, ratesSentence, type ComputedRates } from "~/domain/questionnaires/model";
import { computeRates, publishedRates, questionnairesSince, type PublishedRates } from "~/domain/questionnaires/rates.server";
import { db, type Db } from "~/platform/db/db.server";
import { formatNumber } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";

/**
 * The published results (Qualiopi indicator 2; README « Questionnaires »): the figures computed
 * from the à-chaud answers replace the typed ones. A typed figure of what the questionnaires
 * compute (satisfaction, note, recommendation) is published only for a period before the first
 * questionnaire, and labelled « chiffre saisi ». Composed here: the content and the formations do
 * not import the questionnaires.
 */

export const TYPED_BASIS = "Chiffre saisi, mesuré avant la mise en place des questionnaires en ligne.";
const COMPUTED_BASIS = `Calculé à partir des questionnaires de fin de formation. ${SATISFACTION_RULE}`;

/** A typed figure may stay: it is measured before the first questionnaire was sent (or none was). */
export function typedAllowed(measuredOn: string | null, since: string | null): boolean {
  if (!since) return true;
  return Boolean(measuredOn) && measuredOn! < parisCalendarDay(new Date(since));
}

/** The organisation's computed figures, as result figures: satisfaction, average note, recommendation. */
export function computedFigures(rates: ComputedRates, measuredOn: string): ResultFigure[] {
  const common = { period: rates.period, measuredOn, isDemo: false, basis: COMPUTED_BASIS };
  return [
    {
      id: "calcul-satisfaction",
      label: "de stagiaires satisfaits",
      figure: `${rates.rate}\u00a0%`,
      sampleSize: rates.answers,
      position: -3,
      measure: "satisfaction",
      ...common,
    },
    {
      id: "calcul-note",
      label: "note moyenne attribuée à la formation",
      figure: `${formatNumber(rates.average, 1)}/5`,
      sampleSize: rates.answers,
      position: -2,
      measure: "note",
      ...common,
    },
    ...(rates.recommendRate === null
      ? []
      : [
          {
            id: "calcul-recommandation",
            label: "recommanderaient la formation",
            figure: `${rates.recommendRate}\u00a0%`,
            sampleSize: rates.recommendAnswers,
            position: -1,
            measure: "recommandation" as const,
            ...common,
          },
        ]),
  ];
}

/** The public claims with the computed figures first, and the typed ones kept only where the rule allows them. */
export function withPublishedResults(claims: PublicClaims, published: PublishedRates): PublicClaims {
  const typed = claims.results
    .filter((r) => !r.measure || typedAllowed(r.measuredOn, published.since))
    .map((r) => (r.measure ? { ...r, basis: TYPED_BASIS } : r));
  const computed = published.computed
    ? computedFigures(published.computed, (published.computedAt ?? new Date().toISOString()).slice(0, 10))
    : [];
  return { ...claims, results: [...computed, ...typed] };
}

/** The home page's and /temoignages' claims, with the organisation's published figures. */
export async function publicResults(claims: PublicClaims, target: Db = db()): Promise<PublicClaims> {
  return withPublishedResults(claims, await publishedRates(null, target));
}

/** A formation page's result indicators: its computed satisfaction, and its typed rate only when the rule allows it. */
export interface FormationResults {
  satisfactionRate: number | null;
  successRate: number | null;
  traineesCount: number | null;
  measuredAt: string | null;
  computed: { rate: number; answers: number; period: string; sentence: string; rule: string } | null;
  /** The typed satisfaction rate, labelled « chiffre saisi » (its period is before the questionnaires). */
  typedSatisfaction: number | null;
}

/** The formation's figures as published now, or as they stood on `asOf` (YYYY-MM-DD, staff's preview of a past day). */
export async function formationResults<
  T extends { satisfactionRate: number | null; successRate: number | null; traineesCount: number | null; measuredAt: string | null },
>(formationId: string, typed: T, asOf?: string, target: Db = db()): Promise<T & FormationResults> {
  let published: PublishedRates;
  if (asOf) {
    const at = Date.parse(`${asOf}T23:59:59Z`);
    published = { computed: await computeRates(formationId, at, target), since: await questionnairesSince(at, target), computedAt: null };
  } else published = await publishedRates(formationId, target);
  const c = published.computed;
  const keepTyped = typed.satisfactionRate !== null && typedAllowed(typed.measuredAt, published.since);
  return {
    ...typed,
    satisfactionRate: c ? c.rate : keepTyped ? typed.satisfactionRate : null,
    typedSatisfaction: keepTyped ? typed.satisfactionRate : null,
    computed: c
      ? {
          rate: c.rate,
          answers: c.answers,
          period: c.period,
          sentence: `${ratesSentence(c)}.`,
          rule: SATISFACTION_RULE,
        }
      : null,
  };
}
