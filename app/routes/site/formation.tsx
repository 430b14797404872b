import { data, redirect } from "react-router";
import type { Route } from "./+types/formation";
import { isEditor } from "~/platform/auth/roles";
import { FormationPageView } from "~/domain/formations/components/formation-page";
import { formationPage } from "~/domain/formations/pages.server";
import { formationResults } from "~/composition/published-results.server";
import { getSessionUser } from "~/platform/auth/guard.server";
import { serverOnlyData } from "~/platform/ssr/kept.server";
import { useServerData } from "~/platform/ssr/kept";
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
  // Its satisfaction rate is computed from the questionnaires' answers (README « Questionnaires »).
  const f = result.data.formation;
  const page = { ...result.data, formation: { ...f, results: await formationResults(f.id, f.results, result.data.asOf ?? undefined) } };
  // The page is one read-only part: the browser gets only what meta() reads (see kept.server.ts).
  return serverOnlyData(args, "formation", page, ["seo", "preview", "jsonLd"]);
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
  const data = useServerData(loaderData);
  return <ServerHtml>{() => <FormationPageView data={data()} />}</ServerHtml>;
}
