import { useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "../link";
import { Button, buttonClass } from "../button";
import { cn } from "../cn";
import { FieldError, fieldId } from "./fields";
import { inputClass } from "./input-class";

/**
 * The one publishing control of the editors (formations and blog posts), in the save bar at the
 * bottom of the form: « Enregistrer le brouillon », « Publier maintenant », « Programmer… » (a
 * date and time, Paris time, that must be in the future) and « Dépublier ». Each is a submit
 * button with its `intent`, so that it works without JavaScript; the route's action applies it.
 * While an image is being sent, every button is disabled and says why.
 */

export const PUBLISH_INTENTS = ["save", "publish", "schedule", "unpublish"] as const;
export type PublishIntent = (typeof PUBLISH_INTENTS)[number];
export type PublishStatus = "draft" | "scheduled" | "published";

/** The intent a form sent (an unknown one saves). */
export function publishIntentOf(form: FormData): PublishIntent {
  const intent = form.get("intent");
  return (PUBLISH_INTENTS as readonly unknown[]).includes(intent) ? (intent as PublishIntent) : "save";
}

export const UPLOADING_MESSAGE = "Envoi de l'image en cours… L'enregistrement sera possible une fois l'image reçue.";

const SAVE_LABEL: Record<PublishStatus, string> = {
  draft: "Enregistrer le brouillon",
  scheduled: "Enregistrer les modifications",
  published: "Enregistrer les modifications",
};

export function PublishControl({
  form,
  status,
  submitting,
  uploading,
  canSchedule = false,
  scheduledAt = "",
  scheduleError,
  backTo,
}: {
  /** The form's id (the date field's id derives from it). */
  form: string;
  status: PublishStatus;
  /** The form is being sent: the buttons wait. */
  submitting: boolean;
  /** An image is being sent: saving is blocked until it ends. */
  uploading: boolean;
  /** Offer « Programmer… » (a publication date in the future). */
  canSchedule?: boolean;
  /** The date shown in the picker (Paris time, `YYYY-MM-DDTHH:mm`). */
  scheduledAt?: string;
  scheduleError?: string;
  backTo: { to: string; label: string };
}) {
  const [scheduling, setScheduling] = useState(Boolean(scheduleError));
  const dateRef = useRef<HTMLInputElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const blocked = submitting || uploading;
  const reasonId = `${form}-publication-attente`;
  const dateId = fieldId(form, "scheduledAt");
  useKeepFocusAboveBar(barRef);

  useEffect(() => {
    if (scheduleError) setScheduling(true);
  }, [scheduleError]);

  const common = { type: "submit" as const, name: "intent", disabled: blocked, "aria-describedby": uploading ? reasonId : undefined };
  return (
    <div
      ref={barRef}
      data-save-bar=""
      className="sticky bottom-0 z-10 -mx-4 space-y-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button {...common} value="save">
          {submitting ? "Enregistrement…" : SAVE_LABEL[status]}
        </Button>
        {status !== "published" ? (
          <Button {...common} value="publish" variant="secondary">
            Publier maintenant
          </Button>
        ) : null}
        {canSchedule ? (
          // A disclosure: it opens without JavaScript too.
          <details
            open={scheduling}
            onToggle={(e) => {
              const open = e.currentTarget.open;
              setScheduling(open);
              if (open) requestAnimationFrame(() => dateRef.current?.focus());
            }}
            className="open:basis-full"
          >
            <summary className={buttonClass("secondary", "md", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
              Programmer…
            </summary>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor={dateId} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
                  Date et heure de publication (heure de Paris)
                </label>
                <input
                  ref={dateRef}
                  id={dateId}
                  name="scheduledAt"
                  type="datetime-local"
                  step={1}
                  defaultValue={scheduledAt}
                  aria-invalid={scheduleError ? true : undefined}
                  aria-describedby={scheduleError ? `${dateId}-error` : undefined}
                  className={inputClass(scheduleError, "mt-1.5 w-auto")}
                />
              </div>
              <Button {...common} value="schedule">
                Programmer la publication
              </Button>
              <FieldError id={`${dateId}-error`} error={scheduleError} />
            </div>
          </details>
        ) : null}
        {status !== "draft" ? (
          <Button {...common} value="unpublish" variant="dangerGhost">
            Dépublier
          </Button>
        ) : null}
        <Link to={backTo.to} className="text-sm font-medium underline">
          {backTo.label}
        </Link>
        <p
          id={reasonId}
          aria-live="polite"
          className={cn("text-sm font-medium text-amber-800 dark:text-amber-300", !uploading && "sr-only")}
        >
          {uploading ? UPLOADING_MESSAGE : ""}
        </p>
      </div>
    </div>
  );
}

/**
 * The bar sticks to the bottom of the window: a field that receives the focus under it is
 * scrolled up above it (WCAG 2.2, focus not obscured). So is the focused field when the page
 * changes height under it (a message appears above it as the previous field is checked).
 * `scroll-padding-bottom` does the same for the browser's own scrolling (links to a field, find
 * in page).
 */
function useKeepFocusAboveBar(barRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const html = document.documentElement;
    const setPadding = () => {
      const bar = barRef.current;
      if (bar) html.style.scrollPaddingBottom = `${bar.offsetHeight + 16}px`;
    };
    const keepAbove = (target: Element | null, onlyIfInWindow = false) => {
      const bar = barRef.current;
      if (!bar || !(target instanceof HTMLElement) || target === document.body || bar.contains(target)) return;
      const barTop = bar.getBoundingClientRect().top;
      const rect = target.getBoundingClientRect();
      if (rect.bottom <= barTop - 8) return;
      // A field the visitor scrolled away from stays where it is.
      if (onlyIfInWindow && rect.top >= window.innerHeight) return;
      // Up to its bottom above the bar, without pushing its top under the header.
      const by = Math.min(rect.bottom - barTop + 16, rect.top - 96);
      if (by > 0) window.scrollBy({ top: by });
    };
    setPadding();
    const onFocus = (event: FocusEvent) => keepAbove(event.target as Element | null);
    const onResize = () => {
      setPadding();
      keepAbove(document.activeElement, true);
    };
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(onResize);
    if (barRef.current) observer?.observe(barRef.current);
    observer?.observe(document.body);
    document.addEventListener("focusin", onFocus);
    return () => {
      observer?.disconnect();
      document.removeEventListener("focusin", onFocus);
      html.style.scrollPaddingBottom = "";
    };
  }, [barRef]);
}
