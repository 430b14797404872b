import { data, redirect } from "react-router";
import type { Route } from "./+types/link";
import { UseLinkPage } from "~/domain/space/components/space-pages";
import { openSpaceLink } from "~/domain/space/sign-in.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";

/**
 * /espace/connexion/{secret}: the link of the e-mail, for every space (the link's realm says which:
 * the client's and trainee's, or the trainer's). Opening it shows a button; pressing it uses the
 * link (once, within 15 minutes) and opens the session of its space. A mail scanner that opens
 * every link of a message therefore does not use it up. Its address (the secret) is never sent to
 * another site as a referrer (`same-origin`: `no-referrer` would send the form's Origin as "null",
 * which the origin check refuses).
 */
export function loader() {
  return data(null, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, "Referrer-Policy": "same-origin" } });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
}

export function meta() {
  return [{ title: "Ouvrir votre espace" }, { name: "robots", content: "noindex" }];
}

const REFUSALS = {
  invalide: "Ce lien de connexion n'est pas valable. Demandez-en un nouveau\u00a0: il vous parviendra par e-mail.",
  expire: "Ce lien de connexion a expiré (il est valable 15\u00a0minutes). Demandez-en un nouveau.",
  utilise: "Ce lien de connexion a déjà servi (il ne sert qu'une fois). Demandez-en un nouveau.",
} as const;

export async function action({ params, request }: Route.ActionArgs) {
  const outcome = await openSpaceLink(params.token, request);
  if (!outcome.ok)
    return data({ error: REFUSALS[outcome.reason], home: outcome.home }, { status: outcome.reason === "invalide" ? 404 : 410 });
  throw redirect(outcome.next, { headers: { "Set-Cookie": outcome.setCookie, "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

export default function SpaceLinkPage({ actionData }: Route.ComponentProps) {
  return <UseLinkPage error={actionData?.error} home={actionData?.home} />;
}
