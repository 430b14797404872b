import { data } from "react-router";
import type { Route } from "./+types/complaint";
import { getComplaintSettings } from "~/domain/complaints/complaints.server";
import { SpaceComplaintForm, SpaceComplaintList, type ComplaintFormReply } from "~/domain/space/components/complaint-form";
import { SpaceFrame } from "~/domain/space/components/space-pages";
import { sendSpaceComplaint, spaceComplaintPage } from "~/domain/space/complaint.server";
import { requireSpacePerson, spaceHeaders } from "~/domain/space/sign-in.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { failureStatus } from "~/platform/http/failure-status";
import { readFlash, redirectWithToast } from "~/platform/toast/flash.server";

/**
 * /espace/reclamation: the signed-in person sends a complaint under their own identity, about one of
 * their registrations or none in particular, and reads the written answers to theirs (Qualiopi
 * indicator 31, docs/decisions/0035-complaints-register.md). Signed out: the space's sign-in, back here after.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const [page, settings, flash] = await Promise.all([spaceComplaintPage(person.email), getComplaintSettings(), readFlash(request)]);
  const sent = flash?.data.reclamation?.slice(0, 20) ?? null;
  return data({ email: person.email, ...page, delayDays: settings.answerDelayDays, sent }, { headers: spaceHeaders(person) });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Faire une réclamation" }, { name: "robots", content: "noindex" }];
}

export async function action({ request }: Route.ActionArgs) {
  const person = await requireSpacePerson(request);
  const outcome = await sendSpaceComplaint(person.email, await request.formData());
  if (outcome.ok)
    return redirectWithToast(
      "/espace/reclamation",
      { kind: "success", title: "Réclamation envoyée", description: `Référence\u00a0: ${outcome.reference}.` },
      { data: { reclamation: outcome.reference } },
    );
  return data({ errors: outcome.errors, values: outcome.values } satisfies ComplaintFormReply, { status: failureStatus(outcome.kind) });
}

export default function SpaceComplaintPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, options, complaints, delayDays, sent } = loaderData;
  return (
    <SpaceFrame email={email} eyebrow="Espace client et stagiaire" title="Réclamations" back>
      <SpaceComplaintForm options={options} delayDays={delayDays} reply={actionData as ComplaintFormReply | undefined} sent={sent} />
      <SpaceComplaintList complaints={complaints} />
    </SpaceFrame>
  );
}
