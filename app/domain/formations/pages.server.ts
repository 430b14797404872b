import { getCityBySlug, listCities, nearbyCities } from "~/domain/cities/cities.server";
import type { City } from "~/domain/cities/model";
import { getOrganisation } from "~/domain/settings/settings.server";
import { latestRevision } from "~/domain/revisions/revisions.server";
import { config } from "~/platform/config.server";
import type { Formation } from "./model";
import { db, type Db } from "~/platform/db/db.server";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { getCategoryBySlug, listCategories } from "./categories.server";
import { breadcrumbJsonLd, type Crumb } from "~/ui/breadcrumb";
import {
  getFormationDetail,
  listFormations,
  comparisonChoices,
  relatedFormations,
  listUpcomingSessions,
  resolveFormationSlug,
  type FormationDetail,
} from "./formations.server";
import type { Category, FormationListItem, UpcomingSession } from "./model";
import {
  CERTIFICATION_LABELS,
  MODALITY_LABELS,
  VAT_LABELS,
  certificationUrl,
  durationLabel,
  fundingRoutes,
  priceLabel,
  seoOf,
  todayInParis,
} from "./labels";
import { categoryCityPath, cityPath, comparisonPath, formationPath, parseCategorySegment, parseComparisonPair } from "./slug";
import { imageUrl } from "~/platform/storage/stored-image";
import { itemListJsonLd } from "~/platform/seo/json-ld";

/**
 * Page data of the catalogue's public pages, built on the server: the route modules only map
 * `not-found` to a 404 and `redirect` to a 301. Markdown is rendered here (sanitised), so the
 * browser receives HTML and not the Markdown sources.
 */
export type PageResult<T> = { kind: "not-found" } | { kind: "redirect"; to: string } | { kind: "ok"; data: T };

const COURSE_MODE = { presentiel: "Onsite", distanciel: "Online", mixte: "Blended" } as const;

function toUpcoming(f: FormationDetail, today: string): UpcomingSession[] {
  return f.sessions
    .filter((s) => s.startDate >= today)
    .map((s) => ({
      id: s.id,
      startDate: s.startDate,
      endDate: s.endDate,
      seatsLeft: s.seatsLeft,
      kind: s.kind === "intra" ? ("intra" as const) : ("inter" as const),
      city: s.city ? { slug: s.city.slug, name: s.city.name } : null,
      formation: { id: f.id, slug: f.slug, title: f.title, modality: f.modality },
    }));
}

function courseJsonLd(f: FormationDetail, upcoming: UpcomingSession[], siteUrl: string, organisationName: string) {
  const url = siteUrl + formationPath(f.slug);
  const hours = Math.floor(f.durationHours);
  const minutes = Math.round((f.durationHours - hours) * 60);
  const workload = `PT${hours}H${minutes ? `${minutes}M` : ""}`;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: f.title,
    description: f.summary,
    url,
    inLanguage: "fr",
    dateModified: f.updatedAt,
    provider: { "@type": "Organization", name: organisationName, url: siteUrl },
    ...(f.image ? { image: siteUrl + imageUrl(f.image, f.image.widths[f.image.widths.length - 1]!, "webp") } : {}),
    ...(f.certificationType !== "none"
      ? {
          educationalCredentialAwarded: {
            "@type": "EducationalOccupationalCredential",
            name: f.certificationTitle,
            credentialCategory: f.certificationCode,
            recognizedBy: { "@type": "Organization", name: f.certifier },
            ...(f.franceCompetencesUrl ? { url: f.franceCompetencesUrl } : {}),
            ...(f.competenceBlocks ? { competencyRequired: f.competenceBlocks } : {}),
          },
          ...(f.careerOutcomes ? { occupationalCredentialAwarded: f.careerOutcomes } : {}),
        }
      : {}),
    coursePrerequisites: f.prerequisites,
    teaches: f.objectives,
    timeRequired: workload,
    offers: [
      f.priceInter === null
        ? {
            "@type": "Offer",
            category: "Paid",
            url: `${siteUrl}/devis?formation=${encodeURIComponent(f.slug)}`,
            description: "Prix sur devis",
          }
        : { "@type": "Offer", category: "Paid", price: f.priceInter, priceCurrency: "EUR", url, description: priceLabel(f) },
    ],
    hasCourseInstance: (upcoming.length > 0 ? upcoming : [null]).map((s) => ({
      "@type": "CourseInstance",
      courseMode: COURSE_MODE[f.modality],
      courseWorkload: workload,
      ...(s ? { startDate: s.startDate, endDate: s.endDate } : {}),
      ...(s?.city
        ? {
            location: {
              "@type": "Place",
              name: s.city.name,
              address: { "@type": "PostalAddress", addressLocality: s.city.name, addressCountry: "FR" },
            },
          }
        : {}),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// /formations/{slug}

/**
 * Formations offered by the page's « Comparer avec une autre formation » list: its own domain's
 * first, by title, then others. Thirty is more than a visitor reads in a list; each one is sent twice
 * (the page's HTML and its data), and a hundred made a tenth of a formation page of a large catalogue.
 * Any pair stays reachable from the other formation's page and by its address.
 */
const COMPARISON_CHOICES = 30;

/**
 * The formation page's data. `asOf` (AAAA-MM-JJ, staff only: the route checks the role) shows the
 * formation as it was at the end of that day, from its revisions (not found if it had none then).
 */
export async function formationPage(
  slug: string,
  { includeDrafts = false, asOf }: { includeDrafts?: boolean; asOf?: string } = {},
  target: Db = db(),
) {
  const resolved = await resolveFormationSlug(slug, { includeDrafts: includeDrafts || Boolean(asOf) }, target);
  if (!resolved) return { kind: "not-found" } as const;
  if ("redirectTo" in resolved) return { kind: "redirect", to: formationPath(resolved.redirectTo) } as const;
  let shown = resolved.formation;
  if (asOf) {
    const then = await latestRevision<Formation>("formation", shown.id, { at: `${asOf}T23:59:59.999Z` }, target);
    if (!then) return { kind: "not-found" } as const;
    shown = then.content;
  }
  const f = await getFormationDetail(shown, target);
  const today = todayInParis();
  const upcoming = toUpcoming(f, today);
  const [others, organisation, related] = await Promise.all([
    comparisonChoices(f, COMPARISON_CHOICES, target),
    getOrganisation(target),
    relatedFormations(f.categoryId, f.id, 3, target),
  ]);
  const siteUrl = config().siteUrl;
  const crumbs: Crumb[] = [
    { label: "Accueil", to: "/" },
    { label: "Formations", to: "/formations" },
    { label: f.category.name, to: `/formations?categorie=${f.category.slug}` },
    { label: f.title },
  ];
  const md = (source: string) => renderMarkdown(source, { minHeadingLevel: 3 });
  const sameCategory = others.filter((o) => o.categoryId === f.categoryId);
  return {
    kind: "ok",
    data: {
      preview: f.status !== "published" || Boolean(asOf),
      asOf: asOf ?? null,
      seo: seoOf(f),
      crumbs,
      jsonLd: [courseJsonLd(f, upcoming, siteUrl, organisation.name), breadcrumbJsonLd(crumbs, siteUrl, formationPath(f.slug))],
      formation: {
        id: f.id,
        slug: f.slug,
        title: f.title,
        summary: f.summary,
        status: f.status,
        updatedAt: f.updatedAt,
        category: { slug: f.category.slug, name: f.category.name },
        cities: f.cities.map((c) => ({ slug: c.slug, name: c.name })),
        image: f.image,
        imageAlt: f.imageAlt,
        objectives: f.objectives,
        prerequisites: f.prerequisites,
        audience: f.audience,
        duration: durationLabel(f),
        durationHours: f.durationHours,
        modality: MODALITY_LABELS[f.modality],
        accessLeadTime: f.accessLeadTime,
        price: priceLabel(f),
        priceOnQuote: f.priceInter === null,
        vatNote: VAT_LABELS[f.vatMode]?.note ?? "",
        intraOnQuote: f.intraOnQuote,
        contact: { name: f.contactName, email: f.contactEmail, phone: f.contactPhone },
        disabilityContact: { name: f.disabilityContactName, email: f.disabilityContactEmail },
        results: {
          satisfactionRate: f.satisfactionRate,
          successRate: f.successRate,
          traineesCount: f.traineesCount,
          measuredAt: f.resultsMeasuredAt,
        },
        certification:
          f.certificationType === "none"
            ? null
            : {
                label: CERTIFICATION_LABELS[f.certificationType],
                code: f.certificationCode,
                title: f.certificationTitle,
                certifier: f.certifier,
                registeredAt: f.certificationRegisteredAt,
                url: f.franceCompetencesUrl || certificationUrl(f),
                // Qualiopi indicator 3.
                passRate: f.certificationPassRate,
                candidates: f.certificationCandidates,
                period: f.certificationResultsPeriod,
                partialValidation: f.partialValidation,
              },
        cpfEligible: f.cpfEligible,
        funding: fundingRoutes(f),
        hasOpco: f.opcos.length > 0,
      },
      html: {
        description: md(f.description),
        teachingMethods: md(f.teachingMethods),
        evaluationMethods: md(f.evaluationMethods),
        accessModalities: md(f.accessModalities),
        accessibility: md(f.accessibility),
        competenceBlocks: md(f.competenceBlocks),
        equivalences: md(f.equivalences),
        nextSteps: md(f.nextSteps),
        careerOutcomes: md(f.careerOutcomes),
        program: f.program.map((m) => ({
          title: m.title,
          durationHours: m.durationHours,
          html: renderMarkdown(m.content, { minHeadingLevel: 4 }),
        })),
      },
      upcoming,
      compare: {
        suggestions: sameCategory.slice(0, 3).map((o) => ({ title: o.title, href: comparisonPath(f.slug, o.slug) })),
        options: others.map((o) => ({ slug: o.slug, title: o.title })),
      },
      related,
    },
  } as const;
}

// ---------------------------------------------------------------------------------------------
// /formations/ville/{city}

/** Formations per page on the city and category-city pages (the catalogue's own page size). */
export const LANDING_PAGE_SIZE = 24;

/** The ItemList of a landing page's formations (this page of them), for its structured data. */
function formationsListJsonLd(items: FormationListItem[], siteUrl: string) {
  return itemListJsonLd(
    items.map((f) => ({ name: f.title, path: formationPath(f.slug) })),
    siteUrl,
  );
}

export async function cityPage(citySlug: string, page = 1, target: Db = db()) {
  const city = await getCityBySlug(citySlug, target);
  if (!city) return { kind: "not-found" } as const;
  const [formations, sessions, nearby, categories, categorySlugs] = await Promise.all([
    listFormations({ status: "published", citySlug: city.slug, perPage: LANDING_PAGE_SIZE, page }, target),
    listUpcomingSessions({ citySlug: city.slug, limit: 12 }, target),
    nearbyCities(city, 3, target),
    listCategories(target),
    categoriesInCity(city.id, target),
  ]);
  const siteUrl = config().siteUrl;
  const crumbs: Crumb[] = [{ label: "Accueil", to: "/" }, { label: "Formations", to: "/formations" }, { label: city.name }];
  return {
    kind: "ok",
    data: {
      city: cityView(city),
      crumbs,
      jsonLd: [breadcrumbJsonLd(crumbs, siteUrl, cityPath(city.slug)), formationsListJsonLd(formations.items, siteUrl)],
      formations: formations.items,
      total: formations.total,
      page: formations.page,
      pageCount: formations.pageCount,
      sessions,
      categories: categories
        .filter((c) => categorySlugs.has(c.slug))
        .map((c) => ({ name: c.name, href: categoryCityPath(c.slug, city.slug) })),
      nearby: nearby.map((c) => ({ name: c.name, href: cityPath(c.slug), distanceKm: c.distanceKm, count: c.publishedCount })),
    },
  } as const;
}

function cityView(city: City) {
  return { slug: city.slug, name: city.name, region: city.region, intro: city.intro, updatedAt: city.updatedAt };
}

// ---------------------------------------------------------------------------------------------
// /formation-{category}/{city}

export async function categoryCityPage(categorySegment: string, citySlug: string, page = 1, target: Db = db()) {
  const categorySlug = parseCategorySegment(categorySegment);
  if (!categorySlug) return { kind: "not-found" } as const;
  const [category, city] = await Promise.all([getCategoryBySlug(categorySlug, target), getCityBySlug(citySlug, target)]);
  if (!category || !city) return { kind: "not-found" } as const;
  const formations = await listFormations(
    { status: "published", categorySlug: category.slug, citySlug: city.slug, perPage: LANDING_PAGE_SIZE, page },
    target,
  );
  // A pair without published formations has no page (no soft 404s; the sitemap leaves it out too).
  if (formations.total === 0) return { kind: "not-found" } as const;
  const [sessions, otherCities, categories, categorySlugs] = await Promise.all([
    listUpcomingSessions({ citySlug: city.slug, formationIds: formations.items.map((f) => f.id), limit: 12 }, target),
    categoryCities(category, target),
    listCategories(target),
    categoriesInCity(city.id, target),
  ]);
  const siteUrl = config().siteUrl;
  const crumbs: Crumb[] = [
    { label: "Accueil", to: "/" },
    { label: "Formations", to: "/formations" },
    { label: city.name, to: cityPath(city.slug) },
    { label: category.name },
  ];
  const categoryLinks = categories
    .filter((c) => c.slug !== category.slug && categorySlugs.has(c.slug))
    .map((c) => ({ name: c.name, href: categoryCityPath(c.slug, city.slug) }));
  return {
    kind: "ok",
    data: {
      category: { slug: category.slug, name: category.name, description: category.description },
      city: cityView(city),
      crumbs,
      jsonLd: [
        breadcrumbJsonLd(crumbs, siteUrl, categoryCityPath(category.slug, city.slug)),
        formationsListJsonLd(formations.items, siteUrl),
      ],
      formations: formations.items,
      total: formations.total,
      page: formations.page,
      pageCount: formations.pageCount,
      sessions,
      otherCities: otherCities
        .filter((c) => c.slug !== city.slug)
        .map((c) => ({ name: c.name, href: categoryCityPath(category.slug, c.slug) })),
      otherCategories: categoryLinks,
    },
  } as const;
}

/** Slugs of the categories that have published formations in a city. */
async function categoriesInCity(cityId: string, target: Db): Promise<Set<string>> {
  const rows = await target
    .selectFrom("formation_cities as fc")
    .innerJoin("formations as f", "f.id", "fc.formation_id")
    .innerJoin("formation_categories as c", "c.id", "f.category_id")
    .select("c.slug")
    .distinct()
    .where("fc.city_id", "=", cityId)
    .where("f.status", "=", "published")
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Cities where a category has published formations. */
async function categoryCities(category: Category, target: Db): Promise<Array<{ slug: string; name: string }>> {
  const cities = await listCities(target);
  const rows = await target
    .selectFrom("formation_cities as fc")
    .innerJoin("formations as f", "f.id", "fc.formation_id")
    .select("fc.city_id")
    .distinct()
    .where("f.category_id", "=", category.id)
    .where("f.status", "=", "published")
    .execute();
  const ids = new Set(rows.map((r) => r.city_id));
  return cities.filter((c) => ids.has(c.id)).map((c) => ({ slug: c.slug, name: c.name }));
}

// ---------------------------------------------------------------------------------------------
// /comparatif/{a}-vs-{b}

export async function comparisonPage(pair: string, target: Db = db()) {
  const parsed = parseComparisonPair(pair);
  if (!parsed) return { kind: "not-found" } as const;
  const [a, b] = await Promise.all([resolveFormationSlug(parsed.first, {}, target), resolveFormationSlug(parsed.second, {}, target)]);
  if (!a || !b) return { kind: "not-found" } as const;
  // Old slugs or the other order: one permanent redirect to the canonical URL of the current slugs.
  const slugA = "redirectTo" in a ? a.redirectTo : a.formation.slug;
  const slugB = "redirectTo" in b ? b.redirectTo : b.formation.slug;
  if (slugA === slugB) return { kind: "not-found" } as const;
  const canonical = comparisonPath(slugA, slugB);
  if (canonical !== `/comparatif/${pair}`) return { kind: "redirect", to: canonical } as const;
  const [fa, fb] = [(a as { formation: FormationDetail }).formation, (b as { formation: FormationDetail }).formation];
  const [da, db_] = await Promise.all([getFormationDetail(fa, target), getFormationDetail(fb, target)]);
  const today = todayInParis();
  const column = (f: FormationDetail) => {
    const next = toUpcoming(f, today)[0];
    return {
      id: f.id,
      slug: f.slug,
      title: f.title,
      summary: f.summary,
      category: f.category.name,
      duration: durationLabel(f),
      modality: MODALITY_LABELS[f.modality],
      price: priceLabel(f),
      vatNote: VAT_LABELS[f.vatMode].note,
      intra: f.intraOnQuote ? "Sur devis, dans vos locaux ou à distance" : "Non proposé",
      prerequisites: f.prerequisites,
      audience: f.audience,
      objectives: f.objectives,
      certification:
        f.certificationType === "none" ? CERTIFICATION_LABELS.none : `${f.certificationTitle} (${f.certificationCode}, ${f.certifier})`,
      cpf: f.cpfEligible ? "Oui" : "Non",
      funding: fundingRoutes(f),
      cities: f.cities.length > 0 ? f.cities.map((c) => c.name).join(", ") : "À distance, en classe virtuelle",
      nextSession: next ? { startDate: next.startDate, endDate: next.endDate, city: next.city?.name ?? null } : null,
      accessLeadTime: f.accessLeadTime,
      results: {
        satisfactionRate: f.satisfactionRate,
        successRate: f.successRate,
        traineesCount: f.traineesCount,
        measuredAt: f.resultsMeasuredAt,
      },
      updatedAt: f.updatedAt,
    };
  };
  const siteUrl = config().siteUrl;
  const crumbs: Crumb[] = [
    { label: "Accueil", to: "/" },
    { label: "Formations", to: "/formations" },
    { label: `${da.title} ou ${db_.title}` },
  ];
  return {
    kind: "ok",
    data: {
      crumbs,
      jsonLd: [breadcrumbJsonLd(crumbs, siteUrl, canonical)],
      canonical,
      columns: [column(da), column(db_)] as const,
    },
  } as const;
}

/** `/comparatif?a=…&b=…` (the compare form of a formation page, without JavaScript): where to go. */
export async function comparisonChoice(a: string | null, b: string | null, target: Db = db()): Promise<string | undefined> {
  if (!a || !b || a === b) return undefined;
  const [ra, rb] = await Promise.all([resolveFormationSlug(a, {}, target), resolveFormationSlug(b, {}, target)]);
  if (!ra || !rb) return undefined;
  const slugA = "redirectTo" in ra ? ra.redirectTo : ra.formation.slug;
  const slugB = "redirectTo" in rb ? rb.redirectTo : rb.formation.slug;
  return slugA === slugB ? undefined : comparisonPath(slugA, slugB);
}

export type { FormationListItem };
