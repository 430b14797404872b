import type { Route } from "./+types/document";
import { doorAt } from "~/domain/space/doors";
import { requireSpacePerson } from "~/domain/space/sign-in.server";
import { spaceDocumentFile } from "~/domain/space/space.server";
import { requireTrainerPerson, trainerDocumentFile } from "~/domain/space/trainer-space.server";
import { downloadResponse } from "~/platform/http/download";

/**
 * GET /espace/documents/{id}: a training document's PDF, for the person of the space it concerns
 * (the registration's contact, or the trainee it is about). GET /espace/formateur/documents/{id}:
 * the attendance sheet or a convocation of a session the signed-in trainer teaches. Anyone else: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const file =
    doorAt(new URL(request.url).pathname) === "formateur"
      ? await trainerDocumentFile((await requireTrainerPerson(request)).trainer, params.id)
      : await spaceDocumentFile((await requireSpacePerson(request)).email, params.id);
  if (!file)
    return new Response("Document introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return downloadResponse(file.body, file.filename, "application/pdf", { "X-Robots-Tag": "noindex" });
}
