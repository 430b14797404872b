import type { Route } from "./+types/leads-export";
import { leadKindFromPath } from "~/domain/leads/admin";
import { exportLeadsCsv } from "~/domain/leads/leads.server";
import { parseLeadFilter } from "~/domain/leads/model";
import { requireEditor } from "~/platform/auth/guard.server";

/**
 * GET /admin/devis/export and /admin/messages/export (editors): the list with the same filters
 * as on screen, as CSV for Excel in French (UTF-8 with BOM, ";" separator).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const url = new URL(request.url);
  const kind = leadKindFromPath(url.pathname);
  const csv = await exportLeadsCsv(kind, parseLeadFilter(url.searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind === "devis" ? "demandes-de-devis" : "messages"}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
