/**
 * How a post is named in a list (its path, date and reading time): the small part of ./labels that
 * the cards of the home page and the blog need in the browser.
 */

import { formatDate } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";

export const SITE_TIME_ZONE = "Europe/Paris";

/** "12 mars 2026" (Paris date of an instant); "1er mars 2026". */
export function formatPostDate(iso: string): string {
  return formatDate(iso);
}

/** The Paris calendar day (YYYY-MM-DD) of an instant, for <time dateTime>. */
export function parisDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso.slice(0, 10) : parisCalendarDay(d);
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes}\u00a0min de lecture`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}
