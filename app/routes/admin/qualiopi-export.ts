import { data } from "react-router";
import type { Route } from "./+types/qualiopi-export";
import { evidencePack, packDateSchema, packPeriodSchema, packZip } from "~/composition/evidence-pack.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/qualiopi/export?date=AAAA-MM-JJ&du=…&au=… (editors): the evidence pack of that day and the register of the period, as one ZIP. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const params = new URL(request.url).searchParams;
  const parsed = packDateSchema.safeParse({ date: params.get("date") ?? "" });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Date invalide.", { status: 400 });
  const period = packPeriodSchema.safeParse({ du: params.get("du") || undefined, au: params.get("au") || undefined });
  if (!period.success) throw data(period.error.issues[0]?.message ?? "Période invalide.", { status: 400 });
  const chosen = period.data.du && period.data.au ? { from: period.data.du, to: period.data.au } : {};
  const zip = packZip(await evidencePack(parsed.data.date, undefined, chosen));
  return new Response(Buffer.from(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="preuves-qualiopi-${parsed.data.date}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
