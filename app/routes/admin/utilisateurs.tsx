import { data, useActionData, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/utilisateurs";
import { AdminSection, type UsersActionReply } from "~/domain/accounts/components/admin-parts";
import { LockoutsTable, SignUpSetting } from "~/domain/accounts/components/access-panels";
import { InvitationsTable, InviteForm } from "~/domain/accounts/components/invitations-panel";
import { UsersTable } from "~/domain/accounts/components/users-table";
import { inviteStaff, listInvitations, resendInvitation, revokeInvitation } from "~/domain/accounts/invitations.server";
import { INVITATION_TTL_DAYS } from "~/domain/accounts/model";
import {
  AccountRuleError,
  changePublicSignUp,
  changeUserRole,
  liftSignInLock,
  listUsers,
  setUserActive,
} from "~/domain/accounts/users.server";
import { inviteSchema } from "~/platform/auth/forms";
import { requireAdmin } from "~/platform/auth/guard.server";
import { isPublicSignUpOpen } from "~/platform/auth/public-sign-up.server";
import { ROLES, ROLE_LABELS, isRole, type Role } from "~/platform/auth/roles";
import { listLockouts } from "~/platform/auth/sign-in-throttle.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { formDataToObject } from "~/platform/validation/form-data";
import { parseSubmission } from "~/platform/validation/submission";
import { Pagination } from "~/ui/pagination";

export const handle = { breadcrumb: "Utilisateurs" };

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) || undefined;
  const roleParam = url.searchParams.get("role");
  const role = isRole(roleParam) ? roleParam : undefined;
  const page = Number(url.searchParams.get("page")) || 1;
  const [result, invitations, lockouts, signUpOpen] = await Promise.all([
    listUsers({ q, role, page }),
    listInvitations(),
    listLockouts(),
    isPublicSignUpOpen(),
  ]);
  return { ...result, q: q ?? "", role: (role ?? "") as Role | "", meId: me.id, invitations, lockouts, signUpOpen };
}

/** The row intents: which row (`target`), and what to do. */
const rowSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), target: z.string().min(1).max(100), role: z.enum(ROLES) }),
  z.object({ intent: z.literal("active"), target: z.string().min(1).max(100), active: z.enum(["true", "false"]) }),
  z.object({ intent: z.enum(["resend", "revoke"]), target: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("unlock"), target: z.string().min(1).max(500) }),
  z.object({ intent: z.literal("sign-up"), target: z.string().max(20).optional(), open: z.enum(["true", "false"]) }),
]);

function refused(reply: UsersActionReply, status: number) {
  return data(reply, { status });
}

/** Every change answers with a redirect back here and its toast (with or without JavaScript); a refusal shows beside the row. */
export async function action({ request, url }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const back = url.pathname + url.search;
  const done = (description: string, title = "Modification enregistrée") =>
    redirectWithToast(back, { kind: "success", title, description });
  const form = await request.formData();
  if (form.get("intent") === "invite") {
    const parsed = await parseSubmission(form, inviteSchema);
    if (!parsed.ok) return refused({ intent: "invite", errors: parsed.errors, values: parsed.values }, 400);
    try {
      const { invitation, sent } = await inviteStaff(me, parsed.data);
      if (!sent) return redirectWithToast(back, { kind: "error", title: "E-mail non envoyé", description: unsent(invitation.email) });
      return done(`Une invitation a été envoyée à ${invitation.email}.`, "Invitation envoyée");
    } catch (error) {
      if (error instanceof AccountRuleError) return refused({ intent: "invite", formError: error.message, values: parsed.values }, 409);
      throw error;
    }
  }
  const parsed = rowSchema.safeParse(formDataToObject(form));
  if (!parsed.success) return refused({ intent: "unknown", formError: "Requête invalide." }, 400);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "role": {
        const user = await changeUserRole(me, input.target, input.role);
        return done(`${user.email} est maintenant ${ROLE_LABELS[user.role].toLowerCase()}.`);
      }
      case "active": {
        const user = await setUserActive(me, input.target, input.active === "true");
        return done(user.active ? `Le compte ${user.email} est réactivé.` : `Le compte ${user.email} est désactivé.`);
      }
      case "resend": {
        const { invitation, sent } = await resendInvitation(me, input.target);
        if (!sent) return redirectWithToast(back, { kind: "error", title: "E-mail non envoyé", description: unsent(invitation.email) });
        return done(`Un nouveau lien a été envoyé à ${invitation.email}\u00a0; le précédent ne fonctionne plus.`, "Invitation renvoyée");
      }
      case "revoke": {
        const invitation = await revokeInvitation(me, input.target);
        return done(`L'invitation de ${invitation.email} est révoquée\u00a0: son lien ne fonctionne plus.`, "Invitation révoquée");
      }
      case "unlock": {
        const lifted = await liftSignInLock(me, input.target);
        const what =
          lifted.kind === "pair"
            ? `${lifted.email} peut de nouveau se connecter depuis ${lifted.address}.`
            : `L'adresse ${lifted.address} est débloquée.`;
        return done(what, "Blocage levé");
      }
      case "sign-up": {
        const open = input.open === "true";
        await changePublicSignUp(me, open);
        return done(
          open ? "Les visiteurs peuvent créer un compte depuis la page de connexion." : "La création de compte en ligne est fermée.",
        );
      }
    }
  } catch (error) {
    if (error instanceof AccountRuleError) return refused({ intent: input.intent, target: input.target, formError: error.message }, 409);
    throw error;
  }
}

function unsent(email: string): string {
  return `L'invitation de ${email} est enregistrée, mais son e-mail n'a pas pu partir\u00a0: renvoyez-la dans un moment.`;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Utilisateurs", description: "Comptes, invitations, rôles et accès à l'administration.", noindex: true });

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, total, page, pageCount, q, role, meId, invitations, lockouts, signUpOpen } = loaderData;
  const reply = useActionData<UsersActionReply>();
  const location = useLocation();
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Utilisateurs</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Les éditeurs entrent dans l'administration&nbsp;; les administrateurs gèrent aussi les comptes, les paramètres et le journal.
        </p>
      </div>
      <AdminSection
        id="inviter"
        title="Inviter un membre de l'équipe"
        intro={`La personne reçoit un lien, valable ${INVITATION_TTL_DAYS}\u00a0jours et utilisable une fois, pour choisir son mot de passe.`}
      >
        <InviteForm key={invitations[0]?.id ?? "aucune"} reply={reply} />
        <InvitationsTable invitations={invitations} />
      </AdminSection>
      <AdminSection id="comptes" title="Comptes">
        <UsersTable users={users} total={total} q={q} role={role} meId={meId} />
        <Pagination page={page} pageCount={pageCount} search={location.search} pathname={location.pathname} />
      </AdminSection>
      <AdminSection
        id="blocages"
        title="Connexions bloquées"
        intro={
          "Après trop de mots de passe erronés, un compte est bloqué depuis l'adresse IP fautive seulement (il reste ouvert ailleurs), et une adresse IP qui en essaie beaucoup est ralentie. Le lien «\u00a0Mot de passe oublié\u00a0» débloque aussi un compte."
        }
      >
        <LockoutsTable lockouts={lockouts} />
      </AdminSection>
      <AdminSection id="inscriptions" title="Inscriptions en ligne">
        <SignUpSetting open={signUpOpen} />
      </AdminSection>
    </div>
  );
}
