// Sign-in addresses, without zod: the public header imports them.

/**
 * Same-site return path after sign-in: only a local absolute path ("/admin?x=1").
 * Anything else (another site, "//evil", "/\\evil", a scheme) falls back to "/".
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c === "\\")) return fallback;
  try {
    const url = new URL(target, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    if (url.pathname === "/login") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The /login address that brings the visitor back to `path` after signing in. */
export function loginPath(pathWithQuery: string): string {
  const back = safeRedirectPath(pathWithQuery, "");
  return back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login";
}
