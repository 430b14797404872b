import { Links, Meta, data, Outlet, Scripts, isRouteErrorResponse, useMatches, useNavigation, useRouteLoaderData } from "react-router";
import { skipDuringBackgroundRefresh } from "~/platform/live/live-loader";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { getOrganisation } from "~/domain/settings/settings.server";
import { AdminNavigationCheck } from "~/domain/accounts/admin-navigation-check";
import { AuthProvider } from "~/platform/auth/auth-context";
import { getSessionUserForDisplay } from "~/platform/auth/guard.server";
import { config } from "~/platform/config.server";
import { ServiceWorkerManager } from "~/platform/service-worker";
import { themeInitScript } from "~/platform/theme/theme";
import { ZOD_NO_EVAL_SCRIPT } from "~/platform/validation/no-eval";
import { clearToastCookie, readToast } from "~/platform/toast/flash.server";
import { ToastHost } from "~/platform/toast/toast-host";
import { ErrorScreen } from "~/ui/error-screen";
import { HydrationMark } from "~/ui/server-html";
import { NavigationSpinner } from "~/ui/spinner";
import { NotFound } from "~/ui/not-found";
import { RouteFocus } from "~/ui/route-focus";
import { ScrollToTop } from "~/ui/scroll-to-top";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** A live screen's background refresh reads only that screen's data (app/platform/live/live-loader.ts). */
export const shouldRevalidate = skipDuringBackgroundRefresh;

export async function loader({ request }: Route.LoaderArgs) {
  const [organisation, user] = await Promise.all([getOrganisation(), getSessionUserForDisplay(request)]);
  // A toast carried by the flash cookie (set with the previous redirect or action) shows once.
  const toast = await readToast(request);
  return data(
    {
      siteUrl: config().siteUrl,
      siteName: organisation.name,
      organisation,
      /** The signed-in user (null when signed out): header menu, useAuth(). */
      user,
      toast,
    },
    toast ? { headers: { "Set-Cookie": await clearToastCookie() } } : undefined,
  );
}

export type RootLoaderData = Route.ComponentProps["loaderData"];

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  // A route may opt out of client JavaScript (e.g. /simple) with handle { hydrate: false }.
  const hydrate = !matches.some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang="fr" className="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in <head> (React places stylesheets with a precedence before every preload): first paint needs only it. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content="#184dc9" />
        <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
        <script dangerouslySetInnerHTML={{ __html: ZOD_NO_EVAL_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        {hydrate ? (
          <>
            <ScrollToTop />
            <Scripts />
            <HydrationMark />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const data = useRootData();
  return (
    <AuthProvider user={data?.user ?? null}>
      {navigation.state === "loading" ? <NavigationSpinner /> : null}
      <AdminNavigationCheck />
      <ServiceWorkerManager />
      <RouteFocus />
      <Outlet />
      <ToastHost serverToast={data?.toast ?? null} />
    </AuthProvider>
  );
}

export function HydrateFallback() {
  return <NavigationSpinner />;
}

/** Last resort: the root loader itself failed (e.g. the database is down). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen />;
}
