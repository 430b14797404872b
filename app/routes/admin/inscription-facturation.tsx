import { data, useNavigation } from "react-router";
import type { Route } from "./+types/inscription-facturation";
import {
  DepositForm,
  OpcoCoverageForm,
  PrepareForm,
  RegistrationInvoices,
  RegistrationSummary,
} from "~/domain/invoices/components/registration-invoicing";
import { registrationInvoicing } from "~/domain/invoices/pages.server";
import { signedQuoteOfRegistration } from "~/domain/signatures/signatures.server";
import { registrationInvoicingAction, type InvoiceReply } from "~/domain/invoices/staff-action.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { Link } from "~/ui/link";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = {
  parents: [adminCrumb("/admin/sessions")],
  breadcrumb: (d: { r?: { reference: string } } | undefined) => (d?.r ? `Facturation de ${d.r.reference}` : "Facturation"),
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Facturation de l'inscription ${args.loaderData?.r.reference ?? ""}`,
    description: "Prise en charge OPCO, facture, acompte et avoirs d'une inscription.",
    noindex: true,
  });

/**
 * /admin/inscriptions/{id}/facturation (editors and admins): the registration's price and funding,
 * the OPCO's subrogation, the invoice's draft (split between the OPCO and the company when the OPCO
 * covers part), a deposit invoice, and the invoices and credit notes already made.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const r = await registrationInvoicing(params.id);
  if (!r) throw data(null, { status: 404 });
  // A registration made from a signed devis is invoiced with the devis as the order reference.
  return { r, signedQuote: await signedQuoteOfRegistration(r.id) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const { reply, failure } = await registrationInvoicingAction(params.id, await request.formData(), {
    id: user.id,
    email: user.email,
    role: user.role,
  });
  if (reply.ok && reply.next) return redirectWithToast(reply.next, { kind: "success", title: "C'est fait", description: reply.message });
  if (failure === "forbidden") return replyWithToast<InvoiceReply>(reply, { status: 403 });
  return replyWithToast<InvoiceReply>(reply, { status: failure ? failureStatus(failure) : 200 });
}

export default function RegistrationInvoicingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { r, signedQuote } = loaderData;
  const reply = actionData as InvoiceReply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Facturation de l'inscription {r.reference}</h1>
        <p className="mt-1 text-sm">
          <Link to={`/admin/sessions/${r.sessionId}`} className="text-brand-700 underline dark:text-brand-300">
            Retour à la session
          </Link>
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <RegistrationSummary r={r} />
        <div className="space-y-6">
          <OpcoCoverageForm r={r} reply={reply} busy={busy} />
          <PrepareForm r={r} reply={reply} busy={busy} signedQuote={signedQuote} />
          <DepositForm r={r} reply={reply} busy={busy} />
        </div>
      </div>
      <RegistrationInvoices r={r} />
    </div>
  );
}
