import { createHash } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Security headers on every response, from one middleware (and the page's own script hashes in
 * its Content-Security-Policy, added by the React Router handler once the HTML is complete, so
 * that a page served from the cache carries the right ones without any per-response nonce).
 */
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()";

/** For responses that are not pages (JSON, files, feeds): nothing may run or frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The policy of an HTML page: its own inline scripts by hash, everything else from the site itself. */
export function pageCsp(scriptHashes: readonly string[], { https }: { https: boolean }): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // React sets style attributes, the toast library a <style> element.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const GT = 0x3e;

/**
 * sha256 sources of every inline <script> of a page (those without src; JSON-LD included,
 * harmlessly). Read on the page's bytes as React wrote them (lower-case tags, `</script>` never
 * inside a script: React escapes it): no decoding to a string, no regular expression over the page.
 * A script missed here would only be blocked by the browser.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf(SCRIPT_OPEN); at !== -1;) {
    const next = html[at + SCRIPT_OPEN.length];
    // `<script>` or `<script ...>`, not `<scripts…`.
    if (next !== GT && next !== 0x20 && next !== 0x09 && next !== 0x0a && next !== 0x0d && next !== 0x2f) {
      at = html.indexOf(SCRIPT_OPEN, at + 1);
      continue;
    }
    const openEnd = html.indexOf(GT, at);
    if (openEnd === -1) break;
    const close = html.indexOf(SCRIPT_CLOSE, openEnd + 1);
    if (close === -1) break;
    const attributes = html.toString("latin1", at + SCRIPT_OPEN.length, openEnd);
    if (!/\bsrc\s*=/i.test(attributes))
      hashes.add(
        `sha256-${createHash("sha256")
          .update(html.subarray(openEnd + 1, close))
          .digest("base64")}`,
      );
    at = html.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  return [...hashes];
}

/** The headers every response starts with (a page's own CSP replaces the default one). */
export function baseSecurityHeaders({ https, enabled = true }: { https: boolean; enabled?: boolean }): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...(enabled ? ([["Content-Security-Policy", NON_PAGE_CSP]] as Array<[string, string]>) : []),
    ...(https ? ([["Strict-Transport-Security", "max-age=31536000"]] as Array<[string, string]>) : []),
  ];
}

export function securityHeaders(options: { https: boolean; enabled?: boolean }): RequestHandler {
  const headers = baseSecurityHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
