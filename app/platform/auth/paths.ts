// Sign-in addresses, without zod: the public header imports them.
import { isEditor } from "./roles";

const BASE = "http://site.invalid";

/** Decodes percent-escapes until nothing changes (at most a few rounds); null when malformed or still encoded. */
function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Characters no local path may carry, whatever their encoding: controls, backslash. */
function hasForbiddenCharacter(value: string): boolean {
  for (const c of value) {
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || c === "\\") return true;
  }
  return false;
}

/** A path that a browser would read as another host: "//host", "/\\host", or worse once normalised. */
function leavesTheSite(path: string): boolean {
  return path.startsWith("//") || path.startsWith("/\\");
}

/**
 * The screen's own address for a router data address: React Router reads a screen's data at
 * `/path.data` (`/_.data` for `/`, `/path/_.data` for `/path/`) with `_routes` (which loaders) and an
 * empty `index` in the query. Remembering that address would bring the visitor back to the raw
 * data stream (or « Page introuvable ») after signing in; any other path is returned unchanged.
 */
export function screenLocation(pathWithQuery: string): string {
  const cut = pathWithQuery.search(/[?#]/);
  const pathname = cut === -1 ? pathWithQuery : pathWithQuery.slice(0, cut);
  const rest = cut === -1 ? "" : pathWithQuery.slice(cut);
  if (!pathname.endsWith(".data")) return pathWithQuery;
  const screen = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.slice(0, -".data".length);
  const hashAt = rest.indexOf("#");
  const query = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : "");
  params.delete("_routes");
  if (params.getAll("index").every((v) => v === "")) params.delete("index");
  const search = params.toString();
  return (screen || "/") + (search ? `?${search}` : "");
}

/**
 * The one check for a return address after sign-in (and any other redirect taken from the
 * request): only a same-origin relative path is accepted. The value is checked as given, fully
 * decoded, and after the URL parser's normalisation (dot segments, slashes); the normalised form
 * is what is returned, as the screen's own address when it is a router data address (see
 * screenLocation). Anything else, and /login itself, gives `fallback`.
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  if (target === "" || target.length > 2000 || !target.startsWith("/") || leavesTheSite(target)) return fallback;
  const decoded = decodeFully(target);
  if (decoded === null || hasForbiddenCharacter(decoded) || leavesTheSite(decoded)) return fallback;
  let url: URL;
  let decodedUrl: URL;
  try {
    url = new URL(target, BASE);
    decodedUrl = new URL(decoded, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || decodedUrl.origin !== BASE) return fallback;
  if (leavesTheSite(url.pathname) || leavesTheSite(decodedUrl.pathname)) return fallback;
  if (url.pathname === "/login" || decodedUrl.pathname === "/login") return fallback;
  const result = screenLocation(url.pathname + url.search + url.hash);
  if (new URL(result, BASE).pathname === "/login") return fallback;
  return result.startsWith("/") && !leavesTheSite(result) ? result : fallback;
}

/** The /login address that brings the visitor back to `path` after signing in. */
export function loginPath(pathWithQuery: string): string {
  const back = safeRedirect(pathWithQuery, "");
  return back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login";
}

/** Where to go once signed in: the page asked for, else the admin for staff and the home page for visitors. */
export function afterSignIn(requested: string, role: string | undefined): string {
  return requested || (isEditor({ role }) ? "/admin" : "/");
}
