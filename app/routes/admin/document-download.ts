import { data } from "react-router";
import type { Route } from "./+types/document-download";
import { documentFile } from "~/domain/documents/documents.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/documents/{id}/pdf (editors): a stored training document, as an attachment, never cached. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const file = await documentFile(params.id);
  if (!file) throw data(null, { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
