import { useEffect, useRef } from "react";
import { fieldId } from "~/ui/form/fields";
import { cn } from "~/ui/cn";

export interface MutationResult {
  ok: boolean;
  message: string;
  intent?: string;
  id?: string;
  errors?: Record<string, string>;
}

/**
 * The outcome of a change on the admin's small screens (categories, cities, settings), under the
 * page title. After saving, the focus goes to the result: the first field in error (its message is
 * beside it), or this message.
 */
export function MutationResultMessage({ result, formOf }: { result: MutationResult | undefined; formOf: (r: MutationResult) => string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    const first = Object.keys(result.errors ?? {}).find((k) => k !== "_form");
    const field = first ? document.getElementById(fieldId(formOf(result), first)) : null;
    (field ?? ref.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  if (!result) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      data-testid="mutation-result"
      className={cn(
        "rounded-lg border px-4 py-3 text-sm font-medium",
        result.ok
          ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
          : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
      )}
    >
      {result.message}
    </p>
  );
}
