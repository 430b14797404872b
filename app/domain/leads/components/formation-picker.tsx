import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "~/ui/link";
import { clientCache } from "~/platform/cache/client-cache";
import { FieldError, Hint } from "~/ui/form/fields";
import { FormationSearch } from "~/domain/formations/components/formation-search";
import type { LeadFormationRef } from "../model";

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
  const [selected, setSelected] = useState<LeadFormationRef[]>(initial);

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
      <div className="mt-3">
        <FormationSearch
          id={`${id}-recherche`}
          label="Chercher une formation du catalogue"
          onPick={(f) => {
            if (!selected.some((s) => s.slug === f.slug)) update([...selected, { slug: f.slug, title: f.title }]);
          }}
        />
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
