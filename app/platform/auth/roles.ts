/**
 * Roles (docs/spec.md#rôles). Pure: runs in the browser and on the server.
 * - viewer: default on sign-up, no admin access;
 * - editor: may edit, enters /admin;
 * - admin: every editor right plus the admin-only areas.
 */
export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Lecteur",
  editor: "Éditeur",
  admin: "Administrateur",
};

/** Any unknown or missing value counts as viewer (docs/spec.md#rôles). */
export function normalizeRole(value: unknown): Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value) ? (value as Role) : "viewer";
}

type HasRole = { role?: string | null } | null | undefined;

/** True for admin only. */
export function isAdmin(user: HasRole): boolean {
  return normalizeRole(user?.role) === "admin";
}

/** True for editor or admin. */
export function isEditor(user: HasRole): boolean {
  const role = normalizeRole(user?.role);
  return role === "editor" || role === "admin";
}

/** Same as isEditor: editors and admins may edit content. */
export function canEdit(user: HasRole): boolean {
  return isEditor(user);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
