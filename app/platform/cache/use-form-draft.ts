import { useCallback, useEffect, type RefObject } from "react";
import { clientCache } from "./client-cache";

/** Drafts are kept one day: long enough for a reload or a coffee break. */
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps a half-typed form in the client cache so that a reload loses nothing:
 * restores the saved fields into the form on mount, saves on every input, clears on success.
 * Fields named in `exclude` (passwords, honeypots, timestamps) are never stored.
 */
export function useFormDraft(key: string, formRef: RefObject<HTMLFormElement | null>, { exclude = [] as string[] } = {}) {
  const cacheKey = `draft:${key}`;

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const draft = clientCache().read<Record<string, string | string[]>>(cacheKey);
    if (draft) {
      for (const [name, value] of Object.entries(draft)) {
        const fields = form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${CSS.escape(name)}"]`);
        fields.forEach((field) => {
          if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
            field.checked = Array.isArray(value) ? value.includes(field.value) : value === field.value;
          } else if (!field.value) {
            field.value = Array.isArray(value) ? (value[0] ?? "") : value;
          }
        });
      }
    }
    const save = () => {
      const data: Record<string, string | string[]> = {};
      for (const [name, value] of new FormData(form)) {
        if (exclude.includes(name) || typeof value !== "string") continue;
        const prev = data[name];
        data[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
      clientCache().write(cacheKey, data, DRAFT_TTL_MS);
    };
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cacheKey]);

  const clearDraft = useCallback(() => clientCache().clear(cacheKey), [cacheKey]);
  return { clearDraft };
}
