import { data } from "react-router";
import type { Route } from "./+types/admin-registration";
import { AdminSpacePanel } from "~/domain/space/components/admin-space";
import { staffSendLinkSchema } from "~/domain/space/model";
import { sendSpaceLinkByStaff } from "~/domain/space/sign-in.server";
import { registrationSpaceAccess } from "~/domain/space/space.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { dataWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/sessions")],
  breadcrumb: (d: { reference?: string } | undefined) => (d?.reference ? `Espace de ${d.reference}` : "Espace de l'inscription"),
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Espace de l'inscription ${args.loaderData?.reference ?? ""}`,
    description: "Lien et accès de l'espace.",
    noindex: true,
  });

/** /admin/inscriptions/{id}/espace (editors): send the space's link to a person of the registration; its last accesses. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const access = await registrationSpaceAccess(params.id);
  if (!access) throw data(null, { status: 404 });
  return access;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const submission = await parseSubmission(await request.formData(), staffSendLinkSchema);
  if (!submission.ok)
    return dataWithToast(
      { ok: false },
      { kind: "error", title: "Action impossible", description: "Choisissez la personne." },
      { status: 400 },
    );
  const result = await sendSpaceLinkByStaff(params.id, submission.data.email, { id: user.id, email: user.email, role: user.role });
  return result.ok
    ? dataWithToast({ ok: true }, { kind: "success", title: "Lien envoyé", description: result.message })
    : dataWithToast(
        { ok: false },
        { kind: "error", title: "Action impossible", description: result.error },
        { status: failureStatus(result.kind) },
      );
}

export default function AdminRegistrationSpace({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">
        Espace de l'inscription {loaderData.reference} — {loaderData.formationTitle}
      </h1>
      <AdminSpacePanel
        sessionId={loaderData.sessionId}
        cancelled={loaderData.status === "annulee"}
        people={loaderData.people}
        accesses={loaderData.accesses}
      />
    </div>
  );
}
