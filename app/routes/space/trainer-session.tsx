import type { Route } from "./+types/trainer-session";
import { SpaceFrame } from "~/domain/space/components/space-pages";
import { TrainerSessionSections } from "~/domain/space/components/trainer-space";
import { spacePageData } from "~/domain/space/sign-in.server";
import { requireTrainerPerson, trainerSessionPage } from "~/domain/space/trainer-space.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";

/**
 * /espace/formateur/sessions/{session id}: a trainer's page of a session they teach (half-days and
 * hours, place, trainees' names and company, accessibility needs, documents). A session they do
 * not teach: 404, whether it exists or not.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireTrainerPerson(request);
  return spacePageData(person, await trainerSessionPage(person.trainer, params.id));
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Session\u00a0: ${loaderData.page.formationTitle}` : "Espace formateur" },
    { name: "robots", content: "noindex" },
  ];
}

export default function TrainerSessionPage({ loaderData }: Route.ComponentProps) {
  const { page, email } = loaderData;
  return (
    <SpaceFrame
      door="formateur"
      email={email}
      eyebrow={page.past ? "Espace formateur · session passée" : "Espace formateur"}
      title={page.formationTitle}
      back
    >
      <TrainerSessionSections page={page} />
    </SpaceFrame>
  );
}
