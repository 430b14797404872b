import { data, Form } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/bpf";
import { bpfScreen, lockShownYear, saveEntries } from "~/domain/bpf/bpf.server";
import { BpfFrames } from "~/domain/bpf/components/frames";
import { EntriesForm, LockForm } from "~/domain/bpf/components/entries";
import { defaultYear, lockSchema, yearSchema } from "~/domain/bpf/model";
import { todayInParis } from "~/domain/formations/labels";
import { requireAdmin } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";
import { formatCount, formatDateTime } from "~/platform/format";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";
import { formDataToObject } from "~/platform/validation/form-data";
import { buttonClass } from "~/ui/button";

export const handle = { breadcrumb: "BPF" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Bilan pédagogique et financier",
    description: "Le BPF de l'année (cerfa 10443), calculé depuis les inscriptions, l'émargement, les formateurs et les factures.",
    noindex: true,
  });

/** The year asked for (`?annee=`), the year before the current one by default. */
function yearOf(request: Request) {
  const raw = new URL(request.url).searchParams.get("annee");
  return { raw: raw ?? "", parsed: yearSchema.safeParse(raw ?? defaultYear(todayInParis())) };
}

/** /admin/bpf?annee=AAAA (admins): the BPF's frames for the year, what is missing box by box, the exports and the lock. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { raw, parsed } = yearOf(request);
  if (!parsed.success) return { raw, error: parsed.error.issues[0]?.message ?? "Année invalide.", screen: null };
  return { raw, error: null, screen: await bpfScreen(parsed.data) };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const { parsed } = yearOf(request);
  if (!parsed.success) return data({ intent: "", errors: { _form: "Année invalide." } }, { status: 400 });
  const year = parsed.data;
  const form = await request.formData();
  const intent = form.get("intent");
  const to = `/admin/bpf?annee=${year}`;
  if (intent === "saisie") {
    const values = formDataToObject(form);
    const result = await saveEntries(year, values, me);
    if (!result.ok) return data({ intent, errors: result.errors, values }, { status: failureStatus(result.kind) });
    return redirectWithToast(to, { kind: "success", title: "Chiffres enregistrés", description: `Le BPF ${year} en tient compte.` });
  }
  if (intent === "verrouiller") {
    const checked = await parseSubmission(form, lockSchema);
    if (!checked.ok) return data({ intent, errors: checked.errors, values: checked.values }, { status: 400 });
    const result = await lockShownYear(year, me);
    if (!result.ok) return data({ intent, errors: result.errors }, { status: failureStatus(result.kind) });
    return redirectWithToast(to, {
      kind: "success",
      title: `BPF ${year} verrouillé`,
      description: "Ses chiffres sont gardés tels que déposés.",
    });
  }
  return data({ intent: "", errors: { _form: "Action inconnue." } }, { status: 400 });
}

export default function BpfPage({ loaderData, actionData }: Route.ComponentProps) {
  const { screen, error, raw } = loaderData;
  const year = screen?.view.year;
  const missing = screen ? screen.view.missing.length : 0;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Bilan pédagogique et financier{year ? ` ${year}` : ""}</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Le BPF (cerfa n°&nbsp;10443) de l&apos;exercice se dépose sur Mon Activité Formation avant le 30&nbsp;avril de l&apos;année
          suivante. Les cadres C, E et F sont calculés depuis le site, les cadres D et G et la part du chiffre d&apos;affaires se
          saisissent. Les règles de calcul suivent la notice du formulaire.
        </p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="bpf-annee" className="block text-sm font-medium">
            Exercice
          </label>
          <input
            id="bpf-annee"
            name="annee"
            inputMode="numeric"
            defaultValue={year ?? raw}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bpf-annee-error" : undefined}
            className="mt-1.5 w-28 rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Afficher
        </button>
        {error ? (
          <p id="bpf-annee-error" className="w-full text-sm font-medium text-red-800 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </Form>
      {screen && year ? (
        <>
          <section
            aria-labelledby="bpf-etat"
            className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="bpf-etat" className="text-lg font-semibold" data-testid="bpf-state">
              {screen.view.locked
                ? `Déposé et verrouillé le ${formatDateTime(screen.view.locked.at)} par ${screen.view.locked.by}`
                : `${missing ? `${formatCount(missing, "point empêche", "points empêchent")} un BPF exact` : "Aucun manque connu dans les enregistrements"}${
                    screen.view.toType ? `\u00a0; ${formatCount(screen.view.toType, "case reste", "cases restent")} à saisir` : ""
                  }`}
            </h2>
            {screen.view.locked && Object.keys(screen.view.changes).length ? (
              <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-200">
                Depuis le dépôt, {formatCount(Object.keys(screen.view.changes).length, "case a changé", "cases ont changé")} dans les
                enregistrements&nbsp;: l&apos;écart est affiché sous le chiffre déposé.
              </p>
            ) : null}
            <ul className="mt-3 flex flex-wrap gap-3 text-sm">
              <li>
                <a href={`/admin/bpf/export.csv?annee=${year}`} className={buttonClass("secondary")} download>
                  Toutes les cases (CSV)
                </a>
              </li>
              <li>
                <a href={`/admin/bpf/bpf.pdf?annee=${year}`} className={buttonClass("secondary")}>
                  Le BPF en PDF
                </a>
              </li>
              <li>
                <Link to="/admin/bpf/parametres" className={buttonClass("secondary")}>
                  Codes NSF et niveaux RNCP
                </Link>
              </li>
            </ul>
          </section>
          <BpfFrames view={screen.view} />
          {screen.view.locked ? null : (
            <>
              <EntriesForm entries={screen.entries} externalHours={screen.view.figures["E-2:heures"] ?? null} reply={actionData} />
              <LockForm year={year} reply={actionData} />
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
