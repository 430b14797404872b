import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { authSecret } from "~/platform/config.server";

/**
 * A small secret kept in the database but readable only with the site's server secret (AUTH_SECRET
 * or DATA_DIR/auth-secret, which the backups carry): AES-256-GCM under a key derived from that
 * secret for one purpose. A copy of the database alone does not give the secret away; changing the
 * server secret makes what was sealed with the old one unreadable (README « Signature en ligne »).
 */

const VERSION = "v1";

function keyFor(purpose: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`secret-box:${purpose}`).digest();
}

/** `v1:` then base64url of the 12-byte nonce, the 16-byte tag and the ciphertext. */
export function sealSecret(purpose: string, plain: string, secret: string = authSecret()): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose, secret), nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The plain text, or null when the value was sealed for another purpose or with another server secret. */
export function openSecret(purpose: string, sealed: string, secret: string = authSecret()): string | null {
  const [version, data] = sealed.split(":", 2);
  if (version !== VERSION || !data) return null;
  const bytes = Buffer.from(data, "base64url");
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose, secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
