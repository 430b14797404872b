import { formatDate } from "~/platform/format";
import { CalendarCheck, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import { cn } from "~/ui/cn";

/** The funding pages' frame: same width and rhythm everywhere. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto max-w-6xl px-4 py-10 sm:py-14", className)}>{children}</div>;
}

/** "Informations vérifiées le 21 novembre 2026". */
export function CheckedOn({ date, label = "Informations vérifiées le", className }: { date: string; label?: string; className?: string }) {
  return (
    <p className={cn("flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400", className)}>
      <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {label} <time dateTime={date}>{formatDate(date)}</time>
      </span>
    </p>
  );
}

export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn("mt-12", className)}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const CARD_TONES = {
  plain: "bg-white dark:bg-slate-900",
  muted: "bg-slate-50 dark:bg-slate-900",
  brand: "bg-brand-50 dark:bg-slate-900",
} as const;

/** `className` adds layout only; the background comes from `tone` (classes are not merged). */
export function Card({ children, className, tone = "plain" }: { children: ReactNode; className?: string; tone?: keyof typeof CARD_TONES }) {
  return <div className={cn("rounded-xl border border-slate-200 p-5 dark:border-slate-800", CARD_TONES[tone], className)}>{children}</div>;
}

/** An official website: the address itself is the link text. External addresses are marked. */
export function OfficialLink({ url, children }: { url: string; children?: ReactNode }) {
  const internal = url.startsWith("/");
  const text = children ?? url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  const className =
    "inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200";
  if (internal) {
    return (
      <Link to={url} className={className}>
        {text}
      </Link>
    );
  }
  return (
    <a href={url} className={className} rel="noopener noreferrer">
      {text}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only"> (site externe)</span>
    </a>
  );
}

export function BulletList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700 dark:text-slate-300">
          <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-600 dark:bg-brand-400" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function StepList({ steps }: { steps: Array<{ title?: string; text: string }> }) {
  return (
    <ol className="space-y-4">
      {steps.map((step, i) => (
        <li key={step.text} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white dark:bg-brand-400 dark:text-slate-950"
          >
            {i + 1}
          </span>
          <div className="pt-1">
            {step.title ? <p className="font-semibold text-slate-900 dark:text-white">{step.title}</p> : null}
            <p className="text-slate-700 dark:text-slate-300">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
