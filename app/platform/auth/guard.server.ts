import { data, redirect } from "react-router";
import {
  isSessionUnavailableData,
  toSessionUser,
  type AccessDeniedData,
  type SessionUnavailableData,
  type SessionUser,
} from "./session-user";
import { loginPath, screenLocation } from "~/platform/auth/paths";
import { isDatabaseUnavailable } from "~/platform/db/errors";
import { isAdmin, isEditor, normalizeRole } from "~/platform/auth/roles";
import { config } from "../config.server";
import { log } from "../log.server";
import { auth } from "./auth.server";
import { originRefusedMessage } from "./client";

export type { AccessDeniedData, SessionUser } from "./session-user";
export { isAccessDeniedData, isSessionUnavailableData } from "./session-user";

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/** Seconds a client waits before asking again when the session cannot be read (the database does not answer). */
export const SESSION_RETRY_AFTER_SECONDS = 5;

/**
 * The 503 thrown when the database does not answer while the session is read: never "signed out"
 * (which would send the editor to /login), a transient error that the live admin screens try again
 * (docs/spec.md#requetes) and that the error screen offers to retry.
 */
function sessionUnavailable() {
  const payload: SessionUnavailableData = {
    sessionUnavailable: true,
    message:
      "Votre session ne peut pas être vérifiée pour le moment\u00a0: notre base de données ne répond pas. Réessayez dans un instant.",
  };
  return data(payload, { status: 503, headers: { "Retry-After": String(SESSION_RETRY_AFTER_SECONDS) } });
}

/**
 * The signed-in user of this request (session read from the database), or null when there is
 * none. When the database does not answer, throws a 503 (SessionUnavailableData), not null.
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
    if (isDatabaseUnavailable(error)) {
      log.warn("Session illisible : la base de données ne répond pas (503)", { error });
      throw sessionUnavailable();
    }
    log.error("Lecture de la session impossible", { error });
    return null;
  }
}

/**
 * The signed-in user for what only decorates a page (the header's menu): null when the session
 * cannot be read because the database does not answer. Screens that need the user go through
 * requireUser and its 503.
 */
export async function getSessionUserForDisplay(request: Request): Promise<SessionUser | null> {
  try {
    return await getSessionUser(request);
  } catch (error) {
    if (isSessionUnavailableThrow(error)) return null;
    throw error;
  }
}

function isSessionUnavailableThrow(error: unknown): boolean {
  return typeof error === "object" && error !== null && isSessionUnavailableData((error as { data?: unknown }).data);
}

/** The screen the visitor was on, to come back to after signing in (never a `.data` address of the router). */
function requestedLocation(request: Request): string {
  const url = new URL(request.url);
  return screenLocation(url.pathname + url.search);
}

/**
 * Where a POST, PUT, PATCH or DELETE comes from: the Origin header, or the Referer's origin when a
 * browser omits Origin. Null when neither says.
 */
function requestSource(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return origin;
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * The French refusal when a mutation does not come from a trusted origin (SITE_URL or
 * TRUSTED_ORIGINS), or undefined when it does. Reads (GET, HEAD, OPTIONS) always pass. The same
 * list as Better Auth's `trustedOrigins`, so that the sign-in screen without JavaScript, the
 * authentication API and the admin screens agree.
 */
export function originRefusal(request: Request): string | undefined {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return undefined;
  const source = requestSource(request);
  if (source && config().trustedOrigins.includes(source)) return undefined;
  return originRefusedMessage(config().siteUrl);
}

/**
 * Origin check for every mutation that goes through a guard. Cookies are SameSite=Lax, this is
 * the second lock; the answer names the site's official address.
 */
export function assertSameOrigin(request: Request): void {
  const refusal = originRefusal(request);
  if (refusal) throw data({ message: refusal }, { status: 403 });
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
