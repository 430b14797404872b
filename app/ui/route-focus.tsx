import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * After a client-side navigation to another page, moves the focus to the new page's `h1` (made
 * focusable with tabindex="-1"), so that keyboard and screen reader users start reading the new
 * page there and hear its heading. Skipped on the first render, for hash-only changes, for
 * `replace` navigations (live filters, redirects) and while the visitor works in a form whose
 * result updates in place. The scroll position stays the router's (top of the new page).
 */
export function RouteFocus() {
  const location = useLocation();
  const type = useNavigationType();
  const previous = useRef<string | null>(null);
  const page = location.pathname + location.search;

  useEffect(() => {
    const before = previous.current;
    previous.current = page;
    if (before === null || before === page || type === "REPLACE") return;
    if (document.activeElement?.closest("form")) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [page, type]);

  return null;
}
