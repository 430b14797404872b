import { useEffect, useRef } from "react";
import { useMatches, useRevalidator } from "react-router";
import { LIVE_POLL_MS, QUERY_RETRIES, isStale, retryDelay } from "./constants";
import { inBackground, rememberLiveData } from "./live-loader";

/**
 * Keeps a screen's loader data live, with the constants of docs/spec.md#requetes:
 * - `poll`: while true, the loaders run again every `LIVE_POLL_MS` (batch import progress);
 * - always: when the window comes back to the foreground and the data is older than the fresh
 *   time (5 min), the loaders run again (dashboard figures).
 * A refresh that fails (HTTP 5xx, network cut) keeps the last good data on screen (the route's
 * `clientLoader` is `liveClientLoader`, see ./live-loader.ts) and is tried again up to 3 times,
 * 1 s, 2 s, 4 s apart (capped at 30 s), then the screen waits for the next tick. Refreshes run only
 * while the page is visible.
 */
export function useLiveData({ poll = false, everyMs = LIVE_POLL_MS }: { poll?: boolean; everyMs?: number } = {}) {
  const revalidator = useRevalidator();
  const matches = useMatches();
  const own = matches[matches.length - 1];
  const key = own?.id ?? "";
  const loadedAt = useRef(Date.now());
  const busy = useRef(false);
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    rememberLiveData(key, own?.loaderData);
  }, [key, own?.loaderData]);

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = async (attempt = 0): Promise<void> => {
      if (stopped || busy.current || document.visibilityState !== "visible" || latest.current.state !== "idle") return;
      busy.current = true;
      try {
        const result = await inBackground(key, () => latest.current.revalidate());
        if (!result.failed) loadedAt.current = Date.now();
        else if (attempt < QUERY_RETRIES && !stopped) retry = setTimeout(() => void refresh(attempt + 1), retryDelay(attempt));
      } finally {
        busy.current = false;
      }
    };
    const onForeground = () => {
      if (isStale(loadedAt.current, Date.now())) void refresh();
    };
    document.addEventListener("visibilitychange", onForeground);
    window.addEventListener("focus", onForeground);
    const timer = poll ? setInterval(() => void refresh(), everyMs) : undefined;
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onForeground);
      window.removeEventListener("focus", onForeground);
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
    };
  }, [poll, everyMs, key]);
}
