import { createHash, randomInt, timingSafeEqual } from "node:crypto";

/**
 * One-time codes sent by e-mail (attendance, documents signed online): six digits drawn at random,
 * only their SHA-256 stored (scoped by a purpose, so a code of one use never matches another's),
 * valid CODE_MINUTES minutes, used once. Where they are stored and how many tries a person has is
 * each use's own rule (its table, its lock); this module is the one way to make and check them.
 */

/** How long a code sent by e-mail stays valid. */
export const CODE_MINUTES = 10;

/** A new one-time code (6 digits) and what is stored of it. */
export function newOneTimeCode(purpose: string): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { code, hash: hashOneTimeCode(purpose, code) };
}

/** What is stored of a code of `purpose`: its SHA-256 (hex). */
export function hashOneTimeCode(purpose: string, code: string): string {
  return createHash("sha256").update(`${purpose}:${code}`).digest("hex");
}

/** Whether `code` is the one whose hash is `hash` (compared in constant time). */
export function matchesOneTimeCode(purpose: string, code: string, hash: string): boolean {
  const a = Buffer.from(hashOneTimeCode(purpose, code.trim()));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
