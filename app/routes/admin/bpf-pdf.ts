import type { Route } from "./+types/bpf-pdf";
import { bpfPdfFile } from "~/domain/bpf/bpf.server";
import { yearSchema } from "~/domain/bpf/model";
import { requireAdmin } from "~/platform/auth/guard.server";

/** /admin/bpf/bpf.pdf?annee=AAAA (admins): the year's BPF laid out like the cerfa 10443. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const year = yearSchema.safeParse(new URL(request.url).searchParams.get("annee"));
  if (!year.success) throw new Response(year.error.issues[0]?.message ?? "Année invalide.", { status: 400 });
  const pdf = await bpfPdfFile(year.data);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="bpf-${year.data}.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}
