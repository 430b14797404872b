import { data, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import type { AuthMode, AuthReply } from "~/domain/accounts/components/auth-form";
import { CheckYourMail, ForgotForm, NewPasswordForm, SignInForm, SignUpClosed, SignUpForm } from "~/domain/accounts/components/login-forms";
import {
  cookieHeaders,
  requestResetOnServer,
  resetPasswordOnServer,
  signInOnServer,
  signUpOnServer,
} from "~/platform/auth/auth-forms.server";
import { forgotSchema, resetSchema, signInSchema, signUpSchema } from "~/platform/auth/forms";
import { getSessionUser, originRefusal } from "~/platform/auth/guard.server";
import { afterSignIn, safeRedirect } from "~/platform/auth/paths";
import { SIGN_UP_CLOSED_MESSAGE, isPublicSignUpOpen } from "~/platform/auth/public-sign-up.server";
import { config } from "~/platform/config.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission, withoutSecrets } from "~/platform/validation/submission";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const hasToken = Boolean(url.searchParams.get("token"));
  const user = await getSessionUser(request);
  // Already signed in: straight to where the visitor was going (never off-site).
  if (user && !hasToken) throw redirect(afterSignIn(redirectTo, user.role));
  return { redirectTo, policy: config().passwordPolicy, signUpOpen: await isPublicSignUpOpen() };
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL };
}

function refused(intent: AuthMode, reply: Omit<AuthReply, "intent">, status: number) {
  return data<AuthReply>({ intent, ...reply, values: withoutSecrets(reply.values ?? {}) }, { status });
}

const SIGN_UP_TOAST = { kind: "success", title: "Compte créé", description: "Votre compte a été créé avec succès" } as const;

/**
 * The four forms post here when the browser sends them itself (no JavaScript, or before it has
 * loaded): Better Auth is called on the server, its session cookie goes with the redirect, and the
 * toast follows in the flash cookie. A password never appears in an address.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as AuthMode;
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  const policy = config().passwordPolicy;
  // The same origins as the authentication API (SITE_URL, TRUSTED_ORIGINS), with the same explicit answer.
  const refusal = originRefusal(request);
  if (refusal) return refused(intent, { formError: refusal, values: formDataToObject(form) }, 403);

  if (intent === "connexion") {
    const parsed = await parseSubmission(form, signInSchema);
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await signInOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: parsed.values }, result.status);
    return redirectWithToast(
      afterSignIn(redirectTo, result.body.user?.role),
      { kind: "success", title: "Connexion réussie", description: "Bienvenue\u00a0!" },
      { headers: cookieHeaders(result.cookies) },
    );
  }
  if (intent === "inscription") {
    if (!(await isPublicSignUpOpen())) return refused(intent, { formError: SIGN_UP_CLOSED_MESSAGE }, 403);
    const parsed = await parseSubmission(form, signUpSchema(policy));
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await signUpOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: parsed.values }, result.status);
    // Known address or not, the same answer: the mail says what happened.
    return redirectWithToast("/login?mode=verification", SIGN_UP_TOAST);
  }
  if (intent === "oubli") {
    const parsed = await parseSubmission(form, forgotSchema);
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await requestResetOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: parsed.values }, result.status);
    return redirectWithToast("/login?mode=oubli", {
      kind: "success",
      title: "Email envoyé",
      description: "Vérifiez votre boîte mail pour réinitialiser votre mot de passe",
    });
  }
  if (intent === "nouveau") {
    const parsed = await parseSubmission(form, resetSchema(policy));
    if (!parsed.ok) return refused(intent, parsed, 400);
    const result = await resetPasswordOnServer(request, parsed.data);
    if (!result.ok) return refused(intent, { formError: result.message, values: { token: parsed.data.token } }, result.status);
    return redirectWithToast("/login", {
      kind: "success",
      title: "Mot de passe modifié",
      description: "Connectez-vous avec votre nouveau mot de passe.",
    });
  }
  return data<AuthReply>({ intent: "connexion", formError: "Formulaire inconnu\u00a0: rechargez la page." }, { status: 400 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Connexion",
    description: "Connectez-vous à votre compte, créez-en un ou réinitialisez votre mot de passe.",
    path: "/login",
    noindex: true,
  });

function Screen({ loaderData, reply }: { loaderData: Route.ComponentProps["loaderData"]; reply: AuthReply | undefined }) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const mode = params.get("mode");
  const { redirectTo, policy, signUpOpen } = loaderData;
  if (token) return <NewPasswordForm token={token} policy={policy} reply={reply} />;
  if (mode === "verification") return <CheckYourMail />;
  if (mode === "inscription") return signUpOpen ? <SignUpForm policy={policy} reply={reply} /> : <SignUpClosed />;
  if (mode === "oubli") return <ForgotForm reply={reply} />;
  return <SignInForm redirectTo={redirectTo} signUpOpen={signUpOpen} reply={reply} />;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <Screen loaderData={loaderData} reply={actionData as AuthReply | undefined} />
      </div>
    </div>
  );
}
