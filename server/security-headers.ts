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

/** sha256 sources of every inline <script> of a page (those without src; JSON-LD included, harmlessly). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/.test(attributes)) continue;
    hashes.add(
      `sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}`,
    );
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
