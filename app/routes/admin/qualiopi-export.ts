import { data } from "react-router";
import type { Route } from "./+types/qualiopi-export";
import { evidencePack, packDateSchema, packZip } from "~/composition/evidence-pack.server";
import { requireEditor } from "~/platform/auth/guard.server";

/** GET /admin/qualiopi/export?date=AAAA-MM-JJ (editors): the evidence pack of that day, as one ZIP. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const parsed = packDateSchema.safeParse({ date: new URL(request.url).searchParams.get("date") ?? "" });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Date invalide.", { status: 400 });
  const zip = packZip(await evidencePack(parsed.data.date));
  return new Response(Buffer.from(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="preuves-qualiopi-${parsed.data.date}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
