import type { Route } from "./+types/invoice";
import { requireSpacePerson } from "~/domain/space/sign-in.server";
import { spaceInvoiceFile } from "~/domain/space/space.server";
import { downloadResponse } from "~/platform/http/download";

/** GET /espace/factures/{id}: an invoice or credit note's Factur-X PDF, for the contact of its registration. Anyone else: 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const file = await spaceInvoiceFile(person.email, params.id);
  if (!file)
    return new Response("Facture introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return downloadResponse(file.body, file.filename, "application/pdf", { "X-Robots-Tag": "noindex" });
}
