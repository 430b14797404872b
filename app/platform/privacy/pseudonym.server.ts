import { createHmac } from "node:crypto";
import { authSecret } from "../config.server";

/**
 * A pseudonymous id for a person in logs and counters: a keyed hash (HMAC-SHA-256 with the site's
 * secret) of the normalised e-mail address (or phone, or name). The same person always gets the
 * same id, so log lines can be followed and an incident traced (an operator who knows the address
 * computes its id with the same secret), but the logs themselves carry no name, e-mail or phone.
 */
export function pseudonym(value: string): string {
  const normalised = value.trim().toLowerCase();
  return "p-" + createHmac("sha256", authSecret()).update(`pseudonym:${normalised}`).digest("base64url").slice(0, 16);
}
