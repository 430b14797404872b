import { createHmac, timingSafeEqual } from "node:crypto";
import { renderSVG } from "uqr";
import { authSecret, config } from "~/platform/config.server";
import { matchesOneTimeCode, newOneTimeCode } from "~/platform/one-time-code/one-time-code.server";
import { halfDaySlug, ROOM_STEP_SECONDS } from "./model";

/**
 * The secrets of attendance (docs/decisions/0033-attendance-signed-online.md), all derived from the
 * site's server secret (AUTH_SECRET or DATA_DIR/auth-secret), none stored:
 * - the rotating room code of a session's half-day: HMAC(key of that session and half-day,
 *   floor(time / 30 s)) truncated to 6 digits (RFC 4226 dynamic truncation); the code of the
 *   current step and of the previous one are accepted, nothing older, nothing of another half-day;
 * - a trainee's personal signing link (convocation, reminders): their id and an HMAC of it.
 */

const STEP_MS = ROOM_STEP_SECONDS * 1000;

function derivedKey(purpose: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}

/** The 6-digit code of one 30-second step. */
function codeAt(sessionId: string, halfDay: string, step: number, secret: string): string {
  const key = derivedKey(`emargement-salle:${sessionId}:${halfDay}`, secret);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha256", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, "0");
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The room code shown now, and how many seconds it has left. */
export function roomCode(
  sessionId: string,
  halfDay: string,
  now = Date.now(),
  secret = authSecret(),
): { code: string; secondsLeft: number } {
  const step = Math.floor(now / STEP_MS);
  return { code: codeAt(sessionId, halfDay, step, secret), secondsLeft: Math.ceil(((step + 1) * STEP_MS - now) / 1000) };
}

/** True for the code of the current step or the previous one (a code read just before it changed). */
export function checkRoomCode(sessionId: string, halfDay: string, code: string, now = Date.now(), secret = authSecret()): boolean {
  const step = Math.floor(now / STEP_MS);
  return [step, step - 1].some((s) => same(codeAt(sessionId, halfDay, s, secret), code));
}

/** The signing page's address for a session (and a half-day and a room code, for the QR code). */
export function signingPath(sessionId: string, query: { halfDay?: string; code?: string; token?: string } = {}): string {
  const params = new URLSearchParams();
  if (query.halfDay) params.set("d", halfDaySlug(query.halfDay));
  if (query.code) params.set("code", query.code);
  if (query.token) params.set("t", query.token);
  const search = params.toString();
  return `/emargement/${encodeURIComponent(sessionId)}${search ? `?${search}` : ""}`;
}

/** The QR code of the room code (an SVG drawn on the server, readable by any phone's camera). */
export function roomQrSvg(sessionId: string, halfDay: string, code: string): string {
  const url = `${config().siteUrl}${signingPath(sessionId, { halfDay, code })}`;
  return renderSVG(url, { border: 2, pixelSize: 6, whiteColor: "#ffffff", blackColor: "#000000" });
}

/** A trainee's personal signing token: `<id>.<HMAC>`; it names the trainee, the code proves the presence. */
export function traineeToken(traineeId: string, secret = authSecret()): string {
  const mac = createHmac("sha256", derivedKey("emargement-stagiaire", secret)).update(traineeId).digest("base64url").slice(0, 27);
  return `${traineeId}.${mac}`;
}

/** The trainee id a personal token names, or null when it was not made by this site. */
export function traineeOfToken(token: string, secret = authSecret()): string | null {
  const id = token.slice(0, token.lastIndexOf("."));
  if (!id || token.length > 200) return null;
  return same(traineeToken(id, secret), token) ? id : null;
}

/** A new one-time e-mail code (6 digits) and what is stored of it (app/platform/one-time-code). */
export const newEmailCode = (): { code: string; hash: string } => newOneTimeCode("emargement-email");

/** Whether `code` is the one stored as `hash` (constant time). */
export const matchesEmailCode = (code: string, hash: string) => matchesOneTimeCode("emargement-email", code, hash);
