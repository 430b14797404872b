import { data } from "react-router";
import type { Route } from "./+types/signature";
import { SignaturePad } from "~/domain/attendance/components/signature-pad";
import { SpaceFrame } from "~/domain/space/components/space-pages";
import { requireSpacePerson, spaceHeaders } from "~/domain/space/sign-in.server";
import { signerAction } from "~/domain/signatures/actions.server";
import { SignerPanel } from "~/domain/signatures/components/signer-panel";
import type { SignatureReply } from "~/domain/signatures/components/staff-screens";
import { signerPage } from "~/domain/signatures/signatures.server";
import { PRIVATE_CACHE_CONTROL } from "~/platform/http/cache-control";
import { failureStatus } from "~/platform/http/failure-status";

/**
 * /espace/signatures/{id}: the signer of a devis, a convention or a contract reads it, asks for a
 * one-time code by e-mail and signs (README « Signature en ligne »), or refuses with a reason.
 * Signed out: the space's sign-in, back here after. Anyone but the signer: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const person = await requireSpacePerson(request);
  const page = await signerPage(person.email, params.id);
  if (!page) throw data(null, { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  return data({ email: person.email, page }, { headers: spaceHeaders(person) });
}

export function headers() {
  return { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Signer ${loaderData.page.title} ${loaderData.page.number}` : "Votre espace" },
    { name: "robots", content: "noindex" },
  ];
}

export async function action({ params, request }: Route.ActionArgs) {
  const person = await requireSpacePerson(request);
  const result = await signerAction(params.id, person.email, await request.formData(), request);
  return data(result satisfies SignatureReply, {
    status: result.ok ? 200 : failureStatus(result.kind ?? "invalid"),
    headers: spaceHeaders(person),
  });
}

export default function SpaceSignaturePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, page } = loaderData;
  return (
    <SpaceFrame email={email} eyebrow="Signature en ligne" title={`${page.title} n°\u00a0${page.number}`} back>
      <SignerPanel
        page={page}
        reply={actionData as SignatureReply | undefined}
        drawing={<SignaturePad name="dessin" id="dessin-signature" label="Votre signature dessinée (facultatif)" />}
      />
    </SpaceFrame>
  );
}
