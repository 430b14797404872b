import type { Route } from "./+types/training";
import { SpaceFrame, TraineeSections } from "~/domain/space/components/space-pages";
import { requireSpacePerson, spacePageData } from "~/domain/space/sign-in.server";
import { traineeSpacePage } from "~/domain/space/space.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";

/**
 * /espace/formations/{registration id}: a trainee's page of their session (dates, hours, place,
 * calendar file, convocation and certificate, contacts). Anyone but that registration's trainees: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  return spacePageData(person, await traineeSpacePage(person.email, params.id));
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Votre formation\u00a0: ${loaderData.page.formationTitle}` : "Votre espace" },
    { name: "robots", content: "noindex" },
  ];
}

export default function SpaceTrainingPage({ loaderData }: Route.ComponentProps) {
  const { page, email } = loaderData;
  return (
    <SpaceFrame email={email} eyebrow={`Formation de ${page.traineeName}`} title={page.formationTitle} back>
      <TraineeSections page={page} />
    </SpaceFrame>
  );
}
