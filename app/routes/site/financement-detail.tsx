import { data } from "react-router";
import type { Route } from "./+types/financement-detail";
import { AudienceScreen } from "~/domain/funding/audience-screen";
import { AUDIENCES } from "~/domain/funding/audiences";
import { fittingFormations } from "~/composition/funding-formations.server";
import { fundingPath, fundingSlugOf, isAudienceSlug } from "~/domain/funding/labels";
import { isOpcoSlug } from "~/domain/funding/opco-list";
import { OpcoScreen } from "~/domain/funding/opco-screen";
import { OPCOS } from "~/domain/funding/opcos";
import { listRulesForOpco } from "~/domain/funding/rules.server";
import { audienceFaq, opcoFaq } from "~/domain/funding/faq";
import { faqJsonLd, jsonLdMeta, pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { ServerHtml } from "~/ui/server-html";

/** /financement/{slug}: the 11 OPCO pages and the 4 audience pages (France Travail under both its addresses); any other slug is a 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = fundingSlugOf(params.slug);
  if (isOpcoSlug(slug)) {
    const opco = OPCOS[slug];
    const [rules, formations] = await Promise.all([listRulesForOpco(slug), fittingFormations(opco.categories)]);
    // The page's texts come with its data: the browser never loads the content of every OPCO.
    return { kind: "opco" as const, slug, opco, rules, formations };
  }
  if (isAudienceSlug(slug)) return { kind: "audience" as const, slug, audience: AUDIENCES[slug] };
  throw data(null, { status: 404 });
}

const FUNDING_CRUMB = { label: "Financement", to: "/financement" };

export function meta(args: Route.MetaArgs) {
  const loaderData = args.loaderData;
  if (!loaderData) return [{ title: "Page introuvable" }];
  if (loaderData.kind === "opco") {
    const opco = loaderData.opco;
    return [
      ...pageMeta(args, {
        title: `${opco.name} : financer une formation avec votre OPCO`,
        description: `${opco.summary} Ce qu'il finance, comment le demander.`,
      }),
      ...pageBreadcrumbMeta(args, opco.name, FUNDING_CRUMB),
      ...jsonLdMeta([faqJsonLd(opcoFaq(opco))]),
    ];
  }
  const audience = loaderData.audience;
  // /financement/pole-emploi and /financement/france-travail show one page: the canonical is the current name's path.
  return [
    ...pageMeta(args, { title: audience.title, description: audience.description, path: fundingPath(loaderData.slug) }),
    ...pageBreadcrumbMeta(args, audience.label, FUNDING_CRUMB),
    ...jsonLdMeta([faqJsonLd(audienceFaq(audience))]),
  ];
}

export default function FinancementDetail({ loaderData }: Route.ComponentProps) {
  return (
    <ServerHtml>
      {() =>
        loaderData.kind === "opco" ? (
          <OpcoScreen opco={loaderData.opco} rules={loaderData.rules} formations={loaderData.formations} />
        ) : (
          <AudienceScreen audience={loaderData.audience} />
        )
      }
    </ServerHtml>
  );
}
