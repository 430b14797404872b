import { Briefcase, Building2, Calculator, Landmark, UserRound, Wallet } from "lucide-react";
import { Link } from "~/ui/link";
import type { Route } from "./+types/financement";
import { AUDIENCES } from "~/domain/funding/audiences";
import { OPCO_SLUGS } from "~/domain/funding/opco-list";
import { OPCO_CONTENT_CHECKED_ON, OPCOS } from "~/domain/funding/opcos";
import { Card, CheckedOn, PageContainer, Section } from "~/domain/funding/ui";
import { Breadcrumb } from "~/ui/breadcrumb";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { ButtonLink } from "~/ui/button";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Financer votre formation : OPCO, CPF, France Travail",
      description:
        "Qui paie votre formation ? L'OPCO de votre employeur, votre CPF, France Travail, l'entreprise ou vous-même : comment choisir, les démarches et les 11 OPCO.",
    }),
    ...pageBreadcrumbMeta(args, "Financement"),
  ];
}

const ROUTES = [
  {
    icon: Building2,
    title: "L'OPCO de votre employeur",
    text: "Pour les entreprises de moins de 50 salariés, l'opérateur de compétences de la branche finance tout ou partie du plan de développement des compétences.",
    to: "#opco",
    link: "Trouver votre OPCO",
  },
  {
    icon: Wallet,
    title: "Votre compte personnel de formation",
    text: "Vos droits CPF financent une formation certifiante que vous choisissez, sur Mon Compte Formation.",
    to: "/financement/cpf",
    link: AUDIENCES.cpf.label,
  },
  {
    icon: Landmark,
    title: "France Travail",
    text: "Demandeur d'emploi : votre conseiller peut financer une formation qui vous rapproche d'un emploi (anciennement Pôle emploi).",
    to: "/financement/france-travail",
    link: "Le financement France Travail",
  },
  {
    icon: Briefcase,
    title: "L'entreprise elle-même",
    text: "À partir de 50 salariés, l'entreprise finance son plan ; l'alternance, Pro-A et le CPF co-construit restent possibles.",
    to: "/financement/entreprise",
    link: "Le financement par l'entreprise",
  },
  {
    icon: UserRound,
    title: "Vous-même",
    text: "Un contrat de formation, 10 jours pour vous rétracter et un paiement échelonné : la loi encadre le financement personnel.",
    to: "/financement/particulier",
    link: "Le financement personnel",
  },
] as const;

const CHOICES: Array<{ situation: string; answer: string; to: string; label: string }> = [
  {
    situation: "Salarié d'une entreprise de moins de 50 salariés",
    answer: "Le plan de développement des compétences, financé par l'OPCO",
    to: "/financement/entreprise",
    label: "Entreprise",
  },
  {
    situation: "Salarié d'une entreprise de 50 salariés et plus",
    answer: "Le budget formation de l'entreprise, ou un CPF co-construit",
    to: "/financement/entreprise",
    label: "Entreprise",
  },
  {
    situation: "Salarié qui se forme de sa propre initiative",
    answer: "Le compte personnel de formation",
    to: "/financement/cpf",
    label: "CPF",
  },
  {
    situation: "Demandeur d'emploi",
    answer: "France Travail, en complément du CPF",
    to: "/financement/france-travail",
    label: "France Travail",
  },
  {
    situation: "Indépendant ou dirigeant non salarié",
    answer: "Le fonds d'assurance formation de votre profession, et le CPF",
    to: "/financement/particulier",
    label: "Particulier",
  },
  {
    situation: "Particulier, sans autre financement",
    answer: "Un financement personnel, éventuellement complété par le CPF",
    to: "/financement/particulier",
    label: "Particulier",
  },
];

export default function FinancementPage() {
  return (
    <ServerHtml>
      {() => (
        <PageContainer>
          <Breadcrumb className="mb-6" items={[{ label: "Accueil", to: "/" }, { label: "Financement" }]} />
          <header className="max-w-3xl">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Financer votre formation</h1>
            <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
              Une formation professionnelle est rarement payée par une seule source. Selon votre situation, l'OPCO de votre employeur, votre
              compte personnel de formation, France Travail, votre entreprise ou vous-même peuvent y contribuer, et souvent se compléter.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to="/simulateur-opco" size="lg">
                <Calculator aria-hidden="true" className="size-5" />
                Simuler la prise en charge OPCO
              </ButtonLink>
              <ButtonLink to="/devis" variant="secondary" size="lg">
                Demander un devis
              </ButtonLink>
            </div>
            <CheckedOn date={OPCO_CONTENT_CHECKED_ON} className="mt-6" />
          </header>

          <Section id="qui-paie" title="Qui peut financer votre formation ?">
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {ROUTES.map((r) => (
                <li key={r.title}>
                  <Card className="flex h-full flex-col">
                    <r.icon aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
                    <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{r.title}</h3>
                    <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{r.text}</p>
                    <Link
                      to={r.to}
                      className="mt-4 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200"
                    >
                      {r.link}
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="choisir" title="Comment choisir ?">
            <p className="max-w-3xl text-slate-700 dark:text-slate-300">
              {
                "Partez de votre situation le jour de la formation. Plusieurs financements peuvent se cumuler : un salarié peut par exemple utiliser son CPF et demander à son employeur de compléter."
              }
            </p>
            <div
              role="region"
              aria-label="Tableau des financements selon votre situation"
              tabIndex={0}
              className="mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
            >
              <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
                <caption className="sr-only">Le financement à étudier selon votre situation</caption>
                <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Votre situation
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Le financement à étudier d'abord
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      En savoir plus
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {CHOICES.map((c) => (
                    <tr key={c.situation}>
                      <th scope="row" className="px-4 py-3 font-medium text-slate-900 dark:text-white">
                        {c.situation}
                      </th>
                      <td className="px-4 py-3 text-slate-700 dark:text-slate-300">{c.answer}</td>
                      <td className="px-4 py-3">
                        <Link to={c.to} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
                          {c.label}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>

          <Section id="opco" title="Les 11 opérateurs de compétences (OPCO)">
            <p className="max-w-3xl text-slate-700 dark:text-slate-300">
              Chaque entreprise relève d'un OPCO, selon la convention collective qu'elle applique (son numéro IDCC figure sur les bulletins
              de paie). Choisissez le vôtre pour connaître son périmètre, ce qu'il finance et comment lui présenter une demande.
            </p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {OPCO_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link
                    to={`/financement/${slug}`}
                    className="group block h-full rounded-xl border border-slate-200 bg-white p-5 transition-colors hover:border-brand-400 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500 dark:hover:bg-slate-800"
                  >
                    <span className="text-lg font-semibold text-slate-900 group-hover:text-brand-800 dark:text-white dark:group-hover:text-brand-200">
                      {OPCOS[slug].name}
                    </span>
                    <span className="mt-2 block text-sm text-slate-700 dark:text-slate-300">{OPCOS[slug].summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="simulateur" title="Estimez ce que votre OPCO peut prendre en charge">
            <Card tone="brand" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="max-w-2xl text-slate-800 dark:text-slate-200">
                Notre simulateur applique le barème de votre OPCO à votre formation, à la taille de votre entreprise et au nombre de
                stagiaires, et détaille le calcul.
              </p>
              <ButtonLink to="/simulateur-opco" className="shrink-0">
                Ouvrir le simulateur
              </ButtonLink>
            </Card>
          </Section>
        </PageContainer>
      )}
    </ServerHtml>
  );
}
