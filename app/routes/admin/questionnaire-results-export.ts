import type { Route } from "./+types/questionnaire-results-export";
import { resultsCsv } from "~/domain/questionnaires/results.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** GET /admin/questionnaires/{id}/resultats.csv (editors and admins): the answers of the results page's filter, one line each. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const url = new URL(request.url);
  const csv = await resultsCsv({
    questionnaireId: params.id,
    sessionId: url.searchParams.get("session") || undefined,
    formationId: url.searchParams.get("formation") || undefined,
    from: day(url.searchParams.get("du")),
    to: day(url.searchParams.get("au")),
  });
  if (csv === null) return new Response("Questionnaire introuvable.", { status: 404, headers: { "Cache-Control": "no-store" } });
  return downloadResponse(csv, `reponses-questionnaire-${new Date().toISOString().slice(0, 10)}.csv`, "text/csv; charset=utf-8");
}
