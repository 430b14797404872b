import { data, redirect } from "react-router";
import type { Route } from "./+types/home";
import { OverviewSections, SignInPage, SpaceFrame, type SignInReply } from "~/domain/space/components/space-pages";
import { TrainerHomeSections } from "~/domain/space/components/trainer-space";
import { DOOR_TEXTS, doorAt } from "~/domain/space/doors";
import { SPACE_FORM } from "~/domain/space/model";
import { requestSpaceLink, signOutOfSpace, spaceHeaders, spacePerson } from "~/domain/space/sign-in.server";
import { spaceOverview } from "~/domain/space/space.server";
import { requireTrainerPerson, trainerPerson, trainerSpaceHome } from "~/domain/space/trainer-space.server";
import { changeOwnFeedLink } from "~/domain/trainers/feed.server";
import { SignerRequestsList } from "~/domain/signatures/components/signer-list";
import { signerRequests } from "~/domain/signatures/signatures.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { clientIp } from "~/platform/http/client-ip.server";
import { INTAKE_HTTP_STATUS } from "~/platform/intake/outcome";
import { issueFormToken } from "~/platform/intake/guard.server";
import { safeNextPath } from "~/platform/link-sign-in/link-sign-in.server";
import { redirectWithToast } from "~/platform/toast/flash.server";

/**
 * /espace and /espace/formateur: the home of a space (README « Espace client et stagiaire »,
 * « Espace formateur »), one door each (`doorAt`). Signed in: a client's registrations and a
 * trainee's sessions, or the sessions a trainer teaches and their calendar subscription; else the
 * form that sends a sign-in link by e-mail, the same for both doors.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const door = doorAt(url.pathname);
  const suite = safeNextPath(url.searchParams.get("suite"));
  const trainer = door === "formateur" ? await trainerPerson(request) : null;
  const person = door === "formateur" ? trainer : await spacePerson(request);
  const headers = spaceHeaders(person);
  if (!person) return data({ kind: "sign-in" as const, door, token: issueFormToken(SPACE_FORM), suite }, { headers });
  if (suite.startsWith(`${DOOR_TEXTS[door].home}/`) && doorAt(suite) === door) throw redirect(suite, { headers });
  if (trainer)
    return data({ kind: "trainer" as const, door, email: person.email, home: await trainerSpaceHome(trainer.trainer) }, { headers });
  const [overview, signatures] = await Promise.all([spaceOverview(person.email), signerRequests(person.email)]);
  return data({ kind: "space" as const, door, email: person.email, overview, signatures }, { headers });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const texts = DOOR_TEXTS[loaderData?.door ?? "espace"];
  return [{ title: loaderData?.kind === "sign-in" ? texts.eyebrow : texts.title }, { name: "robots", content: "noindex" }];
}

export async function action({ request }: Route.ActionArgs) {
  const door = doorAt(new URL(request.url).pathname);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "deconnexion") {
    const cookie = await signOutOfSpace(request, undefined, door);
    return redirectWithToast(
      DOOR_TEXTS[door].home,
      { kind: "success", title: "Vous avez quitté votre espace" },
      { headers: { "Set-Cookie": cookie } },
    );
  }
  if (door === "formateur" && (intent === "agenda-lien" || intent === "agenda-revoquer")) {
    const { trainer } = await requireTrainerPerson(request);
    const feedUrl = await changeOwnFeedLink(trainer, intent === "agenda-lien");
    return data({ feedUrl, errors: {}, values: {} } satisfies SignInReply & { feedUrl: string });
  }
  const outcome = await requestSpaceLink(form, { ip: clientIp(request), door });
  if (outcome.ok) return data({ sent: DOOR_TEXTS[door].sent, errors: {}, values: {} } satisfies SignInReply);
  return data(
    { errors: outcome.errors, values: outcome.values, formError: outcome.formError, token: outcome.token } satisfies SignInReply,
    { status: INTAKE_HTTP_STATUS[outcome.kind] },
  );
}

export default function SpaceHome({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as (SignInReply & { feedUrl?: string }) | undefined;
  if (loaderData.kind === "sign-in")
    return <SignInPage door={loaderData.door} token={loaderData.token} suite={loaderData.suite} reply={reply} />;
  const texts = DOOR_TEXTS[loaderData.door];
  return (
    <SpaceFrame door={loaderData.door} email={loaderData.email} eyebrow={texts.eyebrow} title={texts.title}>
      {loaderData.kind === "trainer" ? (
        <TrainerHomeSections home={loaderData.home} feedUrl={reply?.feedUrl} />
      ) : (
        <>
          <SignerRequestsList requests={loaderData.signatures} />
          <OverviewSections overview={loaderData.overview} />
        </>
      )}
    </SpaceFrame>
  );
}
