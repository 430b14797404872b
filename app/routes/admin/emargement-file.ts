import { data } from "react-router";
import type { Route } from "./+types/emargement-file";
import { attachmentFile } from "~/domain/attendance/files.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";

/** GET /admin/emargement/fichiers/{record id} (editors): a paper sheet's scan or a connection report, as an attachment. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const file = await attachmentFile(params.id);
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.body, file.filename, file.type);
}
