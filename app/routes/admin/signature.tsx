import { data, useNavigation } from "react-router";
import type { Route } from "./+types/signature";
import { signatureAction } from "~/domain/signatures/actions.server";
import {
  OrganisationSignSection,
  OutsideSection,
  RequestSummary,
  SendSection,
  type SignatureReply,
} from "~/domain/signatures/components/staff-screens";
import { getSignatureRequest, getSignatureSettings } from "~/domain/signatures/signatures.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/signatures")],
  breadcrumb: (d: { view?: { number: string } } | undefined) => d?.view?.number ?? "Signature",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Signature ${args.loaderData?.view.title ?? ""} ${args.loaderData?.view.number ?? ""}`,
    description: "Une demande de signature en ligne : son état, l'envoi, la signature de l'organisme, la copie papier, la preuve.",
    noindex: true,
  });

/**
 * /admin/signatures/{id} (editors and admins): the request's state and signatures, « Envoyer pour
 * signature » (again, which unlocks it), the organisation's signature with a code sent to the
 * signed-in staff user, « Signé hors plateforme » with the scan, the sealed PDF and the proof.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const view = await getSignatureRequest(params.id);
  if (!view) throw data(null, { status: 404 });
  const settings = await getSignatureSettings();
  return { view, signatory: { name: settings.signatoryName, quality: settings.signatoryQuality }, staffEmail: user.email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const result = await signatureAction(params.id, await request.formData(), actor, request);
  return replyWithToast<SignatureReply>(result, { status: result.ok ? 200 : failureStatus(result.kind ?? "invalid") });
}

export default function SignatureScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { view, signatory, staffEmail } = loaderData;
  const reply = actionData as SignatureReply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {view.title} {view.number}
      </h1>
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <RequestSummary view={view} />
          <SendSection view={view} reply={reply} busy={busy} />
          <OrganisationSignSection view={view} signatory={signatory} staffEmail={staffEmail} reply={reply} busy={busy} />
        </div>
        <div className="space-y-6">
          <OutsideSection view={view} reply={reply} busy={busy} />
        </div>
      </div>
    </div>
  );
}
