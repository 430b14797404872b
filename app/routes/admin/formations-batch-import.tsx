import { FileUp } from "lucide-react";
import { isStaleLiveData, liveClientLoader } from "~/platform/live/live-loader";
import { StaleNotice } from "~/ui/stale-notice";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/formations-batch-import";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { JobDetail, JobReview, NewBatch, RecentJobs, usePolling } from "~/domain/catalogue-import/batch-import";
import { cancelBatch, changeBatchHeader, confirmBatch, receiveBatch } from "~/domain/catalogue-import/batch-page.server";
import { Alert } from "~/domain/catalogue-import/components";
import { getJob, listJobs } from "~/domain/catalogue-import/jobs.server";
import { isActiveJob } from "~/domain/catalogue-import/model";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { ButtonLink } from "~/ui/button";

export const handle = { parents: [adminCrumb("/admin/formations")], breadcrumb: "Import par lots" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Import par lots",
    description: "Importer plusieurs fichiers ou de grands catalogues en arrière-plan.",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** /admin/formations/batch-import: several files or large catalogues, columns checked, then imported by the background worker (editors). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const wanted = new URL(request.url).searchParams.get("lot");
  const jobs = await listJobs(10);
  const selected = (wanted ? (jobs.find((j) => j.id === wanted) ?? (await getJob(wanted))) : jobs[0]) ?? null;
  return { jobs, selected };
}

/** A background refresh that fails keeps the progress on screen (docs/spec.md#requetes). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  liveClientLoader("routes/admin/formations-batch-import", serverLoader);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const step = new URL(request.url).searchParams.get("etape");
  const reply =
    step === "annulation"
      ? await cancelBatch(await request.formData())
      : step === "colonnes"
        ? await confirmBatch(await request.formData())
        : step === "entete"
          ? await changeBatchHeader(await request.formData())
          : await receiveBatch(request, { id: user.id, email: user.email, role: user.role });
  if (!reply.ok) return data(reply, { status: reply.status });
  if (reply.jobId)
    return redirectWithToast(`/admin/formations/batch-import?lot=${reply.jobId}`, {
      kind: "success",
      title: step === "colonnes" ? "Import lancé" : step === "entete" ? "Ligne d'en-tête changée" : "Fichiers reçus",
      description: reply.message,
    });
  return reply;
}

export default function FormationsBatchImport({ loaderData }: Route.ComponentProps) {
  const { jobs, selected } = loaderData;
  const actionData = useActionData<typeof action>();
  // A refused upload's messages go beside the files field; the mapping step's, beside its box.
  const isUpload = Boolean(actionData && !actionData.ok && actionData.errors?.files);
  usePolling(jobs.some((j) => isActiveJob(j.state)) || (selected !== null && isActiveJob(selected.state)));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Import par lots</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Plusieurs fichiers, ou des catalogues entiers, importés en arrière-plan avec un rapport des lignes refusées.
          </p>
          <StaleNotice stale={isStaleLiveData(loaderData)} />
        </div>
        <ButtonLink to="/admin/formations/import" variant="secondary">
          <FileUp aria-hidden="true" className="size-4" />
          Import d'un fichier avec aperçu
        </ButtonLink>
      </div>
      {actionData?.message ? (
        <div className="mt-6">
          <Alert tone={actionData.ok ? "success" : "error"} testId="batch-message">
            {actionData.message}
          </Alert>
        </div>
      ) : null}
      {selected?.state === "review" ? (
        <JobReview job={selected} reply={actionData && !actionData.ok && !isUpload ? actionData : undefined} />
      ) : selected ? (
        <JobDetail job={selected} />
      ) : null}
      <NewBatch reply={actionData && !actionData.ok && isUpload ? actionData : undefined} />
      <RecentJobs jobs={jobs} selectedId={selected?.id} />
    </div>
  );
}
