import type { Route } from "./+types/document-preview";
import { previewConvention } from "~/domain/documents/documents.server";
import { getDocumentClauses } from "~/domain/settings/settings.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/parametres/documents/apercu.pdf (editors): a sample convention with the saved clauses, shown in the browser. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const pdf = await previewConvention((await getDocumentClauses()).values);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="apercu-convention.pdf"',
      "Cache-Control": "no-store",
    },
  });
}
