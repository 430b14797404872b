import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a public page shows that changes apart from the content version: the free seats of
 * sessions. A data function that reads seats for a page calls `pageShowsSeats(sessionId)`; the
 * request handler collects these tags around each render and keeps them with the cached page, and
 * a seat change (table `seat_changes`) drops only the pages tagged with that session. Outside a
 * render (admin, jobs, tests) the call does nothing. See docs/decisions/0003-caching.md.
 */
const tags = new AsyncLocalStorage<Set<string>>();

/** The tag of a session's seat count. */
export function seatsTag(sessionId: string): string {
  return `places:${sessionId}`;
}

/** The page being rendered shows these sessions' free seats. */
export function pageShowsSeats(sessionIds: string | Iterable<string>): void {
  const collected = tags.getStore();
  if (!collected) return;
  if (typeof sessionIds === "string") collected.add(seatsTag(sessionIds));
  else for (const id of sessionIds) collected.add(seatsTag(id));
}

/** Runs a render and collects the tags its data functions noted (the set fills while it runs). */
export function collectPageTags<T>(collected: Set<string>, render: () => Promise<T>): Promise<T> {
  return tags.run(collected, render);
}
