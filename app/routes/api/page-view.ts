import type { Route } from "./+types/page-view";
import { pageViewSchema, recordPageView } from "~/platform/analytics/page-views.server";

/** Anonymous page-view beacon, sent only after the visitor accepted audience measurement. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const form = await request.formData();
  const parsed = pageViewSchema.safeParse({ path: form.get("path") });
  if (!parsed.success) return new Response("Chemin invalide", { status: 400 });
  await recordPageView(parsed.data.path);
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
