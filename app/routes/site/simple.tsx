import type { Route } from "./+types/simple";
import { getOrganisation } from "~/domain/settings/settings.server";

/** A light page without client JavaScript: the site name and the time it was rendered. */
export const handle = { hydrate: false };

export async function loader() {
  const organisation = await getOrganisation();
  const now = new Date();
  return {
    siteName: organisation.name,
    renderedAt: now.toISOString(),
    renderedAtLabel: new Intl.DateTimeFormat("fr-FR", { dateStyle: "full", timeStyle: "medium", timeZone: "Europe/Paris" }).format(now),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.siteName ?? "Site"} — page simple` }, { name: "robots", content: "noindex" }];
}

export default function Simple({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{loaderData.siteName}</h1>
      <p className="mt-4">
        Page générée le <time dateTime={loaderData.renderedAt}>{loaderData.renderedAtLabel}</time> (heure de Paris).
      </p>
      <p className="mt-6">
        <a href="/" className="font-medium text-brand-700 underline dark:text-brand-300">
          Aller à l'accueil
        </a>
      </p>
    </main>
  );
}
