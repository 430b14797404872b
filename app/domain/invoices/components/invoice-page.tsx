import { Download } from "lucide-react";
import { BackLink } from "~/ui/back-link";
import { Form } from "react-router";
import { centsDecimal, formatDateTimeShort } from "~/platform/format";
import { Button } from "~/ui/button";
import { DataTable, td } from "~/ui/data-table";
import { CheckboxField, SelectField, TextField } from "~/ui/form/fields";
import { Link } from "~/ui/link";
import { INVOICE_KIND_LABELS, PAYER_KIND_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "../labels";
import { invoiceTitle } from "../mentions";
import type { InvoiceDetail } from "../pages.server";
import type { InvoiceReply } from "../staff-action.server";
import { Card, Row, StatusBadge, day, euros, typed } from "./parts";

/** The sections of one invoice's admin page (/admin/factures/{id}). */

const refusedFor = (reply: InvoiceReply | undefined, intent: string) => (reply && !reply.ok && reply.intent === intent ? reply : undefined);

export function InvoiceHeader({ detail, isAdmin, busy }: { detail: InvoiceDetail; isAdmin: boolean; busy: boolean }) {
  const inv = detail.invoice;
  const draft = inv.number === null;
  return (
    <div className="space-y-3">
      <BackLink to="/admin/factures">Toutes les factures</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{invoiceTitle(inv.kind, inv.number)}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <StatusBadge status={inv.status} />
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {inv.payerName} · {PAYER_KIND_LABELS[inv.payerKind]}
            </span>
          </p>
          {detail.registration ? (
            <p className="mt-1 text-sm">
              Inscription{" "}
              <Link
                to={`/admin/inscriptions/${detail.registration.id}/facturation`}
                className="text-brand-700 underline dark:text-brand-300"
              >
                {detail.registration.reference}
              </Link>{" "}
              ·{" "}
              <Link to={`/admin/sessions/${detail.registration.sessionId}`} className="text-brand-700 underline dark:text-brand-300">
                sa session
              </Link>
            </p>
          ) : null}
          {detail.credited ? (
            <p className="mt-1 text-sm">
              Avoir sur la facture{" "}
              <Link to={`/admin/factures/${detail.credited.id}`} className="text-brand-700 underline dark:text-brand-300">
                {detail.credited.number}
              </Link>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {draft ? (
            <>
              {isAdmin ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="emettre" />
                  <Button type="submit" disabled={busy}>
                    Émettre la facture
                  </Button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="supprimer" />
                <Button type="submit" variant="dangerGhost" disabled={busy}>
                  Supprimer le brouillon
                </Button>
              </Form>
            </>
          ) : (
            <a
              href={`/admin/factures/${inv.id}/pdf`}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              <Download aria-hidden="true" className="size-4" />
              Télécharger le PDF (Factur-X)
            </a>
          )}
        </div>
      </div>
      {draft ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          Brouillon&nbsp;: il n'a pas de numéro et n'a aucune valeur comptable. {isAdmin ? "Émettez-le" : "Un administrateur l'émet"} pour
          lui donner son numéro&nbsp;; une facture émise ne change plus.
        </p>
      ) : null}
    </div>
  );
}

export function InvoiceContent({ detail }: { detail: InvoiceDetail }) {
  const inv = detail.invoice;
  const address = [inv.payerStreet, `${inv.payerPostalCode} ${inv.payerCity}`.trim()].filter(Boolean).join(", ");
  return (
    <Card id="facture-contenu" title={INVOICE_KIND_LABELS[inv.kind]}>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <Row label="Client">{inv.payerName}</Row>
        <Row label="Adresse">{address}</Row>
        <Row label="SIREN">{inv.payerSiren}</Row>
        <Row label="N° de TVA">{inv.payerVatNumber}</Row>
        <Row label="E-mail">{inv.payerEmail}</Row>
        <Row label="Adresse de livraison">{inv.deliveryAddress}</Row>
        <Row label="Référence de commande">{inv.buyerReference}</Row>
        <Row label="N° de prise en charge">{inv.agreementNumber}</Row>
        <Row label="Émise le">{inv.issuedOn ? day(inv.issuedOn) : ""}</Row>
        <Row label="Échéance">{inv.kind !== "avoir" && inv.dueOn ? day(inv.dueOn) : ""}</Row>
        <Row label="Envoyée le">{inv.sentAt ? formatDateTimeShort(inv.sentAt) : ""}</Row>
        <Row label="Motif">{inv.note}</Row>
      </dl>
      <DataTable
        label="Lignes de la facture"
        minWidth="min-w-[36rem]"
        className="mt-4"
        columns={[
          "Désignation",
          { label: "Quantité", right: true },
          { label: "Prix unitaire HT", right: true },
          { label: "Montant HT", right: true },
        ]}
      >
        {inv.lines.map((l, i) => (
          <tr key={i}>
            <td className={td}>
              {l.label}
              {l.detail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{l.detail}</span> : null}
            </td>
            <td className={`${td} text-right`}>{l.quantity}</td>
            <td className={`${td} text-right whitespace-nowrap`}>{euros(l.unitHtCents)}</td>
            <td className={`${td} text-right whitespace-nowrap`}>{euros(l.htCents)}</td>
          </tr>
        ))}
      </DataTable>
      <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm" data-testid="totaux">
        <div className="flex justify-between gap-4">
          <dt>{inv.vatExempt ? "Total net de taxe" : "Total HT"}</dt>
          <dd>{euros(inv.totalHtCents)}</dd>
        </div>
        {inv.vatExempt ? (
          <div className="text-xs text-slate-600 dark:text-slate-400">
            <dt className="sr-only">TVA</dt>
            <dd>TVA non applicable (article 261-4-4° a du CGI).</dd>
          </div>
        ) : (
          <div className="flex justify-between gap-4">
            <dt>TVA ({inv.vatRate}&nbsp;%)</dt>
            <dd>{euros(inv.vatCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Total TTC</dt>
          <dd>{euros(inv.totalTtcCents)}</dd>
        </div>
        {inv.kind !== "avoir" && inv.number ? (
          <>
            <div className="flex justify-between gap-4">
              <dt>Payé</dt>
              <dd>{euros(inv.paidCents)}</dd>
            </div>
            <div className="flex justify-between gap-4 font-semibold">
              <dt>Reste à payer</dt>
              <dd data-testid="reste">{euros(detail.leftCents)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

export function PaymentsSection({
  detail,
  isAdmin,
  reply,
  busy,
  today,
}: {
  detail: InvoiceDetail;
  isAdmin: boolean;
  reply?: InvoiceReply;
  busy: boolean;
  today: string;
}) {
  const inv = detail.invoice;
  if (inv.kind === "avoir" || !inv.number) return null;
  const refused = refusedFor(reply, "paiement");
  const open = detail.leftCents > 0 && inv.storedStatus !== "annulee";
  return (
    <Card id="paiements" title="Paiements">
      {detail.payments.length ? (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {detail.payments.map((p) => (
            <li key={p.id} className="py-2">
              {day(p.paidOn)} · {euros(p.amountCents)} · {PAYMENT_METHOD_LABELS[p.method as keyof typeof PAYMENT_METHOD_LABELS] ?? p.method}
              {p.reference ? ` · ${p.reference}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun paiement enregistré.</p>
      )}
      {isAdmin && open ? (
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="paiement" />
          <TextField
            form="paiement"
            name="date"
            type="date"
            label="Date du paiement"
            required
            max={today}
            defaultValue={typed(refused?.values, "date", today)}
            error={refused?.errors?.date}
          />
          <TextField
            form="paiement"
            name="montant"
            label="Montant payé (€)"
            required
            inputMode="decimal"
            hint={`Reste à payer\u00a0: ${euros(detail.leftCents)}.`}
            defaultValue={typed(refused?.values, "montant", centsDecimal(detail.leftCents))}
            error={refused?.errors?.montant ?? refused?.errors?._form}
          />
          <SelectField
            form="paiement"
            name="moyen"
            label="Moyen de paiement"
            required
            defaultValue={typed(refused?.values, "moyen", "virement")}
            groups={[{ options: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })) }]}
            error={refused?.errors?.moyen}
          />
          <TextField
            form="paiement"
            name="reference"
            label="Référence (facultatif)"
            maxLength={120}
            defaultValue={typed(refused?.values, "reference")}
            error={refused?.errors?.reference}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Enregistrer le paiement
            </Button>
          </div>
        </Form>
      ) : null}
    </Card>
  );
}

export function CreditNotesSection({
  detail,
  isAdmin,
  reply,
  busy,
}: {
  detail: InvoiceDetail;
  isAdmin: boolean;
  reply?: InvoiceReply;
  busy: boolean;
}) {
  const inv = detail.invoice;
  if (inv.kind === "avoir" || !inv.number) return null;
  const refused = refusedFor(reply, "avoir");
  return (
    <Card id="avoirs" title="Avoirs">
      {detail.credits.length ? (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {detail.credits.map((c) => (
            <li key={c.id} className="py-2">
              <Link to={`/admin/factures/${c.id}`} className="font-mono text-brand-700 underline dark:text-brand-300">
                {c.number}
              </Link>{" "}
              du {day(c.issuedOn)} · {euros(c.totalTtcCents)} TTC{c.note ? ` · ${c.note}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun avoir sur cette facture.</p>
      )}
      {isAdmin && detail.creditableHtCents > 0 ? (
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="avoir" />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Une facture émise ne se modifie pas&nbsp;: un avoir numéroté l'annule en tout ou en partie (au plus{" "}
            {euros(detail.creditableHtCents)} HT).
          </p>
          <CheckboxField
            form="avoir"
            name="total"
            label="Annuler tout ce qui reste de la facture"
            defaultChecked={typed(refused?.values, "total") === "on"}
          />
          <TextField
            form="avoir"
            name="montant"
            label="Ou montant HT de l'avoir (€)"
            inputMode="decimal"
            defaultValue={typed(refused?.values, "montant")}
            error={refused?.errors?.montant ?? refused?.errors?._form}
          />
          <TextField
            form="avoir"
            name="motif"
            label="Motif"
            required
            maxLength={300}
            defaultValue={typed(refused?.values, "motif")}
            error={refused?.errors?.motif}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Émettre l'avoir
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

export function SendSection({ detail, isAdmin, busy }: { detail: InvoiceDetail; isAdmin: boolean; busy: boolean }) {
  const inv = detail.invoice;
  if (!inv.number || !isAdmin) return null;
  return (
    <Card id="envoi" title="Envoi">
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {inv.payerEmail ? `Par e-mail à ${inv.payerEmail}, le PDF Factur-X joint.` : "Aucune adresse e-mail pour ce client."}
        {inv.reminders ? ` Rappels envoyés\u00a0: ${inv.reminders}.` : ""}
      </p>
      {inv.payerEmail ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="envoyer" />
          <Button type="submit" variant="secondary" disabled={busy}>
            {inv.sentAt ? "Envoyer à nouveau" : "Envoyer par e-mail"}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
