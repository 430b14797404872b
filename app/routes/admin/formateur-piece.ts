import { data } from "react-router";
import type { Route } from "./+types/formateur-piece";
import { trainerFileDownload } from "~/domain/trainers/files.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";

/**
 * GET /admin/formateurs/{id}/pieces/{fileId} (editors and admins): a trainer's CV or diploma, as an
 * attachment, never cached, never sniffed. Anyone else is sent to sign in (anonymous) or refused (a viewer).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireEditor(request);
  const file = await trainerFileDownload(params.id, params.fileId, { actor });
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.body, file.filename, file.contentType);
}
