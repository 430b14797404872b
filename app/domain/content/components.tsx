import * as badgeCheckDrawing from "lucide-react/icons/badge-check";
import * as quoteDrawing from "lucide-react/icons/quote";
import * as starDrawing from "lucide-react/icons/star";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import { ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { staticIcon } from "~/ui/static-icon";
import { formatCount } from "~/platform/format";

import { bodyBlocks, type PublicTestimonial, type ResultFigure } from "./claims";
import { formatDateFr, formatMonthFr } from "./format";

// Decorative icons, drawn once (see app/ui/static-icon.tsx): a home page shows dozens of stars.
const BadgeCheck = staticIcon(badgeCheckDrawing);
const Quote = staticIcon(quoteDrawing);
const Star = staticIcon(starDrawing);

/** The top band of a content page: its only h1 and an introduction. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-700 dark:text-slate-300">{children}</div> : null}
      </div>
    </div>
  );
}

/** "Dernière mise à jour : 16 novembre 2026". */
export function LastUpdated({ date, label = "Dernière mise à jour" }: { date: string; label?: string }) {
  return (
    <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
      {label}&nbsp;: <time dateTime={date}>{formatDateFr(date)}</time>
    </p>
  );
}

/** Five stars, the rating spelled out for screen readers. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <p className={cn("flex items-center gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn("size-4", i <= rating ? "fill-accent-500 text-accent-600" : "fill-transparent text-slate-400 dark:text-slate-500")}
        />
      ))}
      <span className="sr-only">Note&nbsp;: {rating} sur 5</span>
    </p>
  );
}

/** One testimonial as a figure: quote, stars, author, formation and date. */
export function TestimonialCard({ testimonial: t, compact = false }: { testimonial: PublicTestimonial; compact?: boolean }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-4">
        {t.rating ? <RatingStars rating={t.rating} /> : <span />}
        <Quote aria-hidden="true" className="size-6 shrink-0 text-brand-200 dark:text-brand-800" />
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700 dark:text-slate-300">
        <p className={cn("leading-7 whitespace-pre-line", compact && "line-clamp-6")}>«&nbsp;{t.quote}&nbsp;»</p>
      </blockquote>
      <figcaption className="mt-5 border-t border-slate-200 pt-4 text-sm dark:border-slate-700">
        <span className="block font-semibold text-slate-900 dark:text-white">{t.author}</span>
        <span className="block text-slate-600 dark:text-slate-400">{t.context}</span>
        {t.formation ? (
          <span className="mt-2 block text-slate-700 dark:text-slate-300">
            Formation suivie&nbsp;:{" "}
            {t.formation.slug ? (
              <Link to={`/formations/${t.formation.slug}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                {t.formation.title}
              </Link>
            ) : (
              <span className="font-medium">{t.formation.title}</span>
            )}
          </span>
        ) : null}
        <span className="block text-slate-600 dark:text-slate-400">
          Avis recueilli en <time dateTime={t.givenOn}>{formatMonthFr(t.givenOn)}</time>
        </span>
      </figcaption>
    </figure>
  );
}

/** « 1 027 réponses » (a count written the French way). */
export function answersLabel(n: number): string {
  return formatCount(n, "réponse");
}

/**
 * How the figures were measured: one sentence when they share their period, sample and date,
 * otherwise one line per figure (each figure is published with its own).
 */
export function ResultsNote({ results, className }: { results: ResultFigure[]; className?: string }) {
  if (results.length === 0) return null;
  const first = results[0]!;
  const shared = results.every(
    (r) => r.period === first.period && r.sampleSize === first.sampleSize && r.measuredOn === first.measuredOn && r.basis === first.basis,
  );
  if (shared)
    return (
      <p className={className}>
        Résultats mesurés en <time dateTime={first.measuredOn}>{formatMonthFr(first.measuredOn)}</time> sur les {first.period} (
        {answersLabel(first.sampleSize)}).{first.basis ? ` ${first.basis}` : ""}
      </p>
    );
  return (
    <ul className={className}>
      {results.map((r) => (
        <li key={r.id}>
          {r.figure} {r.label}&nbsp;: {r.period}, {answersLabel(r.sampleSize)}, mesuré en{" "}
          <time dateTime={r.measuredOn}>{formatMonthFr(r.measuredOn)}</time>.{r.basis ? ` ${r.basis}` : ""}
        </li>
      ))}
    </ul>
  );
}

/** An argument's text: paragraphs and lists. */
export function ArgumentBody({ body }: { body: string }) {
  return (
    <>
      {bodyBlocks(body).map((b, i) =>
        b.kind === "p" ? (
          <p key={i} className="mt-3 max-w-3xl leading-7 text-slate-700 dark:text-slate-300">
            {b.text}
          </p>
        ) : (
          <ul key={i} className="mt-4 grid gap-2 lg:grid-cols-2">
            {b.items.map((item) => (
              <li key={item} className="flex items-start gap-2 leading-7 text-slate-700 dark:text-slate-300">
                <span aria-hidden="true" className="mt-3 size-1.5 shrink-0 rounded-full bg-brand-700 dark:bg-brand-300" />
                {item}
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** A closing call to action band. */
export function CallToAction({
  title,
  children,
  primary,
  secondary,
  headingId,
}: {
  title: string;
  children: ReactNode;
  primary: { to: string; label: string };
  secondary?: { to: string; label: string };
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-12">
      <div className="rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10 dark:bg-brand-950 dark:ring-1 dark:ring-brand-800">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <div className="mt-3 max-w-2xl text-brand-100">{children}</div>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={primary.to} size="lg" variant="inverse">
            {primary.label}
          </ButtonLink>
          {secondary ? (
            <ButtonLink to={secondary.to} size="lg" variant="inverseOutline">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * A table that keeps readable columns on a phone: it scrolls sideways in a focusable region
 * (keyboard users can scroll it too) instead of squeezing its columns.
 */
export function ScrollableTable({ label, minWidth = "40rem", children }: { label: string; minWidth?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="my-4 overflow-x-auto rounded-sm">
      <table className="my-0" style={{ minWidth }}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

/** The Qualiopi badge text; the certified category is stated with it, as the RNQ requires. */
export function QualiopiBadge({ className }: { className?: string }) {
  return (
    <p className={cn("inline-flex items-center gap-2 text-sm font-semibold text-brand-800 dark:text-brand-200", className)}>
      <BadgeCheck aria-hidden="true" className="size-5" />
      Certifié Qualiopi au titre des actions de formation
    </p>
  );
}
