import { lheoXml } from "~/domain/catalogue-feed/lheo.server";
import { PUBLIC_CACHE_CONTROL } from "~/platform/http/cache-control";

/** GET /lheo.xml: the published catalogue in LHÉO 2.2 for the Carif-Oref databases (README, « Catalogue pour les partenaires »). */
export async function loader() {
  const xml = await lheoXml();
  if (!xml) {
    return new Response("Aucune formation n'est encore prête pour le flux LHÉO (voir /admin/lheo).\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
