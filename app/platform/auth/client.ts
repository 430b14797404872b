/**
 * Browser side of the authentication: calls to Better Auth's standard endpoints under /api/auth,
 * with the provider's errors turned into French messages (docs/spec.md#messages).
 */
export const AUTH_API = "/api/auth";

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

export const GENERIC_ERROR = "Une erreur est survenue";
export const NETWORK_ERROR = "Impossible de joindre le serveur. Vérifiez votre connexion internet et réessayez.";
export const TIMEOUT_ERROR = "Le serveur ne répond pas (délai dépassé). Vérifiez votre connexion internet et réessayez.";

/** docs/spec.md#authentification: the authentication network timeout is 30 s on a computer and 60 s on a phone or tablet. */
export const AUTH_TIMEOUT_DESKTOP_MS = 30_000;
export const AUTH_TIMEOUT_MOBILE_MS = 60_000;

export function isMobileDevice(nav: { userAgent: string; userAgentData?: { mobile?: boolean } } | undefined): boolean {
  if (!nav) return false;
  if (typeof nav.userAgentData?.mobile === "boolean") return nav.userAgentData.mobile;
  return /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent);
}

export function authTimeoutMs(nav = typeof navigator === "undefined" ? undefined : navigator): number {
  return isMobileDevice(nav as Parameters<typeof isMobileDevice>[0]) ? AUTH_TIMEOUT_MOBILE_MS : AUTH_TIMEOUT_DESKTOP_MS;
}

/**
 * The answer to a sign-in or an admin action sent from an address that is not the site's (for
 * example the site opened by its IP address, or an old domain): SITE_URL, or one of
 * TRUSTED_ORIGINS, is required. With the official address when the caller knows it.
 */
export function originRefusedMessage(siteUrl?: string): string {
  const where = siteUrl ? ` (${siteUrl})` : "";
  return (
    `Cette page n'est pas ouverte depuis l'adresse officielle du site${where}\u00a0: par sécurité, la connexion et les modifications ` +
    "n'y sont pas acceptées. Ouvrez le site à son adresse habituelle, puis recommencez."
  );
}

export const TOO_MANY_ATTEMPTS = "Trop de tentatives. Patientez quelques minutes avant de réessayer.";

/** Provider codes → French. Our own hooks already answer in French (their message is kept). */
const CODE_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Adresse e-mail ou mot de passe incorrect.",
  INVALID_PASSWORD: "Mot de passe incorrect.",
  INVALID_EMAIL: "L'adresse e-mail n'est pas valide.",
  USER_ALREADY_EXISTS: "Cette adresse e-mail est déjà utilisée par un autre compte.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Cette adresse e-mail est déjà utilisée par un autre compte.",
  PASSWORD_TOO_SHORT: "Le mot de passe est trop court.",
  PASSWORD_TOO_LONG: "Le mot de passe est trop long.",
  INVALID_ORIGIN: originRefusedMessage(),
  MISSING_OR_NULL_ORIGIN: originRefusedMessage(),
  INVALID_TOKEN: "Ce lien de réinitialisation n'est plus valable (déjà utilisé ou expiré). Demandez-en un nouveau.",
  USER_NOT_FOUND: "Ce compte n'existe plus.",
  SESSION_EXPIRED: "Votre session a expiré. Reconnectez-vous puis recommencez.",
  FAILED_TO_GET_SESSION: "Votre session a expiré. Reconnectez-vous puis recommencez.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Ce compte n'a pas de mot de passe.",
  VALIDATION_ERROR: "Certaines informations sont invalides.",
  EMAIL_NOT_VERIFIED:
    "Votre adresse e-mail n'est pas encore confirmée\u00a0: un nouveau lien vient de vous être envoyé. Ouvrez-le pour activer votre compte.",
};

const FRENCH_CODES = new Set([
  "PASSWORD_POLICY",
  "INVALID_NAME",
  "TOO_MANY_ATTEMPTS",
  "ACCOUNT_DISABLED",
  "PASSWORD_REQUIRED",
  "LAST_ADMIN",
  "SIGN_UP_CLOSED",
  "INVALID_IMAGE",
]);

export function frenchAuthMessage(status: number, code: string | undefined, message: string | undefined): string {
  if (code && FRENCH_CODES.has(code) && message) return message;
  // The site's own origin check (server/origin-check.ts) names the official address: keep it.
  if (code === "INVALID_ORIGIN" && message?.startsWith(originRefusedMessage().split("\u00a0")[0]!)) return message;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  if (code && CODE_MESSAGES[code]) return CODE_MESSAGES[code];
  if (status === 401) return CODE_MESSAGES.INVALID_EMAIL_OR_PASSWORD!;
  if (status === 403) return "Action refusée.";
  return GENERIC_ERROR;
}

/**
 * POSTs JSON to a Better Auth endpoint, giving up after the spec's network timeout; throws
 * AuthError with a French message on failure.
 */
export async function authPost<T = unknown>(path: string, body: unknown, timeoutMs = authTimeoutMs()): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${AUTH_API}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new AuthError(TIMEOUT_ERROR, 0, "TIMEOUT");
    throw new AuthError(NETWORK_ERROR, 0, "NETWORK");
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const { code, message } = (json ?? {}) as { code?: string; message?: string };
    throw new AuthError(frenchAuthMessage(res.status, code, message), res.status, code);
  }
  return json as T;
}
