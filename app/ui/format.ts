import { lazily } from "~/platform/intl";

/** Dates of the admin screens, in Paris time. */
const dateTime = lazily(() => new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" }));
const date = lazily(() => new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeZone: "Europe/Paris" }));

/** "21/11/2026 14:05" in Paris time (same on the server and in the browser). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime().format(d);
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : date().format(d);
}

/** "123 456 789 00012": a SIRET as people read it. */
export function formatSiret(siret: string): string {
  const s = siret.replace(/\s+/g, "");
  return `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`;
}

/** A phone number as shown: no-break spaces between digit groups, so it never wraps ("04 65 71 00 12"). */
export function formatPhoneFr(phone: string): string {
  return phone.trim().replace(/\s+/g, "\u00a0");
}

/** "04 65 71 00 12" → "tel:0465710012". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
