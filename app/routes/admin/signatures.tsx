import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signatures";
import { ADMIN_INTENTS, signaturesListAction } from "~/domain/signatures/actions.server";
import { currentCertificate } from "~/domain/signatures/certificate.server";
import {
  CertificateSection,
  PrepareSection,
  RequestsTable,
  SettingsSection,
  type SignatureReply,
} from "~/domain/signatures/components/staff-screens";
import { eligibleDocuments, getSignatureSettings, listSignatureRequests } from "~/domain/signatures/signatures.server";
import { requireAdmin, requireEditor } from "~/platform/auth/guard.server";
import { isAdmin } from "~/platform/auth/roles";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";

export const handle = { breadcrumb: "Signatures" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Signatures",
    description: "Les devis, conventions et contrats envoyés pour signature en ligne, le signataire de l'organisme et le certificat.",
    noindex: true,
  });

/**
 * /admin/signatures (editors and admins; README « Signature en ligne »): the requests and their
 * state, « Envoyer un document pour signature »; admins set the organisation's signatory, the
 * reminder and the validity, and may upload the organisation's certificate.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const [rows, documents, settings, certificate] = await Promise.all([
    listSignatureRequests(),
    eligibleDocuments(),
    getSignatureSettings(),
    currentCertificate(),
  ]);
  return {
    rows,
    documents,
    settings,
    certificate: certificate
      ? { source: certificate.source, subject: certificate.subject, fingerprint: certificate.fingerprint, notAfter: certificate.notAfter }
      : null,
    canEdit: isAdmin(user),
    selected: new URL(request.url).searchParams.get("document") ?? "",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  if (ADMIN_INTENTS.includes(String(form.get("intent")))) await requireAdmin(request);
  const result = await signaturesListAction(form, actor);
  if (result.redirectTo) throw redirect(result.redirectTo);
  return replyWithToast<SignatureReply>(result, { status: result.ok ? 200 : failureStatus(result.kind ?? "invalid") });
}

export default function SignaturesScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, documents, settings, certificate, canEdit, selected } = loaderData;
  const reply = actionData as SignatureReply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Signatures</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Devis, conventions et contrats signés en ligne&nbsp;: le client signe dans son espace avec un code reçu par e-mail, puis le
          signataire de l'organisme&nbsp;; le PDF final est scellé par le certificat de l'organisme.
        </p>
      </div>
      <PrepareSection documents={documents} reply={reply} busy={busy} selected={selected} />
      <section aria-labelledby="demandes-titre" className="space-y-3">
        <h2 id="demandes-titre" className="text-lg font-semibold">
          Demandes de signature
        </h2>
        <RequestsTable rows={rows} />
      </section>
      <div className="grid gap-6 xl:grid-cols-2">
        <SettingsSection settings={settings} canEdit={canEdit} reply={reply} busy={busy} />
        <CertificateSection certificate={certificate} canEdit={canEdit} reply={reply} busy={busy} />
      </div>
    </div>
  );
}
