import { Download, FileUp, Play, Search, Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { CATALOGUE_COLUMNS } from "~/domain/formations/columns";
import { Alert, Badge, CountsGrid, FileError, FileReading, RowActionBadge, TableHead, fileInputClass, panelClass } from "./components";
import type { RowIssue, RowReport } from "./import.server";
import { IMPORT_MAX_INTERACTIVE_ROWS, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { IGNORED_ACK_FIELD } from "./mapping";
import { DefaultsNotice, HeaderRowChoice, IgnoredColumnsNotice, MappingTable } from "./mapping-step";
import { ACCEPT_ATTRIBUTE, formatBytes } from "./model";
import type { ImportOutcome, ImportPageData } from "./page.server";
import { Button, ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";
import { Spinner } from "~/ui/spinner";

/** The screens of the one-file import: upload → columns and preview → dry run → import. */

const STEPS = ["Fichier", "Colonnes et aperçu", "Simulation", "Import"] as const;

export function Steps({ current }: { current: number }) {
  return (
    <ol className="mt-6 flex flex-wrap gap-2 text-sm" aria-label="Étapes de l'import">
      {STEPS.map((label, i) => (
        <li
          key={label}
          aria-current={i === current ? "step" : undefined}
          className={cn(
            "flex items-center gap-2 rounded-full border px-3 py-1",
            i === current
              ? "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-500 dark:text-slate-950"
              : i < current
                ? "border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-200"
                : "border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400",
          )}
        >
          <span className="font-semibold tabular-nums">{i + 1}.</span> {label}
        </li>
      ))}
    </ol>
  );
}

export function Downloads() {
  const link =
    "inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-800 underline-offset-4 hover:underline dark:text-brand-200";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <h2 className="text-sm font-semibold">Modèles à remplir</h2>
        <ul className="mt-1 flex flex-wrap gap-x-3">
          <li>
            <a href="/admin/formations/modele/csv" className={link} download>
              <Download aria-hidden="true" className="size-4" /> Modèle CSV
            </a>
          </li>
          <li>
            <a href="/admin/formations/modele/xlsx" className={link} download>
              <Download aria-hidden="true" className="size-4" /> Modèle Excel (XLSX)
            </a>
          </li>
        </ul>
      </div>
      <div>
        <h2 className="text-sm font-semibold">Exporter le catalogue (même format)</h2>
        <ul className="mt-1 flex flex-wrap gap-x-3">
          {(["csv", "xlsx", "json"] as const).map((f) => (
            <li key={f}>
              <a href={`/admin/formations/export/${f}`} className={link} download>
                <Download aria-hidden="true" className="size-4" /> {f === "xlsx" ? "Excel (XLSX)" : f.toUpperCase()}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function ColumnsHelp() {
  return (
    <details className={cn(panelClass, "mt-6")}>
      <summary className="cursor-pointer font-semibold">Format des colonnes</summary>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        Une ligne par formation, sous une ligne d'en-tête (un titre ou des lignes vides au-dessus sont acceptés&nbsp;: la ligne d'en-tête
        est trouvée, et se change à l'étape 2). L'adresse (slug) identifie la formation&nbsp;: une adresse déjà connue met à jour cette
        formation, et les colonnes absentes du fichier gardent leur valeur actuelle&nbsp;; une nouvelle adresse crée une formation. Les
        en-têtes sont reconnus en français comme en anglais, avec ou sans accents («&nbsp;Tarif HT&nbsp;», «&nbsp;Nb jours&nbsp;»…). Une
        nouvelle formation n'a besoin que de son titre et de sa catégorie&nbsp;: ce qui manque pour la publier est listé «&nbsp;à
        compléter&nbsp;» et elle est importée en brouillon.
      </p>
      <div className="mt-3 overflow-x-auto" role="region" aria-label="Colonnes reconnues (défile horizontalement)" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Colonnes reconnues</caption>
          <thead className="text-left">
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Colonne
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Nom JSON
              </th>
              <th scope="col" className="py-2 font-semibold">
                Contenu attendu
              </th>
            </tr>
          </thead>
          <tbody>
            {CATALOGUE_COLUMNS.map((c) => (
              <tr key={c.key} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {c.label}
                  {c.required ? <span className="text-red-700 dark:text-red-300"> *</span> : null}
                </th>
                <td className="py-2 pr-3 font-mono text-xs">{c.key}</td>
                <td className="py-2 text-slate-700 dark:text-slate-300">{c.help}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">* Nécessaire pour publier une formation.</p>
    </details>
  );
}

const loadUploadValidator = () => import("./forms").then((m) => schemaValidator(m.importUploadSchema));
const loadConfirmValidator = () => import("./forms").then((m) => schemaValidator(m.importConfirmSchema));

/** The upload step: the shared form pattern (a missing or too large file is said beside the field, before sending). */
export function UploadForm({ reply }: { reply?: SubmissionReply }) {
  const navigation = useNavigation();
  const form = useForm({ id: "import-upload", reply, validator: loadUploadValidator, focusField: true, files: true });
  const busy = navigation.state === "submitting";
  const message = form.errors.file;
  return (
    <section aria-labelledby="etape-fichier" className={cn(panelClass, "mt-6")}>
      <h2 id="etape-fichier" className="text-lg font-semibold">
        1. Choisir le fichier
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        CSV (séparateur virgule ou point-virgule, UTF-8 ou Windows-1252 comme l'enregistrent les tableurs), classeur Excel (.xlsx) ou
        JSON&nbsp;; {IMPORT_MAX_UPLOAD_LABEL} et {IMPORT_MAX_INTERACTIVE_ROWS.toLocaleString("fr-FR")} formations au plus. Pour un catalogue
        plus grand ou plusieurs fichiers, utilisez{" "}
        <Link to="/admin/formations/batch-import" className="font-medium underline">
          l'import par lots
        </Link>
        .
      </p>
      <Form
        method="post"
        action="?etape=televersement"
        encType="multipart/form-data"
        {...form.formProps}
        className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="import-file" className="block text-sm font-medium">
            Fichier à importer
          </label>
          <input
            id="import-file"
            type="file"
            name="file"
            required
            accept={ACCEPT_ATTRIBUTE}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "import-file-error" : undefined}
            className={fileInputClass}
          />
        </div>
        <Button type="submit" disabled={busy}>
          <Upload aria-hidden="true" className="size-4" />
          Téléverser et analyser
        </Button>
      </Form>
      <FileError id="import-file-error" message={message} />
      {busy ? <Spinner className="mt-4 justify-start" label="Analyse du fichier…" /> : null}
    </section>
  );
}

function IssueList({ items, tone, title }: { items: RowIssue[]; tone: "error" | "todo" | "note"; title?: string }) {
  if (items.length === 0) return null;
  const color = {
    error: "text-red-800 dark:text-red-300",
    todo: "text-amber-900 dark:text-amber-200",
    note: "text-slate-600 dark:text-slate-400",
  }[tone];
  return (
    <div className={cn("text-sm", color)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <ul className="space-y-1">
        {items.map((issue, i) => (
          <li key={i}>
            <span className="font-semibold">{issue.header}</span>&nbsp;: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RowsTable({ rows, caption, lineWord }: { rows: RowReport[]; caption: string; lineWord: string }) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="mt-3 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
    >
      <table className="w-full min-w-[44rem] text-sm" data-testid="preview-table">
        <caption className="sr-only">{caption}</caption>
        <TableHead labels={[lineWord, "Formation", "Résultat", "Erreurs (colonne : problème) et champs à compléter"]} capitalize />
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.line}
              className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
              data-testid={`preview-row-${r.line}`}
            >
              <td className="px-3 py-2 tabular-nums">{r.line}</td>
              <td className="px-3 py-2">
                <span className="font-medium">{r.title || "Sans titre"}</span>
                {r.slug ? <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{r.slug}</span> : null}
              </td>
              <td className="space-y-1 px-3 py-2">
                <RowActionBadge action={r.action} />
                {r.action !== "reject" && r.toComplete.length > 0 ? (
                  <span className="block">
                    <Badge tone="amber">Brouillon à compléter</Badge>
                  </span>
                ) : null}
              </td>
              <td className="space-y-2 px-3 py-2">
                {r.issues.length + r.toComplete.length + r.notes.length === 0 ? (
                  <span className="text-slate-600 dark:text-slate-400">Aucune</span>
                ) : null}
                <IssueList items={r.issues} tone="error" />
                <IssueList
                  items={r.action === "reject" ? [] : r.toComplete}
                  tone="todo"
                  title={`À compléter avant publication (${r.toComplete.length})`}
                />
                <IssueList items={r.notes} tone="note" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type Review = Extract<ImportPageData, { step: "review" }>;

function MappingHidden({ review }: { review: Review }) {
  return (
    <>
      <input type="hidden" name="fichier" value={review.upload.id} />
      {review.headerLine > 0 ? <input type="hidden" name="entete" value={review.headerLine} /> : null}
      {review.columns.map((c) => (
        <input key={c.index} type="hidden" name={`c${c.index}`} value={c.key} />
      ))}
    </>
  );
}

/** The one form of the mapping step: header row, mapping, and both « Appliquer » and « Simuler » submit it. */
const MAPPING_FORM = "import-correspondance";

export function ReviewSteps({ review, importReply }: { review: Review; importReply?: SubmissionReply }) {
  const navigation = useNavigation();
  const location = useLocation();
  const form = useForm({ id: "import-confirm", reply: importReply, validator: loadConfirmValidator, focusField: true });
  // The mapping changed on screen since this page was computed (reset by the next page).
  const [editedOn, setEditedOn] = useState<string | null>(null);
  const edited = editedOn === location.search;
  const importError = form.errors._form;
  const busy = navigation.state !== "idle";
  const rejectedShown = review.rows.filter((r) => r.action === "reject").length;
  const toImport = review.counts.created + review.counts.updated;
  return (
    <>
      <section aria-labelledby="etape-colonnes" className={cn(panelClass, "mt-6")} data-testid="mapping-step">
        <h2 id="etape-colonnes" className="text-lg font-semibold">
          2. Correspondance des colonnes
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="file-summary">
          «&nbsp;{review.upload.name}&nbsp;» ({formatBytes(review.upload.size)}, {review.description})&nbsp;:{" "}
          {review.rowCount.toLocaleString("fr-FR")} formation
          {review.rowCount > 1 ? "s" : ""}.{" "}
          {review.mappingChosen
            ? "Correspondance choisie par vous."
            : "Correspondance proposée d'après les en-têtes : corrigez-la si besoin."}
        </p>
        <FileReading sheets={review.sheets} skipped={review.skipped} lineWord={review.lineWord} />
        <div className="mt-3 space-y-2">
          {review.duplicates.map((d) => (
            <Alert key={d} tone="error">
              {d}
            </Alert>
          ))}
          {review.missingRequired.length > 0 ? (
            <Alert tone="warning" title="Champs de publication sans colonne">
              Aucune colonne n'est associée à&nbsp;: {review.missingRequired.join(", ")}. Les formations existantes gardent leur
              valeur&nbsp;; une nouvelle formation sans titre ou sans catégorie est refusée, une autre est importée en brouillon, avec ces
              champs à compléter avant publication.
            </Alert>
          ) : null}
          <DefaultsNotice defaulted={review.defaulted} />
        </div>
        <Form method="get" id={MAPPING_FORM} className="mt-4" onChange={() => setEditedOn(location.search)}>
          <input type="hidden" name="fichier" value={review.upload.id} />
          {review.headerCandidates.length > 0 ? (
            <>
              <input type="hidden" name="enteteLue" value={review.headerLine} />
              <HeaderRowChoice
                id="import-entete"
                name="entete"
                line={review.headerLine}
                chosen={review.headerChosen}
                candidates={review.headerCandidates}
                seed={review.upload.id}
              />
            </>
          ) : null}
          <MappingTable columns={review.columns} namePrefix="c" caption="Colonnes du fichier et champs associés" seed={review.upload.id} />
          <Button type="submit" variant="secondary" className="mt-4" disabled={busy}>
            <Search aria-hidden="true" className="size-4" />
            Appliquer la correspondance et vérifier
          </Button>
        </Form>
      </section>

      <section aria-labelledby="etape-apercu" className={cn(panelClass, "mt-6")}>
        <h2 id="etape-apercu" className="text-lg font-semibold">
          Aperçu
        </h2>
        <PreviewSummary review={review} />
        <RowsTable rows={review.rows} caption="Aperçu des lignes du fichier, les lignes en erreur d'abord" lineWord={review.lineWord} />
        {review.hiddenRows > 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {review.hiddenRows.toLocaleString("fr-FR")} autre{review.hiddenRows > 1 ? "s" : ""} ligne{review.hiddenRows > 1 ? "s" : ""} non
            affichée{review.hiddenRows > 1 ? "s" : ""}
            {rejectedShown < review.counts.rejected ? " (dont des lignes en erreur)" : ""}.
          </p>
        ) : null}
        <div className="mt-4">
          {/* Part of the mapping form: the simulation uses the mapping on screen, applied or not. */}
          <Button
            type="submit"
            form={MAPPING_FORM}
            name="simulation"
            value="1"
            disabled={busy || (!edited && review.duplicates.length > 0)}
          >
            <Play aria-hidden="true" className="size-4" />
            Simuler l'import
          </Button>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            La simulation prend la ligne d'en-tête et la correspondance affichées ci-dessus, même sans «&nbsp;Appliquer&nbsp;».
          </p>
        </div>
      </section>

      {review.simulation ? (
        <section aria-labelledby="etape-simulation" className={cn(panelClass, "mt-6")}>
          <h2 id="etape-simulation" className="text-lg font-semibold">
            3. Simulation
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Rien n'a encore été enregistré. Voici ce que ferait l'import&nbsp;:
          </p>
          <div className="mt-3">
            <CountsGrid counts={review.counts} conditional testId="dry-run" />
          </div>
          {review.planned.length > 0 ? (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium">Formations créées ou mises à jour</summary>
              <ul className="mt-2 list-disc space-y-0.5 pl-6">
                {review.planned.map((p) => (
                  <li key={p.slug}>
                    {p.action === "create" ? "Création" : "Mise à jour"}&nbsp;: {p.title}{" "}
                    <span className="font-mono text-xs">({p.slug})</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Form method="post" {...form.formProps} className="mt-4 space-y-4">
            <MappingHidden review={review} />
            <IgnoredColumnsNotice ignored={review.ignored} id="import-colonnes-ignorees" error={form.errors[IGNORED_ACK_FIELD]} />
            <AllOrNothing id="tout-ou-rien" />
            {importError ? (
              <Alert tone="error" title="Import impossible">
                {importError}
              </Alert>
            ) : null}
            {edited ? (
              <Alert tone="warning" title="Correspondance modifiée" testId="mapping-edited">
                La correspondance a changé depuis cette simulation&nbsp;: cliquez sur «&nbsp;Simuler l'import&nbsp;» pour la simuler avant
                d'importer.
              </Alert>
            ) : null}
            <Button type="submit" disabled={busy || toImport === 0 || edited}>
              <FileUp aria-hidden="true" className="size-4" />
              Importer
            </Button>
            {navigation.state === "submitting" ? <Spinner className="justify-start" label="Import en cours…" /> : null}
          </Form>
        </section>
      ) : null}
    </>
  );
}

/** The « tout ou rien » box, checked by default in both imports. */
export function AllOrNothing({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" name="toutOuRien" value="1" defaultChecked className="mt-1 size-4" />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">Tout ou rien</span>&nbsp;:{" "}
        {children ?? "ne rien importer si une ligne est refusée (décochez pour importer les lignes valides et laisser de côté les autres)."}
      </label>
    </div>
  );
}

function PreviewSummary({ review }: { review: Review }) {
  const { rejected, incomplete } = review.counts;
  const drafts =
    incomplete > 0
      ? ` ${incomplete.toLocaleString("fr-FR")} formation${incomplete > 1 ? "s seront importées" : " sera importée"} en brouillon, avec la liste de ce qui reste à compléter.`
      : "";
  if (rejected > 0)
    return (
      <p className="mt-1 text-sm text-red-800 dark:text-red-300" data-testid="preview-summary">
        {rejected.toLocaleString("fr-FR")} ligne{rejected > 1 ? "s" : ""} sur {review.rowCount.toLocaleString("fr-FR")}{" "}
        {rejected > 1 ? "contiennent" : "contient"} des erreurs. Chaque erreur indique la colonne et le problème&nbsp;: corrigez le fichier
        ou la correspondance.{drafts}
      </p>
    );
  return (
    <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300" data-testid="preview-summary">
      Aucune erreur&nbsp;: les {review.rowCount.toLocaleString("fr-FR")} ligne{review.rowCount > 1 ? "s sont valides" : " est valide"}.
      {drafts}
    </p>
  );
}

type Imported = Extract<ImportOutcome, { ok: true }>;

export function ImportResult({ result }: { result: Imported }) {
  return (
    <section aria-labelledby="etape-import" className={cn(panelClass, "mt-6")} data-testid="import-result">
      <h2 id="etape-import" className="text-lg font-semibold">
        4. {result.written ? "Import terminé" : "Rien n'a été importé"}
      </h2>
      {result.written ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          «&nbsp;{result.fileName}&nbsp;» a été importé&nbsp;; l'opération est inscrite au journal.
        </p>
      ) : (
        <Alert tone="warning" title="Import refusé (tout ou rien)">
          {result.rejectedTotal} ligne{result.rejectedTotal > 1 ? "s sont refusées" : " est refusée"}&nbsp;: aucune formation n'a été créée
          ni modifiée. Corrigez le fichier, ou décochez «&nbsp;Tout ou rien&nbsp;» pour importer les lignes valides.
        </Alert>
      )}
      <div className="mt-3">
        <CountsGrid counts={result.counts} testId="import-counts" />
      </div>
      {result.drafts.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">Brouillons à compléter avant publication</h3>
          <RowsTable rows={result.drafts} caption="Formations importées en brouillon, avec ce qui leur manque" lineWord="ligne" />
        </>
      ) : null}
      {result.rejected.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">Lignes refusées</h3>
          <RowsTable rows={result.rejected} caption="Lignes refusées" lineWord="ligne" />
        </>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink to="/admin/formations">Voir les formations</ButtonLink>
        <ButtonLink to="/admin/formations/import" variant="secondary">
          Importer un autre fichier
        </ButtonLink>
      </div>
    </section>
  );
}
