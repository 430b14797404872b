import { data } from "react-router";
import type { Route } from "./+types/facture-pdf";
import { invoiceFile } from "~/domain/invoices/files.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";

/** GET /admin/factures/{id}/pdf (editors and admins): an issued invoice or credit note, its Factur-X PDF. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const file = await invoiceFile(params.id);
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.body, file.filename, "application/pdf");
}
