import { ArrowRight, ExternalLink } from "lucide-react";
import { Link } from "~/ui/link";
import type { Route } from "./+types/dashboard";
import { isAdmin } from "~/platform/auth/roles";
import { latestChanges } from "~/domain/audit/audit.server";
import { auditActionLabel, auditEntityLabel } from "~/domain/audit/model";
import { dashboardFigures } from "~/composition/dashboard-sources.server";
import { GoLiveChecklist } from "~/composition/go-live-checklist";
import { goLiveChecklist } from "~/composition/go-live.server";
import { BackupStatusPanel } from "~/platform/backup/backup-status-panel";
import { backupStatus } from "~/platform/backup/backup.server";
import { nextSessionsFill } from "~/domain/registrations/admin.server";
import { NextSessions } from "~/domain/registrations/components/admin-sessions";
import { requireEditor } from "~/platform/auth/guard.server";
import { isStaleLiveData, liveClientLoader } from "~/platform/live/live-loader";
import { useLiveData } from "~/platform/live/use-live-data";
import { pageMeta } from "~/platform/seo/meta";
import { ADMIN_NAV } from "~/ui/layout/admin-nav";
import { StaleNotice } from "~/ui/stale-notice";
import { formatDateTimeShort, formatNumber } from "~/platform/format";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const [figures, latest, checklist, backup, sessions] = await Promise.all([
    dashboardFigures(user),
    latestChanges(20),
    goLiveChecklist(),
    isAdmin(user) ? backupStatus() : undefined,
    nextSessionsFill(5),
  ]);
  // Account and settings changes are for admins; editors see content changes.
  const changes = latest.filter((e) => isAdmin(user) || (e.entity !== "user" && e.entity !== "settings")).slice(0, 8);
  // Admins see the whole go-live checklist; editors only the warning about mail that nobody receives.
  return { user, figures, changes, backup, sessions, checklist: isAdmin(user) ? checklist : checklist.filter((i) => i.id === "mail") };
}

/** A background refresh that fails keeps the figures on screen (docs/spec.md#requetes). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => liveClientLoader("routes/admin/dashboard", serverLoader);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Tableau de bord", description: "Administration du site.", noindex: true });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, figures, changes, checklist, backup, sessions } = loaderData;
  // The figures are read again when the admin comes back to the tab after 5 minutes.
  useLiveData();
  const shortcuts = ADMIN_NAV.filter((item) => item.to !== "/admin" && (item.role === "editor" || isAdmin(user)));
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tableau de bord</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Bonjour {user.displayName}.</p>
        <StaleNotice stale={isStaleLiveData(loaderData)} />
      </div>

      {isAdmin(user) || checklist.length ? <GoLiveChecklist items={checklist} /> : null}

      <NextSessions rows={sessions} />
      {backup ? <BackupStatusPanel status={backup} /> : null}

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="text-lg font-semibold">
          Contenus
        </h2>
        {figures.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucun chiffre à afficher pour le moment.</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {figures.map((f) => (
              <li key={f.label} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{f.label}</p>
                <p className="mt-1 text-3xl font-bold tabular-nums">{formatNumber(f.value)}</p>
                {f.detail ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{f.detail}</p> : null}
                {f.to ? (
                  <Link
                    to={f.to}
                    className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                  >
                    Voir <span className="sr-only">{f.label.toLowerCase()}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="changes-title">
          <h2 id="changes-title" className="text-lg font-semibold">
            Dernières modifications
          </h2>
          {changes.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucune modification enregistrée.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {changes.map((c) => (
                <li key={c.id} className="px-4 py-3">
                  <p className="text-sm">{c.summary}</p>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    {auditActionLabel(c.action)} · {auditEntityLabel(c.entity)} · {c.actorEmail} ·{" "}
                    <time dateTime={c.createdAt}>{formatDateTimeShort(c.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          {isAdmin(user) ? (
            <Link
              to="/admin/journal"
              className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              Tout le journal <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </section>

        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title" className="text-lg font-semibold">
            Raccourcis
          </h2>
          <ul className="mt-3 space-y-2">
            {shortcuts.map((s) => (
              <li key={s.to}>
                <Link
                  to={s.to}
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
                >
                  <s.icon aria-hidden="true" className="size-5" />
                  {s.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/"
                className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
              >
                <ExternalLink aria-hidden="true" className="size-5" />
                Voir le site
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
