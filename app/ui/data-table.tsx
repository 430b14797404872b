import type { ReactNode } from "react";

/** A header cell and a body cell of the staff's tables. */
export const th = "border-b border-slate-200 px-3 py-2 text-left font-semibold dark:border-slate-700";
export const td = "border-b border-slate-100 px-3 py-2 align-top dark:border-slate-800";

/** A column's header: its text, `right` for figures; `false` leaves the column out. */
export type Column = string | { label: string; right: true } | false;

/**
 * A staff table in its own labelled region that scrolls sideways on a narrow screen (reachable by
 * keyboard), its caption for screen readers, one header a column; `children` the body's rows.
 * `minWidth` is the table's Tailwind min-width class, `className` the region's spacing.
 */
export function DataTable({
  label,
  caption = label,
  minWidth,
  className,
  columns,
  children,
}: {
  label: string;
  caption?: string;
  minWidth: string;
  className?: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`${className ? `${className} ` : ""}overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800`}
    >
      <table className={`w-full ${minWidth} text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {columns.map((c, i) =>
              c === false ? null : typeof c === "string" ? (
                <th key={i} scope="col" className={th}>
                  {c}
                </th>
              ) : (
                <th key={i} scope="col" className={`${th} text-right`}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
