import { Search } from "lucide-react";
import type { Dispatch, ReactNode, SetStateAction } from "react";
import { Form } from "react-router";
import { Link } from "../link";
import { Button } from "../button";
import { cn } from "../cn";
import { inputClass } from "../form/input-class";
import { Pagination } from "../pagination";

/**
 * The admin list: a GET filter bar (works without JavaScript), a result line, a table built from column
 * definitions, an optional row selection for bulk actions, and the shared pagination.
 */

/** Class of a filter control in the panel filter bar (a grid: the control fills its cell). */
export const filterFieldClass = inputClass(undefined, "mt-1");

/** Class of a filter control in the compact filter bar (one wrapping row: the control keeps its own width). */
/** A filter control as wide as its longest choice, never wider than a phone. */
export const inlineFilterFieldClass = inputClass(undefined, "mt-1 w-auto max-w-full");

/** A labelled filter control. */
export function FilterField({ id, label, className, children }: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0 max-w-full", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The free-text search of a filter bar (`q`), two columns wide. */
export function SearchFilter({ defaultValue, placeholder }: { defaultValue: string; placeholder: string }) {
  return (
    <FilterField id="a-q" label="Rechercher" className="lg:col-span-2">
      <input id="a-q" type="search" name="q" defaultValue={defaultValue} className={filterFieldClass} placeholder={placeholder} />
    </FilterField>
  );
}

/** The free-text search of a compact filter bar (`q`), `width` wide (a Tailwind class) and never wider than a phone. */
export function InlineSearchFilter({
  id,
  defaultValue,
  placeholder,
  width,
}: {
  id: string;
  defaultValue: string;
  placeholder: string;
  width: string;
}) {
  return (
    <FilterField id={id} label="Rechercher">
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={inputClass(undefined, `mt-1 ${width} max-w-full`)}
      />
    </FilterField>
  );
}

export type FilterOption = { value: string; label: ReactNode };

/** A labelled select filter; `options` come after the optional « all » entry. */
export function SelectFilter({
  id,
  name,
  label,
  defaultValue,
  options,
  all,
  className = filterFieldClass,
}: {
  id: string;
  name: string;
  label: ReactNode;
  defaultValue: string;
  options: readonly FilterOption[];
  all?: string;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={defaultValue} className={className}>
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** The panel filter bar: a GET form in a `<search>` landmark, with « Filtrer » and « Réinitialiser ». */
export function FilterBar({
  label,
  resetTo,
  gridClassName,
  actionsClassName,
  children,
}: {
  label: string;
  resetTo: string;
  /** Column classes of the grid, e.g. `lg:grid-cols-6`. */
  gridClassName: string;
  /** Span of the button row, e.g. `lg:col-span-6`. */
  actionsClassName: string;
  children: ReactNode;
}) {
  return (
    <search className="mt-6 block">
      <Form
        method="get"
        className={cn(
          "grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900",
          gridClassName,
        )}
        aria-label={label}
      >
        {children}
        <div className={cn("flex items-end gap-3", actionsClassName)}>
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            Filtrer
          </Button>
          <Link to={resetTo} className="text-sm font-medium underline">
            Réinitialiser
          </Link>
        </div>
      </Form>
    </search>
  );
}

/** The compact filter bar: a GET search form in one wrapping row, with a « Filtrer » button. */
export function InlineFilterBar({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" className="size-4" />
        Filtrer
      </Button>
    </Form>
  );
}

export type Column<T> = {
  key: string;
  header: ReactNode;
  /** Extra classes of the header cell (e.g. `text-right`). */
  headerClassName?: string;
  /** Classes of the body cell. */
  className?: string;
  cell: (row: T) => ReactNode;
};

export type RowSelection<T> = {
  selected: string[];
  setSelected: Dispatch<SetStateAction<string[]>>;
  /** Id of the bulk-action form the row checkboxes (`name="ids"`) belong to. */
  form: string;
  rowLabel: (row: T) => string;
};

export type TableStyle = {
  table: string;
  head: string;
  th: string;
  body?: string;
  row: string;
};

const PANEL_STYLE: TableStyle = {
  table: "w-full min-w-[48rem] text-sm",
  head: "border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950",
  th: "px-3 py-2 font-semibold",
  row: "border-b border-slate-100 align-top last:border-0 dark:border-slate-800",
};

/** A table from column definitions, with an optional selection column and an empty-state row. */
export function AdminTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  rowTestId,
  empty,
  selection,
  style = PANEL_STYLE,
  className = "mt-2",
  scrollLabel,
}: {
  caption: ReactNode;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowTestId?: (row: T) => string;
  /** Shown in a full-width row when there is no row; without it, an empty list renders no table. */
  empty?: ReactNode;
  selection?: RowSelection<T>;
  style?: TableStyle;
  className?: string;
  /** Makes the scrolling box a labelled region and a tab stop, so that the keyboard can scroll it sideways. */
  scrollLabel?: string;
}) {
  if (rows.length === 0 && empty === undefined) return null;
  const allIds = rows.map((r) => r.id);
  const allSelected = selection ? allIds.length > 0 && allIds.every((id) => selection.selected.includes(id)) : false;
  return (
    <div
      className={cn(
        "overflow-x-auto rounded-xl border border-slate-200 bg-white",
        scrollLabel
          ? "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:focus-visible:outline-brand-300"
          : "dark:border-slate-800 dark:bg-slate-900",
        className,
      )}
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
    >
      <table className={style.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={style.head}>
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Tout sélectionner"
                  checked={allSelected}
                  onChange={(e) => selection.setSelected(e.target.checked ? allIds : [])}
                  className="size-4"
                />
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn(style.th, c.headerClassName)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className="px-3 py-8 text-center text-slate-600 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.id} className={style.row} data-testid={rowTestId?.(row)}>
              {selection ? (
                <td className="px-3 py-3">
                  <input
                    type="checkbox"
                    name="ids"
                    form={selection.form}
                    value={row.id}
                    checked={selection.selected.includes(row.id)}
                    onChange={(e) =>
                      selection.setSelected((prev) => (e.target.checked ? [...prev, row.id] : prev.filter((id) => id !== row.id)))
                    }
                    aria-label={selection.rowLabel(row)}
                    className="size-4"
                  />
                </td>
              ) : null}
              {columns.map((c) => (
                <td key={c.key} className={c.className ?? "px-3 py-3"}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** « N éléments · page P sur Q », announced politely. */
export function ResultCount({
  total,
  page,
  pageCount,
  noun,
  className = "mt-3",
}: {
  total: number;
  page: number;
  pageCount: number;
  /** Singular and plural forms. */
  noun: [string, string];
  className?: string;
}) {
  return (
    <p className={cn("text-sm text-slate-600 dark:text-slate-400", className)} role="status">
      {total} {total > 1 ? noun[1] : noun[0]}
      {pageCount > 1 ? ` · page ${page} sur ${pageCount}` : ""}
    </p>
  );
}

/** Header of an admin list: title, counts line and the page's buttons. */
export function AdminListHeader({ title, summary, children }: { title: ReactNode; summary: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{summary}</p>
      </div>
      {children}
    </div>
  );
}

/** A complete panel list: header, filters, optional bulk bar, result count, table and pagination. */
export function AdminList<T extends { id: string }>({
  header,
  filters,
  bulkActions,
  count,
  table,
  pagination,
}: {
  header: ReactNode;
  filters: ReactNode;
  bulkActions?: ReactNode;
  count: { total: number; page: number; pageCount: number; noun: [string, string] };
  table: Parameters<typeof AdminTable<T>>[0];
  pagination: { search: string; pathname: string };
}) {
  return (
    <div>
      {header}
      {filters}
      {bulkActions}
      <ResultCount {...count} className={bulkActions ? "mt-3" : "mt-6"} />
      <AdminTable {...table} />
      <Pagination page={count.page} pageCount={count.pageCount} search={pagination.search} pathname={pagination.pathname} />
    </div>
  );
}

/** Bulk-action bar: a POST form whose id the row checkboxes point to. */
export function BulkActions({ id, status, children }: { id: string; status: ReactNode; children: ReactNode }) {
  return (
    <Form method="post" id={id} className="mt-6">
      <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Actions sur la sélection">
        <span className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {status}
        </span>
        {children}
      </div>
    </Form>
  );
}
