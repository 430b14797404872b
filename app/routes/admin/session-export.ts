import { data } from "react-router";
import type { Route } from "./+types/session-export";
import { exportTraineesCsv } from "~/domain/registrations/admin.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/sessions/{id}/stagiaires.csv (editors): the session's trainees for Excel in French (UTF-8 with BOM, « ; »). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const csv = await exportTraineesCsv(params.id);
  if (csv === null) throw data(null, { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="stagiaires-session-${params.id.slice(0, 8)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
