import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/comparatif";
import { formatDateFr } from "~/domain/content/format";
import { Breadcrumb } from "~/ui/breadcrumb";
import { comparisonPage } from "~/domain/formations/pages.server";
import { formationResults } from "~/composition/published-results.server";
import { percentLabel, sessionDatesLabel } from "~/domain/formations/labels";
import { formationPath } from "~/domain/formations/slug";
import { pageMeta } from "~/platform/seo/meta";
import { buttonClass } from "~/ui/button";
import { ServerHtml } from "~/ui/server-html";
import { formatNumber } from "~/platform/format";

/** /comparatif/{a}-vs-{b}: two published formations side by side; the other order (or an old slug) answers 301. */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await comparisonPage(params.pair ?? "");
  if (result.kind === "not-found") throw data(null, { status: 404 });
  if (result.kind === "redirect") throw redirect(result.to, 301);
  // The satisfaction rates computed from the questionnaires' answers (README « Questionnaires »).
  const columns = await Promise.all(result.data.columns.map(async (c) => ({ ...c, results: await formationResults(c.id, c.results) })));
  return { ...result.data, columns };
}

/** A formation title without its subtitle (« Excel perfectionnement : tableaux… » → « Excel perfectionnement »). */
const shortTitle = (title: string) => title.split(/\s:\s/)[0]!;

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  const [a, b] = d.columns;
  return [
    ...pageMeta(args, {
      title: `${shortTitle(a.title)} ou ${shortTitle(b.title)} : comparatif`,
      description:
        `Durée, modalités, prix, prérequis, certification, financements et prochaines sessions : les formations « ${a.title} » et « ${b.title} » comparées point par point.`.slice(
          0,
          300,
        ),
      path: d.canonical,
    }),
    ...d.jsonLd.map((json) => ({ "script:ld+json": json })),
  ];
}

type Column = Route.ComponentProps["loaderData"]["columns"][number];

const rows: Array<{ label: string; render: (c: Column) => ReactNode }> = [
  { label: "Domaine", render: (c) => c.category },
  { label: "En bref", render: (c) => c.summary },
  { label: "Durée", render: (c) => c.duration },
  { label: "Modalité", render: (c) => c.modality },
  { label: "Lieux", render: (c) => c.cities },
  {
    label: "Prochaine session",
    render: (c) =>
      c.nextSession
        ? `${sessionDatesLabel(c.nextSession.startDate, c.nextSession.endDate)}${c.nextSession.city ? ` à ${c.nextSession.city}` : ", à distance"}`
        : "Dates sur demande",
  },
  { label: "Délai d'accès", render: (c) => c.accessLeadTime },
  {
    label: "Prix inter-entreprises",
    render: (c) => (
      <>
        {c.price}
        <span className="block text-xs text-slate-600 dark:text-slate-400">{c.vatNote}</span>
      </>
    ),
  },
  { label: "Intra-entreprise", render: (c) => c.intra },
  { label: "Public visé", render: (c) => c.audience },
  { label: "Prérequis", render: (c) => c.prerequisites },
  {
    label: "Objectifs",
    render: (c) => (
      <ul className="list-disc space-y-1 pl-5">
        {c.objectives.map((o) => (
          <li key={o}>{o}</li>
        ))}
      </ul>
    ),
  },
  { label: "Certification", render: (c) => c.certification },
  { label: "Éligible au CPF", render: (c) => c.cpf },
  {
    label: "Financements",
    render: (c) => (
      <ul className="space-y-1">
        {c.funding.map((f) => (
          <li key={f.href}>
            <Link to={f.href} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
              {f.label}
            </Link>
          </li>
        ))}
      </ul>
    ),
  },
  {
    label: "Satisfaction",
    render: (c) => (c.results.satisfactionRate !== null ? percentLabel(c.results.satisfactionRate) : "Pas encore mesurée"),
  },
  { label: "Réussite", render: (c) => (c.results.successRate !== null ? percentLabel(c.results.successRate) : "Sans objet") },
  { label: "Stagiaires formés", render: (c) => (c.results.traineesCount !== null ? formatNumber(c.results.traineesCount) : "—") },
  { label: "Mis à jour le", render: (c) => <time dateTime={c.updatedAt.slice(0, 10)}>{formatDateFr(c.updatedAt.slice(0, 10))}</time> },
];

export default function ComparisonPage({ loaderData }: Route.ComponentProps) {
  const { columns, crumbs } = loaderData;
  const [a, b] = columns;
  return (
    <ServerHtml>
      {() => (
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <Breadcrumb items={crumbs} />
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {a.title} <span className="font-normal text-slate-500">ou</span> {b.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
            Les deux formations comparées point par point, pour choisir celle qui correspond à vos objectifs et à vos contraintes.
          </p>
          <div
            role="region"
            aria-label="Tableau comparatif"
            tabIndex={0}
            className="mt-8 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
          >
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">
                Comparaison des formations «&nbsp;{a.title}&nbsp;» et «&nbsp;{b.title}&nbsp;»
              </caption>
              <thead className="bg-slate-50 dark:bg-slate-900">
                <tr>
                  <td className="w-44 border-b border-slate-200 p-4 dark:border-slate-800" />
                  {columns.map((c) => (
                    <th key={c.slug} scope="col" className="border-b border-slate-200 p-4 text-left align-top dark:border-slate-800">
                      <Link
                        to={formationPath(c.slug)}
                        className="text-base font-bold text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
                      >
                        {c.title}
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className="even:bg-slate-50/60 dark:even:bg-slate-900/40">
                    <th
                      scope="row"
                      className="border-b border-slate-100 p-4 text-left align-top font-semibold text-slate-900 dark:border-slate-800 dark:text-white"
                    >
                      {row.label}
                    </th>
                    {columns.map((c) => (
                      <td
                        key={c.slug}
                        className="border-b border-slate-100 p-4 align-top text-slate-700 dark:border-slate-800 dark:text-slate-300"
                      >
                        {row.render(c)}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <td className="p-4" />
                  {columns.map((c) => (
                    <td key={c.slug} className="p-4 align-top">
                      <div className="flex flex-col gap-2">
                        <Link to={formationPath(c.slug)} className={buttonClass("secondary", "sm")}>
                          <span>
                            Voir la fiche<span className="sr-only"> de «&nbsp;{c.title}&nbsp;»</span>
                          </span>
                        </Link>
                        <Link to={`/devis?formation=${encodeURIComponent(c.slug)}`} className={buttonClass("primary", "sm")}>
                          <span>
                            Demander un devis<span className="sr-only"> pour «&nbsp;{c.title}&nbsp;»</span>
                          </span>
                        </Link>
                      </div>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
    </ServerHtml>
  );
}
