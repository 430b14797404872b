import { inviteSchema } from "~/platform/auth/forms";
import { ROLE_LABELS } from "~/platform/auth/roles";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import type { ToastInput } from "~/platform/toast/toast";
import type { FailureKind, FieldErrors } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";
import { userRowSchema } from "./admin-forms";
import { inviteStaff, resendInvitation, revokeInvitation } from "./invitations.server";
import type { UsersActionReply } from "./model";
import { changePublicSignUp, changeUserRole, liftSignInLock, setUserActive } from "./users.server";

/** What a form of the users screen leads to: a change made (its toast), or a refusal (its reply and why: the route answers 400 or 409). */
export type UsersScreenAnswer = { ok: true; toast: ToastInput } | { ok: false; reply: UsersActionReply; kind: FailureKind };

const done = (description: string, title = "Modification enregistrée"): UsersScreenAnswer => ({
  ok: true,
  toast: { kind: "success", title, description },
});

const unsent = (email: string): UsersScreenAnswer => ({
  ok: true,
  toast: {
    kind: "error",
    title: "E-mail non envoyé",
    description: `L'invitation de ${email} est enregistrée, mais son e-mail n'a pas pu partir\u00a0: renvoyez-la dans un moment.`,
  },
});

/** A refusal: the whole form's message (`_form`) as `formError`, the others beside their fields. */
function refused(reply: Omit<UsersActionReply, "formError" | "errors">, errors: FieldErrors, kind: FailureKind): UsersScreenAnswer {
  const { _form, ...fields } = errors;
  return {
    ok: false,
    kind,
    reply: { ...reply, formError: _form, ...(Object.keys(fields).length > 0 ? { errors: fields } : {}) },
  };
}

/**
 * The action of /admin/utilisateurs (the route checks the admin role first): the invitation form
 * and the rows' small forms (role, deactivation, invitations, sign-in locks, public sign-up). Each
 * form is checked with its shared schema (`parseSubmission`), then by the domain; a refusal names
 * its row (`target`) so that its message shows beside it, with what was sent.
 */
export async function usersScreenAction(me: Actor, form: FormData, target: Db = db()): Promise<UsersScreenAnswer> {
  if (form.get("intent") === "invite") {
    const parsed = await parseSubmission(form, inviteSchema);
    if (!parsed.ok) return refused({ intent: "invite", values: parsed.values }, parsed.errors, "invalid");
    const invited = await inviteStaff(me, parsed.data, target);
    if (!invited.ok) return refused({ intent: "invite", values: parsed.values }, invited.errors, "conflict");
    const { invitation, sent } = invited.value;
    return sent ? done(`Une invitation a été envoyée à ${invitation.email}.`, "Invitation envoyée") : unsent(invitation.email);
  }
  const parsed = await parseSubmission(form, userRowSchema);
  if (!parsed.ok) {
    const about = {
      intent: String(parsed.values.intent ?? "unknown"),
      target: typeof parsed.values.target === "string" ? parsed.values.target : undefined,
    };
    return refused({ ...about, values: parsed.values }, parsed.errors, "invalid");
  }
  const input = parsed.data;
  const refusal = (errors: FieldErrors) =>
    refused({ intent: input.intent, target: input.target, values: parsed.values }, errors, "conflict");
  switch (input.intent) {
    case "role": {
      const changed = await changeUserRole(me, input.target, input.role, target);
      if (!changed.ok) return refusal(changed.errors);
      return done(`${changed.value.email} est maintenant ${ROLE_LABELS[changed.value.role].toLowerCase()}.`);
    }
    case "active": {
      const changed = await setUserActive(me, input.target, input.active === "true", target);
      if (!changed.ok) return refusal(changed.errors);
      const user = changed.value;
      return done(user.active ? `Le compte ${user.email} est réactivé.` : `Le compte ${user.email} est désactivé.`);
    }
    case "resend": {
      const resent = await resendInvitation(me, input.target, target);
      if (!resent.ok) return refusal(resent.errors);
      const { invitation, sent } = resent.value;
      if (!sent) return unsent(invitation.email);
      return done(`Un nouveau lien a été envoyé à ${invitation.email}\u00a0; le précédent ne fonctionne plus.`, "Invitation renvoyée");
    }
    case "revoke": {
      const revoked = await revokeInvitation(me, input.target, target);
      if (!revoked.ok) return refusal(revoked.errors);
      return done(`L'invitation de ${revoked.value.email} est révoquée\u00a0: son lien ne fonctionne plus.`, "Invitation révoquée");
    }
    case "unlock": {
      const lifted = await liftSignInLock(me, input.target, target);
      if (!lifted.ok) return refusal(lifted.errors);
      const lock = lifted.value;
      const what =
        lock.kind === "pair"
          ? `${lock.email} peut de nouveau se connecter depuis ${lock.address}.`
          : `L'adresse ${lock.address} est débloquée.`;
      return done(what, "Blocage levé");
    }
    case "sign-up": {
      const open = input.open === "true";
      await changePublicSignUp(me, open, target);
      return done(
        open ? "Les visiteurs peuvent créer un compte depuis la page de connexion." : "La création de compte en ligne est fermée.",
      );
    }
  }
}
