import { data } from "react-router";
import type { Route } from "./+types/factures-export";
import { accountantCsv, facturxZip, fecJournal } from "~/domain/invoices/exports.server";
import { periodSchema } from "~/domain/invoices/model";
import { requireAdmin } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";
import { validate } from "~/platform/validation/errors";

/**
 * GET /admin/factures/export?du=…&au=…&format=csv|fec|zip (admins): the period's invoices, credit
 * notes and payments for the accountant (CSV), its sales journal (FEC layout), its Factur-X files (ZIP).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const period = validate(periodSchema, { du: params.get("du") ?? "", au: params.get("au") ?? "" });
  if (!period.ok) throw data(Object.values(period.errors)[0] ?? "Période invalide.", { status: 400 });
  const { du, au } = period.value;
  switch (params.get("format")) {
    case "fec":
      return downloadResponse(await fecJournal(du, au), `journal-ventes-FEC-${du}-${au}.txt`, "text/plain; charset=utf-8");
    case "zip":
      return downloadResponse((await facturxZip(du, au)).zip, `factures-${du}-${au}.zip`, "application/zip");
    case "csv":
      return downloadResponse(await accountantCsv(du, au), `factures-${du}-${au}.csv`, "text/csv; charset=utf-8");
    default:
      throw data("Format inconnu.", { status: 400 });
  }
}
