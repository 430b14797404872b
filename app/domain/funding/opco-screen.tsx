import { formatDate, formatEuros, formatHours } from "~/platform/format";
import { Calculator } from "lucide-react";
import { Link } from "~/ui/link";
import { ButtonLink } from "~/ui/button";
import type { FundingRule } from "./model";
import { BAND_LABELS, CATEGORY_LABELS, type CategorySlug, type FittingFormation } from "./labels";
import { ofOpco } from "./opco-list";
import type { OpcoContent } from "./opcos";
import { BulletList, Card, CheckedOn, OfficialLink, PageContainer, Section, StepList } from "./ui";
import { Breadcrumb } from "~/ui/breadcrumb";

export interface OpcoScreenProps {
  opco: OpcoContent;
  rules: FundingRule[];
  formations: Array<{ category: CategorySlug; items: FittingFormation[] }>;
}

/** One OPCO's page: who it covers, what it funds, how to apply, our courses that fit. */
export function OpcoScreen({ opco, rules, formations }: OpcoScreenProps) {
  const smallCompanyRules = rules.filter((r) => r.planFunded);
  return (
    <PageContainer>
      <Breadcrumb
        className="mb-6"
        items={[{ label: "Accueil", to: "/" }, { label: "Financement", to: "/financement" }, { label: opco.name }]}
      />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Opérateur de compétences</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{`${opco.name}\u00a0: financer vos formations`}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{opco.fullName}.</p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{opco.summary}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={`/simulateur-opco?opco=${opco.slug}`} size="lg">
            <Calculator aria-hidden="true" className="size-5" />
            Simuler une prise en charge
          </ButtonLink>
          <ButtonLink to={`/devis?opco=${opco.slug}&financement=opco-${opco.slug}`} variant="secondary" size="lg">
            Demander un devis
          </ButtonLink>
        </div>
        <CheckedOn date={opco.checkedOn} className="mt-6" />
      </header>

      <div className="grid gap-x-10 lg:grid-cols-2">
        <Section id="secteurs" title="Secteurs couverts">
          <BulletList items={opco.sectors} />
        </Section>
        <Section id="branches" title="Exemples de branches professionnelles">
          <BulletList items={opco.branches} />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            La liste complète des conventions collectives rattachées est publiée sur le site de l'OPCO.
          </p>
        </Section>
      </div>

      <Section id="finance" title={`Ce que finance ${opco.name.replace(/^L'/, "l'")}, et pour qui`}>
        <dl className="grid gap-4 md:grid-cols-2">
          {opco.funds.map((f) => (
            <Card key={f.title}>
              <dt className="font-semibold text-slate-900 dark:text-white">{f.title}</dt>
              <dd className="mt-2 text-slate-700 dark:text-slate-300">{f.text}</dd>
            </Card>
          ))}
        </dl>
      </Section>

      {smallCompanyRules.length > 0 ? (
        <Section id="bareme" title="Le barème utilisé par notre simulateur">
          <p className="max-w-3xl text-slate-700 dark:text-slate-300">
            {
              "Ordres de grandeur pour une formation transversale, hors taxes. Le barème exact dépend de votre branche et peut changer en cours d'année : seul l'OPCO décide de la prise en charge."
            }
          </p>
          <div
            role="region"
            aria-label={`Barème indicatif ${ofOpco(opco.slug)}`}
            tabIndex={0}
            className="mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
          >
            <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
              <caption className="sr-only">{`Barème indicatif ${ofOpco(opco.slug)} pour les entreprises de moins de 50 salariés`}</caption>
              <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Taille de l'entreprise
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Plafond horaire par stagiaire
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Plafond annuel par entreprise
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Vérifié le
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {smallCompanyRules.map((r) => (
                  <tr key={r.band}>
                    <th scope="row" className="px-4 py-3 font-medium text-slate-900 dark:text-white">
                      {BAND_LABELS[r.band]}
                    </th>
                    <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                      {r.hourlyCap === null ? "Pas de plafond horaire" : `${formatEuros(r.hourlyCap)} HT`}
                    </td>
                    <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                      {r.annualCeiling === null ? "Pas de plafond annuel" : `${formatEuros(r.annualCeiling)} HT`}
                    </td>
                    <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                      <time dateTime={r.checkedOn}>{formatDate(r.checkedOn)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {
              "À partir de 50 salariés, l'entreprise finance en principe son plan elle-même ; l'alternance et Pro-A restent financés par l'OPCO."
            }
          </p>
        </Section>
      ) : null}

      <Section id="demande" title="Comment faire une demande">
        <StepList steps={opco.howToApply.map((text) => ({ text }))} />
        {opco.goodToKnow ? (
          <Card className="mt-6" tone="muted">
            <p className="font-semibold text-slate-900 dark:text-white">Bon à savoir</p>
            <p className="mt-1 text-slate-700 dark:text-slate-300">{opco.goodToKnow}</p>
          </Card>
        ) : null}
      </Section>

      <Section id="site" title="Site officiel">
        <p className="text-slate-700 dark:text-slate-300">
          {`Critères de prise en charge, espace en ligne et contacts régionaux ${ofOpco(opco.slug)}\u00a0: `}
          <OfficialLink url={opco.website} />
        </p>
      </Section>

      <Section id="formations" title="Nos formations adaptées à ces secteurs">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {formations.map(({ category, items }) => (
            <Card key={category} className="flex flex-col">
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{CATEGORY_LABELS[category]}</h3>
              {items.length > 0 ? (
                <ul className="mt-3 flex-1 space-y-2">
                  {items.map((f) => (
                    <li key={f.slug}>
                      <Link
                        to={`/formations/${f.slug}`}
                        className="font-medium text-slate-900 hover:text-brand-800 hover:underline dark:text-white dark:hover:text-brand-200"
                      >
                        {f.title}
                      </Link>
                      <span className="text-sm text-slate-600 dark:text-slate-400">{` · ${formatHours(f.hours)}`}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 flex-1 text-slate-700 dark:text-slate-300">Consultez notre catalogue pour cette thématique.</p>
              )}
              <Link
                to={`/formations?categorie=${category}`}
                className="mt-4 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200"
              >
                {`Voir les formations «\u00a0${CATEGORY_LABELS[category]}\u00a0»`}
              </Link>
            </Card>
          ))}
        </div>
      </Section>
    </PageContainer>
  );
}
