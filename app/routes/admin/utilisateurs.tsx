import { Search } from "lucide-react";
import { useEffect, useId } from "react";
import { Form, data, useFetcher, useLocation } from "react-router";
import { notify } from "~/platform/toast/notify";
import { z } from "zod";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/utilisateurs";
import { ROLES, ROLE_LABELS, isRole } from "~/platform/auth/roles";
import { AccountRuleError, changeUserRole, listUsers, setUserActive, type UserSummary } from "~/domain/accounts/users.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { formatDate } from "./format";
import { formDataToObject } from "~/platform/validation/form-data";

export const handle = { breadcrumb: "Utilisateurs" };

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) || undefined;
  const roleParam = url.searchParams.get("role");
  const role = isRole(roleParam) ? roleParam : undefined;
  const page = Number(url.searchParams.get("page")) || 1;
  const result = await listUsers({ q, role, page });
  return { ...result, q: q ?? "", role: role ?? "", meId: me.id };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), userId: z.string().min(1), role: z.enum(ROLES) }),
  z.object({ intent: z.literal("active"), userId: z.string().min(1), active: z.enum(["true", "false"]) }),
]);

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const parsed = actionSchema.safeParse(formDataToObject(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: "Requête invalide." }, { status: 400 });
  const input = parsed.data;
  try {
    if (input.intent === "role") {
      const user = await changeUserRole(me, input.userId, input.role);
      return { ok: true as const, message: `${user.email} est maintenant ${ROLE_LABELS[user.role].toLowerCase()}.` };
    }
    const user = await setUserActive(me, input.userId, input.active === "true");
    return { ok: true as const, message: user.active ? `Le compte ${user.email} est réactivé.` : `Le compte ${user.email} est désactivé.` };
  } catch (error) {
    if (error instanceof AccountRuleError) return data({ ok: false as const, message: error.message }, { status: 409 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Utilisateurs", description: "Comptes, rôles et accès à l'administration.", noindex: true });

function UserRow({ user, isMe }: { user: UserSummary; isMe: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const selectId = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) notify.success("Modification enregistrée", { description: result.message });
    else notify.error("Modification impossible", { description: result.message });
  }, [result, fetcher.state]);

  return (
    <tr className="align-top" data-testid={`user-row-${user.email}`}>
      <td className="px-3 py-3">
        <p className="font-medium">
          {user.displayName}
          {isMe ? <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">(vous)</span> : null}
        </p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
      </td>
      <td className="px-3 py-3">
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={user.id} />
          <label htmlFor={selectId} className="sr-only">
            Rôle de {user.email}
          </label>
          <select
            id={selectId}
            name="role"
            defaultValue={user.role}
            key={user.role}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-950"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Enregistrer <span className="sr-only">le rôle de {user.email}</span>
          </Button>
        </fetcher.Form>
        {result && !result.ok ? (
          <p role="alert" className="mt-1 max-w-xs text-sm text-red-700 dark:text-red-400">
            {result.message}
          </p>
        ) : null}
      </td>
      <td className="px-3 py-3">
        <span
          className={cn(
            "inline-flex rounded-full px-2 py-0.5 text-xs font-medium",
            user.active
              ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              : "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
          )}
        >
          {user.active ? "Actif" : "Désactivé"}
        </span>
      </td>
      <td className="px-3 py-3 text-sm whitespace-nowrap">
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </td>
      <td className="px-3 py-3">
        {isMe ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="active" />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="active" value={user.active ? "false" : "true"} />
            <Button type="submit" size="sm" variant={user.active ? "ghost" : "secondary"} disabled={busy}>
              {user.active ? "Désactiver" : "Réactiver"} <span className="sr-only">{user.email}</span>
            </Button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, total, page, pageCount, q, role, meId } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Utilisateurs</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Les éditeurs entrent dans l'administration ; les administrateurs gèrent aussi les comptes, les paramètres et le journal.
        </p>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="users-q" className="block text-sm font-medium">
            Rechercher
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Nom ou adresse e-mail"
            className="mt-1 min-h-11 w-64 max-w-full rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-950"
          />
        </div>
        <div>
          <label htmlFor="users-role" className="block text-sm font-medium">
            Rôle
          </label>
          <select
            id="users-role"
            name="role"
            defaultValue={role}
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-950"
          >
            <option value="">Tous</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          Filtrer
        </Button>
      </Form>

      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? "Aucun compte ne correspond." : `${total} compte${total > 1 ? "s" : ""}`}
      </p>

      {users.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[44rem] text-left">
            <caption className="sr-only">Comptes du site</caption>
            <thead className="border-b border-slate-200 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Compte
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Rôle
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  État
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Créé le
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {users.map((u) => (
                <UserRow key={u.id} user={u} isMe={u.id === meId} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <Pagination page={page} pageCount={pageCount} search={location.search} pathname={location.pathname} />
    </div>
  );
}
