import { data } from "react-router";
import type { Route } from "./+types/trainer-session";
import { countersignerAction } from "~/domain/attendance/page.server";
import { trainerSheet } from "~/domain/attendance/sheet.server";
import { SpaceFrame } from "~/domain/space/components/space-pages";
import { TrainerAttendance, TrainerSessionSections } from "~/domain/space/components/trainer-space";
import { spacePageData } from "~/domain/space/sign-in.server";
import { requireTrainerPerson, trainerSessionPage } from "~/domain/space/trainer-space.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { liveClientLoader } from "~/platform/live/live-loader";
import { useLiveData } from "~/platform/live/use-live-data";
import { formDataToObject } from "~/platform/validation/form-data";

/**
 * /espace/formateur/sessions/{session id}: a trainer's page of a session they teach (half-days and
 * hours, place, trainees' names and company, accessibility needs, documents), and the attendance of
 * the half-days they teach (room code, statuses, countersignature: README « Émargement en ligne »).
 * A session they do not teach: 404, whether it exists or not.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireTrainerPerson(request);
  const page = await trainerSessionPage(person.trainer, params.id);
  const attendance = page && (await trainerSheet(person.trainer.id, params.id, new URL(request.url).searchParams.get("d") ?? ""));
  return spacePageData(person, page && { ...page, attendance });
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => liveClientLoader("routes/space/trainer-session", serverLoader);

/** The trainer marks a trainee or countersigns a half-day they teach (the domain checks which). */
export async function action({ params, request }: Route.ActionArgs) {
  const person = await requireTrainerPerson(request);
  const values = formDataToObject(await request.formData());
  const done = await countersignerAction(params.id, values, { kind: "formateur", trainerId: person.trainer.id }, request);
  if (!done) throw data(null, { status: 400 });
  return replyWithToast(done.reply, { status: done.status });
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

export default function TrainerSessionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, email } = loaderData;
  // While a half-day is open, its room code changes every 30 seconds: the screen reads it again (as staff's does).
  useLiveData({ poll: page.attendance?.room != null, everyMs: 5_000 });
  return (
    <SpaceFrame
      door="formateur"
      email={email}
      eyebrow={page.past ? "Espace formateur · session passée" : "Espace formateur"}
      title={page.formationTitle}
      back
    >
      {page.attendance ? <TrainerAttendance sheet={page.attendance} reply={actionData} /> : null}
      <TrainerSessionSections page={page} />
    </SpaceFrame>
  );
}
