import { data } from "react-router";
import type { Route } from "./+types/formations-export";
import { downloadResponse } from "~/domain/catalogue-import/download.server";
import { EXPORT_FORMATS, exportCatalogue, type ExportFormat } from "~/domain/catalogue-import/export.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/formations/export/csv, …/xlsx and …/json (editors): the whole catalogue, drafts included, in the import's layout. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  if (!EXPORT_FORMATS.includes(params.format as ExportFormat)) throw data(null, { status: 404 });
  return downloadResponse(await exportCatalogue(params.format as ExportFormat));
}
