import { data, redirect } from "react-router";
import { toSessionUser, type AccessDeniedData, type SessionUser } from "~/domain/accounts/model";
import { loginPath } from "~/platform/auth/paths";
import { isAdmin, isEditor, normalizeRole } from "~/platform/auth/roles";
import { config } from "../config.server";
import { log } from "../log.server";
import { auth } from "./auth.server";

export type { AccessDeniedData, SessionUser } from "~/domain/accounts/model";
export { isAccessDeniedData } from "~/domain/accounts/model";

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request (session read from the database), or null.
 * Several loaders of one request share one lookup.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = readSessionUser(request);
    cache.set(request, pending);
  }
  return pending;
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  try {
    const session = await auth().api.getSession({ headers: request.headers });
    if (!session) return null;
    return toSessionUser(session.user as Parameters<typeof toSessionUser>[0]);
  } catch (error) {
    log.error("Lecture de la session impossible", { error });
    return null;
  }
}

/** The path and query of the request, to come back to after signing in. */
function requestedLocation(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * Origin check for every mutation that goes through a guard: a POST, PUT, PATCH or DELETE must come
 * from the site itself (Origin, or Referer when a browser omits Origin). Cookies are SameSite=Lax,
 * this is the second lock.
 */
export function assertSameOrigin(request: Request): void {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const allowed = new Set([new URL(config().siteUrl).origin, new URL(request.url).origin]);
  const origin = request.headers.get("origin");
  let source: string | null = origin && origin !== "null" ? origin : null;
  if (!source) {
    const referer = request.headers.get("referer");
    if (referer) {
      try {
        source = new URL(referer).origin;
      } catch {
        source = null;
      }
    }
  }
  if (!source || !allowed.has(source)) {
    throw data({ message: "Requête refusée : origine non autorisée." }, { status: 403 });
  }
}

/** Signed-in user, or a redirect to /login that remembers where the visitor was going. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(loginPath(requestedLocation(request)));
  assertSameOrigin(request);
  return user;
}

function denied(user: SessionUser, required: AccessDeniedData["required"]): never {
  const payload: AccessDeniedData = { accessDenied: true, required, email: user.email, role: normalizeRole(user.role) };
  throw data(payload, { status: 403 });
}

/** Editor or admin (every /admin screen). Signed out: redirect to /login; viewer: 403 access denied. */
export async function requireEditor(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isEditor(user)) denied(user, "editor");
  return user;
}

/** Admin only (users, settings, audit log). Signed out: redirect to /login; others: 403 access denied. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) denied(user, "admin");
  return user;
}
