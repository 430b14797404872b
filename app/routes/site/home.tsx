import { Fragment, type ComponentProps, type ReactNode } from "react";
import type { Route } from "./+types/home";
import {
  CategoriesSection,
  FinalCallToActionSection,
  FundingSection,
  HeroSection,
  OfferSection,
  QualiopiSection,
  TestimonialsSection,
  WhyUsSection,
} from "~/domain/content/home-sections";
import { publicClaims } from "~/domain/content/claims.server";
import { publicResults } from "~/composition/published-results.server";
import { LatestPosts } from "~/domain/blog/components/latest-posts";
import { latestPosts } from "~/domain/blog/home.server";
import { FeaturedFormations, NextSessions } from "~/domain/formations/components/home-sections";
import { homeFormations } from "~/domain/formations/home.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { getOrganisation } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";
import { organisationJsonLd } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { useServerData, type WholeData } from "~/platform/ssr/kept";
import { serverOnlyData } from "~/platform/ssr/kept.server";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Organisme de formation sur site et à distance",
      description:
        "Formations en bureautique, management, langues, numérique, sécurité, vente et RH, sur site, à distance ou mixte, finançables par OPCO, CPF ou France Travail.",
    }),
    // Built by the loader (server-side): the home page's JavaScript does not carry it.
    ...(args.loaderData?.jsonLd ?? []).map((block) => ({ "script:ld+json": block })),
  ];
}

export async function loader(args: Route.LoaderArgs) {
  const [formations, posts, claims, organisation] = await Promise.all([
    homeFormations(),
    latestPosts(),
    publicClaims().then((c) => publicResults(c)),
    getOrganisation(),
  ]);
  // The page is one read-only part: the browser gets only what meta() reads (see kept.server.ts).
  return serverOnlyData(args, "home", { formations, posts, claims, jsonLd: [organisationJsonLd(organisation, config().siteUrl)] }, [
    "jsonLd",
  ]);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const data = useServerData(loaderData);
  const organisation = useRootData()?.organisation ?? DEMO_ORGANISATION;
  return <ServerHtml>{() => <HomeSections {...data()} organisation={organisation} />}</ServerHtml>;
}

function HomeSections({
  formations,
  posts,
  claims,
  organisation,
}: Omit<WholeData<Route.ComponentProps["loaderData"]>, "jsonLd"> & {
  organisation: ComponentProps<typeof HeroSection>["organisation"];
}) {
  const props = { organisation, claims };

  // The page is an ordered list of self-contained sections (each a <section> with its own h2).
  // To add one (featured formations, next sessions, latest posts…), insert an entry where it belongs;
  // data it needs can come from a loader added to this route.
  const sections: Array<{ id: string; element: ReactNode }> = [
    { id: "hero", element: <HeroSection {...props} /> },
    { id: "offer", element: <OfferSection {...props} /> },
    { id: "categories", element: <CategoriesSection categories={formations.categories} /> },
    ...(formations.featured.length ? [{ id: "featured-formations", element: <FeaturedFormations items={formations.featured} /> }] : []),
    ...(formations.nextSessions.length ? [{ id: "next-sessions", element: <NextSessions sessions={formations.nextSessions} /> }] : []),
    { id: "why-us", element: <WhyUsSection {...props} /> },
    { id: "testimonials", element: <TestimonialsSection {...props} /> },
    { id: "funding", element: <FundingSection {...props} /> },
    ...(posts.length ? [{ id: "latest-posts", element: <LatestPosts posts={posts} /> }] : []),
    { id: "qualiopi", element: <QualiopiSection {...props} /> },
    { id: "final-cta", element: <FinalCallToActionSection {...props} /> },
  ];

  return sections.map((section) => <Fragment key={section.id}>{section.element}</Fragment>);
}
