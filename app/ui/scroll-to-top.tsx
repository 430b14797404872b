import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Runs before paint in the browser; on the server (no layout) it is never called. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Every navigation starts at the top of the new page (docs/spec.md#comportement), Back and Forward
 * included: neither the router nor the browser brings back an old scroll position
 * (`history.scrollRestoration` is "manual" for the whole visit, so a reload or a Back to another
 * document starts at the top too). An address with a #fragment scrolls to its element. A `replace`
 * that stays on the same page (a live filter, the funding simulator, a form answering in place)
 * keeps the position, as React Router does for those; a redirect after a form goes to the top.
 * Replaces React Router's <ScrollRestoration />, which brings old positions back.
 */
export function ScrollToTop() {
  const location = useLocation();
  const type = useNavigationType();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const manual = () => {
      window.history.scrollRestoration = "manual";
    };
    manual();
    window.addEventListener("pageshow", manual);
    return () => window.removeEventListener("pageshow", manual);
  }, []);

  useBrowserLayoutEffect(() => {
    const before = previous.current;
    previous.current = location.pathname;
    if (before === null) return; // the first render: the page the browser loaded
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        /* not a decodable id: the top */
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    const redirected = (location.state as { _isRedirect?: unknown } | null)?._isRedirect === true;
    if (type === "REPLACE" && before === location.pathname && !redirected) return;
    window.scrollTo(0, 0);
  }, [location.key, location.hash, location.pathname, location.state, type]);

  return null;
}
