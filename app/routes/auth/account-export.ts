import type { Route } from "./+types/account-export";
import { exportUserData } from "~/domain/accounts/users.server";
import { requireUser } from "~/platform/auth/guard.server";

/** "Télécharger mes données": everything the site keeps about the signed-in user, as a JSON file. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const exported = await exportUserData(user.id);
  if (!exported) throw new Response("Compte introuvable.", { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="mes-donnees-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
