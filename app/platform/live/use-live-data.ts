import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { LIVE_POLL_MS, QUERY_RETRIES, isStale, retryDelay } from "./constants";

/**
 * Keeps a screen's loader data live, with the constants of docs/spec.md#requetes:
 * - `poll`: while true, the loaders run again every `LIVE_POLL_MS` (batch import progress);
 * - always: when the window comes back to the foreground and the data is older than the fresh
 *   time (5 min), the loaders run again (dashboard figures).
 * A refresh that fails is tried again up to 3 times, 1 s, 2 s, 4 s apart (capped at 30 s), then
 * the screen waits for the next tick. Refreshes run only while the page is visible.
 */
export function useLiveData({ poll = false, everyMs = LIVE_POLL_MS }: { poll?: boolean; everyMs?: number } = {}) {
  const revalidator = useRevalidator();
  const loadedAt = useRef(Date.now());
  const busy = useRef(false);
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = async (attempt = 0): Promise<void> => {
      if (stopped || busy.current || document.visibilityState !== "visible" || latest.current.state !== "idle") return;
      busy.current = true;
      try {
        await latest.current.revalidate();
        loadedAt.current = Date.now();
      } catch {
        if (attempt < QUERY_RETRIES && !stopped) retry = setTimeout(() => void refresh(attempt + 1), retryDelay(attempt));
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
  }, [poll, everyMs]);
}
