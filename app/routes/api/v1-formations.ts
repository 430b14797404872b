import type { Route } from "./+types/v1-formations";
import { formationsAnswer } from "~/domain/catalogue-feed/api.server";
import { publicApiAnswer, publicApiOtherMethod } from "~/platform/http/public-api";

/** GET /api/v1/formations?page=&per_page=: the published formations (docs/api/openapi.json). */
export async function loader({ request }: Route.LoaderArgs) {
  // React Router hands OPTIONS (a browser's preflight) to the loader.
  if (request.method === "OPTIONS") return publicApiOtherMethod(request);
  const answer = await formationsAnswer(new URL(request.url));
  return publicApiAnswer(answer);
}

export function action({ request }: Route.ActionArgs) {
  return publicApiOtherMethod(request);
}
