import type { PageHtml } from "./markdown-content";

/**
 * Long HTML (rendered Markdown) goes into a page once. On a document request the loader hands
 * `pageHtml()` a reference instead of the HTML: the server render prints the HTML, the hydration
 * data carries only the reference, and the browser reads the HTML back from the page. Client-side
 * navigations (`*.data`) get the HTML itself. See docs/decisions/caching.md.
 */

/**
 * Set by the server on document requests only, to a token of its own for this request (any value
 * sent by a client is dropped): the HTML kept aside is found again by it, never by an id a client
 * or a proxy could choose (two requests with the same X-Request-Id would share their HTML).
 */
export const DOCUMENT_REQUEST_HEADER = "x-site-document";

const pending = new Map<string, Map<string, string>>();

export function pageHtml(request: Request, key: string, html: string): PageHtml {
  const requestId = request.headers.get(DOCUMENT_REQUEST_HEADER);
  if (html === "" || !requestId) return html;
  let htmls = pending.get(requestId);
  if (!htmls) {
    htmls = new Map();
    pending.set(requestId, htmls);
    // Never left behind, even when the render does not happen (a redirect, an error).
    setTimeout(() => pending.delete(requestId), 60_000).unref();
  }
  htmls.set(key, html);
  return { ref: key };
}

/** The HTML the loaders of this request kept out of the data (read once, by the server render). */
export function takePageHtml(request: Request): Map<string, string> | undefined {
  const requestId = request.headers.get(DOCUMENT_REQUEST_HEADER);
  if (!requestId) return undefined;
  const htmls = pending.get(requestId);
  pending.delete(requestId);
  return htmls;
}
