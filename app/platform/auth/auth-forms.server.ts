import { auth } from "./auth.server";
import { frenchAuthMessage } from "./client";

/**
 * The sign-in screen's forms, handled on the server: the route action calls Better Auth here when
 * the browser posted the form itself (no JavaScript, or not yet). The session cookie Better Auth
 * sets is passed on with the redirect.
 */
export type AuthOutcome<T = unknown> =
  { ok: true; cookies: string[]; body: T } | { ok: false; status: number; code: string | undefined; message: string };

async function outcome<T>(response: Response): Promise<AuthOutcome<T>> {
  const body = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) {
    return { ok: false, status: response.status, code: body?.code, message: frenchAuthMessage(response.status, body?.code, body?.message) };
  }
  return { ok: true, cookies: response.headers.getSetCookie(), body: body as T };
}

/** The Set-Cookie headers of Better Auth's answer, to pass on with a redirect. */
export function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}

export async function signInOnServer(request: Request, input: { email: string; password: string }) {
  const response = await auth().api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });
  return outcome<{ user?: { role?: string } }>(response);
}

export async function signUpOnServer(request: Request, input: { email: string; password: string; displayName: string }) {
  const response = await auth().api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.displayName },
    headers: request.headers,
    asResponse: true,
  });
  return outcome<{ user?: { role?: string } }>(response);
}

export async function requestResetOnServer(request: Request, input: { email: string }) {
  const response = await auth().api.requestPasswordReset({ body: { email: input.email }, headers: request.headers, asResponse: true });
  return outcome(response);
}

export async function resetPasswordOnServer(request: Request, input: { token: string; newPassword: string }) {
  const response = await auth().api.resetPassword({
    body: { token: input.token, newPassword: input.newPassword },
    headers: request.headers,
    asResponse: true,
  });
  return outcome(response);
}
