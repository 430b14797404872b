import type { Actor } from "~/platform/db/actor";
import { fieldErrorsOf, validate, type FailureKind, type FieldErrors } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import type { z } from "zod";
import {
  InvoiceForbiddenError,
  deleteDraft,
  issueCreditNote,
  issueInvoice,
  prepareDeposit,
  prepareInvoices,
  recordPayment,
  saveOpcoCoverage,
  type InvoiceOutcome,
} from "./invoices.server";
import { sendInvoice } from "./mail.server";
import { creditNoteSchema, depositSchema, opcoCoverageSchema, paymentSchema, prepareSchema } from "./model";

/**
 * The staff's actions on invoices, by the form's `intent` (routes stay thin): on an invoice's page
 * (`emettre`, `supprimer`, `paiement`, `avoir`, `envoyer`) and on a registration's invoicing page
 * (`prise-en-charge`, `preparer`, `acompte`). Input checked with the shared schemas, then by the
 * domain (which checks the role again: editors prepare, admins issue, cancel and record payments).
 */

export interface InvoiceReply {
  ok: boolean;
  message: string;
  intent: string;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
  /** Where to go next (a new draft, a credit note). */
  next?: string;
}

export type InvoiceActionResult = { reply: InvoiceReply; failure?: FailureKind | "forbidden" };

function parsed<S extends z.ZodType>(schema: S, values: Record<string, unknown>) {
  return validate(schema, values) as { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors };
}

function outcome(
  intent: string,
  values: Record<string, unknown>,
  done: InvoiceOutcome<object>,
  message: string,
  next?: string,
): InvoiceActionResult {
  if (done.ok) return { reply: { ok: true, message, intent, ...(next ? { next } : {}) } };
  return {
    reply: { ok: false, message: done.error, intent, errors: { [done.field ?? "_form"]: done.error }, values },
    failure: done.kind,
  };
}

const invalid = (intent: string, values: Record<string, unknown>, errors: FieldErrors): InvoiceActionResult => ({
  reply: { ok: false, message: errors._form ?? Object.values(errors)[0] ?? "Corrigez les champs signalés.", intent, errors, values },
  failure: "invalid",
});

async function guarded(intent: string, run: () => Promise<InvoiceActionResult>): Promise<InvoiceActionResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvoiceForbiddenError) return { reply: { ok: false, message: error.message, intent }, failure: "forbidden" };
    throw error;
  }
}

/** An invoice's page. */
export async function invoicePageAction(invoiceId: string, form: FormData, actor: Actor, now = Date.now()): Promise<InvoiceActionResult> {
  const values = formDataToObject(form);
  const intent = typeof values.intent === "string" ? values.intent : "";
  return guarded(intent, async () => {
    switch (intent) {
      case "emettre": {
        const done = await issueInvoice(invoiceId, actor, undefined, now);
        return outcome(intent, values, done, done.ok ? `Facture ${done.number} émise.` : "");
      }
      case "supprimer":
        return outcome(intent, values, await deleteDraft(invoiceId, actor), "Brouillon supprimé.", "/admin/factures");
      case "paiement": {
        const input = parsed(paymentSchema, values);
        if (!input.ok) return invalid(intent, values, input.errors);
        return outcome(intent, values, await recordPayment(invoiceId, input.value, actor, undefined, now), "Paiement enregistré.");
      }
      case "avoir": {
        const input = parsed(creditNoteSchema, values);
        if (!input.ok) return invalid(intent, values, input.errors);
        const done = await issueCreditNote(invoiceId, input.value, actor, undefined, now);
        return outcome(
          intent,
          values,
          done,
          done.ok ? `Avoir ${done.number} émis.` : "",
          done.ok ? `/admin/factures/${done.id}` : undefined,
        );
      }
      case "envoyer":
        return outcome(
          intent,
          values,
          await sendInvoice(invoiceId, actor, undefined, now),
          "Facture envoyée par e-mail\u00a0: elle part dans quelques instants.",
        );
      default:
        return { reply: { ok: false, message: "Action inconnue.", intent }, failure: "invalid" };
    }
  });
}

/** A registration's invoicing page. */
export async function registrationInvoicingAction(
  registrationId: string,
  form: FormData,
  actor: Actor,
  now = Date.now(),
): Promise<InvoiceActionResult> {
  const values = formDataToObject(form);
  const intent = typeof values.intent === "string" ? values.intent : "";
  return guarded(intent, async () => {
    switch (intent) {
      case "prise-en-charge": {
        const input = parsed(opcoCoverageSchema, values);
        if (!input.ok) return invalid(intent, values, input.errors);
        return outcome(intent, values, await saveOpcoCoverage(registrationId, input.value, actor), "Prise en charge enregistrée.");
      }
      case "preparer": {
        const input = parsed(prepareSchema, values);
        if (!input.ok) return invalid(intent, values, input.errors);
        const done = await prepareInvoices(registrationId, input.value, actor);
        const count = done.ok ? done.ids.length : 0;
        return outcome(
          intent,
          values,
          done,
          count > 1 ? `${count}\u00a0brouillons de facture préparés.` : "Brouillon de facture préparé.",
          done.ok && count === 1 ? `/admin/factures/${done.ids[0]}` : undefined,
        );
      }
      case "acompte": {
        const input = parsed(depositSchema, values);
        if (!input.ok) return invalid(intent, values, input.errors);
        const done = await prepareDeposit(registrationId, input.value.montant, actor, undefined, now);
        return outcome(intent, values, done, "Brouillon de facture d'acompte préparé.", done.ok ? `/admin/factures/${done.id}` : undefined);
      }
      default:
        return { reply: { ok: false, message: "Action inconnue.", intent }, failure: "invalid" };
    }
  });
}

export { fieldErrorsOf };
