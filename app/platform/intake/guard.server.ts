import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import { HONEYPOT_FIELD, TOKEN_FIELD } from "./fields";

/**
 * Anti-spam for the public forms: a signed timestamp (minimum fill time, and the idempotency key
 * of the submission), a honeypot, and a per-address rate limit kept in the database so that every
 * instance counts the same submissions.
 */

/** The name of a public form that carries the anti-spam token ("devis", "contact", "inscription"): a token is valid for its form only. */
export type GuardedForm = string;

/** A form older than this is refused (a new token comes with the re-rendered form). */
export const FORM_TOKEN_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

function sign(payload: string): string {
  return createHmac("sha256", authSecret()).update(`lead-form:${payload}`).digest("base64url");
}

/** A token for one display of a form: "<issued ms base36>.<nonce>.<signature>". */
export function issueFormToken(kind: GuardedForm, now = Date.now()): string {
  const payload = `${now.toString(36)}.${randomBytes(9).toString("base64url")}`;
  return `${payload}.${sign(`${kind}.${payload}`)}`;
}

export type TokenCheck =
  { ok: true; issuedAt: number } | { ok: false; reason: "invalid" | "expired" } | { ok: false; reason: "too-fast"; waitSeconds: number };

export function checkFormToken(kind: GuardedForm, token: string, minFillSeconds: number, now = Date.now()): TokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 200) return { ok: false, reason: "invalid" };
  const [stamp, nonce, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${kind}.${stamp}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const issuedAt = parseInt(stamp, 36);
  if (!Number.isFinite(issuedAt) || issuedAt > now + 60_000) return { ok: false, reason: "invalid" };
  if (now - issuedAt > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: "expired" };
  const elapsed = now - issuedAt;
  if (elapsed < minFillSeconds * 1000) {
    return { ok: false, reason: "too-fast", waitSeconds: Math.max(1, Math.ceil((minFillSeconds * 1000 - elapsed) / 1000)) };
  }
  return { ok: true, issuedAt };
}

/** What the anti-spam checks answer: go on, or refuse with a French message (and the token the re-rendered form carries). */
export type Screening =
  | { ok: true; token: string }
  | {
      ok: false;
      /** "confirm": nothing wrong, one step left; "blocked": refused by the anti-spam checks; "invalid": the fields' messages. */
      kind: "confirm" | "blocked" | "invalid";
      /** A rejection of the whole form, in French. */
      formError?: string;
      token: string;
    };

/**
 * The checks every public form passes before it is stored: the honeypot, then the signed token
 * (minimum fill time, age). A form without a token (a cached page, no JavaScript) is not refused:
 * once valid, the visitor confirms it once with a token issued now. `valid` says whether the
 * fields passed the form's schema (a refusal then shows the fields' messages too).
 */
export function screenSubmission(
  kind: GuardedForm,
  form: FormData,
  { valid, minFillSeconds, now = Date.now() }: { valid: boolean; minFillSeconds: number; now?: number },
): Screening {
  const submittedToken = String(form.get(TOKEN_FIELD) ?? "");
  const honeypot = String(form.get(HONEYPOT_FIELD) ?? "");
  const tokenCheck = checkFormToken(kind, submittedToken, minFillSeconds, now);
  if (honeypot.trim() !== "") {
    log.info("Envoi de formulaire bloqué (champ piège rempli)", { kind });
    return {
      ok: false,
      kind: "blocked",
      formError:
        "Votre envoi a été bloqué par notre protection contre les envois automatiques : un champ caché, que seuls les robots remplissent, contenait une valeur (cela arrive parfois avec le remplissage automatique du navigateur). Nous l'avons vidé : vérifiez vos informations et renvoyez le formulaire.",
      token: tokenCheck.ok || tokenCheck.reason === "too-fast" ? submittedToken : issueFormToken(kind, now),
    };
  }
  if (!tokenCheck.ok) {
    if (submittedToken === "") {
      // The page came from a cache, or without JavaScript: its form carries no token of its own.
      // The visitor confirms once with a token issued now (already past the minimum fill time).
      const token = issueFormToken(kind, now - minFillSeconds * 1000);
      return valid ? { ok: false, kind: "confirm", token } : { ok: false, kind: "invalid", token };
    }
    if (tokenCheck.reason === "too-fast") {
      return {
        ok: false,
        kind: "blocked",
        formError: `Envoi trop rapide\u00a0: pour nous protéger des robots, un formulaire ne peut pas être envoyé moins de ${minFillSeconds} secondes après son ouverture. Patientez ${tokenCheck.waitSeconds} seconde${tokenCheck.waitSeconds > 1 ? "s" : ""}, puis renvoyez-le\u00a0: vos informations sont conservées.`,
        token: submittedToken,
      };
    }
    return {
      ok: false,
      kind: "blocked",
      formError:
        tokenCheck.reason === "expired"
          ? "Ce formulaire a été ouvert il y a plus de deux jours et a expiré par sécurité. Vos informations sont conservées : vérifiez-les et renvoyez le formulaire."
          : "Le formulaire n'a pas pu être vérifié (son jeton de sécurité a été modifié). Vos informations sont conservées : renvoyez le formulaire.",
      token: issueFormToken(kind, now),
    };
  }
  if (!valid) return { ok: false, kind: "invalid", token: submittedToken };
  return { ok: true, token: submittedToken };
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "une minute" : `${minutes} minutes`;
}

/** The refusal of a submission over the per-address limit, in French (with the phone number to call instead). */
export function rateLimitMessage(retryAfterSeconds: number, phone: string): string {
  return `Trop de demandes ont été envoyées depuis votre connexion\u00a0: par sécurité, nous en acceptons au plus ${RATE_LIMIT_MAX} par heure. Réessayez dans ${minutesText(retryAfterSeconds)}, ou appelez-nous au ${phone}.`;
}

/** Per client address: at most RATE_LIMIT_MAX accepted submissions (both forms) per window. */
export const RATE_LIMIT_MAX = 10;
export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/** The address is kept only as a keyed hash (no IP address is stored in clear). */
function rateKey(ip: string): string {
  return "ip:" + createHmac("sha256", authSecret()).update(`lead-rate:${ip}`).digest("base64url").slice(0, 43);
}

/**
 * Counts one submission from this address, atomically (one upsert, same on SQLite and
 * PostgreSQL). Returns whether it is allowed and, when not, how long to wait.
 */
export async function consumeRateLimit(
  ip: string,
  { target = db(), now = Date.now(), max = RATE_LIMIT_MAX, windowMs = RATE_LIMIT_WINDOW_MS } = {},
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const key = rateKey(ip || "inconnue");
  const iso = new Date(now).toISOString();
  const windowLimit = new Date(now - windowMs).toISOString();
  const row = await target
    .insertInto("lead_rate_limits")
    .values({ key, window_start: iso, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("lead_rate_limits.window_start", "<=", windowLimit)
          .then(1)
          .else(eb("lead_rate_limits.count", "+", 1))
          .end(),
        window_start: eb
          .case()
          .when("lead_rate_limits.window_start", "<=", windowLimit)
          .then(iso)
          .else(eb.ref("lead_rate_limits.window_start"))
          .end(),
      })),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  if (Number(row.count) <= max) return { allowed: true };
  const retryAt = Date.parse(row.window_start) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
}

/** Housekeeping: forget counters whose window has passed. */
export async function pruneRateLimits(target: Db = db(), now = Date.now(), windowMs = RATE_LIMIT_WINDOW_MS): Promise<number> {
  const result = await target
    .deleteFrom("lead_rate_limits")
    .where("window_start", "<", new Date(now - windowMs).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Housekeeping: counters of the public forms' limit whose window is over. */
export function pruneRateLimitsTask(): Promise<number> {
  return pruneRateLimits();
}
