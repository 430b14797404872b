import { data } from "react-router";
import type { Route } from "./+types/formations-template";
import { templateFile } from "~/domain/catalogue-import/export.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/domain/catalogue-import/download.server";

/** GET /admin/formations/modele/csv and …/xlsx (editors): the import template, with one example row. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  if (params.format !== "csv" && params.format !== "xlsx") throw data(null, { status: 404 });
  return downloadResponse(await templateFile(params.format));
}
