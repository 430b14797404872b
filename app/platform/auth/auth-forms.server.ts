import type { FieldErrors } from "../validation/errors";
import { parseSubmission } from "../validation/submission";
import { AUTH_BASE_PATH, auth, type Auth } from "./auth.server";
import { frenchAuthMessage } from "./client";
import { deleteAccountSchema } from "./forms";

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

/**
 * Confirms the address of a link's token and opens a session (Better Auth's verification, called
 * on the server only: its HTTP endpoint is closed, see auth.server.ts). The caller has checked the
 * password first (docs/architecture.md, « Comptes non confirmés »).
 */
export async function confirmEmailOnServer(request: Request, token: string) {
  const response = await auth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true });
  return outcome(response);
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

/** What the account deletion form leads to: done (Better Auth's cookies, which end the session), or refused. */
export type DeleteAccountAnswer =
  | { ok: true; cookies: string[] }
  /** `failure`: Better Auth's refusal, also said in a toast (as when the browser called it). */
  | { ok: false; status: number; reply: { errors?: FieldErrors; formError?: string }; failure?: string };

/**
 * « Supprimer mon compte »: the form is checked with `deleteAccountSchema`, then Better Auth deletes
 * the signed-in user (its hooks refuse the last active admin, its limiter counts the attempts). A wrong password is said beside the
 * password field; any other refusal, for the whole form. The password is never sent back.
 */
export async function deleteAccountOnServer(request: Request, form: FormData, instance: Auth = auth()): Promise<DeleteAccountAnswer> {
  const parsed = await parseSubmission(form, deleteAccountSchema);
  if (!parsed.ok) return { ok: false, status: 400, reply: { errors: parsed.errors } };
  // Through Better Auth's router, as the browser's call was: its rate limit on /delete-user applies.
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const call = new Request(new URL(`${AUTH_BASE_PATH}/delete-user`, request.url), {
    method: "POST",
    headers,
    body: JSON.stringify({ password: parsed.data.password }),
  });
  const response = await instance.handler(call);
  const result = await outcome(response);
  if (result.ok) return { ok: true, cookies: result.cookies };
  const reply = result.code === "INVALID_PASSWORD" ? { errors: { password: result.message } } : { formError: result.message };
  return { ok: false, status: result.status, reply, failure: result.message };
}
