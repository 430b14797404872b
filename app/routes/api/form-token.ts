import { data } from "react-router";
import type { Route } from "./+types/form-token";
import { issueFormToken } from "~/platform/intake/guard.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";

/**
 * GET /api/jeton-formulaire?formulaire=devis|contact|inscription: a token for this visitor's display of the
 * form (minimum fill time, duplicate-submission key). Pages with a form are cached and shared, so
 * the token never comes with them: the form asks for its own when it appears.
 */
export function loader({ request }: Route.LoaderArgs) {
  const kind = new URL(request.url).searchParams.get("formulaire");
  if (kind !== "devis" && kind !== "contact" && kind !== "inscription") throw data({ error: "Formulaire inconnu." }, { status: 404 });
  return Response.json({ token: issueFormToken(kind) }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
