import { createContext, type RouterContextProvider } from "react-router";
import type { PageHtml } from "~/platform/markdown/markdown-content";
import { SERVER_ONLY, type ServerOnly } from "./kept";

/**
 * What a document request's loaders keep out of the hydration data, for the server render only
 * (docs/decisions/0003-caching.md):
 * - long HTML (rendered Markdown) goes into a page once: `pageHtml()` hands the data a reference,
 *   the server render prints the HTML and the browser reads it back from the page;
 * - a page whose whole view is a read-only part (ServerHtml, never hydrated) sends the browser only
 *   what its `meta` reads: `serverOnlyData()`; the server render reads the rest with
 *   `useServerData` (app/platform/ssr/kept.ts).
 * The server render (entry.server.tsx) gets the same router context. Client-side navigations
 * (`*.data`) get the data whole.
 */

/** Set by the server on document requests only (any value sent by a client is dropped). */
export const DOCUMENT_REQUEST_HEADER = "x-site-document";

type LoaderArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** This request's kept values, by key (`html:…` or `data:…`). */
const keptContext = createContext<Map<string, unknown> | null>(null);

function isDocumentRequest(request: Request): boolean {
  return request.headers.get(DOCUMENT_REQUEST_HEADER) === "1";
}

function keep({ context }: LoaderArgs, key: string, value: unknown): void {
  let kept = context.get(keptContext);
  if (!kept) {
    kept = new Map();
    context.set(keptContext, kept);
  }
  kept.set(key, value);
}

export function pageHtml(args: LoaderArgs, key: string, html: string): PageHtml {
  if (html === "" || !isDocumentRequest(args.request)) return html;
  keep(args, `html:${key}`, html);
  return { ref: key };
}

/**
 * The loader data of a page drawn whole by one ServerHtml part. On a document request the browser
 * never renders that part (it keeps the server's HTML), so the hydration data holds only the
 * `needed` fields, those its `meta` reads; the server render gets `data` whole.
 */
export function serverOnlyData<T extends Record<string, unknown>, K extends keyof T>(
  args: LoaderArgs,
  key: string,
  data: T,
  needed: readonly K[],
): ServerOnly<T, K> {
  if (!isDocumentRequest(args.request)) return data;
  keep(args, `data:${key}`, data);
  const slim: Record<string, unknown> = { [SERVER_ONLY]: key };
  for (const name of needed) slim[name as string] = data[name];
  return slim as ServerOnly<T, K>;
}

/** What the loaders of this request kept out of the data (for the server render). */
export function takeKept(context: RouterContextProvider): Map<string, unknown> | undefined {
  return context.get(keptContext) ?? undefined;
}
