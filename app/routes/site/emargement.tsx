import { data } from "react-router";
import type { Route } from "./+types/emargement";
import { SigningScreen } from "~/domain/attendance/components/signing-page";
import { signingAction, signingPage, type SigningReply } from "~/domain/attendance/page.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";

/**
 * /emargement/{session}: a trainee signs a half-day on their phone (README « Émargement en ligne »).
 * Reached by the room's QR code, the personal link of the convocation or a reminder, or the space.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await signingPage(params.sessionId, request);
  if (!page) throw data(null, { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  return data({ page }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Émargement\u00a0: ${loaderData.page.formationTitle}` : "Émargement" },
    { name: "robots", content: "noindex" },
  ];
}

const STATUS: Record<SigningReply["kind"], number> = { signed: 200, "code-sent": 200, refused: 409 };

export async function action({ params, request }: Route.ActionArgs) {
  const reply = await signingAction(params.sessionId, request);
  return data(reply, { status: STATUS[reply.kind], headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

export default function SigningRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SigningScreen page={loaderData.page} reply={actionData} />;
}
