import { Layers } from "lucide-react";
import { data, redirect, useActionData } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/formations-import";
import { adminCrumb } from "~/ui/layout/admin-nav";
import { Alert, panelClass } from "~/domain/catalogue-import/components";
import { importPageData, receiveUpload, runImport } from "~/domain/catalogue-import/page.server";
import { ColumnsHelp, Downloads, ImportResult, ReviewSteps, Steps, UploadForm } from "~/domain/catalogue-import/single-import";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { ButtonLink, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";

export const handle = { parents: [adminCrumb("/admin/formations")], breadcrumb: "Importer des formations" };

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
    if (!result.ok) return data({ kind: "upload" as const, errors: result.errors }, { status: result.status });
    return redirect(`/admin/formations/import?fichier=${result.fileId}`);
  }
  const outcome = await runImport(await request.formData(), actor);
  if (!outcome.ok) return data({ kind: "import-error" as const, errors: outcome.errors }, { status: outcome.status });
  return { kind: "imported" as const, ...outcome };
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
        <UploadForm reply={actionData?.kind === "upload" ? actionData : undefined} />
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
          <ReviewSteps review={loaderData} importReply={actionData?.kind === "import-error" ? actionData : undefined} />
        </>
      )}
      <ColumnsHelp />
    </div>
  );
}
