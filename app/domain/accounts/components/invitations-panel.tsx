import { Form } from "react-router";
import { DISPLAY_NAME_MAX } from "~/platform/auth/display-name";
import { ROLE_LABELS } from "~/platform/auth/roles";
import { Button } from "~/ui/button";
import { formatDateTimeShort } from "~/platform/format";
import { FormErrorSummary, SelectField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import { INVITATION_STATE_LABELS, type InvitationState, type InvitationSummary } from "../model";
import { AdminTable, Badge, RowAction, type UsersActionReply } from "./admin-parts";

const FORM_ID = "invitation";
const LABELS = { email: "Adresse e-mail", displayName: "Nom affiché", role: "Rôle" };
const ROLE_OPTIONS = [
  { value: "editor", label: `${ROLE_LABELS.editor} (formations, articles, demandes)` },
  { value: "admin", label: `${ROLE_LABELS.admin} (tout, y compris les comptes et les paramètres)` },
];

function value(values: Record<string, unknown> | undefined, name: string, fallback = ""): string {
  const v = values?.[name];
  return typeof v === "string" ? v : fallback;
}

/** Invite a staff member: e-mail, name, role. The mail holds a single-use link to choose a password. */
export function InviteForm({ reply }: { reply?: UsersActionReply }) {
  const own = reply?.intent === "invite" ? reply : undefined;
  const form = useForm({
    id: FORM_ID,
    reply: own,
    validator: () => import("~/platform/auth/forms").then((m) => schemaValidator(m.inviteSchema)),
  });
  return (
    <Form
      method="post"
      {...form.formProps}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <FormErrorSummary form={form} labels={LABELS} />
      <input type="hidden" name="intent" value="invite" />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          form={FORM_ID}
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="off"
          required
          defaultValue={value(own?.values, "email")}
          error={form.errors.email}
        />
        <TextField
          form={FORM_ID}
          name="displayName"
          label={LABELS.displayName}
          autoComplete="off"
          required
          maxLength={DISPLAY_NAME_MAX}
          hint="La personne pourra le modifier en acceptant."
          defaultValue={value(own?.values, "displayName")}
          error={form.errors.displayName}
        />
        <SelectField
          form={FORM_ID}
          name="role"
          label={LABELS.role}
          required
          defaultValue={value(own?.values, "role", "editor")}
          groups={[{ options: ROLE_OPTIONS }]}
          error={form.errors.role}
        />
      </div>
      <Button type="submit">Envoyer l'invitation</Button>
    </Form>
  );
}

const STATE_TONES: Record<InvitationState, "green" | "grey" | "amber" | "red"> = {
  pending: "amber",
  expired: "grey",
  accepted: "green",
  revoked: "red",
};

function InvitationRow({ invitation }: { invitation: InvitationSummary }) {
  const open = invitation.state === "pending" || invitation.state === "expired";
  return (
    <tr className="align-top" data-testid={`invitation-row-${invitation.email}`}>
      <td className="px-3 py-3">
        <p className="font-medium break-words">{invitation.displayName}</p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">{invitation.email}</p>
      </td>
      <td className="px-3 py-3 text-sm">{ROLE_LABELS[invitation.role]}</td>
      <td className="px-3 py-3">
        <Badge tone={STATE_TONES[invitation.state]}>{INVITATION_STATE_LABELS[invitation.state]}</Badge>
      </td>
      <td className="px-3 py-3 text-sm">
        <p>
          Envoyée le <time dateTime={invitation.lastSentAt}>{formatDateTimeShort(invitation.lastSentAt)}</time> par{" "}
          {invitation.createdByEmail}
        </p>
        {invitation.state === "pending" ? (
          <p className="text-slate-600 dark:text-slate-400">
            Valable jusqu'au <time dateTime={invitation.expiresAt}>{formatDateTimeShort(invitation.expiresAt)}</time>
          </p>
        ) : null}
      </td>
      <td className="px-3 py-3">
        {open ? (
          <div className="flex flex-wrap gap-2">
            <RowAction intent="resend" target={invitation.id} label="Renvoyer" hiddenLabel={`l'invitation de ${invitation.email}`} />
            <RowAction
              intent="revoke"
              target={invitation.id}
              label="Révoquer"
              hiddenLabel={`l'invitation de ${invitation.email}`}
              variant="ghost"
            />
          </div>
        ) : null}
      </td>
    </tr>
  );
}

export function InvitationsTable({ invitations }: { invitations: InvitationSummary[] }) {
  if (invitations.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Aucune invitation envoyée.</p>;
  return (
    <AdminTable caption="Invitations" columns={["Personne invitée", "Rôle", "État", "Envoi", ""]}>
      {invitations.map((i) => (
        <InvitationRow key={i.id} invitation={i} />
      ))}
    </AdminTable>
  );
}
