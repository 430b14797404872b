import type { ButtonHTMLAttributes } from "react";
import { Link } from "~/ui/link";
import { CATALOGUE_COLUMNS } from "~/domain/formations/columns";
import { Alert, FileError, TableHead } from "./components";
import { IGNORED_ACK_FIELD, IGNORED_LIST_FIELD, type MappingColumn } from "./mapping";
import type { HeaderCandidate } from "./header-row";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { inputClass } from "~/ui/form/input-class";

/**
 * Which row of the file holds the column names, the same in both imports: shown, and a list to take
 * another one. Its button submits the form it sits in (the one-file screen's mapping form), or what
 * `submit` says (the batch screen: its own step, without checking the mapping form's fields).
 */
export function HeaderRowChoice({
  id,
  name,
  line,
  chosen,
  candidates,
  seed,
  submit,
}: {
  id: string;
  name: string;
  line: number;
  chosen: boolean;
  candidates: HeaderCandidate[];
  /** Changes with the file, so that the list shows the row in use. */
  seed: string;
  submit?: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <div className="mb-4 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="header-row">
      <p>
        Noms des colonnes lus sur la <strong>ligne {line}</strong> du fichier{" "}
        {chosen ? "(choisie par vous)" : "(trouvée automatiquement : celle qui nomme le plus de colonnes connues)"}. Les lignes au-dessus
        sont ignorées.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block font-medium">
            Ligne d'en-tête
          </label>
          <select id={id} name={name} defaultValue={String(line)} key={`${seed}-${line}`} className={inputClass()}>
            {candidates.map((c) => (
              <option key={c.line} value={c.line}>
                Ligne {c.line}&nbsp;: {c.text || "(vide)"}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" {...submit}>
          Lire les en-têtes de cette ligne
        </Button>
      </div>
    </div>
  );
}

/**
 * The mapping step, the same in both imports: each column of the file, two of its values, and
 * the field it fills (a select the editor may change); the columns left without a field, which
 * must be acknowledged; the fields that the organisation's defaults will fill.
 */
export function MappingTable({
  columns,
  namePrefix,
  caption,
  seed,
}: {
  columns: MappingColumn[];
  /** The select of column i is named `${namePrefix}${i}` (and so is its id). */
  namePrefix: string;
  caption: string;
  /** Changes when the file or the mapping changes, so that the selects show the new values. */
  seed: string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead labels={["Colonne du fichier", "Exemples", "Champ de la formation"]} />
        <tbody>
          {columns.map((c) => (
            <tr
              key={c.index}
              className={cn(
                "border-b border-slate-100 align-top last:border-0 dark:border-slate-800",
                c.key === "" && "bg-amber-50 dark:bg-amber-950/40",
              )}
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {c.header}
                {c.key === "" ? <span className="block text-xs font-normal text-amber-900 dark:text-amber-200">Ignorée</span> : null}
              </th>
              <td className="px-3 py-2 text-slate-700 dark:text-slate-300">
                {c.samples.length ? c.samples.join(" · ") : <span className="italic">vide</span>}
              </td>
              <td className="px-3 py-2">
                <label htmlFor={`${namePrefix}${c.index}`} className="sr-only">
                  Champ pour la colonne «&nbsp;{c.header}&nbsp;»
                </label>
                <select
                  id={`${namePrefix}${c.index}`}
                  name={`${namePrefix}${c.index}`}
                  defaultValue={c.key}
                  className={inputClass()}
                  key={`${seed}-${c.index}-${c.key}`}
                >
                  <option value="">— Ignorer cette colonne —</option>
                  {CATALOGUE_COLUMNS.map((col) => (
                    <option key={col.key} value={col.key}>
                      {col.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The ignored columns, and the box that says the editor knows their values will not be imported. */
export function IgnoredColumnsNotice({ ignored, id, error }: { ignored: string[]; id: string; error?: string }) {
  if (ignored.length === 0) return null;
  const many = ignored.length > 1;
  return (
    <Alert tone="warning" title={many ? `${ignored.length} colonnes ignorées` : "Une colonne ignorée"} testId="ignored-columns">
      <p>
        {many ? "Les colonnes" : "La colonne"} {ignored.map((h) => `«\u00a0${h}\u00a0»`).join(", ")}{" "}
        {many
          ? "ne correspondent à aucun champ : leurs valeurs ne seront pas importées"
          : "ne correspond à aucun champ : ses valeurs ne seront pas importées"}
        . Associez-{many ? "les" : "la"} à un champ ci-dessus si {many ? "elles comptent" : "elle compte"} (un prix, une durée…).
      </p>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={IGNORED_ACK_FIELD}
          value="1"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-4"
        />
        <label htmlFor={id} className="font-medium">
          J'ai compris&nbsp;: {many ? "ces colonnes ne seront pas importées" : "cette colonne ne sera pas importée"}.
        </label>
      </div>
      {/* The columns listed here: the form's schema asks for the box while there are some. */}
      {ignored.map((h) => (
        <input key={h} type="hidden" name={IGNORED_LIST_FIELD} value={h} />
      ))}
      <FileError id={`${id}-error`} message={error} className="mt-2" />
    </Alert>
  );
}

/** The fields that new formations take from the organisation's defaults, the file having no column for them. */
export function DefaultsNotice({ defaulted }: { defaulted: string[] }) {
  if (defaulted.length === 0) return null;
  return (
    <Alert tone="info" title="Valeurs par défaut de l'organisme" testId="defaults-notice">
      Le fichier n'a pas de colonne pour&nbsp;: {defaulted.join(", ")}. Les nouvelles formations reçoivent les{" "}
      <Link to="/admin/parametres/formations" className="font-medium underline">
        valeurs par défaut des formations
      </Link>{" "}
      (réglées par un administrateur).
    </Alert>
  );
}
