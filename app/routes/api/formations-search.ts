import type { Route } from "./+types/formations-search";
import { searchPublishedTitles } from "~/domain/formations/formations.server";
import { PUBLIC_CACHE_CONTROL } from "~/platform/http/cache-control";

/** GET /api/formations/recherche?q=…: up to 10 published formations for the quote form's picker. */
export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const results = await searchPublishedTitles(q, 10);
  return Response.json({ results }, { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
