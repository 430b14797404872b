import { createContext, useEffect, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router";

let hydrated = false;

/**
 * Rendered once, by the root layout. Its effect runs when React DOM has hydrated the document: from
 * then on, every ServerHtml renders its children, and <html> carries `data-hydrated` (what the
 * browser tests wait for before they click, see tests/e2e/support/hydration.ts). After each
 * navigation, `data-rendered` is the address React has drawn: the browser's address changes first,
 * the new page's nodes a moment later (a navigation renders in a transition).
 */
export function HydrationMark() {
  const location = useLocation();
  useEffect(() => {
    hydrated = true;
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    document.documentElement.dataset.rendered = location.pathname + location.search;
  }, [location.pathname, location.search]);
  return null;
}

/** True inside a ServerHtml part: its links may skip what only a hydrated <Link> needs (app/ui/link.tsx). */
export const InServerHtml = createContext(false);

/** The same placeholder on every render: the browser keeps the server's nodes (see below). */
const KEEP = { __html: "" };

/**
 * A read-only part of a page that the browser does not hydrate on the first load: the server's
 * HTML stays as it is, and no component, hook or event handler runs for it (React DOM neither reads
 * nor rewrites the inner HTML of a `dangerouslySetInnerHTML` element while hydrating). Hydrating a whole
 * page is the main cost of a first load on a phone; parts that only show content (cards, text,
 * links, a search form) need none of it. When the visitor moves to another page on the client,
 * the part renders like any component (docs/decisions/0007-static-first-load.md).
 *
 * Inside it, a click on a link of the site and a search form (`method="get"`) still navigate on
 * the client, spinner and focus handling included, as <Link> and <Form> would; any other link
 * (new tab, download, another site, an anchor of the same page) keeps the browser's behaviour.
 *
 * Its content is a function, called only when the part is rendered: the elements of a part the
 * browser keeps are not even built.
 *
 * Only for content with no state or handler of its own: a button that reacts, a form that posts
 * or checks its fields stays outside. The wrapper is `display: contents` unless told otherwise, so
 * that the layout of the page does not change.
 */
export function ServerHtml({ children, className = "contents" }: { children: () => ReactNode; className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const page = location.pathname + location.search;
  // The page this part came from the server for; null once the browser renders it (for good: going
  // back to that page renders it too, the server's nodes are gone). An anchor of the same page
  // (a new hash only) keeps it as it is.
  const [serverPage, setServerPage] = useState(() => (typeof document === "undefined" || hydrated ? null : page));
  if (serverPage !== null && serverPage !== page) setServerPage(null);
  if (serverPage !== page)
    return (
      <div className={className}>
        <InServerHtml value={true}>{children()}</InServerHtml>
      </div>
    );
  return (
    <div
      className={className}
      onClick={(event) => followLink(event, navigate)}
      onSubmit={(event) => sendSearch(event, navigate)}
      dangerouslySetInnerHTML={KEEP}
      suppressHydrationWarning
    />
  );
}

function sameSite(url: URL) {
  return url.origin === window.location.origin;
}

function followLink(event: MouseEvent<HTMLDivElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest("a");
  // `data-discover` marks the links that <Link> renders (plain <a> keep a full page load).
  if (!link || !link.hasAttribute("data-discover") || link.hasAttribute("download")) return;
  if (link.target && link.target !== "_self") return;
  const url = new URL(link.href);
  if (!sameSite(url)) return;
  const here = window.location;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return;
  event.preventDefault();
  void navigate(url.pathname + url.search + url.hash);
}

function sendSearch(event: FormEvent<HTMLDivElement>, navigate: NavigateFunction) {
  const form = event.target as HTMLFormElement;
  if (event.defaultPrevented || form.method !== "get") return;
  const url = new URL(form.action);
  if (!sameSite(url)) return;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) if (typeof value === "string") query.append(name, value);
  event.preventDefault();
  const search = query.toString();
  void navigate(url.pathname + (search ? `?${search}` : ""));
}
