import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/facture";
import { CreditNotesSection, InvoiceContent, InvoiceHeader, PaymentsSection, SendSection } from "~/domain/invoices/components/invoice-page";
import { invoiceDetail } from "~/domain/invoices/pages.server";
import { invoicePageAction, type InvoiceReply } from "~/domain/invoices/staff-action.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { isAdmin } from "~/platform/auth/roles";
import { replyWithToast } from "~/platform/http/action-result.server";
import { failureStatus } from "~/platform/http/failure-status";
import { parisCalendarDay } from "~/platform/intl";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";

export const handle = {
  parents: [{ label: "Factures", to: "/admin/factures" }],
  breadcrumb: (d: { detail?: { invoice: { number: string | null } } } | undefined) => d?.detail?.invoice.number ?? "Brouillon",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Facture ${args.loaderData?.detail.invoice.number ?? "(brouillon)"}`,
    description: "Une facture ou un avoir, ses paiements et ses avoirs.",
    noindex: true,
  });

/**
 * /admin/factures/{id} (editors and admins): the invoice, its lines and totals; admins issue a draft,
 * record a payment, issue a credit note, send it by e-mail; editors prepare and delete drafts.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const detail = await invoiceDetail(params.id);
  if (!detail) throw data(null, { status: 404 });
  return { detail, admin: isAdmin(user), today: parisCalendarDay(new Date()) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireEditor(request);
  const { reply, failure } = await invoicePageAction(params.id, await request.formData(), {
    id: user.id,
    email: user.email,
    role: user.role,
  });
  if (reply.ok && reply.next) return redirectWithToast(reply.next, { kind: "success", title: "C'est fait", description: reply.message });
  if (failure === "forbidden") return replyWithToast<InvoiceReply>(reply, { status: 403 });
  if (!reply.ok && failure === "not-found" && reply.intent !== "paiement") throw redirect("/admin/factures");
  return replyWithToast<InvoiceReply>(reply, { status: failure ? failureStatus(failure) : 200 });
}

export default function AdminInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, admin, today } = loaderData;
  const reply = actionData as InvoiceReply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <InvoiceHeader detail={detail} isAdmin={admin} busy={busy} />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <InvoiceContent detail={detail} />
        <div className="space-y-6">
          <PaymentsSection detail={detail} isAdmin={admin} reply={reply} busy={busy} today={today} />
          <CreditNotesSection detail={detail} isAdmin={admin} reply={reply} busy={busy} />
          <SendSection detail={detail} isAdmin={admin} busy={busy} />
        </div>
      </div>
    </div>
  );
}
