import { Ban, Download, Play, Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import { guessMapping, mappingProblems } from "./columns";
import {
  Alert,
  CountsGrid,
  FileError,
  FileStateBadge,
  JobStateBadge,
  ProgressBar,
  TableHead,
  fileInputClass,
  panelClass,
  FileReading,
} from "./components";
import { IMPORT_MAX_BATCH_FILES, IMPORT_MAX_UPLOAD_LABEL } from "./limits";
import { IGNORED_ACK_FIELD, ignoredHeaders, mappingColumns } from "./mapping";
import { HeaderRowChoice, IgnoredColumnsNotice, MappingTable } from "./mapping-step";
import { ACCEPT_ATTRIBUTE, countsSentence, formatBytes, isActiveJob, type JobView } from "./model";
import { AllOrNothing } from "./single-import";
import { useLiveData } from "~/platform/live/use-live-data";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";
import { Spinner } from "~/ui/spinner";

/** The screens of the batch import: upload → columns of each file → progress and report. */

/** Re-reads the page's data every second while a job runs: the progress survives a reload, the job lives in the database. */
export function usePolling(active: boolean) {
  useLiveData({ poll: active });
}

const loadUploadValidator = () => import("./forms").then((m) => schemaValidator(m.batchUploadSchema));
const loadConfirmValidator = () => import("./forms").then((m) => schemaValidator(m.batchConfirmSchema));

/** A new batch: the shared form pattern (no file, too many or too large files are said beside the field, before sending). */
export function NewBatch({ reply }: { reply?: SubmissionReply }) {
  const navigation = useNavigation();
  const form = useForm({ id: "batch-upload", reply, validator: loadUploadValidator, focusField: true, files: true });
  const problem = form.errors.files;
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  return (
    <section aria-labelledby="nouveau-lot" className={cn(panelClass, "mt-6")}>
      <h2 id="nouveau-lot" className="text-lg font-semibold">
        Nouveau lot
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Jusqu'à {IMPORT_MAX_BATCH_FILES} fichiers CSV, XLSX ou JSON de {IMPORT_MAX_UPLOAD_LABEL} chacun, aussi grands que le catalogue
        (10&nbsp;000 formations et plus). Vous vérifiez ensuite les colonnes de chaque fichier, comme pour{" "}
        <Link to="/admin/formations/import" className="font-medium underline">
          l'import d'un fichier
        </Link>
        , avant de lancer l'import. Vous pouvez quitter cette page pendant l'import.
      </p>
      <Form method="post" action="?etape=lot" encType="multipart/form-data" {...form.formProps} className="mt-4 space-y-4">
        <div>
          <label htmlFor="batch-files" className="block text-sm font-medium">
            Fichiers à importer
          </label>
          <input
            id="batch-files"
            type="file"
            name="files"
            multiple
            required
            accept={ACCEPT_ATTRIBUTE}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "batch-files-error" : undefined}
            className={fileInputClass}
          />
        </div>
        <FileError id="batch-files-error" message={problem} className="" />
        <Button type="submit" disabled={busy}>
          <Upload aria-hidden="true" className="size-4" />
          Envoyer et vérifier les colonnes
        </Button>
        {busy ? <Spinner className="justify-start" label="Envoi et lecture des fichiers…" /> : null}
      </Form>
    </section>
  );
}

/** The mapping step of a batch: each readable file's columns, one acknowledgement for every ignored column, all or nothing. */
export function JobReview({ job, reply }: { job: JobView; reply?: SubmissionReply & { ignored?: string[] } }) {
  const navigation = useNavigation();
  const form = useForm({
    id: "batch-confirm",
    reply: reply?.errors ? reply : undefined,
    validator: loadConfirmValidator,
    focusField: true,
  });
  const ignored = reply?.ignored;
  const busy = navigation.state !== "idle";
  const readable = job.files.filter((f) => f.preview);
  const mappingOf = (f: JobView["files"][number]) => f.mapping ?? guessMapping(f.preview!.headers);
  const proposed =
    ignored ??
    readable.flatMap((f) => ignoredHeaders(f.preview!.headers, mappingOf(f)).map((h) => (readable.length > 1 ? `${h} (${f.name})` : h)));
  return (
    <section aria-labelledby="lot-colonnes" className={cn(panelClass, "mt-6")} data-testid="job-review">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lot-colonnes" className="text-lg font-semibold">
          {job.label}&nbsp;: colonnes à vérifier
        </h2>
        <JobStateBadge state={job.state} />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Rien n'est encore importé. Chaque colonne est associée au champ que désigne son en-tête&nbsp;: corrigez ce qui doit l'être, puis
        lancez l'import.
      </p>
      <Form method="post" action="?etape=colonnes" {...form.formProps} className="mt-4 space-y-6">
        <input type="hidden" name="id" value={job.id} />
        {job.files.map((f, n) =>
          f.preview ? (
            <fieldset key={f.id} className="space-y-2" data-testid="review-file">
              <legend className="font-semibold">
                «&nbsp;{f.name}&nbsp;» <span className="font-normal text-slate-600 dark:text-slate-400">({f.preview.description})</span>
              </legend>
              <FileReading sheets={f.preview.sheets} skipped={f.preview.skipped} lineWord="ligne" />
              {mappingProblems(f.preview.headers, mappingOf(f))
                .missingRequired.filter((c) => c.key === "titre")
                .map((c) => (
                  <p key={c.key} className="text-sm text-amber-900 dark:text-amber-200">
                    Aucune colonne n'est associée à «&nbsp;{c.label}&nbsp;»&nbsp;: seules les formations existantes pourront être mises à
                    jour.
                  </p>
                ))}
              {f.preview.headerCandidates?.length && f.preview.headerLine ? (
                <HeaderRowChoice
                  id={`f${n}entete`}
                  name={`f${n}entete`}
                  line={f.preview.headerLine}
                  chosen={Boolean(f.preview.headerChosen)}
                  candidates={f.preview.headerCandidates}
                  seed={f.id}
                  // Its own step: the mapping on screen is sent along (kept for the other files), not checked.
                  submit={{ formAction: "?etape=entete", formNoValidate: true, name: "lireEntete", value: String(n), disabled: busy }}
                />
              ) : null}
              <MappingTable
                columns={mappingColumns(f.preview.headers, mappingOf(f), f.preview.samples)}
                namePrefix={`f${n}c`}
                caption={`Colonnes de «\u00a0${f.name}\u00a0» et champs associés`}
                seed={f.id}
              />
            </fieldset>
          ) : (
            <Alert key={f.id} tone="error" title={`«\u00a0${f.name}\u00a0» ne sera pas importé`}>
              {f.error}
            </Alert>
          ),
        )}
        <IgnoredColumnsNotice ignored={proposed} id="lot-colonnes-ignorees" error={form.errors[IGNORED_ACK_FIELD]} />
        <AllOrNothing id="batch-all-or-nothing">
          ne rien importer d'un fichier dont une ligne est refusée (décochez pour importer ses lignes valides et lister les autres dans le
          rapport).
        </AllOrNothing>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            <Play aria-hidden="true" className="size-4" />
            Lancer l'import
          </Button>
        </div>
      </Form>
      <Form method="post" action="?etape=annulation" className="mt-3">
        <input type="hidden" name="id" value={job.id} />
        <Button type="submit" variant="secondary" disabled={busy}>
          <Ban aria-hidden="true" className="size-4" />
          Abandonner ce lot
        </Button>
      </Form>
    </section>
  );
}

export function JobDetail({ job }: { job: JobView }) {
  const navigation = useNavigation();
  const active = isActiveJob(job.state);
  const hasReport =
    !active &&
    (job.counts.rejected > 0 || job.counts.incomplete > 0 || job.files.some((f) => f.state === "failed" || f.state === "cancelled"));
  return (
    <section aria-labelledby="lot-detail" className={cn(panelClass, "mt-6")} data-testid="job-detail" data-state={job.state}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lot-detail" className="text-lg font-semibold">
          {job.label}
        </h2>
        <JobStateBadge state={job.state} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Lancé par {job.actorEmail} · {job.totalFiles} fichier{job.totalFiles > 1 ? "s" : ""}
        {job.allOrNothing ? " · tout ou rien par fichier" : ""}
      </p>
      <div className="mt-4" aria-live="polite">
        <ProgressBar
          id={`progression-${job.id}`}
          percent={job.percent}
          label={active ? "Progression" : job.state === "done" ? "Import terminé" : "Import arrêté"}
        />
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="job-stage">
          {active
            ? `${job.stage || "En attente de démarrage"} · fichier ${Math.min(job.filesDone + 1, job.totalFiles)} sur ${job.totalFiles}${job.totalRows ? ` · ${Math.min(job.rowsDone, job.totalRows).toLocaleString("fr-FR")} ligne${job.rowsDone > 1 ? "s" : ""} vérifiée${job.rowsDone > 1 ? "s" : ""} sur ${job.totalRows.toLocaleString("fr-FR")}` : ""}`
            : job.state === "done"
              ? `Terminé\u00a0: ${countsSentence(job.counts)}.`
              : job.state === "cancelled"
                ? `Annulé\u00a0: les fichiers terminés avant l'annulation sont importés (${countsSentence(job.counts)}), les autres ne le sont pas.`
                : job.error || "L'import s'est arrêté sur une erreur."}
        </p>
      </div>
      <div className="mt-4">
        <CountsGrid counts={job.counts} testId="job-counts" />
      </div>
      <div
        className="mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
        role="region"
        aria-label="Fichiers du lot (défile horizontalement)"
        tabIndex={0}
      >
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Fichiers du lot</caption>
          <TableHead labels={["Fichier", "État", "Résultat"]} />
          <tbody>
            {job.files.map((f) => (
              <tr key={f.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800" data-testid="job-file">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {f.name}
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                    {formatBytes(f.size)}
                    {f.rows ? ` · ${f.rows.toLocaleString("fr-FR")} ligne${f.rows > 1 ? "s" : ""}` : ""}
                  </span>
                </th>
                <td className="px-3 py-2">
                  <FileStateBadge state={f.state} />
                </td>
                <td className="px-3 py-2 text-slate-700 dark:text-slate-300">
                  {f.state === "done" ? `${countsSentence(f.counts)}.` : null}
                  {f.error ? <span className="block text-red-800 dark:text-red-300">{f.error}</span> : null}
                  {f.ignoredColumns.length > 0 && f.mapping ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      Colonnes ignorées (avec votre accord)&nbsp;: {f.ignoredColumns.join(", ")}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {active ? (
          <Form method="post" action="?etape=annulation">
            <input type="hidden" name="id" value={job.id} />
            <Button type="submit" variant="danger" disabled={job.cancelRequested || navigation.state !== "idle"}>
              <Ban aria-hidden="true" className="size-4" />
              {job.cancelRequested ? "Annulation demandée…" : "Annuler l'import"}
            </Button>
          </Form>
        ) : null}
        {hasReport ? (
          <a href={`/admin/formations/batch-import/${job.id}/rapport`} className={buttonClass("secondary")} download>
            <Download aria-hidden="true" className="size-4" />
            {job.counts.incomplete > 0
              ? "Télécharger le rapport des lignes refusées et des brouillons à compléter (CSV)"
              : "Télécharger le rapport des lignes refusées (CSV)"}
          </a>
        ) : null}
        {!active && job.counts.created + job.counts.updated > 0 ? (
          <ButtonLink to="/admin/formations">Voir les formations</ButtonLink>
        ) : null}
      </div>
    </section>
  );
}

export function RecentJobs({ jobs, selectedId }: { jobs: JobView[]; selectedId?: string }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="lots-recents" className={cn(panelClass, "mt-6")}>
      <h2 id="lots-recents" className="text-lg font-semibold">
        Derniers lots
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        {jobs.map((j) => (
          <li key={j.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <Link
              to={`?lot=${j.id}`}
              className="font-medium text-brand-800 hover:underline dark:text-brand-200"
              aria-current={selectedId === j.id ? "true" : undefined}
            >
              {j.label} · {j.files.map((f) => f.name).join(", ")}
            </Link>
            <span className="flex items-center gap-3">
              <span className="text-slate-600 tabular-nums dark:text-slate-400">
                {isActiveJob(j.state) ? `${j.percent} %` : j.state === "review" ? "Colonnes à vérifier" : countsSentence(j.counts)}
              </span>
              <JobStateBadge state={j.state} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
