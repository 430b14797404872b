import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "~/ui/cn";
import { inputClass } from "~/ui/form/input-class";

/** A formation as `/api/formations/recherche` answers it. */
export interface FoundFormation {
  slug: string;
  title: string;
  category: string;
  hours: number;
  priceExclVat: number | null;
}

/**
 * A search field over the published catalogue (an ARIA 1.2 combobox): ten results at a time,
 * arrows to move, Enter to pick, Escape to close; the count of results is announced. However
 * large the catalogue, the page carries none of it.
 */
export function FormationSearch({ id, label, onPick }: { id: string; label: string; onPick: (formation: FoundFormation) => void }) {
  const listId = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<FoundFormation[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/formations/recherche?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ results: FoundFormation[] }>) : { results: [] }))
        .then(({ results: found }) => {
          setResults(found);
          setActive(found.length ? 0 : -1);
          setOpen(true);
          setStatus(
            found.length === 0
              ? "Aucune formation ne correspond."
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

  const pick = (found: FoundFormation) => {
    onPick(found);
    setQuery("");
    setOpen(false);
    setStatus(`« ${found.title} » choisie.`);
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
      pick(results[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative mt-1.5">
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
        <input
          ref={input}
          id={id}
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
          placeholder="Exemple&nbsp;: Excel, management, sécurité…"
          className={inputClass(undefined, "pl-10")}
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
            onClick={() => pick(r)}
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
    </div>
  );
}
