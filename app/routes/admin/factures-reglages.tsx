import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/factures-reglages";
import { typed } from "~/domain/invoices/components/parts";
import { getInvoiceSettings, updateInvoiceSettings } from "~/domain/invoices/invoices.server";
import { EXEMPTION_MENTION, invoiceSettingsSchema } from "~/domain/invoices/model";
import { requireAdmin } from "~/platform/auth/guard.server";
import { saveSettingsForm, type SettingsReply } from "~/platform/http/settings-save.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { CheckboxField, TextField } from "~/ui/form/fields";

export const handle = { parents: [{ label: "Factures", to: "/admin/factures" }], breadcrumb: "Réglages de facturation" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Réglages de facturation",
    description: "TVA ou exonération, délai de paiement, pénalités, rappels.",
    noindex: true,
  });

/** /admin/factures/reglages (admins): VAT or exemption, VAT on debits, payment terms, penalties, reminders, bank account. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: await getInvoiceSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, invoiceSettingsSchema, (values) => updateInvoiceSettings(values, me), {
    to: "/admin/factures/reglages",
    title: "Réglages enregistrés",
    description: "Les prochaines factures émises les reprennent ; les factures déjà émises ne changent pas.",
  });
}

export default function InvoiceSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const reply = actionData as SettingsReply | undefined;
  const v = reply?.values;
  const e = reply?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const checked = (name: "vatExempt" | "vatOnDebits") => (v ? v[name] === "on" : s[name]);
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Réglages de facturation</h1>
      <Form method="post" className="space-y-5" noValidate>
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold">TVA</legend>
          <CheckboxField
            form="reglages"
            name="vatExempt"
            label="L'organisme est exonéré de TVA pour ses formations (il détient l'attestation de la DREETS)"
            hint={`Chaque facture porte alors la mention «\u00a0${EXEMPTION_MENTION}\u00a0». Sinon, la TVA de 20\u00a0% s'applique, sauf aux formations saisies «\u00a0net de taxe\u00a0».`}
            defaultChecked={checked("vatExempt")}
          />
          <CheckboxField
            form="reglages"
            name="vatOnDebits"
            label="Option pour le paiement de la TVA d'après les débits"
            hint="Mention obligatoire sur la facture quand l'option a été prise (services : TVA exigible à l'encaissement sinon)."
            defaultChecked={checked("vatOnDebits")}
          />
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Paiement et rappels</legend>
          <TextField
            form="reglages"
            name="paymentDays"
            type="number"
            min={0}
            max={60}
            label="Délai de paiement (jours)"
            required
            hint="0 : à réception de la facture."
            defaultValue={typed(v, "paymentDays", String(s.paymentDays))}
            error={e.paymentDays}
          />
          <TextField
            form="reglages"
            name="reminderDays"
            type="number"
            min={1}
            max={90}
            label="Relance après l'échéance (jours)"
            required
            hint="Un rappel part le jour de l'échéance, une relance ce nombre de jours après ; plus rien une fois payée."
            defaultValue={typed(v, "reminderDays", String(s.reminderDays))}
            error={e.reminderDays}
          />
          <TextField
            form="reglages"
            name="latePenalty"
            label="Taux des pénalités de retard"
            required
            className="sm:col-span-2"
            maxLength={300}
            defaultValue={typed(v, "latePenalty", s.latePenalty)}
            error={e.latePenalty}
          />
          <TextField
            form="reglages"
            name="earlyPayment"
            label="Escompte pour paiement anticipé"
            required
            className="sm:col-span-2"
            maxLength={300}
            defaultValue={typed(v, "earlyPayment", s.earlyPayment)}
            error={e.earlyPayment}
          />
          <TextField
            form="reglages"
            name="iban"
            label="IBAN (facultatif)"
            maxLength={40}
            defaultValue={typed(v, "iban", s.iban)}
            error={e.iban}
          />
          <TextField
            form="reglages"
            name="bic"
            label="BIC (facultatif)"
            maxLength={15}
            defaultValue={typed(v, "bic", s.bic)}
            error={e.bic}
          />
        </fieldset>
        <Button type="submit" disabled={busy}>
          Enregistrer
        </Button>
      </Form>
    </div>
  );
}
