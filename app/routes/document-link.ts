import type { Route } from "./+types/document-link";
import { documentFile } from "~/domain/documents/documents.server";
import { verifyDocumentToken } from "~/domain/documents/links.server";
import { downloadResponse } from "~/platform/http/download";

const refusal = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /documents/{token}: the client's signed link to one document, valid 30 days (README,
 * « Documents de formation »). A forged or altered link is 404, an expired one 403; a document
 * since replaced is no longer served (the client receives the new version's link).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const check = verifyDocumentToken(params.token);
  if (!check.ok)
    return check.reason === "expire"
      ? refusal(403, "Ce lien a expiré\u00a0: demandez un nouvel envoi du document à l'organisme de formation.")
      : refusal(404, "Document introuvable.");
  const file = await documentFile(check.id);
  if (!file || file.replaced) return refusal(404, "Document introuvable ou remplacé par une version plus récente.");
  return downloadResponse(file.body, file.filename, "application/pdf", { "X-Robots-Tag": "noindex" });
}
