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
export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const result = await formationPage(params.slug, { includeDrafts: isEditor(user) });
  if (result.kind === "not-found") throw data(null, { status: 404 });
  if (result.kind === "redirect") throw redirect(result.to + new URL(request.url).search, 301);
  // Long texts go into the page once (not again in the hydration data).
  const { html } = result.data;
  return {
    ...result.data,
    html: {
      description: pageHtml(request, "description", html.description),
      teachingMethods: pageHtml(request, "teaching-methods", html.teachingMethods),
      evaluationMethods: pageHtml(request, "evaluation-methods", html.evaluationMethods),
      accessModalities: pageHtml(request, "access-modalities", html.accessModalities),
      accessibility: pageHtml(request, "accessibility", html.accessibility),
      program: html.program.map((m, i) => ({ ...m, html: pageHtml(request, `program-${i}`, m.html) })),
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
