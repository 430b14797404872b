import { cn } from "./cn";

/** The loading indicator (docs/spec.md#comportement): a spinner with the text "Chargement...". */
export function Spinner({ className, label = "Chargement..." }: { className?: string; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex items-center justify-center gap-3 text-slate-700 dark:text-slate-200", className)}
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-3 border-brand-200 border-t-brand-700 dark:border-slate-700 dark:border-t-brand-300"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

/** Shown over the page while a navigation loads its data. */
export function NavigationSpinner() {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center" data-testid="navigation-spinner">
      <div className="rounded-full bg-white/95 px-4 py-2 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900/95 dark:ring-slate-700">
        <Spinner />
      </div>
    </div>
  );
}
