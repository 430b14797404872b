import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/form/input-class";
import { formatCount, formatDate, formatDateTime, formatNumber } from "~/platform/format";

interface Check {
  indicator: number;
  applies: boolean;
  present: string[];
  missing: string[];
}

/** A satisfaction rate computed from the questionnaires' answers, with its basis. */
interface Computed {
  rate: number;
  answers: number;
  period: string;
}

const computedLabel = (c: Computed) => `${c.rate}\u00a0%, calculée sur ${formatCount(c.answers, "réponse")} (${c.period})`;

export interface PackView {
  date: string;
  organisation: Computed | null;
  formations: Array<{
    revisionId: string;
    savedAt: string;
    title: string;
    slug: string;
    indicators: Check[];
    satisfactionRate: number | null;
    /** Computed from the à-chaud answers as they stood that day (README « Questionnaires »). */
    computed: Computed | null;
    successRate: number | null;
    measuredAt: string | null;
    passRate: number | null;
    candidates: number | null;
    period: string;
  }>;
  testimonials: Array<{ id: string; name: string; quote: string; consent: boolean; consentOn: string | null }>;
  legal: Array<{ document: string; title: string; versionId: string | null; versionOf: string | null; isDemo: boolean }>;
}

/** A rate (satisfaction, réussite, obtention: all feminine) in percent: « 94,5 % », « non mesurée ». */
const pct = (n: number | null) => (n === null ? "non mesurée" : `${formatNumber(n, 1)}\u00a0%`);

/** The date picker: a GET form (works without JavaScript), validated by the loader; `children`: more fields of the pack (a period). */
export function PackDateForm({ date, error, children }: { date: string; error: string | null; children?: ReactNode }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="pack-date" className="block text-sm font-medium">
          Date de l'audit
        </label>
        <input
          id="pack-date"
          name="date"
          type="date"
          defaultValue={date}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "pack-date-error" : undefined}
          className={inputClass(error ?? undefined, "mt-1")}
        />
        {error ? (
          <p id="pack-date-error" className="mt-1 text-sm text-red-800 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      {children}
      <Button type="submit">Afficher</Button>
    </Form>
  );
}

function IndicatorCell({ c }: { c: Check }) {
  if (!c.applies) return <span>Sans objet</span>;
  if (c.missing.length === 0) return <span>Complet ({formatCount(c.present.length, "élément")})</span>;
  return (
    <span>
      Manque&nbsp;: {c.missing.join(", ")}
      <span className="block text-xs text-slate-600 dark:text-slate-400">Présents&nbsp;: {c.present.join(", ") || "aucun"}</span>
    </span>
  );
}

export function PackReport({ pack }: { pack: PackView }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="pack-formations" className="space-y-3">
        <h2 id="pack-formations" className="text-lg font-semibold">
          Formations publiées le {formatDate(pack.date)} ({pack.formations.length})
        </h2>
        {pack.formations.length === 0 ? (
          <p>Aucune formation publiée à cette date d'après l'historique des versions.</p>
        ) : (
          <div className="overflow-x-auto" role="region" aria-label="Formations publiées (défile horizontalement)" tabIndex={0}>
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {["Formation", "Indicateur 1", "Indicateur 2", "Indicateur 3", "Satisfaction et réussite", "Certification"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {pack.formations.map((f) => (
                  <tr key={f.revisionId} className="align-top" data-testid="pack-formation">
                    <td className="px-3 py-3">
                      <a
                        href={`/formations/${f.slug}?a-la-date=${pack.date}`}
                        className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300"
                      >
                        {f.title}
                      </a>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">Version du {formatDateTime(f.savedAt)}</span>
                    </td>
                    {f.indicators.map((c) => (
                      <td key={c.indicator} className="px-3 py-3">
                        <IndicatorCell c={c} />
                      </td>
                    ))}
                    <td className="px-3 py-3">
                      {f.computed ? (
                        <span className="block" data-testid="pack-satisfaction-calculee">
                          Satisfaction {computedLabel(f.computed)}
                        </span>
                      ) : null}
                      {f.satisfactionRate !== null ? `Satisfaction saisie ${pct(f.satisfactionRate)}, réussite` : "Réussite"}{" "}
                      {pct(f.successRate)}
                      {f.measuredAt ? `, mesurées le ${formatDate(f.measuredAt)} (chiffres saisis)` : ""}
                    </td>
                    <td className="px-3 py-3">
                      {f.candidates === null
                        ? "Non certifiante"
                        : `Obtention ${pct(f.passRate)} sur ${formatCount(f.candidates, "candidat")}${f.period ? ` (${f.period})` : ""}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="pack-organisation" className="space-y-2">
        <h2 id="pack-organisation" className="text-lg font-semibold">
          Satisfaction de l'organisme (page d'accueil, «&nbsp;Témoignages&nbsp;»)
        </h2>
        <p data-testid="pack-organisation">
          {pack.organisation
            ? `Satisfaction ${computedLabel(pack.organisation)}, d'après les questionnaires de fin de formation.`
            : "Aucune réponse aux questionnaires de fin de formation à cette date\u00a0: seuls des chiffres saisis étaient publiés."}
        </p>
      </section>
      <section aria-labelledby="pack-testimonials" className="space-y-3">
        <h2 id="pack-testimonials" className="text-lg font-semibold">
          Témoignages publiés et consentements ({pack.testimonials.length})
        </h2>
        <ul className="space-y-2 text-sm">
          {pack.testimonials.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>&nbsp;: «&nbsp;{t.quote}&nbsp;» —{" "}
              {t.consent ? `consentement recueilli${t.consentOn ? ` le ${formatDate(t.consentOn)}` : ""}` : "consentement non enregistré"}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="pack-legal" className="space-y-3">
        <h2 id="pack-legal" className="text-lg font-semibold">
          Documents légaux en vigueur
        </h2>
        <ul className="space-y-1 text-sm">
          {pack.legal.map((l) => (
            <li key={l.document}>
              {l.title}&nbsp;:{" "}
              {l.versionOf
                ? `version du ${formatDateTime(l.versionOf)}${l.isDemo ? " (texte de démonstration)" : ""}`
                : "aucune version à cette date"}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
