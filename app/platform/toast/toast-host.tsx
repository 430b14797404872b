import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { notify, pendingToasts, subscribeToasts, toastLibraryLoaded } from "./notify";
import type { Toast } from "./toast";
import { frenchSpacing } from "~/platform/format";

const LazyToaster = lazy(() => import("./toaster"));

/** What the server renders: no pending toast (one array, as React requires a stable snapshot). */
const NO_TOASTS: Toast[] = [];
const noToasts = () => NO_TOASTS;

const KIND_CLASS: Record<Toast["kind"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
  info: "border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50",
};

/**
 * Shows the server's toast (flash cookie) and the browser's ones. Before hydration, or without
 * JavaScript, the server's toast is plain HTML (it stays, as nothing could close it); once
 * hydrated, every toast goes through the toast library, loaded on first use.
 */
export function ToastHost({ serverToast }: { serverToast: Toast | null }) {
  const [hydrated, setHydrated] = useState(false);
  const pending = useSyncExternalStore(subscribeToasts, pendingToasts, noToasts);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (serverToast) notify.show(serverToast);
  }, [serverToast]);

  if (!hydrated) {
    return serverToast ? (
      <div className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex justify-end sm:inset-x-auto sm:right-4 sm:bottom-4">
        <div role="status" className={`w-full max-w-sm rounded-lg border px-4 py-3 shadow-lg ${KIND_CLASS[serverToast.kind]}`}>
          <p className="font-semibold">{frenchSpacing(serverToast.title)}</p>
          {serverToast.description ? <p className="mt-1 text-sm">{frenchSpacing(serverToast.description)}</p> : null}
        </div>
      </div>
    ) : null;
  }
  return pending.length > 0 || toastLibraryLoaded() ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
