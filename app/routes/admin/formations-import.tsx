import { Download, FileUp, Layers, Play, Search, Upload } from "lucide-react";
import { useState } from "react";
import { Form, Link, data, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/formations-import";
import { IMPORT_COLUMNS } from "~/domain/formations/import/columns";
import { Alert, CountsGrid, RowActionBadge, fieldClass, panelClass } from "~/domain/formations/import/components";
import { ACCEPT_ATTRIBUTE, formatBytes } from "~/domain/formations/import/model";
import { IMPORT_MAX_INTERACTIVE_ROWS, IMPORT_MAX_UPLOAD_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "~/domain/formations/import/limits";
import { importPageData, receiveUpload, runImport } from "~/domain/formations/import/page.server";
import type { RowReport } from "~/domain/formations/import/import.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Spinner } from "~/ui/spinner";

export const handle = { breadcrumb: "Importer des formations" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Importer des formations",
    description: "Importer le catalogue depuis un fichier CSV, Excel ou JSON.",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** /admin/formations/import: upload → column mapping → preview → dry run → import (editors). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  return importPageData(new URL(request.url), { id: user.id, email: user.email, role: user.role });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const actor = { id: user.id, email: user.email, role: user.role };
  const intent = new URL(request.url).searchParams.get("etape");
  if (intent === "televersement") {
    const result = await receiveUpload(request, actor);
    if (!result.ok) return data({ kind: "upload" as const, message: result.message }, { status: result.status });
    return redirect(`/admin/formations/import?fichier=${result.fileId}`);
  }
  const outcome = await runImport(await request.formData(), actor);
  if (!outcome.ok) return data({ kind: "import-error" as const, message: outcome.message }, { status: outcome.status });
  return { kind: "imported" as const, ...outcome };
}

const STEPS = ["Fichier", "Colonnes et aperçu", "Simulation", "Import"] as const;

function Steps({ current }: { current: number }) {
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

function Downloads() {
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

function ColumnsHelp() {
  return (
    <details className={cn(panelClass, "mt-6")}>
      <summary className="cursor-pointer font-semibold">Format des colonnes</summary>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        Une ligne par formation. L'adresse (slug) identifie la formation&nbsp;: une adresse déjà connue met à jour cette formation, et les
        colonnes absentes du fichier gardent leur valeur actuelle&nbsp;; une nouvelle adresse crée une formation. Les en-têtes sont reconnus
        en français comme en anglais, avec ou sans accents.
      </p>
      <div className="mt-3 overflow-x-auto">
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
            {IMPORT_COLUMNS.map((c) => (
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
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">* Obligatoire pour créer une formation.</p>
    </details>
  );
}

function UploadForm({ error }: { error?: string }) {
  const navigation = useNavigation();
  const [tooBig, setTooBig] = useState<string | null>(null);
  const busy = navigation.state === "submitting";
  const message = tooBig ?? error;
  return (
    <section aria-labelledby="etape-fichier" className={cn(panelClass, "mt-6")}>
      <h2 id="etape-fichier" className="text-lg font-semibold">
        1. Choisir le fichier
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        CSV (séparateur virgule ou point-virgule, UTF-8 ou Windows-1252 comme l'enregistrent les tableurs), classeur Excel (.xlsx) ou
        JSON&nbsp;; {IMPORT_MAX_UPLOAD_LABEL} et {IMPORT_MAX_INTERACTIVE_ROWS.toLocaleString("fr-FR")} formations au plus. Pour un catalogue plus grand ou
        plusieurs fichiers, utilisez{" "}
        <Link to="/admin/formations/batch-import" className="font-medium underline">
          l'import par lots
        </Link>
        .
      </p>
      <Form
        method="post"
        action="?etape=televersement"
        encType="multipart/form-data"
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
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setTooBig(
                file && file.size > IMPORT_MAX_UPLOAD_BYTES
                  ? `Le fichier dépasse ${IMPORT_MAX_UPLOAD_LABEL} (${formatBytes(file.size)}) : découpez-le en plusieurs fichiers.`
                  : null,
              );
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white text-sm file:mr-3 file:min-h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold dark:border-slate-600 dark:bg-slate-900 dark:file:bg-slate-800"
          />
        </div>
        <Button type="submit" disabled={busy || tooBig !== null}>
          <Upload aria-hidden="true" className="size-4" />
          Téléverser et analyser
        </Button>
      </Form>
      {message ? (
        <p id="import-file-error" role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      ) : null}
      {busy ? <Spinner className="mt-4 justify-start" label="Analyse du fichier…" /> : null}
    </section>
  );
}

function RowsTable({ rows, caption, lineWord }: { rows: RowReport[]; caption: string; lineWord: string }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[44rem] text-sm" data-testid="preview-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold capitalize">
              {lineWord}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Formation
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Résultat
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Erreurs (colonne : problème)
            </th>
          </tr>
        </thead>
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
              <td className="px-3 py-2">
                <RowActionBadge action={r.action} />
              </td>
              <td className="px-3 py-2">
                {r.issues.length === 0 ? (
                  <span className="text-slate-600 dark:text-slate-400">Aucune</span>
                ) : (
                  <ul className="space-y-1">
                    {r.issues.map((issue, i) => (
                      <li key={i} className="text-red-800 dark:text-red-300">
                        <span className="font-semibold">{issue.header}</span>&nbsp;: {issue.message}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Review = Extract<Route.ComponentProps["loaderData"], { step: "review" }>;

function MappingHidden({ review }: { review: Review }) {
  return (
    <>
      <input type="hidden" name="fichier" value={review.upload.id} />
      {review.columns.map((c) => (
        <input key={c.index} type="hidden" name={`c${c.index}`} value={c.key} />
      ))}
    </>
  );
}

function ReviewSteps({ review, importError }: { review: Review; importError?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const rejectedShown = review.rows.filter((r) => r.action === "reject").length;
  return (
    <>
      <section aria-labelledby="etape-colonnes" className={cn(panelClass, "mt-6")}>
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
        {review.duplicates.length > 0 || review.missingRequired.length > 0 ? (
          <div className="mt-3 space-y-2">
            {review.duplicates.map((d) => (
              <Alert key={d} tone="error">
                {d}
              </Alert>
            ))}
            {review.missingRequired.length > 0 ? (
              <Alert tone="warning" title="Champs obligatoires sans colonne">
                Aucune colonne n'est associée à&nbsp;: {review.missingRequired.join(", ")}. Les formations existantes gardent leur
                valeur&nbsp;; une nouvelle formation sera refusée.
              </Alert>
            ) : null}
          </div>
        ) : null}
        <Form method="get" className="mt-4">
          <input type="hidden" name="fichier" value={review.upload.id} />
          <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Colonnes du fichier et champs associés</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Colonne du fichier
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Exemples
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Champ de la formation
                  </th>
                </tr>
              </thead>
              <tbody>
                {review.columns.map((c) => (
                  <tr key={c.index} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {c.header}
                    </th>
                    <td className="px-3 py-2 text-slate-700 dark:text-slate-300">
                      {c.samples.length ? c.samples.join(" · ") : <span className="italic">vide</span>}
                    </td>
                    <td className="px-3 py-2">
                      <label htmlFor={`c${c.index}`} className="sr-only">
                        Champ pour la colonne « {c.header} »
                      </label>
                      <select
                        id={`c${c.index}`}
                        name={`c${c.index}`}
                        defaultValue={c.key}
                        className={cn(fieldClass, "mt-0")}
                        key={`${review.upload.id}-${c.index}-${c.key}`}
                      >
                        <option value="">— Ignorer cette colonne —</option>
                        {IMPORT_COLUMNS.map((col) => (
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
        {review.counts.rejected > 0 ? (
          <p className="mt-1 text-sm text-red-800 dark:text-red-300" data-testid="preview-summary">
            {review.counts.rejected.toLocaleString("fr-FR")} ligne{review.counts.rejected > 1 ? "s" : ""} sur{" "}
            {review.rowCount.toLocaleString("fr-FR")} {review.counts.rejected > 1 ? "contiennent" : "contient"} des erreurs. Chaque erreur
            indique la colonne et le problème&nbsp;: corrigez le fichier ou la correspondance.
          </p>
        ) : (
          <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300" data-testid="preview-summary">
            Aucune erreur&nbsp;: les {review.rowCount.toLocaleString("fr-FR")} ligne{review.rowCount > 1 ? "s sont valides" : " est valide"}
            .
          </p>
        )}
        <RowsTable rows={review.rows} caption="Aperçu des lignes du fichier, les lignes en erreur d'abord" lineWord={review.lineWord} />
        {review.hiddenRows > 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {review.hiddenRows.toLocaleString("fr-FR")} autre{review.hiddenRows > 1 ? "s" : ""} ligne{review.hiddenRows > 1 ? "s" : ""} non
            affichée{review.hiddenRows > 1 ? "s" : ""}
            {rejectedShown < review.counts.rejected ? " (dont des lignes en erreur)" : ""}.
          </p>
        ) : null}
        {!review.simulation ? (
          <Form method="get" className="mt-4">
            <MappingHidden review={review} />
            <input type="hidden" name="simulation" value="1" />
            <Button type="submit" disabled={busy || review.duplicates.length > 0}>
              <Play aria-hidden="true" className="size-4" />
              Simuler l'import
            </Button>
          </Form>
        ) : null}
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
          <Form method="post" className="mt-4 space-y-4">
            <MappingHidden review={review} />
            <div className="flex items-start gap-3">
              <input id="tout-ou-rien" type="checkbox" name="toutOuRien" value="1" defaultChecked className="mt-1 size-4" />
              <label htmlFor="tout-ou-rien" className="text-sm">
                <span className="font-medium">Tout ou rien</span>&nbsp;: ne rien importer si une ligne est refusée (décochez pour importer
                les lignes valides et laisser de côté les autres).
              </label>
            </div>
            {importError ? (
              <Alert tone="error" title="Import impossible">
                {importError}
              </Alert>
            ) : null}
            <Button type="submit" disabled={busy || review.counts.created + review.counts.updated === 0}>
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

type ActionData = Awaited<ReturnType<typeof action>>;
type Imported = Extract<ActionData, { kind: "imported" }>;

function ImportResult({ result }: { result: Imported }) {
  return (
    <section aria-labelledby="etape-import" className={cn(panelClass, "mt-6")} data-testid="import-result">
      <h2 id="etape-import" className="text-lg font-semibold">
        4. {result.written ? "Import terminé" : "Rien n'a été importé"}
      </h2>
      {result.written ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          «&nbsp;{result.fileName}&nbsp;» a été importé en une seule fois&nbsp;; l'opération est inscrite au journal.
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
      {result.rejected.length > 0 ? <RowsTable rows={result.rejected} caption="Lignes refusées" lineWord="ligne" /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink to="/admin/formations">Voir les formations</ButtonLink>
        <ButtonLink to="/admin/formations/import" variant="secondary">
          Importer un autre fichier
        </ButtonLink>
      </div>
    </section>
  );
}

export default function FormationsImport({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const imported = actionData?.kind === "imported" && actionData.written ? actionData : undefined;
  const refused = actionData?.kind === "imported" && !actionData.written ? actionData : undefined;
  const step = imported ? 3 : loaderData.step === "review" ? (loaderData.simulation ? 2 : 1) : 0;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Importer des formations</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Créez ou mettez à jour le catalogue depuis un tableur, en vérifiant chaque ligne avant d'enregistrer.
          </p>
        </div>
        <ButtonLink to="/admin/formations/batch-import" variant="secondary">
          <Layers aria-hidden="true" className="size-4" />
          Import par lots
        </ButtonLink>
      </div>
      <div className={cn(panelClass, "mt-6")}>
        <Downloads />
      </div>
      <Steps current={step} />
      {imported ? (
        <ImportResult result={imported} />
      ) : loaderData.step === "upload" ? (
        <UploadForm error={actionData?.kind === "upload" ? actionData.message : undefined} />
      ) : loaderData.step === "error" ? (
        <div className="mt-6 space-y-4">
          <Alert tone="error" title="Ce fichier ne peut pas être importé" testId="file-error">
            {loaderData.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <Link to="/admin/formations/import" className={buttonClass("secondary")}>
              Choisir un autre fichier
            </Link>
            {loaderData.tooManyRows ? <ButtonLink to="/admin/formations/batch-import">Import par lots</ButtonLink> : null}
          </div>
        </div>
      ) : (
        <>
          {refused ? <ImportResult result={refused} /> : null}
          <ReviewSteps review={loaderData} importError={actionData?.kind === "import-error" ? actionData.message : undefined} />
        </>
      )}
      <ColumnsHelp />
    </div>
  );
}
