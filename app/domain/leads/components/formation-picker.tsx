import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { clientCache } from "~/platform/cache/client-cache";
import { FieldError, Hint } from "~/ui/form/fields";
import { cn } from "~/ui/cn";
import type { LeadFormationRef } from "../model";

type Result = LeadFormationRef & { category: string };

const DRAFT_KEY = "draft:devis:formations";
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The formations of a quote request: the chosen ones are checked boxes (sent as `formation`,
 * working without JavaScript when the page was opened from a formation's « Demander un devis »),
 * and a search field (combobox) finds others in the catalogue, however large, ten at a time.
 */
export function FormationPicker({
  form,
  selected: initial,
  error,
  label,
  hint,
}: {
  form: string;
  selected: LeadFormationRef[];
  error?: string;
  label: string;
  hint: string;
}) {
  const id = `${form}-formation`;
  const listId = useId();
  const [selected, setSelected] = useState<LeadFormationRef[]>(initial);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Result[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const input = useRef<HTMLInputElement>(null);

  // A reload keeps the formations chosen (the rest of the form has its own draft).
  useEffect(() => {
    if (initial.length > 0) return;
    const draft = clientCache().read<LeadFormationRef[]>(DRAFT_KEY);
    if (draft?.length) setSelected(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (next: LeadFormationRef[]) => {
    setSelected(next);
    clientCache().write(DRAFT_KEY, next, DRAFT_TTL_MS);
  };

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults([]);
      setStatus("");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/formations/recherche?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ results: Result[] }>) : { results: [] }))
        .then(({ results: found }) => {
          setResults(found);
          setActive(found.length ? 0 : -1);
          setOpen(true);
          setStatus(
            found.length === 0
              ? "Aucune formation ne correspond : décrivez votre besoin dans le champ suivant."
              : `${found.length} formation${found.length > 1 ? "s" : ""} trouvée${found.length > 1 ? "s" : ""}.`,
          );
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (result: Result) => {
    if (!selected.some((s) => s.slug === result.slug)) update([...selected, { slug: result.slug, title: result.title }]);
    setQuery("");
    setOpen(false);
    setStatus(`« ${result.title} » ajoutée.`);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length) {
      event.preventDefault();
      setActive((a) => (a <= 0 ? results.length - 1 : a - 1));
    } else if (event.key === "Enter" && open && active >= 0 && results[active]) {
      // Enter picks the highlighted formation instead of sending the form.
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className="sm:col-span-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
    >
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{label}</legend>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      {selected.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Formations choisies">
          {selected.map((f) => (
            <li key={f.slug} className="flex items-start gap-2.5 rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600">
              <input
                id={`${id}-${f.slug}`}
                type="checkbox"
                name="formation"
                value={f.slug}
                defaultChecked
                className="mt-1 size-4 shrink-0 accent-brand-700 dark:accent-brand-400"
              />
              <label htmlFor={`${id}-${f.slug}`} className="flex-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {f.title}
              </label>
              <button
                type="button"
                onClick={() => update(selected.filter((s) => s.slug !== f.slug))}
                className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                aria-label={`Retirer « ${f.title} »`}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative mt-3">
        <label htmlFor={`${id}-recherche`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Chercher une formation du catalogue
        </label>
        <div className="relative mt-1.5">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
          <input
            ref={input}
            id={`${id}-recherche`}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open && results.length > 0}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            placeholder="Exemple : Excel, management, sécurité…"
            className="block w-full rounded-lg border border-slate-400 bg-white py-2.5 pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 dark:border-slate-500 dark:bg-slate-900 dark:text-white"
          />
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label="Formations trouvées"
          hidden={!open || results.length === 0}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          {results.map((r, i) => (
            <li
              key={r.slug}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(r)}
              className={cn(
                "cursor-pointer px-3 py-2 text-sm",
                i === active ? "bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white" : "text-slate-800 dark:text-slate-200",
              )}
            >
              <span className="font-medium">{r.title}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{r.category}</span>
            </li>
          ))}
        </ul>
        <p role="status" aria-live="polite" className="sr-only">
          {status}
        </p>
        <noscript>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            La recherche demande JavaScript. Vous pouvez partir de la page d'une formation du{" "}
            <Link to="/formations" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              catalogue
            </Link>{" "}
            (bouton « Demander un devis »), ou décrire votre besoin dans le champ suivant.
          </p>
        </noscript>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
