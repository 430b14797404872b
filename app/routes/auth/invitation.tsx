import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/invitation";
import type { AuthReply } from "~/domain/accounts/components/auth-form";
import { InvitationForm, InvitationRefusedNotice } from "~/domain/accounts/components/invitation-form";
import { acceptInvitation, findInvitationByToken } from "~/domain/accounts/invitations.server";
import { INVITATION_REFUSALS } from "~/domain/accounts/model";
import { AccountRuleError } from "~/domain/accounts/users.server";
import { cookieHeaders, signInOnServer } from "~/platform/auth/auth-forms.server";
import { acceptInvitationSchema } from "~/platform/auth/forms";
import { originRefusal } from "~/platform/auth/guard.server";
import { config } from "~/platform/config.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission, withoutSecrets } from "~/platform/validation/submission";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await findInvitationByToken(token);
  const policy = config().passwordPolicy;
  if (!invitation) return data({ refusal: INVITATION_REFUSALS.unknown, invitation: null, policy }, { status: 404 });
  if (invitation.state !== "pending")
    return data({ refusal: INVITATION_REFUSALS[invitation.state], invitation: null, policy }, { status: 410 });
  const { email, displayName, role, createdByEmail } = invitation;
  return { refusal: null, invitation: { email, displayName, role, createdByEmail }, policy };
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL };
}

function refused(reply: Omit<AuthReply, "intent">, status: number) {
  return data<AuthReply>({ intent: "invitation", ...reply, values: withoutSecrets(reply.values ?? {}) }, { status });
}

/**
 * The invited person chose a password: the account is created with the invitation's role, the
 * link is used up, and they are signed in and taken to the administration.
 */
export async function action({ request }: Route.ActionArgs) {
  const refusal = originRefusal(request);
  if (refusal) return refused({ formError: refusal }, 403);
  const parsed = await parseSubmission(request, acceptInvitationSchema(config().passwordPolicy));
  if (!parsed.ok) return refused(parsed, 400);
  let email: string;
  try {
    email = (await acceptInvitation({ token: parsed.data.token, displayName: parsed.data.displayName, password: parsed.data.newPassword }))
      .email;
  } catch (error) {
    if (error instanceof AccountRuleError) return refused({ formError: error.message, values: parsed.values }, 409);
    throw error;
  }
  const signedIn = await signInOnServer(request, { email, password: parsed.data.newPassword });
  if (!signedIn.ok) {
    return redirectWithToast("/login", {
      kind: "info",
      title: "Compte créé",
      description: "Connectez-vous avec votre adresse e-mail et le mot de passe choisi.",
    });
  }
  return redirectWithToast(
    "/admin",
    { kind: "success", title: "Bienvenue dans l'équipe", description: "Votre compte est prêt\u00a0: vous êtes connecté." },
    { headers: cookieHeaders(signedIn.cookies) },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Invitation",
    description: "Acceptez votre invitation et choisissez votre mot de passe.",
    path: "/invitation",
    noindex: true,
  });

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { refusal, invitation, policy } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {invitation ? (
          <InvitationForm
            token={params.get("token") ?? ""}
            invitation={invitation}
            policy={policy}
            reply={actionData as AuthReply | undefined}
          />
        ) : (
          <InvitationRefusedNotice message={refusal ?? INVITATION_REFUSALS.unknown} />
        )}
      </div>
    </div>
  );
}
