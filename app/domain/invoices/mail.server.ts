import { recordAudit } from "~/domain/audit/audit.server";
import { getOrganisation, staffAddress } from "~/domain/settings/settings.server";
import type { Organisation } from "~/domain/settings/model";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { atomically, db, nowIso, type Db } from "~/platform/db/db.server";
import { enqueueMail, signalMailQueued } from "~/platform/email/queue.server";
import { formatCents, formatDate } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";
import { log } from "~/platform/log.server";
import { invoiceFile } from "./files.server";
import { InvoiceForbiddenError, getInvoiceSettings, type Invoice, type InvoiceOutcome } from "./invoices.server";
import { INVOICE_KIND_LABELS, OPEN_STATUSES } from "./labels";
import { addDays } from "./rules";

/**
 * Invoices' e-mails, through the mail room (app/platform/email/): the invoice sent with its Factur-X
 * PDF attached, and the reminders of an unpaid invoice — one on its due date, another `reminderDays`
 * later (setting), never once it is paid or cancelled.
 */

function signature(o: Organisation): string[] {
  return ["", "—", `L'équipe ${o.name}`, `${o.street}, ${o.postalCode} ${o.city}`, `${o.phone} · ${o.email}`];
}

export function invoiceMail(inv: Invoice, o: Organisation, siteUrl: string): { subject: string; text: string } {
  const label = INVOICE_KIND_LABELS[inv.kind];
  const lines = [
    "Bonjour,",
    "",
    `Veuillez trouver ci-joint ${inv.kind === "avoir" ? "notre avoir" : `notre ${label.toLowerCase()}`} ${inv.number} d'un montant de ${formatCents(inv.totalTtcCents)} TTC.`,
    ...(inv.kind !== "avoir" && inv.dueOn ? ["", `Date d'échéance\u00a0: ${formatDate(inv.dueOn)}.`] : []),
    "",
    "Le fichier PDF joint est une facture électronique Factur-X\u00a0: il contient aussi ses données structurées, que votre logiciel comptable peut lire.",
    ...(inv.payerKind === "entreprise" || inv.payerKind === "particulier"
      ? ["", `Vous la retrouvez aussi dans votre espace\u00a0: ${siteUrl}/espace`]
      : []),
    ...signature(o),
  ];
  return { subject: `${label} ${inv.number} — ${o.name}`, text: lines.join("\n") };
}

export function reminderMail(inv: Invoice, o: Organisation, leftCents: number, rank: number): { subject: string; text: string } {
  const lines = [
    "Bonjour,",
    "",
    rank === 1
      ? `Sauf erreur de notre part, la facture ${inv.number} du ${formatDate(inv.issuedOn!)} arrive à échéance aujourd'hui (${formatDate(inv.dueOn!)}) et reste à régler pour ${formatCents(leftCents)}.`
      : `Sauf erreur de notre part, la facture ${inv.number} du ${formatDate(inv.issuedOn!)}, échue le ${formatDate(inv.dueOn!)}, reste impayée pour ${formatCents(leftCents)}.`,
    "",
    "Si votre règlement est en cours, merci de ne pas tenir compte de ce message. La facture est jointe à nouveau.",
    ...signature(o),
  ];
  return { subject: `${rank === 1 ? "Rappel" : "Relance"}\u00a0: facture ${inv.number} — ${o.name}`, text: lines.join("\n") };
}

/** Sends an issued invoice or credit note to the payer by e-mail (admins), the PDF attached; « envoyée » then. */
export async function sendInvoice(id: string, actor: Actor, target: Db = db(), now = Date.now()): Promise<InvoiceOutcome> {
  if (actor.role !== "admin") throw new InvoiceForbiddenError("Seuls les administrateurs envoient les factures.");
  const file = await invoiceFile(id, target);
  if (!file) return { ok: false, kind: "not-found", error: "Cette facture n'existe pas ou n'est pas émise." };
  const inv = file.invoice;
  if (!inv.payerEmail)
    return { ok: false, kind: "conflict", error: "Aucune adresse e-mail pour ce client\u00a0: envoyez le PDF vous-même." };
  const [o, staff] = await Promise.all([getOrganisation(target), staffAddress(target)]);
  await atomically(target, async (trx) => {
    await enqueueMail(
      trx,
      {
        invoiceId: inv.id,
        registrationId: inv.registrationId,
        purpose: "facture",
        to: inv.payerEmail,
        replyTo: staff,
        ...invoiceMail(inv, o, config().siteUrl),
        attachments: [{ filename: file.filename, contentType: "application/pdf", storageKey: file.key }],
      },
      now,
    );
    await trx
      .updateTable("invoices")
      .set({ sent_at: new Date(now).toISOString(), updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await trx
      .updateTable("invoices")
      .set({ status: "envoyee" })
      .where("id", "=", id)
      .where("status", "=", "emise")
      .where("kind", "!=", "avoir")
      .execute();
    await recordAudit(trx, {
      actor,
      action: "send",
      entity: "invoice",
      entityId: id,
      summary: `${INVOICE_KIND_LABELS[inv.kind]} ${inv.number} envoyée par e-mail à ${inv.payerEmail}.`,
    });
  });
  signalMailQueued();
  return { ok: true, id };
}

/**
 * Housekeeping: the reminders due today (Paris). The first on the due date, the second `reminderDays`
 * later; each is taken by a conditional UPDATE (`reminders` = the rank before), so two instances never
 * send one twice. Returns the number of reminders queued.
 */
export async function sendDueReminders(target: Db = db(), now = Date.now()): Promise<number> {
  const today = parisCalendarDay(new Date(now));
  const settings = await getInvoiceSettings(target);
  const rows = await target
    .selectFrom("invoices")
    .select(["id", "reminders", "due_on", "total_ttc_cents", "paid_cents"])
    // Its credit notes' total, in the same read: a settled invoice is skipped before its PDF is read.
    .select((eb) =>
      eb
        .selectFrom("invoices as c")
        .select((c) => c.fn.coalesce(c.fn.sum<number>("c.total_ttc_cents"), c.lit(0)).as("c"))
        .whereRef("c.credited_invoice_id", "=", "invoices.id")
        .as("credited"),
    )
    .where("kind", "!=", "avoir")
    .where("status", "in", [...OPEN_STATUSES])
    .where("reminders", "<", 2)
    .where("due_on", "<=", today)
    .where("payer_email", "!=", "")
    .limit(200)
    .execute();
  const [o, staff] = await Promise.all([getOrganisation(target), staffAddress(target)]);
  let queued = 0;
  for (const row of rows) {
    const rank = Number(row.reminders) + 1;
    if (rank === 2 && today < addDays(row.due_on!, settings.reminderDays)) continue;
    const left = Number(row.total_ttc_cents) - Number(row.credited ?? 0) - Number(row.paid_cents);
    if (left <= 0) continue;
    const file = await invoiceFile(row.id, target);
    if (!file) continue;
    const sent = await atomically(target, async (trx) => {
      const taken = await trx
        .updateTable("invoices")
        .set({ reminders: rank, last_reminder_on: today, updated_at: nowIso() })
        .where("id", "=", row.id)
        .where("reminders", "=", rank - 1)
        .where("status", "in", [...OPEN_STATUSES])
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await enqueueMail(
        trx,
        {
          invoiceId: row.id,
          registrationId: file.invoice.registrationId,
          purpose: rank === 1 ? "facture-rappel" : "facture-relance",
          to: file.invoice.payerEmail,
          replyTo: staff,
          ...reminderMail(file.invoice, o, left, rank),
          attachments: [{ filename: file.filename, contentType: "application/pdf", storageKey: file.key }],
        },
        now,
      );
      await recordAudit(trx, {
        actor: { id: null, email: "tâche d'entretien", role: "system" },
        action: "remind",
        entity: "invoice",
        entityId: row.id,
        summary: `${rank === 1 ? "Rappel" : "Relance"} de la facture ${file.invoice.number} envoyé à ${file.invoice.payerEmail}.`,
      });
      return true;
    });
    if (sent) queued++;
  }
  if (queued) {
    signalMailQueued();
    log.info("Rappels de factures envoyés", { count: queued });
  }
  return queued;
}
