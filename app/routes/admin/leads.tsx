import { useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/leads";
import { leadKindFromPath } from "~/domain/leads/admin";
import { LeadAdminList } from "~/domain/leads/components/lead-admin-list";
import { listLeads, spooledLeadCount } from "~/domain/leads/leads.server";
import { parseLeadFilter } from "~/domain/leads/model";
import { requireEditor } from "~/platform/auth/guard.server";
import { spoolInstancesView } from "~/platform/spool/heartbeat.server";
import { pageMeta } from "~/platform/seo/meta";
import { readFlash } from "~/platform/toast/flash.server";

export const handle = {
  breadcrumb: (data: { kind?: string } | undefined) => (data?.kind === "contact" ? "Messages" : "Demandes de devis"),
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const url = new URL(request.url);
  const kind = leadKindFromPath(url.pathname);
  const filter = parseLeadFilter(url.searchParams);
  const [result, spools] = await Promise.all([listLeads(kind, filter), spoolInstancesView()]);
  return {
    kind,
    ...result,
    // Received while the database refused, waiting in this instance's spool (docs/decisions/0010-lead-spool.md).
    spooled: spooledLeadCount(kind),
    // Every instance's spool that holds something (their heartbeats): a stopped server's too.
    spools,
    filter: {
      q: filter.q ?? "",
      statut: filter.statut,
      financement: filter.financement ?? "",
      format: filter.format ?? "",
      sujet: filter.sujet ?? "",
      du: filter.du ?? "",
      au: filter.au ?? "",
    },
    // The request just deleted (flash data of the detail page's action), said once above the list.
    deleted: (await readFlash(request))?.data.deleted?.slice(0, 30) ?? "",
  };
}

export const meta: Route.MetaFunction = (args) => {
  const kind = args.loaderData?.kind ?? "devis";
  return pageMeta(args, {
    title: kind === "devis" ? "Demandes de devis" : "Messages",
    description: kind === "devis" ? "Les demandes de devis reçues par le site." : "Les messages reçus par le formulaire de contact.",
    noindex: true,
  });
};

export default function Leads({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  return <LeadAdminList {...loaderData} exportQuery={exportParams.toString()} search={location.search} pathname={location.pathname} />;
}
