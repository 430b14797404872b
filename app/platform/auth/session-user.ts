import { type Role, normalizeRole } from "./roles";

/**
 * The signed-in user as every screen sees it (docs/spec.md#profil-utilisateur): the authentication identity
 * plus the role of the profile (the role alone decides what a user may do).
 */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
}

/** What a 403 from a guard carries: the access-denied screen shows it (docs/spec.md#rôles). */
export interface AccessDeniedData {
  accessDenied: true;
  /** Which guard refused: "editor" (editor or admin required) or "admin" (admin only). */
  required: "editor" | "admin";
  email: string;
  role: Role;
}

export function isAccessDeniedData(value: unknown): value is AccessDeniedData {
  return typeof value === "object" && value !== null && (value as { accessDenied?: unknown }).accessDenied === true;
}

/** What a 503 from reading the session carries: the database did not answer (try again, not "signed out"). */
export interface SessionUnavailableData {
  sessionUnavailable: true;
  message: string;
}

export function isSessionUnavailableData(value: unknown): value is SessionUnavailableData {
  return typeof value === "object" && value !== null && (value as { sessionUnavailable?: unknown }).sessionUnavailable === true;
}

/** Builds the session user from a Better Auth user record (name = display name). */
export function toSessionUser(user: { id: string; email: string; name?: string | null; role?: unknown }): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.name?.trim() || user.email,
    role: normalizeRole(user.role),
  };
}
