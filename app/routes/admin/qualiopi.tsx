import type { Route } from "./+types/qualiopi";
import { PackDateForm, PackReport, type PackView } from "~/domain/revisions/components/evidence-pack";
import { evidencePack, packDateSchema } from "~/composition/evidence-pack.server";
import { todayInParis } from "~/domain/formations/labels";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { formatDate } from "~/platform/format";
import { buttonClass } from "~/ui/button";

export const handle = { breadcrumb: "Preuves Qualiopi" };

/**
 * /admin/qualiopi?date=AAAA-MM-JJ (editors and admins): what the site published that day, from the
 * revisions (indicators 1, 2 and 3, figures, testimonials and consents, legal documents), and the
 * ZIP to give the auditor.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const raw = new URL(request.url).searchParams.get("date");
  const parsed = packDateSchema.safeParse({ date: raw ?? todayInParis() });
  if (!parsed.success) return { date: raw ?? "", error: parsed.error.issues[0]?.message ?? "Date invalide.", pack: null };
  const pack = await evidencePack(parsed.data.date);
  const view: PackView = {
    date: pack.date,
    formations: pack.formations.map((p) => ({
      revisionId: p.revisionId,
      savedAt: p.savedAt,
      title: p.formation.title,
      slug: p.formation.slug,
      indicators: p.indicators,
      satisfactionRate: p.formation.satisfactionRate ?? null,
      computed: p.computed ? { rate: p.computed.rate, answers: p.computed.answers, period: p.computed.period } : null,
      successRate: p.formation.successRate ?? null,
      measuredAt: p.formation.resultsMeasuredAt ?? null,
      passRate: p.formation.certificationPassRate ?? null,
      candidates: (p.formation.certificationType ?? "none") === "none" ? null : (p.formation.certificationCandidates ?? 0),
      period: p.formation.certificationResultsPeriod ?? "",
    })),
    organisation: pack.organisation
      ? { rate: pack.organisation.rate, answers: pack.organisation.answers, period: pack.organisation.period }
      : null,
    testimonials: pack.testimonials,
    legal: pack.legal,
  };
  return { date: pack.date, error: null, pack: view };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Preuves Qualiopi", description: "Ce que le site publiait à une date donnée.", noindex: true });

export default function Qualiopi({ loaderData }: Route.ComponentProps) {
  const { date, error, pack } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Preuves Qualiopi</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Pour la date demandée par l'auditeur, les formations telles qu'elles étaient publiées ce jour-là (d'après l'historique des
          versions), ce qui était présent ou manquant pour les indicateurs 1, 2 et 3, les témoignages et les documents légaux en vigueur.
        </p>
      </div>
      <PackDateForm date={date} error={error} />
      {pack ? (
        <>
          <p>
            <a href={`/admin/qualiopi/export?date=${pack.date}`} className={buttonClass("secondary")} download>
              Télécharger le dossier du {formatDate(pack.date)} (ZIP&nbsp;: une page HTML par formation et une synthèse CSV)
            </a>
          </p>
          <PackReport pack={pack} />
        </>
      ) : null}
    </div>
  );
}
