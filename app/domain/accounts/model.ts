import { type Role } from "~/platform/auth/roles";
import { formatCount } from "~/platform/format";

// The session user and the access-denied data live beside the guard (app/platform/auth/session-user.ts).
export { isAccessDeniedData, toSessionUser, type AccessDeniedData, type SessionUser } from "~/platform/auth/session-user";

const ROLE_NOUNS: Record<Role, [singular: string, plural: string]> = {
  admin: ["administrateur", "administrateurs"],
  editor: ["éditeur", "éditeurs"],
  viewer: ["lecteur", "lecteurs"],
};

/** "1 administrateur, aucun éditeur, 12 lecteurs": accounts per role, in French (see platform/format.ts). */
export function roleCountsLabel(counts: Record<Role, number>): string {
  return (["admin", "editor", "viewer"] as const)
    .map((role) => {
      const [one, many] = ROLE_NOUNS[role];
      return formatCount(counts[role], one, many, `aucun ${one}`);
    })
    .join(", ");
}

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  pending: "En attente",
  expired: "Expirée",
  accepted: "Acceptée",
  revoked: "Révoquée",
};

/** A staff invitation as the users screen lists it. */
export interface InvitationSummary {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  state: InvitationState;
  expiresAt: string;
  createdAt: string;
  createdByEmail: string;
  lastSentAt: string;
  sendCount: number;
}

/** An invitation link is valid this many days, and works once. */
export const INVITATION_TTL_DAYS = 7;

/** Why a link does not open the invitation screen, in French. */
export const INVITATION_REFUSALS: Record<Exclude<InvitationState, "pending"> | "unknown", string> = {
  unknown: "Ce lien d'invitation n'est pas valable. Vérifiez que vous avez ouvert le lien complet reçu par e-mail.",
  expired: "Ce lien d'invitation a expiré. Demandez à l'administrateur qui vous a invité de vous l'envoyer à nouveau.",
  accepted: "Cette invitation a déjà été utilisée. Connectez-vous avec l'adresse et le mot de passe choisis.",
  revoked: "Cette invitation a été annulée par un administrateur.",
};

/** What the users screen's action answers when it refuses something (success redirects with a toast). */
export interface UsersActionReply {
  intent: string;
  /** The row the refusal is about (user, invitation or lock). */
  target?: string;
  formError?: string;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
}
