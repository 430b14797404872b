import { useEffect } from "react";

/** Session-storage flag recording that the non-https clean-up already ran (docs/spec.md#comportement). */
export const SW_CLEANUP_FLAG = "sw-cleanup-done";

/**
 * Over https, registers /service-worker.js. On any other origin, removes existing service
 * workers and caches once per session (flag in sessionStorage), then reloads the page once
 * if anything was removed, so that the page is no longer served by a stale worker.
 */
export async function manageServiceWorker(win: Window = window): Promise<"registered" | "cleaned" | "skipped"> {
  const nav = win.navigator;
  if (win.location.protocol === "https:") {
    if (!("serviceWorker" in nav)) return "skipped";
    await nav.serviceWorker.register("/service-worker.js", { scope: "/" });
    return "registered";
  }
  if (win.sessionStorage.getItem(SW_CLEANUP_FLAG)) return "skipped";
  win.sessionStorage.setItem(SW_CLEANUP_FLAG, new Date().toISOString());
  let removed = 0;
  if ("serviceWorker" in nav) {
    const registrations = await nav.serviceWorker.getRegistrations();
    for (const r of registrations) if (await r.unregister()) removed++;
  }
  if ("caches" in win) {
    for (const key of await win.caches.keys()) if (await win.caches.delete(key)) removed++;
  }
  if (removed > 0) win.location.reload();
  return "cleaned";
}

export function ServiceWorkerManager() {
  useEffect(() => {
    manageServiceWorker().catch(() => {
      /* a failed registration only loses offline support */
    });
  }, []);
  return null;
}
