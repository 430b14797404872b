import { data, redirect } from "react-router";
import type { Route } from "./+types/home";
import { OverviewSections, SignInPage, SpaceFrame, type SignInReply } from "~/domain/space/components/space-pages";
import { LINK_SENT_MESSAGE, SPACE_FORM } from "~/domain/space/model";
import { requestSpaceLink, signOutOfSpace, spaceHeaders, spacePerson } from "~/domain/space/sign-in.server";
import { spaceOverview } from "~/domain/space/space.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { clientIp } from "~/platform/http/client-ip.server";
import { INTAKE_HTTP_STATUS } from "~/platform/intake/outcome";
import { issueFormToken } from "~/platform/intake/guard.server";
import { safeNextPath } from "~/platform/link-sign-in/link-sign-in.server";
import { redirectWithToast } from "~/platform/toast/flash.server";

/**
 * /espace: the client's and trainee's space (README « Espace client et stagiaire »). Signed in:
 * their registrations and sessions; else the form that sends a sign-in link by e-mail.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const suite = safeNextPath(new URL(request.url).searchParams.get("suite"));
  const person = await spacePerson(request);
  const headers = spaceHeaders(person);
  if (person) {
    if (suite.startsWith("/espace/")) throw redirect(suite, { headers });
    return data({ kind: "space" as const, email: person.email, overview: await spaceOverview(person.email) }, { headers });
  }
  return data({ kind: "sign-in" as const, token: issueFormToken(SPACE_FORM), suite }, { headers });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Votre espace" }, { name: "robots", content: "noindex" }];
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "deconnexion") {
    const cookie = await signOutOfSpace(request);
    return redirectWithToast("/espace", { kind: "success", title: "Vous avez quitté votre espace" }, { headers: { "Set-Cookie": cookie } });
  }
  const outcome = await requestSpaceLink(form, { ip: clientIp(request) });
  if (outcome.ok) return data({ sent: LINK_SENT_MESSAGE, errors: {}, values: {} } satisfies SignInReply);
  return data(
    { errors: outcome.errors, values: outcome.values, formError: outcome.formError, token: outcome.token } satisfies SignInReply,
    { status: INTAKE_HTTP_STATUS[outcome.kind] },
  );
}

export default function SpaceHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "sign-in")
    return <SignInPage token={loaderData.token} suite={loaderData.suite} reply={actionData as SignInReply | undefined} />;
  return (
    <SpaceFrame email={loaderData.email} eyebrow="Espace client et stagiaire" title="Votre espace">
      <OverviewSections overview={loaderData.overview} />
    </SpaceFrame>
  );
}
