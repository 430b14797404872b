import { Link } from "~/ui/link";
import { formatCents, formatCount, formatNumber } from "~/platform/format";
import { COLUMN_LABELS, FRAMES, SHARE_KEY, SHARE_LABEL, isLine, type Column, type Frame, type FrameId } from "../form";

/**
 * The frames of the BPF as the cerfa lays them out (box code, mark, label, figures in the form's
 * columns), with, under each frame, what keeps it from being exact and the screen that fixes it.
 */

export interface MissingView {
  frames: FrameId[];
  text: string;
  href: string;
  link: string;
}

export interface BpfView {
  year: number;
  figures: Record<string, number | null>;
  specialities: Array<{ line: string; code: string; label: string }>;
  missing: MissingView[];
  locked: { at: string; by: string } | null;
  changes: Record<string, number | null>;
  invoicesKnown: boolean;
  /** The invoices and credit notes issued in the year (frame C). */
  invoiceCount: number;
  /** Lines whose records can be downloaded (CSV). */
  detail: string[];
}

export function figureText(value: number | null | undefined, column: Column): string {
  if (value === null || value === undefined) return "—";
  if (column === "montant") return formatCents(value);
  if (column === "pourcentage") return `${value}\u00a0%`;
  return formatNumber(value, 0);
}

const detailHref = (year: number, code: string) => `/admin/bpf/export.csv?annee=${year}&case=${encodeURIComponent(code)}`;

function FrameMissing({ frame, view }: { frame: Frame; view: BpfView }) {
  const items = view.missing.filter((m) => m.frames.includes(frame.id));
  const typed = frame.rows
    .filter(isLine)
    .filter((l) => l.source === "saisie" && frame.columns.some((c) => view.figures[`${l.code}:${c}`] == null));
  if (frame.id === "C" && !view.invoicesKnown)
    return (
      <p className="mt-3 text-sm font-medium text-amber-900 dark:text-amber-200" data-testid={`bpf-missing-${frame.id}`}>
        Le site ne tient pas encore les factures et les avoirs&nbsp;: ce cadre ne peut pas être calculé. Reportez les montants de votre
        comptabilité directement dans Mon Activité Formation.
      </p>
    );
  if (frame.id === "C" && view.invoiceCount === 0)
    return (
      <p className="mt-3 text-sm font-medium text-amber-900 dark:text-amber-200" data-testid={`bpf-missing-${frame.id}`}>
        Aucune facture émise sur l&apos;année&nbsp;: chaque case du cadre vaut 0.
      </p>
    );
  if (!items.length && !typed.length)
    return (
      <p className="mt-3 text-sm font-medium text-emerald-800 dark:text-emerald-300" data-testid={`bpf-complete-${frame.id}`}>
        Aucun manque connu pour ce cadre.
      </p>
    );
  return (
    <div className="mt-3" data-testid={`bpf-missing-${frame.id}`}>
      <h3 className="text-sm font-semibold text-amber-900 dark:text-amber-200">
        Ce qui manque ({formatCount(items.length + typed.length, "point", "points")})
      </h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {typed.map((l) => (
          <li key={l.code}>
            {l.code}&nbsp;: chiffre à saisir.{" "}
            <a href="#saisie" className="font-medium underline">
              Saisir
            </a>
          </li>
        ))}
        {items.map((m, i) => (
          <li key={`${m.href}-${i}`}>
            {m.text}{" "}
            <Link to={m.href} className="font-medium underline">
              {m.link}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FrameTable({ frame, view }: { frame: Frame; view: BpfView }) {
  return (
    <div className="mt-3 overflow-x-auto" role="region" aria-label={`Tableau du cadre ${frame.id}`} tabIndex={0}>
      <table className="w-full min-w-[36rem] text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="w-24 py-2 pr-2">
              Case
            </th>
            <th scope="col" className="py-2 pr-2">
              Libellé
            </th>
            {frame.columns.map((c) => (
              <th key={c} scope="col" className="w-40 py-2 pr-2 text-right">
                {COLUMN_LABELS[c]}
              </th>
            ))}
            <th scope="col" className="w-28 py-2 text-right">
              Détail
            </th>
          </tr>
        </thead>
        <tbody>
          {frame.rows.map((row, i) => {
            if (!isLine(row))
              return (
                <tr key={`h${i}`} className="border-b border-slate-100 dark:border-slate-800">
                  <td />
                  <td colSpan={frame.columns.length + 2} className="py-1.5 pr-2 font-medium">
                    {row.heading}
                  </td>
                </tr>
              );
            const speciality = view.specialities.find((s) => s.line === row.code);
            const total = row.source === "total";
            return (
              <tr key={row.code} className="border-b border-slate-100 align-top dark:border-slate-800" data-testid={`bpf-line-${row.code}`}>
                <td className="py-1.5 pr-2 font-mono text-xs text-slate-700 dark:text-slate-300">{row.code}</td>
                <td className={`py-1.5 pr-2 ${row.depth ? "pl-4" : ""} ${total ? "font-semibold" : ""}`}>
                  {row.mark && row.mark !== "dont" ? `${row.mark}. ` : row.mark === "dont" ? "dont " : ""}
                  {row.label}
                  {speciality ? (
                    <span className="block text-slate-700 dark:text-slate-300">
                      NSF {speciality.code}
                      {speciality.label ? ` — ${speciality.label}` : ""}
                    </span>
                  ) : null}
                  {row.source === "saisie" ? <span className="block text-xs text-slate-600 dark:text-slate-400">saisi</span> : null}
                </td>
                {frame.columns.map((c) => {
                  const key = `${row.code}:${c}`;
                  return (
                    <td
                      key={c}
                      className={`py-1.5 pr-2 text-right tabular-nums ${total ? "font-semibold" : ""}`}
                      data-testid={`bpf-figure-${key}`}
                    >
                      {figureText(view.figures[key], c)}
                      {view.locked && key in view.changes ? (
                        <span className="block text-xs font-medium text-amber-900 dark:text-amber-200">
                          recalculé aujourd&apos;hui&nbsp;: {figureText(view.changes[key], c)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
                <td className="py-1.5 text-right">
                  {view.detail.includes(row.code) && (frame.id !== "C" || view.invoicesKnown) ? (
                    <a href={detailHref(view.year, row.code)} className="underline" download>
                      CSV<span className="sr-only"> des enregistrements de la case {row.code}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            );
          })}
          {frame.id === "C" ? (
            <tr className="align-top" data-testid="bpf-line-C-part">
              <td className="py-1.5 pr-2 font-mono text-xs text-slate-700 dark:text-slate-300">C-part</td>
              <td className="py-1.5 pr-2">
                {SHARE_LABEL}
                <span className="block text-xs text-slate-600 dark:text-slate-400">saisi</span>
              </td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{figureText(view.figures[SHARE_KEY], "pourcentage")}</td>
              <td />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

export function BpfFrames({ view }: { view: BpfView }) {
  return (
    <>
      {FRAMES.map((frame) => (
        <section
          key={frame.id}
          aria-labelledby={`cadre-${frame.id}`}
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          data-testid={`bpf-frame-${frame.id}`}
        >
          <h2 id={`cadre-${frame.id}`} className="text-lg font-semibold">
            {frame.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{frame.intro}</p>
          <FrameTable frame={frame} view={view} />
          <FrameMissing frame={frame} view={view} />
        </section>
      ))}
    </>
  );
}
