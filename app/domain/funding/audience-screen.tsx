import { Link } from "~/ui/link";
import { ButtonLink } from "~/ui/button";
import { AUDIENCES, type AudienceContent } from "./audiences";
import { AUDIENCE_SLUGS, fundingPath } from "./labels";
import { BulletList, Card, CheckedOn, OfficialLink, PageContainer, Section, StepList } from "./ui";
import { Breadcrumb } from "~/ui/breadcrumb";

/** The screen shared by /financement/cpf, /pole-emploi, /entreprise and /particulier. */
export function AudienceScreen({ audience }: { audience: AudienceContent }) {
  const others = AUDIENCE_SLUGS.filter((s) => s !== audience.slug).map((s) => AUDIENCES[s]);
  return (
    <PageContainer>
      <Breadcrumb
        className="mb-6"
        items={[{ label: "Accueil", to: "/" }, { label: "Financement", to: "/financement" }, { label: audience.label }]}
      />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">{audience.label}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{audience.title}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{audience.intro}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={audience.cta.to} size="lg">
            {audience.cta.label}
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary" size="lg">
            Poser une question
          </ButtonLink>
        </div>
        <CheckedOn date={audience.checkedOn} className="mt-6" />
      </header>

      <Section id="eligibilite" title="Qui peut en bénéficier">
        <BulletList items={audience.eligibility} className="max-w-3xl" />
      </Section>

      <Section id="etapes" title="Les étapes">
        <div className="max-w-3xl">
          <StepList steps={audience.steps} />
        </div>
      </Section>

      <div className="grid gap-x-10 lg:grid-cols-2">
        <Section id="preparer" title="Ce qu'il faut préparer">
          <BulletList items={audience.prepare} />
        </Section>
        <Section id="bon-a-savoir" title="Bon à savoir">
          <BulletList items={audience.goodToKnow} />
        </Section>
      </div>

      <Section id="services" title="Les services officiels">
        <ul className="grid gap-4 md:grid-cols-3">
          {audience.services.map((service) => (
            <li key={service.url}>
              <Card className="h-full">
                <p className="font-semibold text-slate-900 dark:text-white">{service.name}</p>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{service.description}</p>
                <p className="mt-3">
                  <OfficialLink url={service.url}>{service.url.startsWith("/") ? "Voir la liste" : undefined}</OfficialLink>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="autres" title="Les autres financements">
        <ul className="flex flex-wrap gap-3">
          {others.map((o) => (
            <li key={o.slug}>
              <Link
                to={fundingPath(o.slug)}
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
              >
                {o.label}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/financement#opco"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
            >
              Les 11 OPCO
            </Link>
          </li>
        </ul>
      </Section>
    </PageContainer>
  );
}
