import { data } from "react-router";
import type { Route } from "./+types/document-download";
import { documentFile } from "~/domain/documents/documents.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";

/** GET /admin/documents/{id}/pdf (editors): a stored training document, as an attachment, never cached. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const file = await documentFile(params.id);
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.body, file.filename, "application/pdf");
}
