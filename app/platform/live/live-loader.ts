import { isRouteErrorResponse } from "react-router";

/**
 * Live admin screens keep their last good data when a background refresh fails
 * (docs/spec.md#requetes). A live screen's route exports
 * `clientLoader = ({ serverLoader }) => liveClientLoader(serverLoader)`: while `useLiveData`
 * refreshes in the background, a failed read (HTTP 5xx, network cut) answers the last good data
 * marked `stale` instead of throwing (which would replace the admin by the error screen), and
 * `useLiveData` tries again. A navigation that fails still shows the error screen; a redirect or a
 * refusal (3xx, 4xx) is never hidden. Runs in the browser only.
 */
let backgroundRefreshes = 0;
let current: { key: string; data: unknown } | undefined;
const failed = new Set<string>();

export type Live<T> = T & { stale?: boolean };

export function isBackgroundRefresh(): boolean {
  return backgroundRefreshes > 0;
}

/** Runs a background refresh: loaders called meanwhile may answer their last good data. */
export async function inBackground(key: string, revalidate: () => Promise<void>): Promise<{ failed: boolean }> {
  backgroundRefreshes++;
  failed.delete(key);
  try {
    await revalidate();
  } catch {
    failed.add(key);
  } finally {
    backgroundRefreshes--;
  }
  return { failed: failed.has(key) };
}

/** The data a screen shows now (useLiveData records it): what a failed refresh keeps. */
export function rememberLiveData(key: string, data: unknown) {
  if (data && typeof data === "object" && !(data as Live<object>).stale) current = { key, data };
}

function isTransient(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status >= 500;
  if (error instanceof Response) return error.status >= 500;
  return true; // a network error, an aborted request
}

export async function liveClientLoader<T extends object>(key: string, serverLoader: () => Promise<T>): Promise<Live<T>> {
  const background = isBackgroundRefresh();
  try {
    return await serverLoader();
  } catch (error) {
    if (!background || !isTransient(error) || current?.key !== key) throw error;
    failed.add(key);
    return { ...(current.data as T), stale: true };
  }
}

/** `shouldRevalidate` of the layouts above a live screen: a background refresh reads only the screen's own data. */
export function skipDuringBackgroundRefresh({ defaultShouldRevalidate }: { defaultShouldRevalidate: boolean }): boolean {
  return isBackgroundRefresh() ? false : defaultShouldRevalidate;
}

/** True for data a failed background refresh kept (the screen shows « Données non actualisées »). */
export function isStaleLiveData(data: object): boolean {
  return "stale" in data && data.stale === true;
}
