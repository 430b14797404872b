import { ChevronRight, ExternalLink, Menu, X } from "lucide-react";
import { skipDuringBackgroundRefresh } from "~/platform/live/live-loader";
import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, Outlet, isRouteErrorResponse, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/layout";
import { AccessDenied, ActionRefused } from "~/domain/accounts/access-denied";
import { siteUserMenu } from "~/domain/accounts/site-user-menu";
import { isAccessDeniedData, type SessionUser } from "~/domain/accounts/model";
import { RequireRole } from "~/domain/accounts/permission-check";
import { isAdmin } from "~/platform/auth/roles";
import { UserMenu } from "~/domain/accounts/user-menu";
import { requireEditor } from "~/platform/auth/guard.server";
import { useRootData } from "~/root";
import { cn } from "~/ui/cn";
import { ErrorScreen } from "~/ui/error-screen";
import { ADMIN_NAV } from "~/ui/layout/admin-nav";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { SiteShell } from "~/ui/layout/site-shell";
import { NotFound } from "~/ui/not-found";
import { ThemeToggle } from "~/ui/layout/theme-toggle";
import { Tooltip, TooltipProvider } from "~/ui/tooltip";

/** Every screen under /admin requires editor or admin, checked here on the server. */
/** A live screen's background refresh reads only that screen's data (app/platform/live/live-loader.ts). */
export const shouldRevalidate = skipDuringBackgroundRefresh;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  return { user };
}

export const handle = { breadcrumb: "Administration" };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export type Crumb = { label: string; to: string };

/**
 * What an admin route declares for the breadcrumbs. The admin routes are flat children of the
 * layout, so a screen below a list (a formation under /admin/formations) names its `parents`,
 * outermost first: they are shown between « Administration » and its own crumb.
 */
export interface CrumbHandle {
  breadcrumb?: string | ((data: unknown) => string);
  parents?: readonly Crumb[] | ((pathname: string) => readonly Crumb[]);
}

function useBreadcrumbs(): Crumb[] {
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  const push = (crumb: Crumb) => {
    if (crumb.label && !crumbs.some((c) => c.to === crumb.to)) crumbs.push(crumb);
  };
  for (const m of matches) {
    const h = m.handle as CrumbHandle | undefined;
    if (!h?.breadcrumb) continue;
    const parents = typeof h.parents === "function" ? h.parents(m.pathname) : (h.parents ?? []);
    for (const parent of parents) push(parent);
    push({ label: typeof h.breadcrumb === "function" ? h.breadcrumb(m.loaderData) : h.breadcrumb, to: m.pathname });
  }
  return crumbs;
}

function Breadcrumbs() {
  const crumbs = useBreadcrumbs();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Fil d'Ariane" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
        {crumbs.map((c, i) => (
          <li key={c.to} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight aria-hidden="true" className="size-4" /> : null}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
                {c.label}
              </span>
            ) : (
              <Link to={c.to} className="hover:underline">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function SidebarLinks({ user }: { user: SessionUser }) {
  const items = ADMIN_NAV.filter((item) => item.role === "editor" || isAdmin(user));
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            prefetch="intent"
            className={({ isActive }) =>
              cn(
                "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
                isActive
                  ? "bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950"
                  : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
              )
            }
          >
            <item.icon aria-hidden="true" className="size-5" />
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The admin frame: sidebar (a drawer on phones), breadcrumbs, user menu. */
export function AdminFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  const root = useRootData();
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location.pathname]);
  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
        <a
          href="#contenu-admin"
          className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Aller au contenu
        </a>
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
          <div className="flex h-16 items-center justify-between gap-3 px-4">
            <div className="flex min-w-0 items-center gap-2">
              <details ref={drawer} className="group relative lg:hidden">
                <summary
                  className="flex size-11 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
                  aria-label="Menu d'administration"
                >
                  <Menu aria-hidden="true" className="size-6 group-open:hidden" />
                  <X aria-hidden="true" className="hidden size-6 group-open:block" />
                </summary>
                <nav
                  aria-label="Administration (mobile)"
                  className="absolute left-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
                >
                  <SidebarLinks user={user} />
                </nav>
              </details>
              <Link to="/admin" className="truncate font-bold tracking-tight">
                {root?.siteName ?? "Site"} · Administration
              </Link>
            </div>
            <div className="flex items-center gap-1">
              <Link
                to="/"
                className="hidden min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:inline-flex dark:text-slate-200 dark:hover:bg-slate-800"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Voir le site
              </Link>
              <ThemeToggle wrap={(label, button) => <Tooltip content={label}>{button}</Tooltip>} />
              <UserMenu />
            </div>
          </div>
        </header>
        <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6">
          <aside className="hidden w-60 shrink-0 lg:block">
            <nav aria-label="Administration" className="sticky top-22">
              <SidebarLinks user={user} />
            </nav>
          </aside>
          <main id="contenu-admin" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <Breadcrumbs />
            <div className="mt-4">{children}</div>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RequireRole role="editor">
      <AdminFrame user={loaderData.user}>
        <Outlet />
      </AdminFrame>
    </RequireRole>
  );
}

function ErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 403 && isAccessDeniedData(error.data)) {
      return <AccessDenied required={error.data.required} email={error.data.email} role={error.data.role} />;
    }
    if (error.status === 404) return <NotFound />;
    const reason = (error.data as { message?: unknown } | null)?.message;
    if (error.status === 403 && typeof reason === "string") return <ActionRefused message={reason} />;
  }
  return <ErrorScreen />;
}

/**
 * The layout's own refusal (a viewer at /admin) shows the access-denied screen in the public frame;
 * a refusal or an error of an admin page (an editor on an admin-only page) shows inside the admin frame.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const root = useRootData();
  if (data?.user) {
    return (
      <AdminFrame user={data.user}>
        <ErrorContent error={error} />
      </AdminFrame>
    );
  }
  return (
    <SiteShell organisation={root?.organisation ?? DEMO_ORGANISATION} userMenu={siteUserMenu(Boolean(root?.user))}>
      <ErrorContent error={error} />
    </SiteShell>
  );
}
