import type { Route } from "./+types/signature-document";
import { requireSpacePerson } from "~/domain/space/sign-in.server";
import { signerDocument } from "~/domain/signatures/signatures.server";
import { downloadResponse } from "~/platform/http/download";

/**
 * GET /espace/signatures/{id}/document.pdf: the document to sign (the sealed one once signed), for
 * its signer only; `?lire=1` shows it in the page instead of downloading it. Anyone else: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const file = await signerDocument(person.email, params.id);
  if (!file)
    return new Response("Document introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const response = downloadResponse(file.body, file.filename, "application/pdf", { "X-Robots-Tag": "noindex" });
  if (new URL(request.url).searchParams.get("lire") === "1")
    response.headers.set("Content-Disposition", `inline; filename="${file.filename}"`);
  return response;
}
