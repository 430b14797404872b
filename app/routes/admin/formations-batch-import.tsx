import { Ban, Download, FileUp, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, data, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/formations-batch-import";
import { Alert, CountsGrid, FileStateBadge, JobStateBadge, ProgressBar, panelClass } from "~/domain/formations/import/components";
import { cancelJob, createJob, getJob, listJobs } from "~/domain/formations/import/jobs.server";
import {
  ACCEPT_ATTRIBUTE,
  ImportFileError,
  countsSentence,
  formatBytes,
  isActiveJob,
  type JobView,
} from "~/domain/formations/import/model";
import { IMPORT_MAX_BATCH_FILES, IMPORT_MAX_UPLOAD_BYTES, IMPORT_MAX_UPLOAD_LABEL } from "~/domain/formations/import/limits";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Spinner } from "~/ui/spinner";
import { formatDateTime } from "./format";

export const handle = { breadcrumb: "Import par lots" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Import par lots",
    description: "Importer plusieurs fichiers ou de grands catalogues en arrière-plan.",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** How often the page asks for the progress of a running job. */
const POLL_MS = 1_000;

/** /admin/formations/batch-import: several files or large catalogues, imported by the background worker (editors). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const wanted = new URL(request.url).searchParams.get("lot");
  const jobs = await listJobs(10);
  const selected = (wanted ? (jobs.find((j) => j.id === wanted) ?? (await getJob(wanted))) : jobs[0]) ?? null;
  return { jobs, selected };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const intent = new URL(request.url).searchParams.get("etape");
  if (intent === "annulation") {
    const id = String((await request.formData()).get("id") ?? "");
    const result = await cancelJob(id);
    if (result === "missing") return data({ ok: false as const, message: "Cet import n'existe pas." }, { status: 404 });
    if (result === "over")
      return data({ ok: false as const, message: "Cet import est déjà terminé : il ne peut plus être annulé." }, { status: 409 });
    return {
      ok: true as const,
      message:
        result === "cancelled"
          ? "Import annulé avant son démarrage."
          : "Annulation demandée : le fichier en cours est abandonné sans rien enregistrer.",
    };
  }
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_MAX_BATCH_FILES * IMPORT_MAX_UPLOAD_BYTES + 256 * 1024) {
    return data(
      {
        ok: false as const,
        message: `L'envoi dépasse ${IMPORT_MAX_BATCH_FILES} fichiers de ${IMPORT_MAX_UPLOAD_LABEL} : répartissez vos fichiers en plusieurs lots.`,
      },
      { status: 413 },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false as const, message: "Envoi incomplet : réessayez." }, { status: 400 });
  }
  const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  try {
    const id = await createJob(
      { id: user.id, email: user.email, role: user.role },
      await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))),
      { allOrNothing: form.get("toutOuRien") === "1" },
    );
    return redirect(`/admin/formations/batch-import?lot=${id}`);
  } catch (error) {
    if (error instanceof ImportFileError) return data({ ok: false as const, message: error.message }, { status: 422 });
    throw error;
  }
}

/** Re-reads the page's data every second while a job runs: the progress survives a reload, the job lives in the database. */
function usePolling(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

function NewBatch() {
  const navigation = useNavigation();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const shown = problem;
  return (
    <section aria-labelledby="nouveau-lot" className={cn(panelClass, "mt-6")}>
      <h2 id="nouveau-lot" className="text-lg font-semibold">
        Nouveau lot
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Jusqu'à {IMPORT_MAX_BATCH_FILES} fichiers CSV, XLSX ou JSON de {IMPORT_MAX_UPLOAD_LABEL} chacun, aussi grands que le catalogue (10&nbsp;000
        formations et plus). Les colonnes sont reconnues d'après leurs en-têtes, comme dans les{" "}
        <Link to="/admin/formations/import" className="font-medium underline">
          modèles
        </Link>
        . Chaque fichier est importé en une seule fois&nbsp;: un fichier qui échoue n'enregistre rien. Vous pouvez quitter cette page
        pendant l'import.
      </p>
      <Form method="post" action="?etape=lot" encType="multipart/form-data" className="mt-4 space-y-4">
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
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? "batch-files-error" : undefined}
            onChange={(e) => {
              const list = [...(e.currentTarget.files ?? [])];
              const big = list.find((f) => f.size > IMPORT_MAX_UPLOAD_BYTES);
              setProblem(
                list.length > IMPORT_MAX_BATCH_FILES
                  ? `${list.length} fichiers choisis : ${IMPORT_MAX_BATCH_FILES} au plus par lot.`
                  : big
                    ? `« ${big.name} » dépasse ${IMPORT_MAX_UPLOAD_LABEL} (${formatBytes(big.size)}) : découpez-le en plusieurs fichiers.`
                    : null,
              );
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white text-sm file:mr-3 file:min-h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold dark:border-slate-600 dark:bg-slate-900 dark:file:bg-slate-800"
          />
        </div>
        <div className="flex items-start gap-3">
          <input id="batch-all-or-nothing" type="checkbox" name="toutOuRien" value="1" className="mt-1 size-4" />
          <label htmlFor="batch-all-or-nothing" className="text-sm">
            <span className="font-medium">Tout ou rien par fichier</span>&nbsp;: ne rien importer d'un fichier dont une ligne est refusée
            (sinon, ses lignes valides sont importées et les autres listées dans le rapport).
          </label>
        </div>
        {shown ? (
          <p id="batch-files-error" role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {shown}
          </p>
        ) : null}
        <Button type="submit" disabled={busy || problem !== null}>
          <Upload aria-hidden="true" className="size-4" />
          Lancer l'import
        </Button>
        {busy ? <Spinner className="justify-start" label="Envoi des fichiers…" /> : null}
      </Form>
    </section>
  );
}

function JobDetail({ job }: { job: JobView }) {
  const navigation = useNavigation();
  const active = isActiveJob(job.state);
  const hasReport = !active && (job.counts.rejected > 0 || job.files.some((f) => f.state === "failed" || f.state === "cancelled"));
  return (
    <section aria-labelledby="lot-detail" className={cn(panelClass, "mt-6")} data-testid="job-detail" data-state={job.state}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lot-detail" className="text-lg font-semibold">
          Lot du {formatDateTime(job.createdAt)}
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
              ? `Terminé : ${countsSentence(job.counts)}.`
              : job.state === "cancelled"
                ? `Annulé : les fichiers terminés avant l'annulation sont importés (${countsSentence(job.counts)}), les autres ne le sont pas.`
                : job.error || "L'import s'est arrêté sur une erreur."}
        </p>
      </div>
      <div className="mt-4">
        <CountsGrid counts={job.counts} testId="job-counts" />
      </div>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Fichiers du lot</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-left dark:border-slate-800 dark:bg-slate-950">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Fichier
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                État
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Résultat
              </th>
            </tr>
          </thead>
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
                  {f.ignoredColumns.length > 0 ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      Colonnes ignorées (non reconnues)&nbsp;: {f.ignoredColumns.join(", ")}
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
            Télécharger le rapport des lignes refusées (CSV)
          </a>
        ) : null}
        {!active && job.counts.created + job.counts.updated > 0 ? (
          <ButtonLink to="/admin/formations">Voir les formations</ButtonLink>
        ) : null}
      </div>
    </section>
  );
}

export default function FormationsBatchImport({ loaderData }: Route.ComponentProps) {
  const { jobs, selected } = loaderData;
  const actionData = useActionData<typeof action>();
  usePolling(jobs.some((j) => isActiveJob(j.state)) || (selected !== null && isActiveJob(selected.state)));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Import par lots</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Plusieurs fichiers, ou des catalogues entiers, importés en arrière-plan avec un rapport des lignes refusées.
          </p>
        </div>
        <ButtonLink to="/admin/formations/import" variant="secondary">
          <FileUp aria-hidden="true" className="size-4" />
          Import d'un fichier avec aperçu
        </ButtonLink>
      </div>
      {actionData ? (
        <div className="mt-6">
          <Alert tone={actionData.ok ? "success" : "error"}>{actionData.message}</Alert>
        </div>
      ) : null}
      {selected ? <JobDetail job={selected} /> : null}
      <NewBatch />
      {jobs.length > 0 ? (
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
                  aria-current={selected?.id === j.id ? "true" : undefined}
                >
                  Lot du {formatDateTime(j.createdAt)} · {j.files.map((f) => f.name).join(", ")}
                </Link>
                <span className="flex items-center gap-3">
                  <span className="text-slate-600 tabular-nums dark:text-slate-400">
                    {isActiveJob(j.state) ? `${j.percent} %` : countsSentence(j.counts)}
                  </span>
                  <JobStateBadge state={j.state} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
