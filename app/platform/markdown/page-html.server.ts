import { createContext, type RouterContextProvider } from "react-router";
import type { PageHtml } from "./markdown-content";

/**
 * Long HTML (rendered Markdown) goes into a page once. On a document request the loader hands
 * `pageHtml()` a reference instead of the HTML and the HTML goes into the request's router context:
 * the server render (entry.server.tsx, which gets the same context) prints the HTML, the hydration
 * data carries only the reference, and the browser reads the HTML back from the page. Client-side
 * navigations (`*.data`) get the HTML itself. See docs/decisions/0003-caching.md.
 */

/** Set by the server on document requests only (any value sent by a client is dropped). */
export const DOCUMENT_REQUEST_HEADER = "x-site-document";

/** The HTML this request's loaders kept out of their data, by reference. */
const pageHtmlContext = createContext<Map<string, string> | null>(null);

export function pageHtml(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  key: string,
  html: string,
): PageHtml {
  if (html === "" || request.headers.get(DOCUMENT_REQUEST_HEADER) !== "1") return html;
  let htmls = context.get(pageHtmlContext);
  if (!htmls) {
    htmls = new Map();
    context.set(pageHtmlContext, htmls);
  }
  htmls.set(key, html);
  return { ref: key };
}

/** The HTML the loaders of this request kept out of the data (for the server render). */
export function takePageHtml(context: RouterContextProvider): Map<string, string> | undefined {
  return context.get(pageHtmlContext) ?? undefined;
}
