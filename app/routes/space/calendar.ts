import type { Route } from "./+types/calendar";
import { requireSpacePerson } from "~/domain/space/sign-in.server";
import { traineeCalendar } from "~/domain/space/space.server";
import { downloadResponse } from "~/platform/http/download";

const notFound = () =>
  new Response("Introuvable.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET /espace/formations/{registration id}/agenda.ics: the session's calendar file, for a trainee of that registration. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const file = await traineeCalendar(person.email, params.id);
  if (!file) return notFound();
  return downloadResponse(file.content, file.filename, "text/calendar; charset=utf-8", { "X-Robots-Tag": "noindex" });
}
