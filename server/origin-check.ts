import type { RequestHandler } from "express";
import { originRefusedMessage } from "~/platform/auth/client";
import { log, redactSecrets } from "~/platform/log.server";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/**
 * Mutations (POST, PUT, PATCH, DELETE) whose Origin header is neither one of the site's origins
 * (SITE_URL, TRUSTED_ORIGINS) nor the address the request was sent to are refused here with a
 * French 403 and one warning line, rather than by React Router's own check (a bare 400 with a
 * stack in the log).
 *
 * A trusted Origin is also the address the request is handled at: behind a proxy that rewrites
 * the Host header (nginx's default `proxy_set_header Host $proxy_host`), or for a request sent
 * straight to an instance, the page's origin is still the site's, and its forms keep working.
 */
export function originCheck(trustedOrigins: string[]): RequestHandler {
  const trusted = new Set(trustedOrigins);
  const official = trustedOrigins[0];
  return (req, res, next) => {
    if (!MUTATIONS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    if (trusted.has(origin)) {
      res.locals.publicOrigin = origin;
      return next();
    }
    const auth = req.path.startsWith("/api/auth/");
    // A page opened at this very address under another name gets the app's « Action refusée »
    // page from its guard; the authentication API is answered here (Better Auth would log twice, in English).
    if (!auth && origin === `${req.protocol}://${req.get("host")}`) return next();
    log.warn("Requête refusée : origine non reconnue", {
      method: req.method,
      path: redactSecrets(req.path),
      origin,
      host: req.headers.host,
    });
    const message = originRefusedMessage(official);
    res.status(403).set("Cache-Control", "no-store");
    // The sign-in screen shows the French message of this code (app/platform/auth/client.ts).
    if (auth) return void res.json({ code: "INVALID_ORIGIN", message });
    if (req.accepts(["html", "text"]) === "html" && !req.path.endsWith(".data")) {
      return void res
        .type("html")
        .send(
          `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            `<title>Requête refusée</title></head><body><main><h1>Requête refusée</h1><p>${escapeHtml(message)}</p>` +
            `<p><a href="${escapeHtml(official ?? "/")}">Revenir au site</a></p></main></body></html>`,
        );
    }
    res.type("text").send(message);
  };
}
