import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { OPEN_CONSENT_EVENT, readConsent, saveConsent, type ConsentChoice } from "./consent";

/** Sends one anonymous page view (path only) when the visitor accepted audience measurement. */
function usePageViews(choice: ConsentChoice | null) {
  const location = useLocation();
  useEffect(() => {
    if (!choice?.audience) return;
    const body = new URLSearchParams({ path: location.pathname });
    navigator.sendBeacon?.("/api/page-view", body);
  }, [choice?.audience, location.pathname]);
}

/**
 * While the banner is shown, the page keeps room for it: the browser scrolls a focused element
 * above it (scroll-padding-bottom) and the end of the page can scroll clear of it (padding-bottom),
 * so the banner never covers the focused element (WCAG 2.2 SC 2.4.11). Reserved before the banner is
 * painted (a layout effect): a keyboard user who tabs as soon as it shows is already clear of it.
 */
function useReservedSpace(element: React.RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const el = element.current;
    if (!open || !el) return;
    const root = document.documentElement;
    const reserve = () => {
      const height = `${Math.ceil(window.innerHeight - el.getBoundingClientRect().top) + 8}px`;
      root.style.scrollPaddingBottom = height;
      document.body.style.paddingBottom = height;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(el);
    window.addEventListener("resize", reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", reserve);
      root.style.scrollPaddingBottom = "";
      document.body.style.paddingBottom = "";
    };
  }, [element, open]);
}

export function CookieConsent() {
  const [choice, setChoice] = useState<ConsentChoice | null>(null);
  const [open, setOpen] = useState(false);
  const [customising, setCustomising] = useState(false);
  const [audience, setAudience] = useState(false);
  const titleId = useId();
  const audienceId = useId();
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    const stored = readConsent();
    setChoice(stored);
    setAudience(stored?.audience ?? false);
    setOpen(!stored);
    const onOpen = () => {
      setCustomising(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_CONSENT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, onOpen);
  }, []);

  usePageViews(choice);
  useReservedSpace(banner, open);

  if (!open) return null;

  const decide = (value: boolean) => {
    setChoice(saveConsent(value));
    setAudience(value);
    setOpen(false);
    setCustomising(false);
  };

  return (
    <section
      ref={banner}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-3 shadow-2xl sm:inset-x-4 sm:bottom-4 sm:rounded-xl sm:border sm:p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="cookie-banner"
    >
      <div className="mx-auto max-w-4xl">
        <h2 id={titleId} className="text-sm font-semibold sm:text-base">
          Vos choix en matière de cookies
        </h2>
        {/* Compact on a phone (a quarter of the screen at most): the same information, shorter. */}
        <p className="mt-1 text-xs text-slate-700 sm:text-sm dark:text-slate-300">
          <span className="sm:hidden">
            Aucun traceur publicitaire. Avec votre accord, nous comptons anonymement les pages vues&nbsp;; changez d'avis à tout moment
            («&nbsp;Gérer les cookies&nbsp;», en bas de page).
          </span>
          <span className="hidden sm:inline">
            Ce site n'utilise aucun traceur publicitaire. Avec votre accord, nous comptons de façon anonyme les pages consultées pour
            améliorer nos contenus. Vous pouvez changer d'avis à tout moment depuis le lien «&nbsp;Gérer les cookies&nbsp;» en bas de page.
          </span>{" "}
          <Link to="/politique-cookies">En savoir plus</Link>
        </p>
        {customising ? (
          <fieldset className="mt-3 space-y-2 text-sm">
            <legend className="sr-only">Catégories de cookies</legend>
            <div className="flex items-start gap-2">
              <input id="consent-essential" type="checkbox" checked disabled className="mt-1 size-4" />
              <label htmlFor="consent-essential">
                <strong>Indispensables</strong> — connexion, sécurité, mémorisation de vos choix (thème, cookies). Toujours actifs.
              </label>
            </div>
            <div className="flex items-start gap-2">
              <input
                id={audienceId}
                type="checkbox"
                checked={audience}
                onChange={(e) => setAudience(e.target.checked)}
                className="mt-1 size-4"
              />
              <label htmlFor={audienceId}>
                <strong>Mesure d'audience</strong> — comptage anonyme des pages vues, sans cookie ni identifiant, hébergé chez nous.
              </label>
            </div>
          </fieldset>
        ) : null}
        {/* Refusing is as easy and as visible as accepting (CNIL): two buttons of the same look, side by side. */}
        <div className="mt-2 grid grid-cols-3 gap-2 sm:mt-3 sm:flex sm:flex-wrap">
          <Button size="sm" variant="secondary" onClick={() => decide(false)}>
            Tout refuser
          </Button>
          <Button size="sm" variant="secondary" onClick={() => decide(true)}>
            Tout accepter
          </Button>
          {customising ? (
            <Button size="sm" variant="ghost" onClick={() => decide(audience)}>
              Enregistrer mes choix
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setCustomising(true)}>
              Personnaliser
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
