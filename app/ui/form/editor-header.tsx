import { ExternalLink } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { cn } from "~/ui/cn";
import { Link } from "~/ui/link";

const TONES = {
  published: "text-emerald-800 dark:text-emerald-300",
  scheduled: "text-sky-800 dark:text-sky-300",
  draft: "text-amber-800 dark:text-amber-300",
} as const;

/**
 * The head of a content editor: its title, its status (focused after a save, with « modifications
 * non enregistrées » while the form differs from what is saved) and, once saved, the link that opens
 * the public page or its preview in a new tab.
 */
export function EditorHeader({
  title,
  statusRef,
  tone,
  status,
  dirty,
  preview,
  statusTestId,
  labelTestId,
}: {
  title: string;
  statusRef: Ref<HTMLParagraphElement>;
  tone: keyof typeof TONES;
  status: ReactNode;
  dirty: boolean;
  preview: { to: string; label: string } | null;
  /** Test hooks: on the whole status line, or on the status itself. */
  statusTestId?: string;
  labelTestId?: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p ref={statusRef} tabIndex={-1} className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid={statusTestId}>
          Statut&nbsp;:{" "}
          <span className={cn("font-semibold", TONES[tone])} data-testid={labelTestId}>
            {status}
          </span>
          {dirty ? " · modifications non enregistrées" : ""}
        </p>
      </div>
      {preview ? (
        <Link
          to={preview.to}
          target="_blank"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {preview.label}
          <span className="sr-only"> (nouvel onglet)</span>
        </Link>
      ) : null}
    </div>
  );
}
