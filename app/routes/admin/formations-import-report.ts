import { data } from "react-router";
import type { Route } from "./+types/formations-import-report";
import { downloadResponse } from "~/domain/catalogue-import/download.server";
import { jobReportCsv } from "~/domain/catalogue-import/jobs.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/formations/batch-import/{job}/rapport (editors): the rejected rows of a batch and their reasons, as CSV. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const csv = await jobReportCsv(params.jobId);
  if (csv === undefined) throw data(null, { status: 404 });
  return downloadResponse({
    body: csv,
    contentType: "text/csv; charset=utf-8",
    filename: `rapport-import-${params.jobId.slice(0, 8)}.csv`,
  });
}
