import type { Route } from "./+types/formateurs-heures";
import { hoursCsv } from "~/domain/trainers/trainers.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/formateurs/heures.csv (editors and admins): hours taught per trainer and year, internal or external. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  return new Response(await hoursCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="heures-formateurs-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
