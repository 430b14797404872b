import * as arrowRightDrawing from "lucide-react/icons/arrow-right";
import * as badgeCheckDrawing from "lucide-react/icons/badge-check";
import * as building2Drawing from "lucide-react/icons/building-complex";
import * as circleCheckDrawing from "lucide-react/icons/circle-check";
import * as graduationCapDrawing from "lucide-react/icons/graduation-cap";
import * as userRoundDrawing from "lucide-react/icons/user-round";
import type { ReactNode } from "react";
import { Link } from "~/ui/link";
import type { Organisation } from "~/domain/settings/model";
import { ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { categoryHref, type HomeCategory } from "./categories";
import { bodySummary, type PublicClaims } from "./claims";
import { CallToAction, ResultsNote, TestimonialCard } from "./components";
import { formatPhoneFr, telHref } from "~/platform/format";
import { qualiopiDetails } from "./qualiopi";
import { Illustration } from "~/ui/illustration";
import { staticIcon } from "~/ui/static-icon";

// Decorative icons, drawn once (see app/ui/static-icon.tsx).
const ArrowRight = staticIcon(arrowRightDrawing);
const BadgeCheck = staticIcon(badgeCheckDrawing);
const Building2 = staticIcon(building2Drawing);
const CircleCheck = staticIcon(circleCheckDrawing);
const GraduationCap = staticIcon(graduationCapDrawing);
const UserRound = staticIcon(userRoundDrawing);

/**
 * The home page's sections. Each is self-contained (its own <section> and h2), so the page is an
 * ordered list of them (see routes/site/home.tsx) and a new section can be inserted anywhere.
 */
export interface HomeSectionProps {
  organisation: Organisation;
  /** Testimonials, results and arguments (records edited in /admin/temoignages); each section hides itself while empty. */
  claims: PublicClaims;
}

const linkClass = "inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300";

/** A home section: a band with an h2, an optional introduction and a "see more" link. */
export function HomeSection({
  id,
  title,
  intro,
  more,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  more?: { to: string; label: string };
  tone?: "plain" | "muted";
  children: ReactNode;
}) {
  const headingId = `${id}-titre`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(tone === "muted" && "border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60")}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-3xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {title}
            </h2>
            {intro ? <p className="mt-3 text-slate-700 dark:text-slate-300">{intro}</p> : null}
          </div>
          {more ? (
            <Link to={more.to} className={linkClass}>
              {more.label}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function HeroSection({ organisation: o, claims }: HomeSectionProps) {
  const certified = Boolean(o.qualiopiCertificateNumber);
  const results = claims.results.slice(0, 4);
  return (
    <section
      aria-labelledby="accueil-titre"
      className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1fr_22rem] lg:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
            {certified ? "Organisme de formation certifié Qualiopi" : "Organisme de formation professionnelle"}
          </p>
          <h1 id="accueil-titre" className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            Des formations concrètes pour progresser dans votre métier
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-700 dark:text-slate-300">
            {o.name} forme les salariés, les demandeurs d'emploi et les particuliers en bureautique, management, langues, numérique,
            sécurité, vente et ressources humaines. En présentiel, à distance ou en formule mixte, avec des formateurs de terrain et une
            aide pour financer votre formation.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/devis" size="lg">
              Demander un devis
            </ButtonLink>
            <ButtonLink to="/formations" size="lg" variant="secondary">
              Découvrir nos formations
            </ButtonLink>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
            {[
              "Finançable par votre OPCO, le CPF ou France Travail",
              "Présentiel, classe virtuelle ou formule mixte",
              "Positionnement et suivi personnalisés",
              "Un référent handicap pour adapter votre parcours",
            ].map((item) => (
              <li key={item} className="flex items-start gap-2">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        {results.length ? (
          <aside
            aria-labelledby="accueil-resultats"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <h2 id="accueil-resultats" className="text-base font-semibold text-slate-900 dark:text-white">
              Nos résultats en chiffres
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4">
              {results.map((r) => (
                <Figure key={r.id} value={r.figure} label={r.label} />
              ))}
            </dl>
            <ResultsNote results={results} className="mt-4 text-xs leading-5 text-slate-600 dark:text-slate-400" />
            <p className="mt-2 text-xs leading-5">
              <Link to="/temoignages" className="font-medium text-brand-700 underline dark:text-brand-300">
                Détail et témoignages
              </Link>
            </p>
          </aside>
        ) : null}
      </div>
    </section>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold text-brand-800 dark:text-brand-200">{value}</dd>
    </div>
  );
}

const AUDIENCES = [
  {
    icon: Building2,
    title: "Entreprises",
    text: "Formations inter-entreprises sur des sessions programmées, ou intra-entreprise conçues pour vos équipes, dans vos locaux ou à distance. Nous préparons les documents pour la prise en charge par votre OPCO.",
  },
  {
    icon: GraduationCap,
    title: "Salariés",
    text: "Développez vos compétences dans le cadre du plan de formation de votre entreprise ou à votre initiative, avec votre compte personnel de formation pour les formations éligibles.",
  },
  {
    icon: UserRound,
    title: "Demandeurs d'emploi et particuliers",
    text: "Préparez une reprise d'emploi ou une reconversion. Nous vous aidons à mobiliser votre CPF ou une aide de France Travail, en lien avec votre conseiller.",
  },
] as const;

export function OfferSection({ organisation: o }: HomeSectionProps) {
  return (
    <HomeSection
      id="offre"
      title="Ce que nous proposons"
      intro={`${o.name} conçoit et anime des formations courtes et opérationnelles, de quelques heures à plusieurs semaines, pour trois publics.`}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {AUDIENCES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-700">
            <Icon aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
            <p className="mt-2 leading-7 text-slate-700 dark:text-slate-300">{text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Trois formats au choix&nbsp;: <strong className="text-slate-900 dark:text-white">présentiel</strong> dans plusieurs villes de France
        ou dans vos locaux, <strong className="text-slate-900 dark:text-white">distanciel</strong> en classe virtuelle animée en direct, ou{" "}
        <strong className="text-slate-900 dark:text-white">mixte</strong>.
      </p>
    </HomeSection>
  );
}

export function CategoriesSection({ categories }: { categories: HomeCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <HomeSection
      id="domaines"
      tone="muted"
      title="Nos domaines de formation"
      intro="Des premières bases au perfectionnement. Choisissez un domaine pour voir les formations et les prochaines sessions."
      more={{ to: "/formations", label: "Tout le catalogue" }}
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((c) => (
          <li key={c.slug}>
            <Link
              to={categoryHref(c.slug)}
              className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-colors hover:border-brand-400 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-500 dark:hover:bg-slate-800"
            >
              <span data-testid="category-illustration" className="block aspect-[16/9] w-full overflow-hidden">
                <Illustration slug={c.slug} />
              </span>
              <span className="flex flex-1 flex-col p-5">
                <span className="flex items-center gap-1 text-lg font-semibold text-slate-900 group-hover:underline dark:text-white">
                  {c.name}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </span>
                <span className="mt-1 line-clamp-4 text-sm leading-6 text-slate-700 dark:text-slate-300">{c.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export function WhyUsSection({ organisation: o, claims }: HomeSectionProps) {
  if (claims.arguments.length === 0) return null;
  return (
    <HomeSection
      id="pourquoi"
      title={`Pourquoi choisir ${o.name}\u00a0?`}
      more={{ to: "/pourquoi-nous-choisir", label: "Nos engagements en détail" }}
    >
      <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
        {claims.arguments.map((a, index) => (
          <li key={a.id} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-lg font-bold text-brand-700 dark:bg-slate-800 dark:text-brand-300"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-semibold text-slate-900 dark:text-white">{a.title}</span>
              <span className="mt-1 line-clamp-3 block text-sm leading-6 text-slate-700 dark:text-slate-300">{bodySummary(a.body)}</span>
            </span>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export function TestimonialsSection({ claims }: HomeSectionProps) {
  const featured = claims.testimonials.slice(0, 3);
  if (featured.length === 0) return null;
  return (
    <HomeSection
      id="temoignages"
      tone="muted"
      title="Ils se sont formés avec nous"
      intro="Extraits d'avis laissés par des stagiaires à la fin de leur formation."
      more={{ to: "/temoignages", label: "Lire tous les témoignages" }}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {featured.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} compact />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

const FUNDING = [
  { to: "/simulateur-opco", title: "Votre OPCO", text: "Pour les salariés, dans le cadre du plan de développement des compétences." },
  { to: "/financement/cpf", title: "Le CPF", text: "Votre compte personnel de formation, pour les formations éligibles." },
  {
    to: "/financement/france-travail",
    title: "France Travail",
    text: "Une aide individuelle à la formation pour les demandeurs d'emploi.",
  },
  { to: "/financement/entreprise", title: "Votre entreprise", text: "Un financement direct, sur facture ou par convention." },
  { to: "/financement/particulier", title: "Vous-même", text: "Un tarif clair, communiqué dans le devis avant tout engagement." },
] as const;

export function FundingSection(_: HomeSectionProps) {
  return (
    <HomeSection
      id="financement"
      title="Votre formation peut être financée"
      intro="Selon votre situation, tout ou partie du coût de la formation peut être pris en charge. Nous vous aidons à identifier le bon dispositif et à préparer le dossier."
      more={{ to: "/financement", label: "Toutes les solutions de financement" }}
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {FUNDING.map((f) => (
          <li key={f.to}>
            <Link
              to={f.to}
              className="flex h-full flex-col rounded-xl border border-slate-200 p-5 transition-colors hover:border-brand-400 hover:bg-brand-50 dark:border-slate-700 dark:hover:border-brand-500 dark:hover:bg-slate-800"
            >
              <span className="font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white">{f.title}</span>
              <span className="mt-1 text-sm leading-6 text-slate-700 dark:text-slate-300">{f.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-4 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900">
        <p className="text-slate-800 dark:text-slate-200">
          <strong className="text-slate-900 dark:text-white">Salarié ou employeur&nbsp;?</strong> Trouvez votre OPCO et estimez la prise en
          charge de votre formation en quelques questions.
        </p>
        <ButtonLink to="/simulateur-opco" variant="secondary" className="shrink-0">
          Lancer le simulateur OPCO
        </ButtonLink>
      </div>
    </HomeSection>
  );
}

export function QualiopiSection({ organisation: o }: HomeSectionProps) {
  if (!o.qualiopiCertificateNumber) return null;
  return (
    <HomeSection id="qualiopi" tone="muted" title="Un organisme certifié Qualiopi">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm dark:bg-slate-800 dark:text-brand-300">
          <BadgeCheck aria-hidden="true" className="size-9" />
        </span>
        <div className="max-w-3xl text-slate-700 dark:text-slate-300">
          <p className="leading-7">
            La certification qualité a été délivrée à {o.name} au titre de la catégorie d'actions suivante&nbsp;:{" "}
            <strong className="text-slate-900 dark:text-white">actions de formation</strong> ({qualiopiDetails(o)}). Elle atteste la qualité
            du processus mis en œuvre et permet le financement de nos formations par les OPCO, le CPF, France Travail et les autres fonds
            publics ou mutualisés.
          </p>
          <p className="mt-4">
            <Link to="/certification-qualiopi" className={linkClass}>
              Ce que la certification Qualiopi vous garantit
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        </div>
      </div>
    </HomeSection>
  );
}

export function FinalCallToActionSection({ organisation: o }: HomeSectionProps) {
  return (
    <CallToAction
      headingId="accueil-action"
      title="Parlons de votre projet de formation"
      primary={{ to: "/devis", label: "Demander un devis" }}
      secondary={{ to: "/contact", label: "Nous contacter" }}
    >
      <p>
        Décrivez votre besoin&nbsp;: nous vous proposons un programme, des dates et une solution de financement. Vous pouvez aussi nous
        appeler au{" "}
        <a href={telHref(o.phone)} className="font-semibold text-white underline">
          {formatPhoneFr(o.phone)}
        </a>
        .
      </p>
    </CallToAction>
  );
}
