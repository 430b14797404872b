import { data } from "react-router";
import type { Route } from "./+types/test";
import { isAdmin } from "~/platform/auth/roles";
import { getSessionUser } from "~/platform/auth/guard.server";
import { config } from "~/platform/config.server";
import { collectDiagnostics } from "~/platform/diagnostics/diagnostics.server";
import { lazily } from "~/platform/intl";
import { pageMeta } from "~/platform/seo/meta";

/**
 * Diagnostics. Everyone sees whether the site works; only a signed-in admin sees the details
 * (version, database engine and latency, mail and storage modes).
 * With E2E_FAULTS=1 (browser tests only), `?erreur=1` raises a server error and `?lent=ms`
 * delays the answer, so that the error screen and the loading spinner can be checked for real.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (config().testFaults) {
    const delay = Math.min(Number(url.searchParams.get("lent") ?? 0) || 0, 10_000);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (url.searchParams.get("erreur") === "1") throw new Error("Erreur provoquée pour le test de l'écran d'erreur");
  }
  const [diagnostics, user] = await Promise.all([collectDiagnostics(), getSessionUser(request)]);
  const status = diagnostics.status;
  if (!isAdmin(user))
    return data({ status, details: null }, { headers: { "Cache-Control": "no-store" }, status: status === "ok" ? 200 : 503 });
  return data({ status, details: diagnostics }, { headers: { "Cache-Control": "no-store" }, status: status === "ok" ? 200 : 503 });
}

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { title: "État du site", description: "Diagnostic technique du site.", noindex: true })];
}

const fmt = lazily(() => new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "medium", timeZone: "Europe/Paris" }));

export default function TestPage({ loaderData }: Route.ComponentProps) {
  const { status, details } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">État du site</h1>
      <p className="mt-4 flex items-center gap-2 text-lg" role="status">
        <span aria-hidden="true" className={`inline-block size-3 rounded-full ${status === "ok" ? "bg-green-600" : "bg-red-600"}`} />
        {status === "ok" ? "Le site fonctionne normalement." : "Le site fonctionne en mode dégradé : la base de données ne répond pas."}
      </p>
      {details ? (
        <dl className="mt-8 grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border border-slate-200 p-6 sm:grid-cols-[max-content_1fr] dark:border-slate-700">
          <dt className="font-semibold">Version</dt>
          <dd>{details.version}</dd>
          <dt className="font-semibold">Environnement</dt>
          <dd>
            {details.environment} (Node.js {details.node})
          </dd>
          <dt className="font-semibold">Base de données</dt>
          <dd>
            {details.database.engine} — {details.database.reachable ? `joignable (${details.database.latencyMs} ms)` : "injoignable"}
          </dd>
          <dt className="font-semibold">Envoi des e-mails</dt>
          <dd>{details.mail}</dd>
          <dt className="font-semibold">Stockage des fichiers</dt>
          <dd>{details.storage}</dd>
          <dt className="font-semibold">Démarré depuis</dt>
          <dd>{Math.floor(details.uptimeSeconds / 60)} min</dd>
          <dt className="font-semibold">Vérifié le</dt>
          <dd>
            <time dateTime={details.checkedAt}>{fmt().format(new Date(details.checkedAt))}</time>
          </dd>
        </dl>
      ) : (
        <p className="mt-6 text-slate-700 dark:text-slate-300">Le détail technique est réservé aux administrateurs connectés.</p>
      )}
    </div>
  );
}
