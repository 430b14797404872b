import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { data, redirect } from "react-router";
import { authSecret, config } from "../config.server";
import { FORBIDDEN_KEYS as FORBIDDEN } from "../validation/form-data";
import type { Toast, ToastInput } from "./toast";

/**
 * The flash cookie: one toast (and, optionally, a few values for the next page, such as the
 * reference of a request just stored), signed, kept at most a minute, read (and cleared) by the
 * root loader of the next page. Its presence makes the page private: the public page cache never
 * sees it.
 */
export const FLASH_COOKIE = "flash";
const MAX_AGE_SECONDS = 60;

function sign(payload: string): string {
  return createHmac("sha256", authSecret()).update(`flash:${payload}`).digest("base64url");
}

function cookieAttributes(maxAge: number): string {
  const secure = config().siteUrl.startsWith("https://") ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

interface FlashPayload extends Toast {
  data?: Record<string, string>;
}

/** The Set-Cookie value that carries a toast (and values) to the next page. */
export function toastCookie(toast: ToastInput, data?: Record<string, string>): string {
  const payload = Buffer.from(JSON.stringify({ ...toast, id: randomUUID(), data } satisfies FlashPayload)).toString("base64url");
  return `${FLASH_COOKIE}=${payload}.${sign(payload)}; ${cookieAttributes(MAX_AGE_SECONDS)}`;
}

export function clearToastCookie(): string {
  return `${FLASH_COOKIE}=; ${cookieAttributes(0)}`;
}

/** Headers that carry a toast to the next page (merge them into any response). */
export function toastHeaders(toast: ToastInput, init?: HeadersInit, data?: Record<string, string>): Headers {
  const headers = new Headers(init);
  headers.append("Set-Cookie", toastCookie(toast, data));
  return headers;
}

/** A redirect that shows a toast on the page it leads to; `data` reaches that page's loaders (`readFlash`). */
export function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit & { data?: Record<string, string> }): Response {
  const { data: values, ...rest } = init ?? {};
  return redirect(url, { ...rest, headers: toastHeaders(toast, rest.headers, values) });
}

/** An action's answer with a toast (shown once the page's loaders have run again). */
export function dataWithToast<T>(value: T, toast: ToastInput, init?: ResponseInit) {
  return data(value, { ...init, headers: toastHeaders(toast, init?.headers) });
}

/** True when the request carries a flash cookie (such a page is never shared). */
export function hasFlashCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=[^;]`).test(cookieHeader);
}

/** The toast this request carries, if its signature holds. */
export function readToast(request: Request): Toast | null {
  return readFlash(request)?.toast ?? null;
}

/** The flash this request carries (toast and values), if its signature holds. */
export function readFlash(request: Request): { toast: Toast; data: Record<string, string> } | null {
  const header = request.headers.get("cookie");
  if (!hasFlashCookie(header)) return null;
  const raw = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]*)`).exec(header!)?.[1] ?? "";
  const [payload, signature] = raw.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<FlashPayload>;
    if (typeof value.title !== "string" || typeof value.id !== "string") return null;
    const kind = value.kind === "error" || value.kind === "info" ? value.kind : "success";
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(value.data ?? {})) if (typeof v === "string" && !FORBIDDEN.has(k)) data[k] = v;
    return {
      toast: {
        id: value.id,
        kind,
        title: value.title.slice(0, 200),
        description: typeof value.description === "string" ? value.description.slice(0, 500) : undefined,
      },
      data,
    };
  } catch {
    return null;
  }
}
