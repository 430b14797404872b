import type { Route } from "./+types/bpf-export";
import { bpfBoxesCsv, bpfDetailCsv } from "~/domain/bpf/bpf.server";
import { yearSchema } from "~/domain/bpf/model";
import { requireAdmin } from "~/platform/auth/guard.server";

/**
 * /admin/bpf/export.csv?annee=AAAA (admins): every box of the year's BPF, to type into Mon Activité
 * Formation; with `&case=F-1-a` (a box or a frame), the records behind it, for the accountant.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const year = yearSchema.safeParse(params.get("annee"));
  if (!year.success) throw new Response(year.error.issues[0]?.message ?? "Année invalide.", { status: 400 });
  const code = params.get("case");
  const csv = code ? await bpfDetailCsv(year.data, code) : await bpfBoxesCsv(year.data);
  if (csv === null) throw new Response("Cette case n'est pas calculée par le site.", { status: 404 });
  const name = code ? `bpf-${year.data}-${code}.csv` : `bpf-${year.data}.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
