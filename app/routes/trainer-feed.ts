import type { Route } from "./+types/trainer-feed";
import { trainerFeed } from "~/domain/trainers/feed.server";

/**
 * GET /formateurs/agenda/{secret}/agenda.ics: a trainer's calendar subscription (the sessions they
 * teach), for whoever holds the secret address staff gave them; 404 once revoked or replaced.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const feed = await trainerFeed(params.secret);
  if (!feed)
    return new Response("Introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(feed, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
