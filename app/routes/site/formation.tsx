import { data, redirect } from "react-router";
import type { Route } from "./+types/formation";
import { isEditor } from "~/platform/auth/roles";
import { FormationPageView } from "~/domain/formations/components/formation-page";
import { formationPage } from "~/domain/formations/pages.server";
import { getSessionUser } from "~/platform/auth/guard.server";
import { pageHtml } from "~/platform/markdown/page-html.server";
import { pageMeta } from "~/platform/seo/meta";
import { ServerHtml } from "~/ui/server-html";

/** /formations/{slug}: every item Qualiopi requires, sessions, funding, quote; drafts only for editors (preview). */
export async function loader(args: Route.LoaderArgs) {
  const { params, request } = args;
  const user = await getSessionUser(request);
  // « ?a-la-date=AAAA-MM-JJ »: the page as it was that day, for staff only; ignored for visitors.
  const asOf = isEditor(user) ? new URL(request.url).searchParams.get("a-la-date") : null;
  const result = await formationPage(params.slug, {
    includeDrafts: isEditor(user),
    asOf: asOf && /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? asOf : undefined,
  });
  if (result.kind === "not-found") throw data(null, { status: 404 });
  if (result.kind === "redirect") throw redirect(result.to + new URL(request.url).search, 301);
  // Long texts go into the page once (not again in the hydration data).
  const { html } = result.data;
  return {
    ...result.data,
    html: {
      description: pageHtml(args, "description", html.description),
      teachingMethods: pageHtml(args, "teaching-methods", html.teachingMethods),
      evaluationMethods: pageHtml(args, "evaluation-methods", html.evaluationMethods),
      accessModalities: pageHtml(args, "access-modalities", html.accessModalities),
      accessibility: pageHtml(args, "accessibility", html.accessibility),
      competenceBlocks: pageHtml(args, "competence-blocks", html.competenceBlocks),
      equivalences: pageHtml(args, "equivalences", html.equivalences),
      nextSteps: pageHtml(args, "next-steps", html.nextSteps),
      careerOutcomes: pageHtml(args, "career-outcomes", html.careerOutcomes),
      program: html.program.map((m, i) => ({ ...m, html: pageHtml(args, `program-${i}`, m.html) })),
    },
  };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  return [
    ...pageMeta(args, { title: d.seo.title, description: d.seo.description, noindex: d.preview }),
    ...d.jsonLd.map((json) => ({ "script:ld+json": json })),
  ];
}

export default function FormationPage({ loaderData }: Route.ComponentProps) {
  return <ServerHtml>{() => <FormationPageView data={loaderData} />}</ServerHtml>;
}
