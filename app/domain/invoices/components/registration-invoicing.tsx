import { centsDecimal } from "~/platform/format";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { SelectField, TextField } from "~/ui/form/fields";
import { Link } from "~/ui/link";
import { DEPOSIT_MAX_PERCENT, PAYER_KINDS, PAYER_KIND_LABELS, PAYER_KIND_SHORT } from "../labels";
import type { RegistrationInvoicing, SessionInvoicingRow } from "../pages.server";
import type { InvoiceReply } from "../staff-action.server";
import { Card, InvoiceTable, Row, day, euros, typed } from "./parts";

/** A registration's invoicing (/admin/inscriptions/{id}/facturation) and a session's summary. */

const refusedFor = (reply: InvoiceReply | undefined, intent: string) => (reply && !reply.ok && reply.intent === intent ? reply : undefined);

export function RegistrationSummary({ r }: { r: RegistrationInvoicing }) {
  return (
    <Card id="inscription" title="Inscription">
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <Row label="Formation">{`${r.formationTitle}, ${r.datesLabel}`}</Row>
        <Row label="Acheteur">{`${r.buyerName} (${r.buyerKind === "entreprise" ? "entreprise" : "particulier"})`}</Row>
        <Row label="SIRET">{r.siret}</Row>
        <Row label="Financement">{r.fundingLabel}</Row>
        <Row label="Stagiaires">{String(r.seats)}</Row>
        <Row label="Prix">
          {r.quote
            ? r.vatExempt
              ? `${euros(r.quote.totalHtCents)} net de taxe`
              : `${euros(r.quote.totalHtCents)} HT · ${euros(r.quote.vatCents)} de TVA · ${euros(r.quote.totalTtcCents)} TTC`
            : "Sur devis"}
        </Row>
        <Row label="Fin du délai de rétractation">{r.buyerKind === "particulier" && r.finalOn ? day(r.finalOn) : ""}</Row>
        <Row label="Facturée à">{r.payers.map((p) => PAYER_KIND_SHORT[p]).join(" et ")}</Row>
      </dl>
    </Card>
  );
}

export function OpcoCoverageForm({ r, reply, busy }: { r: RegistrationInvoicing; reply?: InvoiceReply; busy: boolean }) {
  if (r.buyerKind !== "entreprise") return null;
  const refused = refusedFor(reply, "prise-en-charge");
  return (
    <Card id="prise-en-charge" title="Prise en charge par l'OPCO (subrogation)">
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Quand l'OPCO paie directement l'organisme, la facture est partagée&nbsp;: à l'OPCO le montant pris en charge, à l'entreprise le
        reste.
      </p>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="prise-en-charge" />
        <TextField
          form="pec"
          name="numeroPriseEnCharge"
          label="Numéro de prise en charge"
          maxLength={60}
          defaultValue={typed(refused?.values, "numeroPriseEnCharge", r.opcoAgreementNumber)}
          error={refused?.errors?.numeroPriseEnCharge}
        />
        <TextField
          form="pec"
          name="montantPrisEnCharge"
          label="Montant pris en charge, HT (€)"
          inputMode="decimal"
          hint="Vide si l'OPCO ne paie pas l'organisme directement."
          defaultValue={typed(refused?.values, "montantPrisEnCharge", r.opcoCoveredCents === null ? "" : centsDecimal(r.opcoCoveredCents))}
          error={refused?.errors?.montantPrisEnCharge ?? refused?.errors?._form}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            Enregistrer la prise en charge
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export function PrepareForm({
  r,
  reply,
  busy,
  signedQuote = null,
}: {
  r: RegistrationInvoicing;
  reply?: InvoiceReply;
  busy: boolean;
  /** The number of the signed devis the registration was made from, if any. */
  signedQuote?: string | null;
}) {
  const refused = refusedFor(reply, "preparer");
  const invoiced = r.invoices.some((i) => i.kind === "facture" && i.storedStatus !== "annulee");
  return (
    <Card id="preparer" title="Facturer l'inscription">
      {r.status !== "confirmee" ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Seule une inscription confirmée est facturée.</p>
      ) : invoiced ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Cette inscription est facturée. Pour la refacturer, annulez d'abord la facture par un avoir.
        </p>
      ) : (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="preparer" />
          <SelectField
            form="preparer"
            name="payeur"
            label="Qui paie"
            defaultValue={typed(refused?.values, "payeur", "auto")}
            hint="Le bilan pédagogique et financier compte le chiffre d'affaires par sorte de payeur."
            groups={[
              { options: [{ value: "auto", label: `Selon le financement (${r.payers.map((p) => PAYER_KIND_SHORT[p]).join(" et ")})` }] },
              { label: "Tout à", options: PAYER_KINDS.map((k) => ({ value: k, label: PAYER_KIND_LABELS[k] })) },
            ]}
            error={refused?.errors?.payeur}
          />
          <TextField
            form="preparer"
            name="siren"
            label="SIREN du client"
            inputMode="numeric"
            hint="9 chiffres ; le SIRET de l'inscription sinon."
            defaultValue={typed(refused?.values, "siren")}
            error={refused?.errors?.siren}
          />
          <TextField
            form="preparer"
            name="tva"
            label="N° de TVA du client (facultatif)"
            maxLength={40}
            defaultValue={typed(refused?.values, "tva")}
            error={refused?.errors?.tva}
          />
          <TextField
            form="preparer"
            name="commande"
            label="Référence de commande (facultatif)"
            maxLength={60}
            defaultValue={typed(refused?.values, "commande", signedQuote ? `Devis ${signedQuote}` : "")}
            hint={signedQuote ? `L'inscription vient du devis signé ${signedQuote}.` : undefined}
            error={refused?.errors?.commande}
          />
          <TextField
            form="preparer"
            name="livraison"
            label="Adresse de livraison, si différente (facultatif)"
            className="sm:col-span-2"
            maxLength={400}
            defaultValue={typed(refused?.values, "livraison")}
            error={refused?.errors?.livraison}
          />
          {refused?.errors?._form ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 dark:text-red-400">
              {refused.errors._form}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Préparer la facture
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}

export function DepositForm({ r, reply, busy }: { r: RegistrationInvoicing; reply?: InvoiceReply; busy: boolean }) {
  const refused = refusedFor(reply, "acompte");
  if (r.status !== "confirmee" || !r.quote || r.invoices.some((i) => i.kind === "facture" && i.storedStatus !== "annulee")) return null;
  return (
    <Card id="acompte" title="Facture d'acompte">
      {r.buyerKind === "particulier" ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Particulier&nbsp;: un acompte n'est possible qu'après le délai de rétractation de 10&nbsp;jours
          {r.finalOn ? <> (fin le {day(r.finalOn)})</> : null}, et au plus {DEPOSIT_MAX_PERCENT}&nbsp;% du prix (article L6353-6 du Code du
          travail).
        </p>
      ) : null}
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="acompte" />
        <TextField
          form="acompte"
          name="montant"
          label="Montant TTC de l'acompte (€)"
          required
          inputMode="decimal"
          defaultValue={typed(refused?.values, "montant")}
          error={refused?.errors?.montant ?? refused?.errors?._form}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Préparer l'acompte
        </Button>
      </Form>
    </Card>
  );
}

export function RegistrationInvoices({ r }: { r: RegistrationInvoicing }) {
  return (
    <section aria-labelledby="factures-inscription" className="space-y-3">
      <h2 id="factures-inscription" className="text-lg font-semibold">
        Factures et avoirs de l'inscription
      </h2>
      <InvoiceTable rows={r.invoices} caption={`Factures de l'inscription ${r.reference}`} href={(id) => `/admin/factures/${id}`} />
    </section>
  );
}

/** The session page's panel: per registration, what is invoiced and paid, and where to invoice it. */
export function SessionInvoicingPanel({ data }: { data: { rows: SessionInvoicingRow[]; invoicedTtcCents: number; paidCents: number } }) {
  return (
    <Card id="session-facturation" title="Facturation">
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="session-facture">
        Facturé&nbsp;: {euros(data.invoicedTtcCents)} TTC · payé&nbsp;: {euros(data.paidCents)}
      </p>
      {data.rows.length ? (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {data.rows.map((row) => (
            <li key={row.registrationId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-mono">{row.reference}</span> · {row.buyerName}
                {row.numbers.length
                  ? ` · ${row.numbers.join(", ")} · ${euros(row.invoicedTtcCents)} TTC, payé ${euros(row.paidCents)}`
                  : row.drafts
                    ? " · brouillon"
                    : " · non facturée"}
              </span>
              <Link to={`/admin/inscriptions/${row.registrationId}/facturation`} className="text-brand-700 underline dark:text-brand-300">
                {row.numbers.length || row.drafts ? "Voir la facturation" : "Facturer"}
                <span className="sr-only"> l'inscription {row.reference}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
