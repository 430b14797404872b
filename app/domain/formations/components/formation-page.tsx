import * as awardDrawing from "lucide-react/icons/award";
import * as calendarDaysDrawing from "lucide-react/icons/calendar-days";
import * as clockDrawing from "lucide-react/icons/clock";
import * as euroDrawing from "lucide-react/icons/euro";
import * as mapPinDrawing from "lucide-react/icons/map-pin";
import * as monitorSmartphoneDrawing from "lucide-react/icons/monitor-smartphone";
import { Form } from "react-router";
import { Link } from "~/ui/link";
import { formatDateFr } from "~/domain/content/format";
import { formatHours, formatPhoneFr, telHref } from "~/platform/format";
import { Breadcrumb } from "~/ui/breadcrumb";
import { FormationGrid } from "~/domain/formations/components/formation-card";
import { FormationPicture } from "~/domain/formations/components/formation-picture";
import { CheckList, Facts, PageSection, ResultFigures, UpdatedOn } from "~/domain/formations/components/page-parts";
import { SessionTable } from "~/domain/formations/components/session-table";
import { sessionDatesLabel } from "~/domain/formations/labels";
import type { formationPage } from "~/domain/formations/pages.server";
import { cityPath } from "~/domain/formations/slug";
import { MarkdownContent } from "~/platform/markdown/markdown-content";
import { ButtonLink, buttonClass } from "~/ui/button";
import { inputClass } from "~/ui/form/input-class";
import { staticIcon } from "~/ui/static-icon";

// Decorative icons, drawn once (see app/ui/static-icon.tsx).
const Award = staticIcon(awardDrawing);
const CalendarDays = staticIcon(calendarDaysDrawing);
const Clock = staticIcon(clockDrawing);
const Euro = staticIcon(euroDrawing);
const MapPin = staticIcon(mapPinDrawing);
const MonitorSmartphone = staticIcon(monitorSmartphoneDrawing);

/** The public page of one formation (/formations/{slug}): every item Qualiopi requires, sessions, funding, quote. */

export type FormationPageData = Extract<Awaited<ReturnType<typeof formationPage>>, { kind: "ok" }>["data"];

const sections = [
  { id: "presentation", label: "Présentation" },
  { id: "objectifs", label: "Objectifs" },
  { id: "programme", label: "Programme" },
  { id: "public-prerequis", label: "Public et prérequis" },
  { id: "modalites", label: "Modalités" },
  { id: "tarifs-financement", label: "Tarifs et financement" },
  { id: "sessions", label: "Sessions" },
  { id: "accessibilite", label: "Accessibilité" },
  { id: "resultats", label: "Résultats" },
  { id: "contact", label: "Contact" },
];

export function FormationPageView({ data }: { data: FormationPageData }) {
  const { formation: f, html, upcoming, compare, related, crumbs, preview, asOf } = data;
  const quoteHref = `/devis?formation=${encodeURIComponent(f.slug)}`;
  const next = upcoming[0];
  return (
    <>
      {preview ? (
        <div
          role="note"
          className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {asOf ? (
            <>
              Page telle qu'elle était le <span data-testid="as-of">{asOf}</span> (historique des versions)&nbsp;: visible de l'équipe
              seulement.{" "}
            </>
          ) : (
            <>Aperçu d'un brouillon&nbsp;: cette page n'est pas visible des visiteurs tant que la formation n'est pas publiée. </>
          )}
          <Link to={`/admin/formations/${f.id}`} className="underline">
            Retour à l'édition
          </Link>
        </div>
      ) : null}
      <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
          <Breadcrumb items={crumbs} />
          <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
            <div>
              <div className="flex flex-wrap gap-2 text-xs font-semibold">
                <Link
                  to={`/formations?categorie=${f.category.slug}`}
                  className="rounded-full bg-brand-100 px-2.5 py-1 text-brand-900 hover:bg-brand-200 dark:bg-brand-950 dark:text-brand-200"
                >
                  {f.category.name}
                </Link>
                {f.cpfEligible ? (
                  <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
                    Éligible CPF
                  </span>
                ) : null}
                {f.certification ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-950 dark:bg-amber-950 dark:text-amber-200">
                    Certifiante
                  </span>
                ) : null}
              </div>
              <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{f.title}</h1>
              <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700 dark:text-slate-300">{f.summary}</p>
              <UpdatedOn date={f.updatedAt} className="mt-4" />
              <ul className="mt-6 grid gap-3 text-sm text-slate-800 sm:grid-cols-2 dark:text-slate-200">
                <li className="flex items-center gap-2">
                  <Clock aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                  <span>
                    <span className="sr-only">Durée&nbsp;: </span>
                    {f.duration}
                  </span>
                </li>
                <li className="flex items-center gap-2">
                  <MonitorSmartphone aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                  <span>
                    <span className="sr-only">Modalité&nbsp;: </span>
                    {f.modality}
                  </span>
                </li>
                <li className="flex items-center gap-2">
                  <MapPin aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                  <span>
                    <span className="sr-only">Lieux&nbsp;: </span>
                    {f.cities.length > 0 ? f.cities.map((c) => c.name).join(", ") : "À distance, en classe virtuelle"}
                  </span>
                </li>
                <li className="flex items-center gap-2">
                  <CalendarDays aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                  <span>{next ? `Prochaine session ${sessionDatesLabel(next.startDate, next.endDate)}` : "Dates sur demande"}</span>
                </li>
                {f.certification ? (
                  <li className="flex items-center gap-2 sm:col-span-2">
                    <Award aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                    <span>
                      {f.certification.title} ({f.certification.code})
                    </span>
                  </li>
                ) : null}
              </ul>
            </div>
            <aside
              aria-label="Tarif et inscription"
              className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
                <Euro aria-hidden="true" className="size-4" />
                Tarif inter-entreprises
              </p>
              <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{f.price}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{f.vatNote}</p>
              <div className="mt-5 flex flex-col gap-3">
                <ButtonLink to={quoteHref} size="lg">
                  Demander un devis
                </ButtonLink>
                <a href="#sessions" className={buttonClass("secondary", "md")}>
                  Voir les dates
                </a>
              </div>
              {f.intraOnQuote ? (
                <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
                  Aussi en intra-entreprise, dans vos locaux ou à distance, sur devis.
                </p>
              ) : null}
            </aside>
          </div>
          {f.image ? (
            <div className="mt-8 overflow-hidden rounded-2xl">
              <FormationPicture
                image={f.image}
                alt={f.imageAlt}
                sizes="(min-width: 1152px) 72rem, 100vw"
                className="aspect-[21/9] w-full object-cover"
                priority
              />
            </div>
          ) : null}
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <nav aria-label="Sur cette page" className="mb-8 lg:mb-0">
          <div className="lg:sticky lg:top-24">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">Sur cette page</p>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
              {sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="inline-block rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="min-w-0 space-y-10">
          <PageSection id="presentation" title="Présentation">
            <MarkdownContent html={html.description} />
          </PageSection>

          <PageSection id="objectifs" title="Objectifs pédagogiques">
            <p className="mb-3 text-slate-700 dark:text-slate-300">À l'issue de la formation, vous serez capable de&nbsp;:</p>
            <CheckList items={f.objectives} />
          </PageSection>

          <PageSection id="programme" title="Programme">
            <ol className="space-y-4">
              {html.program.map((m, i) => (
                <li key={`${i}-${m.title}`} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
                  <h3 className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                    <span>
                      <span className="text-brand-700 dark:text-brand-300">Module {i + 1}.</span> {m.title}
                    </span>
                    {m.durationHours ? (
                      <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{formatHours(m.durationHours)}</span>
                    ) : null}
                  </h3>
                  {m.html ? <MarkdownContent html={m.html} className="mt-2" /> : null}
                </li>
              ))}
            </ol>
          </PageSection>

          <PageSection id="public-prerequis" title="Public visé et prérequis">
            <Facts
              items={[
                { label: "Public visé", value: f.audience },
                { label: "Prérequis", value: f.prerequisites },
              ]}
            />
          </PageSection>

          <PageSection id="modalites" title="Durée, modalités et méthodes">
            <Facts
              items={[
                { label: "Durée", value: f.duration },
                { label: "Modalité", value: f.modality },
                {
                  label: "Lieux",
                  value:
                    f.cities.length > 0 ? (
                      <span>
                        {f.cities.map((c, i) => (
                          <span key={c.slug}>
                            {i > 0 ? ", " : ""}
                            <Link to={cityPath(c.slug)} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
                              {c.name}
                            </Link>
                          </span>
                        ))}
                      </span>
                    ) : (
                      "À distance, en classe virtuelle"
                    ),
                },
                { label: "Délai d'accès", value: f.accessLeadTime },
              ]}
            />
            <h3 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Modalités d'accès</h3>
            <MarkdownContent html={html.accessModalities} className="mt-2" />
            <h3 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Méthodes pédagogiques</h3>
            <MarkdownContent html={html.teachingMethods} className="mt-2" />
            <h3 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Modalités d'évaluation</h3>
            <MarkdownContent html={html.evaluationMethods} className="mt-2" />
            {f.certification ? (
              <>
                <h3 className="mt-8 mb-3 text-lg font-semibold text-slate-900 dark:text-white">Certification</h3>
                <Facts
                  items={[
                    { label: "Type", value: f.certification.label },
                    {
                      label: "Intitulé exact",
                      value: f.certification.url ? (
                        <a
                          href={f.certification.url}
                          className="text-brand-700 underline underline-offset-2 dark:text-brand-300"
                          rel="noopener noreferrer"
                        >
                          {f.certification.title} ({f.certification.code})
                        </a>
                      ) : (
                        `${f.certification.title} (${f.certification.code})`
                      ),
                    },
                    { label: "Certificateur", value: f.certification.certifier },
                    {
                      label: "Date d'enregistrement",
                      value: f.certification.registeredAt ? (
                        <time dateTime={f.certification.registeredAt}>{formatDateFr(f.certification.registeredAt)}</time>
                      ) : (
                        "—"
                      ),
                    },
                  ]}
                />
                <CertificationResults certification={f.certification} html={html} />
              </>
            ) : null}
          </PageSection>

          <PageSection id="tarifs-financement" title="Tarifs et financement">
            <Facts
              items={[
                { label: "Inter-entreprises", value: f.priceOnQuote ? "Sur devis" : `${f.price}. ${f.vatNote}` },
                {
                  label: "Intra-entreprise",
                  value: f.intraOnQuote ? "Sur devis, selon le nombre de participants et le lieu." : "Non proposé pour cette formation.",
                },
              ]}
            />
            <h3 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Financements possibles</h3>
            {f.funding.length > 0 ? (
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {f.funding.map((route) => (
                  <li key={route.href}>
                    <Link
                      to={route.href}
                      className="flex min-h-11 items-center rounded-lg border border-slate-200 px-4 py-2 font-medium text-brand-800 hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:text-brand-200 dark:hover:bg-slate-900"
                    >
                      {route.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                Contactez-nous pour étudier ensemble le financement de cette formation.
              </p>
            )}
            {f.hasOpco ? (
              <p className="mt-4 text-slate-700 dark:text-slate-300">
                Salarié d'une entreprise&nbsp;? Estimez la prise en charge par votre OPCO avec notre{" "}
                <Link
                  to={`/simulateur-opco?formation=${encodeURIComponent(f.slug)}`}
                  className="font-medium text-brand-700 underline dark:text-brand-300"
                >
                  simulateur de financement
                </Link>
                .
              </p>
            ) : null}
          </PageSection>

          <PageSection id="sessions" title="Prochaines sessions">
            {upcoming.length > 0 ? (
              <SessionTable
                sessions={upcoming}
                label={`Prochaines sessions de la formation ${f.title}`}
                showFormation={false}
                registerFor={f.slug}
              />
            ) : (
              <p className="text-slate-700 dark:text-slate-300">
                Aucune session n'est programmée pour le moment&nbsp;: demandez-nous les prochaines dates ou une session dans vos locaux.
              </p>
            )}
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to={quoteHref}>Demander un devis pour cette formation</ButtonLink>
            </div>
          </PageSection>

          <PageSection id="accessibilite" title="Accessibilité aux personnes handicapées">
            <MarkdownContent html={html.accessibility} />
            <p className="mt-4 text-slate-700 dark:text-slate-300">
              Référent handicap&nbsp;: {f.disabilityContact.name},{" "}
              <a href={`mailto:${f.disabilityContact.email}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                {f.disabilityContact.email}
              </a>
            </p>
          </PageSection>

          <PageSection id="resultats" title="Indicateurs de résultats">
            <ResultFigures results={f.results} />
          </PageSection>

          <PageSection id="contact" title="Contact">
            <p className="text-slate-700 dark:text-slate-300">
              Une question sur cette formation, son financement ou son adaptation à votre situation&nbsp;? {f.contact.name} vous répond.
            </p>
            <ul className="mt-3 space-y-1 text-slate-700 dark:text-slate-300">
              <li>
                E-mail&nbsp;:{" "}
                <a href={`mailto:${f.contact.email}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                  {f.contact.email}
                </a>
              </li>
              <li>
                Téléphone&nbsp;:{" "}
                <a href={telHref(f.contact.phone)} className="font-medium text-brand-700 underline dark:text-brand-300">
                  {formatPhoneFr(f.contact.phone)}
                </a>
              </li>
            </ul>
          </PageSection>

          {compare.options.length > 0 && !preview ? (
            <PageSection id="comparer" title="Comparer avec une autre formation">
              {compare.suggestions.length > 0 ? (
                <ul className="mb-4 space-y-1">
                  {compare.suggestions.map((s) => (
                    <li key={s.href}>
                      <Link to={s.href} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
                        Comparer avec «&nbsp;{s.title}&nbsp;»
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              <Form method="get" action="/comparatif" className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <input type="hidden" name="a" value={f.slug} />
                <div className="flex-1">
                  <label htmlFor="comparer-avec" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                    Autre formation
                  </label>
                  <select id="comparer-avec" name="b" required className={inputClass(undefined, "mt-1")}>
                    {compare.options.map((o) => (
                      <option key={o.slug} value={o.slug}>
                        {o.title}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className={buttonClass("secondary", "md")}>
                  Comparer
                </button>
              </Form>
            </PageSection>
          ) : null}

          {related.length > 0 ? (
            <section aria-labelledby="autres-formations" className="border-t border-slate-200 pt-8 dark:border-slate-800">
              <h2 id="autres-formations" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                Dans le même domaine
              </h2>
              <div className="mt-4">
                <FormationGrid items={related} />
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

/**
 * Qualiopi indicator 3, for a visitor: how many candidates obtained the certification and over which
 * period, whether it can be obtained block by block, and where it leads.
 */
function CertificationResults({
  certification: c,
  html,
}: {
  certification: { passRate: number | null; candidates: number | null; period: string; partialValidation: boolean; url?: string | null };
  html: { competenceBlocks: string; equivalences: string; nextSteps: string; careerOutcomes: string };
}) {
  const rate =
    c.candidates === null
      ? null
      : c.candidates === 0
        ? "Aucun candidat présenté pour l'instant\u00a0: le taux d'obtention sera publié après la première session."
        : `${String(c.passRate ?? 0).replace(".", ",")}\u00a0% des candidats ont obtenu la certification (${c.candidates} candidat${c.candidates > 1 ? "s" : ""}${c.period ? `, ${c.period}` : ""}).`;
  const parts: Array<[string, string]> = [
    ["Blocs de compétences", html.competenceBlocks],
    ["Équivalences et passerelles", html.equivalences],
    ["Suites de parcours", html.nextSteps],
    ["Débouchés", html.careerOutcomes],
  ];
  return (
    <div data-testid="certification-results">
      <h3 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Résultats et débouchés de la certification</h3>
      {rate ? <p className="mt-2">{rate}</p> : null}
      <p className="mt-2">
        {c.partialValidation
          ? "La certification peut s'obtenir bloc par bloc (validation partielle possible)."
          : "La certification s'obtient en entier (pas de validation partielle par bloc)."}
      </p>
      {parts
        .filter(([, body]) => Boolean(body))
        .map(([title, body]) => (
          <div key={title}>
            <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">{title}</h4>
            <MarkdownContent html={body} className="mt-2" />
          </div>
        ))}
      {c.url ? (
        <p className="mt-6">
          <a href={c.url} className="text-brand-700 underline underline-offset-2 dark:text-brand-300" rel="noopener noreferrer">
            Fiche officielle de la certification sur le site de France Compétences
          </a>
        </p>
      ) : null}
    </div>
  );
}
