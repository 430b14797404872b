import { createContext, useContext } from "react";

/** The field that marks hydration data whose rest stayed on the server (app/platform/ssr/kept.server.ts). */
export const SERVER_ONLY = "$serverOnly";

/** A page's data: whole, or (document request) only the `K` fields, the rest kept for the server render. */
export type ServerOnly<T, K extends keyof T> = T | (Pick<T, K> & { [SERVER_ONLY]: string });

/** The whole data of such a page, as its view reads it. */
export type WholeData<D> = Exclude<D, { [SERVER_ONLY]: string }>;

/** The server render's kept values (provided by entry.server for the request); none in the browser. */
export const KeptContext = createContext<Map<string, unknown> | undefined>(undefined);

/**
 * The whole data of a page whose view is one ServerHtml part, to read in that part's function: in
 * the server render, what the loader kept; in the browser, the data itself (whole after a
 * client-side navigation; on a first load the part keeps the server's HTML and its function is
 * not called, so the slim data is never drawn).
 */
export function useServerData<D extends object>(data: D): () => WholeData<D> {
  type T = WholeData<D>;
  const kept = useContext(KeptContext);
  return () => {
    if (!(SERVER_ONLY in data)) return data as T;
    const whole = kept?.get(`data:${(data as Record<string, unknown>)[SERVER_ONLY] as string}`);
    if (whole === undefined) throw new Error("Données de la page absentes du rendu : elles sont restées sur le serveur.");
    return whole as T;
  };
}
