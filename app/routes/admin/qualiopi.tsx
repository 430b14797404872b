import type { Route } from "./+types/qualiopi";
import { PackDateForm, PackReport, type PackView } from "~/domain/revisions/components/evidence-pack";
import { evidencePack, packDateSchema, packPeriodSchema } from "~/composition/evidence-pack.server";
import { PackRegisterSection, RegisterPeriodFields } from "~/domain/complaints/components/register";
import { todayInParis } from "~/domain/formations/labels";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { formatDate } from "~/platform/format";
import { buttonClass } from "~/ui/button";

export const handle = { breadcrumb: "Preuves Qualiopi" };

/**
 * /admin/qualiopi?date=AAAA-MM-JJ&du=…&au=… (editors and admins): what the site published that day, from
 * the revisions (indicators 1, 2 and 3, figures, testimonials and consents, legal documents), the
 * complaints register of the period (indicator 31; the 12 months up to that day by default), and
 * the ZIP to give the auditor.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const params = new URL(request.url).searchParams;
  const raw = params.get("date");
  const parsed = packDateSchema.safeParse({ date: raw ?? todayInParis() });
  const rawPeriod = { du: params.get("du") || undefined, au: params.get("au") || undefined };
  const period = packPeriodSchema.safeParse(rawPeriod);
  const periodError = period.success ? null : (period.error.issues[0]?.message ?? "Période invalide.");
  const shownPeriod = { du: rawPeriod.du ?? "", au: rawPeriod.au ?? "" };
  if (!parsed.success)
    return { date: raw ?? "", error: parsed.error.issues[0]?.message ?? "Date invalide.", pack: null, period: shownPeriod, periodError };
  const chosen = period.success && period.data.du && period.data.au ? { from: period.data.du, to: period.data.au } : {};
  const pack = await evidencePack(parsed.data.date, undefined, chosen);
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
  const complaints = {
    from: pack.complaints.from,
    to: pack.complaints.to,
    rows: pack.complaints.rows,
    delayDays: pack.complaints.delayDays,
  };
  return { date: pack.date, error: null, pack: view, complaints, period: shownPeriod, periodError };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Preuves Qualiopi", description: "Ce que le site publiait à une date donnée.", noindex: true });

export default function Qualiopi({ loaderData }: Route.ComponentProps) {
  const { date, error, pack, period, periodError } = loaderData;
  const complaints = "complaints" in loaderData ? loaderData.complaints : null;
  const exportQuery = complaints ? `date=${date}&du=${complaints.from}&au=${complaints.to}` : `date=${date}`;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Preuves Qualiopi</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Pour la date demandée par l'auditeur, les formations telles qu'elles étaient publiées ce jour-là (d'après l'historique des
          versions), ce qui était présent ou manquant pour les indicateurs 1, 2 et 3, les témoignages et les documents légaux en vigueur, et
          le registre des réclamations de la période choisie (indicateur&nbsp;31&#8239;; par défaut, les douze mois qui précèdent).
        </p>
      </div>
      <PackDateForm date={date} error={error}>
        <RegisterPeriodFields du={period.du || (complaints?.from ?? "")} au={period.au || (complaints?.to ?? "")} error={periodError} />
      </PackDateForm>
      {pack ? (
        <>
          <p>
            <a href={`/admin/qualiopi/export?${exportQuery}`} className={buttonClass("secondary")} download>
              Télécharger le dossier du {formatDate(pack.date)} (ZIP&nbsp;: une page HTML par formation, une synthèse CSV et le registre des
              réclamations)
            </a>
          </p>
          <PackReport pack={pack} />
          {complaints ? <PackRegisterSection {...complaints} /> : null}
        </>
      ) : null}
    </div>
  );
}
