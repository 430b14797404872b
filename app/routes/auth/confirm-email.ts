import type { Route } from "./+types/confirm-email";
import { auth } from "~/platform/auth/auth.server";
import { cookieHeaders } from "~/platform/auth/auth-forms.server";
import { redirectWithToast } from "~/platform/toast/flash.server";

/**
 * The link of the address-confirmation e-mail: Better Auth confirms the address and opens a
 * session; the visitor lands on the home page with a toast. A link that has expired, or was cut
 * in two by the mail program, leads to /login, where signing in sends a new one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const response = token
    ? await auth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true })
    : new Response(null, { status: 400 });
  if (!response.ok) {
    return redirectWithToast("/login", {
      kind: "error",
      title: "Lien de confirmation non valable",
      description:
        "Ce lien a expiré ou n'est pas complet. Connectez-vous avec votre adresse et votre mot de passe\u00a0: un nouveau lien vous sera envoyé.",
    });
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) {
    // Confirmed earlier (the link opened twice): no new session, the visitor signs in.
    return redirectWithToast("/login", {
      kind: "info",
      title: "Adresse déjà confirmée",
      description: "Votre compte est actif\u00a0: connectez-vous avec votre mot de passe.",
    });
  }
  return redirectWithToast(
    "/",
    { kind: "success", title: "Adresse confirmée", description: "Votre compte est activé\u00a0: vous êtes connecté." },
    { headers: cookieHeaders(cookies) },
  );
}
