import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/confirm-email";
import type { AuthReply } from "~/domain/accounts/components/auth-form";
import { ConfirmWithNewPasswordForm, ConfirmWithPasswordForm } from "~/domain/accounts/components/confirm-forms";
import { isSignUpPassword, readConfirmationToken, replaceSignUpPassword } from "~/domain/accounts/unconfirmed.server";
import { confirmEmailOnServer, cookieHeaders } from "~/platform/auth/auth-forms.server";
import { confirmWithNewPasswordSchema, confirmWithPasswordSchema } from "~/platform/auth/forms";
import { originRefusal } from "~/platform/auth/guard.server";
import { config } from "~/platform/config.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";

const INVALID_LINK = {
  kind: "error",
  title: "Lien de confirmation non valable",
  description:
    "Ce lien a expiré ou n'est pas complet. Connectez-vous avec votre adresse et votre mot de passe\u00a0: un nouveau lien vous sera envoyé.",
} as const;

const ALREADY_CONFIRMED = {
  kind: "info",
  title: "Adresse déjà confirmée",
  description: "Votre compte est actif\u00a0: connectez-vous avec votre mot de passe.",
} as const;

/**
 * The link of the address-confirmation e-mail. Opening it confirms nothing (a mail scanner may
 * open it): the person holding it types the account's password, or chooses a new one, and only
 * then is the address confirmed and a session opened (docs/architecture.md, « Comptes non confirmés »).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = await readConfirmationToken(token);
  if (pending.state === "invalid") throw await redirectWithToast("/login", INVALID_LINK);
  if (pending.state === "confirmed") throw await redirectWithToast("/login", ALREADY_CONFIRMED);
  return { email: pending.email, policy: config().passwordPolicy };
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL };
}

function refused(intent: AuthReply["intent"], reply: Omit<AuthReply, "intent">, status: number) {
  return data<AuthReply>({ intent, ...reply }, { status });
}

const CONFIRMED = {
  kind: "success",
  title: "Adresse confirmée",
  description: "Votre compte est activé\u00a0: vous êtes connecté.",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent") === "confirmation-nouveau" ? "confirmation-nouveau" : "confirmation";
  const refusal = originRefusal(request);
  if (refusal) return refused(intent, { formError: refusal, values: {} }, 403);
  const token = typeof form.get("token") === "string" ? String(form.get("token")) : "";
  const pending = await readConfirmationToken(token);
  if (pending.state === "invalid") return redirectWithToast("/login", INVALID_LINK);
  if (pending.state === "confirmed") return redirectWithToast("/login", ALREADY_CONFIRMED);

  if (intent === "confirmation") {
    const parsed = await parseSubmission(form, confirmWithPasswordSchema);
    if (!parsed.ok) return refused(intent, { errors: parsed.errors }, 400);
    if (!(await isSignUpPassword(pending.userId, parsed.data.password))) {
      return refused(
        intent,
        {
          errors: {
            password:
              "Ce n'est pas le mot de passe choisi à la création de ce compte. Vous ne le connaissez pas\u00a0? Choisissez-en un nouveau avec le lien ci-dessous.",
          },
        },
        400,
      );
    }
  } else {
    const parsed = await parseSubmission(form, confirmWithNewPasswordSchema(config().passwordPolicy));
    if (!parsed.ok) return refused(intent, { errors: parsed.errors }, 400);
    await replaceSignUpPassword(pending.userId, parsed.data.newPassword);
  }
  const result = await confirmEmailOnServer(request, token);
  if (!result.ok) return refused(intent, { formError: result.message }, result.status);
  return redirectWithToast("/", CONFIRMED, { headers: cookieHeaders(result.cookies) });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirmation de l'adresse e-mail",
    description: "Activez votre compte en confirmant votre adresse e-mail.",
    path: "/login/confirmation",
    noindex: true,
  });

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reply = actionData as AuthReply | undefined;
  const newPassword = params.get("mode") === "nouveau" || reply?.intent === "confirmation-nouveau";
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {newPassword ? (
          <ConfirmWithNewPasswordForm token={token} email={loaderData.email} policy={loaderData.policy} reply={reply} />
        ) : (
          <ConfirmWithPasswordForm token={token} email={loaderData.email} reply={reply} />
        )}
      </div>
    </div>
  );
}
