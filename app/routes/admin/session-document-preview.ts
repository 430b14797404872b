import { data } from "react-router";
import type { Route } from "./+types/session-document-preview";
import { previewDocument } from "~/domain/documents/documents.server";
import { generateSchema } from "~/domain/documents/model";
import { requireEditor } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";

/**
 * GET /admin/sessions/{id}/documents/apercu.pdf?type=…&inscription=…&stagiaire=…&formateur=… (editors): the
 * document as it would be generated, numbered « APERÇU », shown in the browser and never stored.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const parsed = generateSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data("Type de document inconnu.", { status: 400 });
  const { type, inscription, stagiaire, formateur } = parsed.data;
  const result = await previewDocument({
    kind: type,
    sessionId: params.id,
    registrationId: inscription || undefined,
    traineeId: stagiaire || undefined,
    trainerId: formateur || undefined,
  });
  if (!result.ok)
    return new Response(result.error, {
      status: failureStatus(result.kind),
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(new Uint8Array(result.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${result.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
