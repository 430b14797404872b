import { Outlet, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/layout";
import { useRootData } from "~/root";
import { ErrorScreen } from "~/ui/error-screen";
import { siteUserMenu } from "~/domain/accounts/site-user-menu";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { SiteShell } from "~/ui/layout/site-shell";
import { NotFound } from "~/ui/not-found";

/** Every public page announces the blog's RSS feed (feed readers and browsers discover it here). */
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Blog : derniers articles", href: "/blog/rss.xml" },
];

/** Only used when a page failed: its own meta is then unavailable. */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page introuvable" : "Une erreur est survenue" }, { name: "robots", content: "noindex" }];
}

export default function SiteLayout() {
  const root = useRootData();
  return (
    <SiteShell organisation={root?.organisation ?? DEMO_ORGANISATION} userMenu={siteUserMenu(Boolean(root?.user))}>
      <Outlet />
    </SiteShell>
  );
}

/** Errors of any public page render inside the site's frame: 404 page or the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  return (
    <SiteShell organisation={root?.organisation ?? DEMO_ORGANISATION} userMenu={siteUserMenu(Boolean(root?.user))}>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorScreen />}
    </SiteShell>
  );
}
