import type { Route } from "./+types/data";
import { requireSpacePerson } from "~/domain/space/sign-in.server";
import { spaceDataExport } from "~/domain/space/space.server";
import { downloadResponse } from "~/platform/http/download";

/** GET /espace/mes-donnees.json: everything the site keeps about the signed-in person (RGPD art. 15 and 20). */
export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const content = JSON.stringify(await spaceDataExport(person.email), null, 2);
  return downloadResponse(content, "mes-donnees.json", "application/json; charset=utf-8", { "X-Robots-Tag": "noindex" });
}
