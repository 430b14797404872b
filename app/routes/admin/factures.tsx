import { Form } from "react-router";
import type { Route } from "./+types/factures";
import { InvoiceTable, euros } from "~/domain/invoices/components/parts";
import { listInvoices } from "~/domain/invoices/invoices.server";
import { STATUS_LABELS, type DisplayStatus } from "~/domain/invoices/labels";
import { requireEditor } from "~/platform/auth/guard.server";
import { isAdmin } from "~/platform/auth/roles";
import { parisCalendarDay } from "~/platform/intl";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { SelectField, TextField } from "~/ui/form/fields";
import { Link } from "~/ui/link";

export const handle = { breadcrumb: "Factures" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Factures",
    description: "Les factures, factures d'acompte et avoirs, leurs paiements et les exports pour la comptabilité.",
    noindex: true,
  });

const STATUSES = Object.keys(STATUS_LABELS) as DisplayStatus[];

/**
 * /admin/factures (editors and admins; README « Factures »): the invoices and credit notes of a year,
 * drafts first; filters by state; the exports of a period for the accountant and the certified
 * platform (admins).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const params = new URL(request.url).searchParams;
  const today = parisCalendarDay(new Date());
  const thisYear = Number(today.slice(0, 4));
  const asked = Number(params.get("annee"));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear + 1 ? asked : thisYear;
  const statusParam = params.get("etat") ?? "tous";
  const status = (STATUSES as string[]).includes(statusParam) ? (statusParam as DisplayStatus) : "tous";
  const invoices = await listInvoices({ year, status });
  const issued = invoices.filter((i) => i.number !== null);
  const sign = (kind: string) => (kind === "avoir" ? -1 : 1);
  return {
    invoices,
    year,
    status,
    today,
    admin: isAdmin(user),
    totals: {
      htCents: issued.reduce((s, i) => s + sign(i.kind) * i.totalHtCents, 0),
      ttcCents: issued.reduce((s, i) => s + sign(i.kind) * i.totalTtcCents, 0),
      paidCents: issued.filter((i) => i.kind !== "avoir").reduce((s, i) => s + i.paidCents, 0),
    },
  };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { invoices, year, status, today, admin, totals } = loaderData;
  const years = Array.from({ length: 6 }, (_, i) => Number(today.slice(0, 4)) + 1 - i);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Factures</h1>
          <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
            Les factures se préparent depuis la page de facturation d'une inscription (lien «&nbsp;Facturer&nbsp;» de la page d'une
            session). Une facture émise ne change plus&nbsp;: un avoir l'annule en tout ou en partie. Chaque facture est un PDF Factur-X.
          </p>
        </div>
        {admin ? (
          <Link to="/admin/factures/reglages" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
            Réglages de facturation
          </Link>
        ) : null}
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <SelectField
          form="filtre"
          name="annee"
          label="Année"
          defaultValue={String(year)}
          groups={[{ options: years.map((y) => ({ value: String(y), label: String(y) })) }]}
        />
        <SelectField
          form="filtre"
          name="etat"
          label="État"
          defaultValue={status}
          groups={[{ options: [{ value: "tous", label: "Tous" }, ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))] }]}
        />
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
      </Form>
      <p role="status" className="text-sm font-medium" data-testid="factures-totaux">
        {year}&nbsp;: {euros(totals.htCents)} HT facturés (avoirs déduits), {euros(totals.ttcCents)} TTC, {euros(totals.paidCents)}{" "}
        encaissés.
      </p>
      <InvoiceTable rows={invoices} caption={`Factures et avoirs ${year}`} href={(id) => `/admin/factures/${id}`} />
      {admin ? (
        <section
          aria-labelledby="exports"
          className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="exports" className="text-lg font-semibold">
            Exports d'une période
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
            Pour le cabinet comptable&nbsp;: le tableau des factures, avoirs et paiements (CSV pour Excel), le journal des ventes au format
            FEC&nbsp;; pour la plateforme agréée&nbsp;: les PDF Factur-X et leur XML dans un ZIP.
          </p>
          <Form method="get" action="/admin/factures/export" reloadDocument className="mt-3 flex flex-wrap items-end gap-3">
            <TextField form="export" name="du" type="date" label="Du" required defaultValue={`${year}-01-01`} />
            <TextField form="export" name="au" type="date" label="Au" required defaultValue={`${year}-12-31`} />
            <SelectField
              form="export"
              name="format"
              label="Fichier"
              defaultValue="csv"
              groups={[
                {
                  options: [
                    { value: "csv", label: "Factures, avoirs et paiements (CSV)" },
                    { value: "fec", label: "Journal des ventes (FEC)" },
                    { value: "zip", label: "PDF Factur-X et XML (ZIP)" },
                  ],
                },
              ]}
            />
            <Button type="submit" variant="secondary">
              Télécharger
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
