import type { Route } from "./+types/v1-sessions";
import { sessionsAnswer } from "~/domain/catalogue-feed/api.server";
import { publicApiAnswer, publicApiOtherMethod } from "~/platform/http/public-api";

/** GET /api/v1/sessions?page=&per_page=&formation=: upcoming sessions of published formations (docs/api/openapi.json). */
export async function loader({ request }: Route.LoaderArgs) {
  // React Router hands OPTIONS (a browser's preflight) to the loader.
  if (request.method === "OPTIONS") return publicApiOtherMethod(request);
  const answer = await sessionsAnswer(new URL(request.url));
  return publicApiAnswer(answer);
}

export function action({ request }: Route.ActionArgs) {
  return publicApiOtherMethod(request);
}
