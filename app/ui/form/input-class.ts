import { cn } from "../cn";

/** The one look of a text control (input, textarea, select), without its width. */
const INPUT_LOOK =
  "block min-h-11 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400 dark:focus:border-brand-300 dark:focus:outline-brand-300";

/** Sets the width of the control (`w-64`, `w-auto`…), not only at a breakpoint. */
const WIDTH = /(^|\s)w-/;

/**
 * The class of a text control: the one look, the border of its state and `className`, which adds
 * layout only (margin, width, max width). The control is full width unless `className` sets a width:
 * `w-full` would win over `w-64` or `w-auto` in the stylesheet.
 */
export function inputClass(error?: string, className?: string): string {
  return cn(
    INPUT_LOOK,
    className && WIDTH.test(className) ? undefined : "w-full",
    error ? "border-red-700 dark:border-red-400" : "border-slate-400 dark:border-slate-500",
    className,
  );
}
