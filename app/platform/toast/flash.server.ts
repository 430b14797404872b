import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, data, redirect, type SessionStorage } from "react-router";
import { authSecret, config } from "../config.server";
import { FORBIDDEN_KEYS as FORBIDDEN } from "../validation/form-data";
import type { Toast, ToastInput } from "./toast";

/**
 * The flash cookie: React Router's cookie session (signed with the auth secret) carrying one toast
 * and, optionally, a few values for the next page (such as the reference of a request just stored),
 * kept at most a minute, read (and cleared) by the root loader of the next page. Its presence makes
 * the page private: the public page cache never sees it.
 */
export const FLASH_COOKIE = "flash";
const MAX_AGE_SECONDS = 60;

interface FlashPayload extends Toast {
  data?: Record<string, string>;
}

type FlashData = { toast: FlashPayload };

let storage: { secret: string; siteUrl: string; sessions: SessionStorage<FlashData, FlashData> } | undefined;

/** The session storage, made again if the secret or the site's address changed (tests change them). */
function flashStorage(): SessionStorage<FlashData, FlashData> {
  const secret = authSecret();
  const siteUrl = config().siteUrl;
  if (storage?.secret !== secret || storage.siteUrl !== siteUrl) {
    const sessions = createCookieSessionStorage<FlashData, FlashData>({
      cookie: {
        name: FLASH_COOKIE,
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: siteUrl.startsWith("https://"),
        maxAge: MAX_AGE_SECONDS,
        secrets: [secret],
      },
    });
    storage = { secret, siteUrl, sessions };
  }
  return storage.sessions;
}

/** The Set-Cookie value that carries a toast (and values) to the next page. */
export async function toastCookie(toast: ToastInput, data?: Record<string, string>): Promise<string> {
  const sessions = flashStorage();
  const session = await sessions.getSession();
  session.flash("toast", { ...toast, id: randomUUID(), data });
  return sessions.commitSession(session);
}

/** The Set-Cookie value that removes the flash cookie (it has been read). */
export async function clearToastCookie(): Promise<string> {
  const sessions = flashStorage();
  return sessions.destroySession(await sessions.getSession());
}

/** Headers that carry a toast to the next page (merge them into any response). */
export async function toastHeaders(toast: ToastInput, init?: HeadersInit, data?: Record<string, string>): Promise<Headers> {
  const headers = new Headers(init);
  headers.append("Set-Cookie", await toastCookie(toast, data));
  return headers;
}

/** A redirect that shows a toast on the page it leads to; `data` reaches that page's loaders (`readFlash`). */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: ResponseInit & { data?: Record<string, string> },
): Promise<Response> {
  const { data: values, ...rest } = init ?? {};
  return redirect(url, { ...rest, headers: await toastHeaders(toast, rest.headers, values) });
}

/** An action's answer with a toast (shown once the page's loaders have run again). */
export async function dataWithToast<T>(value: T, toast: ToastInput, init?: ResponseInit) {
  return data(value, { ...init, headers: await toastHeaders(toast, init?.headers) });
}

/** True when the request carries a flash cookie (such a page is never shared). */
export function hasFlashCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=[^;]`).test(cookieHeader);
}

/** The toast this request carries, if its signature holds. */
export async function readToast(request: Request): Promise<Toast | null> {
  return (await readFlash(request))?.toast ?? null;
}

/** The flash this request carries (toast and values), if its signature holds. */
export async function readFlash(request: Request): Promise<{ toast: Toast; data: Record<string, string> } | null> {
  const header = request.headers.get("cookie");
  if (!hasFlashCookie(header)) return null;
  // A cookie whose signature does not hold gives an empty session.
  const value = (await flashStorage().getSession(header)).get("toast") as Partial<FlashPayload> | undefined;
  if (!value || typeof value.title !== "string" || typeof value.id !== "string") return null;
  const kind = value.kind === "error" || value.kind === "info" ? value.kind : "success";
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(value.data ?? {})) if (typeof v === "string" && !FORBIDDEN.has(k)) values[k] = v;
  return {
    toast: {
      id: value.id,
      kind,
      title: value.title.slice(0, 200),
      description: typeof value.description === "string" ? value.description.slice(0, 500) : undefined,
    },
    data: values,
  };
}
