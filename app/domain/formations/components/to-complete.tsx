/** What a draft lacks to be published (see completeness.server.ts): a badge in the admin list, a notice in the editor. */

export function ToCompleteBadge({ items }: { items: string[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <span
      className="mt-1 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950 dark:bg-amber-950 dark:text-amber-200"
      title={`À compléter\u00a0: ${items.join(", ")}`}
      data-testid="to-complete"
    >
      À compléter ({items.length})<span className="sr-only">&nbsp;: {items.join(", ")}</span>
    </span>
  );
}

export function ToCompleteNotice({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
      data-testid="to-complete-notice"
    >
      <p className="font-semibold">
        À compléter avant publication ({items.length} champ{items.length > 1 ? "s" : ""})
      </p>
      <p className="mt-1">{items.join(", ")}.</p>
    </div>
  );
}
