import type { ReactNode } from "react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import type { UsersActionReply } from "../model";

export type { UsersActionReply };

/** A titled block of the users screen. */
export function AdminSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function Badge({ tone, children }: { tone: "green" | "grey" | "amber" | "red"; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        tone === "green" && "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
        tone === "grey" && "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
        tone === "amber" && "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
        tone === "red" && "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
      )}
    >
      {children}
    </span>
  );
}

/** The table frame shared by the screen's lists. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full min-w-[44rem] text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-medium">
                {c || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

const loadRowValidator = () => import("../admin-forms").then((m) => schemaValidator(m.userRowSchema));

/**
 * The shared form pattern for a row's small form (`intent` about `target`): a fetcher form that the
 * action checks with the row schema (the browser loads the same one when the admin enters the form).
 * Its refusal comes as the fetcher's answer, or as the page's answer without JavaScript.
 */
export function useRowForm(intent: string, target: string) {
  const fetcher = useFetcher<UsersActionReply>();
  const page = useActionData<UsersActionReply>();
  const reply = [fetcher.data, page].find((r) => r?.intent === intent && r.target === target) ?? null;
  const form = useForm({ id: `${intent}-${target}`.replace(/[^\w-]/g, "-"), reply, validator: loadRowValidator, focusField: true });
  return { fetcher, form, reply };
}

/** The refusal of an action on this row, beside it. */
export function RowError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-1 max-w-xs text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/**
 * One button that posts an intent about one row (works without JavaScript: the action
 * redirects back here with a toast). Its refusal shows beside it.
 */
export function RowAction({
  intent,
  target,
  fields = {},
  label,
  hiddenLabel,
  variant = "secondary",
}: {
  intent: string;
  target: string;
  fields?: Record<string, string>;
  label: string;
  /** Said to screen readers after the label (which row). */
  hiddenLabel: string;
  variant?: "secondary" | "ghost";
}) {
  const { fetcher, form } = useRowForm(intent, target);
  return (
    <fetcher.Form method="post" preventScrollReset {...form.formProps}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={target} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={fetcher.state !== "idle"}>
        {label} <span className="sr-only">{hiddenLabel}</span>
      </Button>
      <RowError message={form.formError ?? Object.values(form.errors)[0]} />
    </fetcher.Form>
  );
}
