import * as menuDrawing from "lucide-react/icons/menu";
import * as searchDrawing from "lucide-react/icons/search";
import * as xDrawing from "lucide-react/icons/x";
import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { Link } from "../link";
import { loginPath } from "~/platform/auth/paths";
import { buttonClass } from "../button";
import { cn } from "../cn";
import { ServerHtml } from "../server-html";
import { MAIN_NAV } from "./nav";
import { ThemeToggle } from "./theme-toggle";
import { staticIcon } from "../static-icon";

// Decorative icons, drawn once (see app/ui/static-icon.tsx).
const Menu = staticIcon(menuDrawing);
const X = staticIcon(xDrawing);
const SearchIcon = staticIcon(searchDrawing);

const stateClass = (isActive: boolean) =>
  isActive
    ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-200"
    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";
const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn("rounded-md px-3 py-2 text-sm font-medium transition-colors", stateClass(isActive));
const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn("block rounded-md px-3 py-3 text-base font-medium transition-colors", stateClass(isActive));

/** The public header; `userMenu` is the signed-in visitor's menu (given by the layout, loaded only for them). */
export function SiteHeader({ siteName, logoUrl, userMenu }: { siteName: string; logoUrl?: string; userMenu?: ReactNode }) {
  const location = useLocation();
  const longName = siteName.length > 40;
  // Signing in from a page comes back to it.
  const here = location.pathname + location.search;
  const loginHref = location.pathname === "/" || location.pathname === "/login" ? "/login" : loginPath(here);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        {/* The name and the links: kept as the server sent them on a first load (see ServerHtml). */}
        <ServerHtml>
          {() => (
            <>
              {/* A long name wraps instead of pushing the menu out: on four short lines at most on a phone (the longest name allowed, 50 characters, at 320 px, beside the search, theme and menu buttons: its logo steps aside below 400 px), two from 640 px. */}
              <Link
                to="/"
                className="flex min-w-0 items-center gap-2 font-bold tracking-tight"
                aria-label={`${siteName}, accueil`}
                data-testid="site-name"
              >
                {logoUrl ? (
                  <img
                    src={logoUrl}
                    alt=""
                    height={40}
                    className={cn("h-10 w-auto max-w-32 shrink-0 object-contain", longName && "max-[400px]:hidden")}
                    data-testid="site-logo"
                  />
                ) : (
                  <img
                    src="/favicon.svg"
                    alt=""
                    width={32}
                    height={32}
                    className={cn("size-8 shrink-0", longName && "max-[400px]:hidden")}
                  />
                )}
                <span
                  className={cn(
                    "line-clamp-4 leading-tight break-words sm:line-clamp-2",
                    longName ? "text-xs sm:text-base" : siteName.length > 24 ? "text-sm sm:text-base" : "text-lg",
                  )}
                >
                  {siteName}
                </span>
              </Link>
              <nav aria-label="Navigation principale" className={cn("hidden shrink-0", siteName.length > 24 ? "xl:block" : "lg:block")}>
                <ul className="flex items-center gap-1">
                  {MAIN_NAV.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} className={linkClass} prefetch="intent">
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          )}
        </ServerHtml>
        <div className="flex shrink-0 items-center gap-1">
          {/* The site-wide search: a <details> (works without JavaScript) holding a GET form to /recherche; its panel spans the header's width on a phone. */}
          <ServerHtml>
            {() => (
              <details key={location.pathname + location.search} className="group/search sm:relative">
                <summary
                  className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
                  aria-label="Rechercher sur le site"
                  data-testid="header-search-toggle"
                >
                  <SearchIcon aria-hidden="true" className="size-5" />
                </summary>
                <search className="absolute inset-x-4 top-full mt-1 block rounded-xl border border-slate-200 bg-white p-3 shadow-xl sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-80 dark:border-slate-700 dark:bg-slate-900">
                  <form method="get" action="/recherche">
                    <label htmlFor="site-search-q" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                      Rechercher sur le site
                    </label>
                    <div className="mt-1 flex gap-2">
                      <input
                        id="site-search-q"
                        name="q"
                        type="search"
                        required
                        maxLength={200}
                        autoComplete="off"
                        className="min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-white"
                      />
                      <button type="submit" className={buttonClass("primary", "sm", "min-h-11 shrink-0")} aria-label="Lancer la recherche">
                        <SearchIcon aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                  </form>
                </search>
              </details>
            )}
          </ServerHtml>
          <ThemeToggle />
          {userMenu ? (
            userMenu
          ) : (
            <span className="hidden sm:block">
              <Link to={loginHref} className={buttonClass("secondary", "sm")}>
                Connexion
              </Link>
            </span>
          )}
          {/* The mobile menu is a <details> element (works without JavaScript); a new page renders it anew, closed. */}
          <ServerHtml>
            {() => (
              <details key={location.pathname} className={cn("group relative", siteName.length > 24 ? "xl:hidden" : "lg:hidden")}>
                <summary
                  className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
                  aria-label="Menu"
                >
                  <Menu aria-hidden="true" className="size-6 group-open:hidden" />
                  <X aria-hidden="true" className="hidden size-6 group-open:block" />
                </summary>
                <nav
                  aria-label="Navigation mobile"
                  className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
                >
                  <ul className="flex flex-col">
                    {MAIN_NAV.map((item) => (
                      <li key={item.to}>
                        <NavLink to={item.to} className={mobileLinkClass}>
                          {item.label}
                        </NavLink>
                      </li>
                    ))}
                    {userMenu ? null : (
                      <li className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700">
                        <NavLink to={loginHref} className={mobileLinkClass}>
                          Connexion
                        </NavLink>
                      </li>
                    )}
                  </ul>
                </nav>
              </details>
            )}
          </ServerHtml>
        </div>
      </div>
    </header>
  );
}
