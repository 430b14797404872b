import { useId } from "react";
import { ROLES, ROLE_LABELS, type Role } from "~/platform/auth/roles";
import { FilterField, InlineFilterBar, SelectFilter, inlineFilterFieldClass } from "~/ui/admin-list/admin-list";
import { Button } from "~/ui/button";
import { formatDateAbbreviated } from "~/platform/format";
import { FieldError } from "~/ui/form/fields";
import { inputClass } from "~/ui/form/input-class";
import type { UserSummary } from "../users.server";
import { AdminTable, Badge, RowAction, RowError, useRowForm } from "./admin-parts";

function RoleForm({ user }: { user: UserSummary }) {
  const { fetcher, form, reply } = useRowForm("role", user.id);
  const selectId = useId();
  // A refused change keeps the role chosen (the page's answer without JavaScript).
  const chosen = typeof reply?.values?.role === "string" ? reply.values.role : user.role;
  const { role: roleError, ...others } = form.errors;
  return (
    <fetcher.Form method="post" preventScrollReset {...form.formProps} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="target" value={user.id} />
      <label htmlFor={selectId} className="sr-only">
        Rôle de {user.email}
      </label>
      <select
        id={selectId}
        name="role"
        defaultValue={chosen}
        key={`${user.role}-${chosen}`}
        aria-invalid={roleError ? true : undefined}
        aria-describedby={roleError ? `${selectId}-error` : undefined}
        className={inputClass(roleError, "w-auto")}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary" disabled={fetcher.state !== "idle"}>
        Enregistrer <span className="sr-only">le rôle de {user.email}</span>
      </Button>
      <FieldError id={`${selectId}-error`} error={roleError} />
      <RowError message={form.formError ?? Object.values(others)[0]} />
    </fetcher.Form>
  );
}

function UserRow({ user, isMe }: { user: UserSummary; isMe: boolean }) {
  return (
    <tr className="align-top" data-testid={`user-row-${user.email}`}>
      <td className="px-3 py-3">
        <p className="font-medium break-words">
          {user.displayName}
          {isMe ? <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">(vous)</span> : null}
        </p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
      </td>
      <td className="px-3 py-3">
        {user.confirmed ? (
          <RoleForm user={user} />
        ) : (
          <p className="max-w-56 text-sm text-slate-700 dark:text-slate-300">
            {ROLE_LABELS[user.role]}. Pour un autre rôle, invitez l'adresse&nbsp;: ce compte non confirmé sera remplacé.
          </p>
        )}
      </td>
      <td className="px-3 py-3">
        {user.confirmed ? (
          <Badge tone={user.active ? "green" : "grey"}>{user.active ? "Actif" : "Désactivé"}</Badge>
        ) : (
          <Badge tone="grey">Adresse non confirmée</Badge>
        )}
      </td>
      <td className="px-3 py-3 text-sm whitespace-nowrap">
        <time dateTime={user.createdAt}>{formatDateAbbreviated(user.createdAt)}</time>
      </td>
      <td className="px-3 py-3">
        {isMe ? null : (
          <RowAction
            intent="active"
            target={user.id}
            fields={{ active: user.active ? "false" : "true" }}
            label={user.active ? "Désactiver" : "Réactiver"}
            hiddenLabel={user.email}
            variant={user.active ? "ghost" : "secondary"}
          />
        )}
      </td>
    </tr>
  );
}

/** The accounts: search, role filter, role change, deactivation. */
export function UsersTable({
  users,
  total,
  q,
  role,
  meId,
}: {
  users: UserSummary[];
  total: number;
  q: string;
  role: Role | "";
  meId: string;
}) {
  return (
    <>
      <InlineFilterBar>
        <FilterField id="users-q" label="Rechercher">
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Nom ou adresse e-mail"
            className={inputClass(undefined, "mt-1 w-64 max-w-full")}
          />
        </FilterField>
        <SelectFilter
          id="users-role"
          name="role"
          label="Rôle"
          defaultValue={role}
          all="Tous"
          className={inlineFilterFieldClass}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
      </InlineFilterBar>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? "Aucun compte ne correspond." : `${total}\u00a0compte${total > 1 ? "s" : ""}`}
      </p>
      {users.length > 0 ? (
        <AdminTable caption="Comptes du site" columns={["Compte", "Rôle", "État", "Créé le", ""]}>
          {users.map((u) => (
            <UserRow key={u.id} user={u} isMe={u.id === meId} />
          ))}
        </AdminTable>
      ) : null}
    </>
  );
}
