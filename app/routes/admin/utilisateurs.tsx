import { data, useActionData, useLocation } from "react-router";
import type { Route } from "./+types/utilisateurs";
import { AdminSection, type UsersActionReply } from "~/domain/accounts/components/admin-parts";
import { LockoutsTable, SignUpSetting } from "~/domain/accounts/components/access-panels";
import { InvitationsTable, InviteForm } from "~/domain/accounts/components/invitations-panel";
import { UsersTable } from "~/domain/accounts/components/users-table";
import { listInvitations } from "~/domain/accounts/invitations.server";
import { INVITATION_TTL_DAYS } from "~/domain/accounts/model";
import { usersScreenAction } from "~/domain/accounts/users-screen.server";
import { listUsers } from "~/domain/accounts/users.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";
import { isPublicSignUpOpen } from "~/platform/auth/public-sign-up.server";
import { isRole, type Role } from "~/platform/auth/roles";
import { listLockouts } from "~/platform/auth/sign-in-throttle.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
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

/** Every change answers with a redirect back here and its toast (with or without JavaScript); a refusal shows beside its form or row. */
export async function action({ request, url }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const answer = await usersScreenAction(me, await request.formData());
  if (!answer.ok) return data(answer.reply, { status: failureStatus(answer.kind) });
  return redirectWithToast(url.pathname + url.search, answer.toast);
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
