import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/parametres-documents";
import { documentClausesSchema } from "~/domain/settings/document-clauses";
import { getDocumentClauses, updateDocumentClauses } from "~/domain/settings/settings.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { saveSettingsForm, type SettingsReply } from "~/platform/http/settings-save.server";
import { Button } from "~/ui/button";
import { FormErrorSummary, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import { adminCrumb } from "~/ui/layout/admin-nav";

export const handle = { parents: [adminCrumb("/admin/parametres")], breadcrumb: "Clauses des documents de formation" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Clauses des documents de formation",
    description: "Modalités de paiement, annulation et signataire des conventions, contrats et certificats.",
    noindex: true,
  });

/** /admin/parametres/documents (admins): the organisation's own clauses printed on its training documents, with a preview. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getDocumentClauses();
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, documentClausesSchema, (values) => updateDocumentClauses(values, me), {
    to: "/admin/parametres/documents",
    title: "Clauses enregistrées",
    description: "Elles figurent sur les prochains documents générés ; ouvrez l'aperçu pour les relire.",
  });
}

const FORM = "clauses-documents";
const loadSchema = () => import("~/domain/settings/document-clauses").then((m) => schemaValidator(m.documentClausesSchema));
const LABELS = {
  paymentTerms: "Modalités de paiement",
  cancellationPolicy: "Annulation et dédit",
  signatoryName: "Nom du signataire",
  signatoryRole: "Fonction du signataire",
};

export default function DocumentClausesSettings({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as SettingsReply | undefined;
  const form = useForm({ id: FORM, reply, validator: loadSchema });
  const saving = useNavigation().state === "submitting";
  const values = (reply?.values ?? loaderData.values) as Record<string, unknown>;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Clauses des documents de formation</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Le squelette des conventions, contrats, convocations, feuilles d'émargement et certificats suit le Code du travail et ne se
          modifie pas ici (liste des mentions dans docs/legal/documents.md). Ces clauses sont celles de l'organisme ; les modalités de
          paiement et d'annulation s'impriment sur les conventions (entreprises), le contrat d'un particulier a les siennes (articles
          L6353-6 et L6353-7 du Code du travail).
          {loaderData.saved ? "" : " Les textes proposés ci-dessous sont des exemples\u00a0: relisez-les et enregistrez les vôtres."}
        </p>
        <p className="mt-2">
          <a
            href="/admin/parametres/documents/apercu.pdf"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Aperçu d'une convention avec les clauses enregistrées (PDF)
          </a>
        </p>
      </div>
      <Form method="post" {...form.formProps} className="space-y-4">
        <FormErrorSummary form={form} labels={LABELS} />
        <TextAreaField
          form={FORM}
          name="paymentTerms"
          label={LABELS.paymentTerms}
          required
          rows={4}
          defaultValue={String(values.paymentTerms ?? "")}
          error={form.errors.paymentTerms}
        />
        <TextAreaField
          form={FORM}
          name="cancellationPolicy"
          label={LABELS.cancellationPolicy}
          hint="Conditions d'annulation par le client et dédit ; pour un particulier, le contrat rappelle en plus la règle de la force majeure."
          required
          rows={5}
          defaultValue={String(values.cancellationPolicy ?? "")}
          error={form.errors.cancellationPolicy}
        />
        <TextField
          form={FORM}
          name="signatoryName"
          label={LABELS.signatoryName}
          required
          defaultValue={String(values.signatoryName ?? "")}
          error={form.errors.signatoryName}
        />
        <TextField
          form={FORM}
          name="signatoryRole"
          label={LABELS.signatoryRole}
          required
          defaultValue={String(values.signatoryRole ?? "")}
          error={form.errors.signatoryRole}
        />
        <Button type="submit" disabled={saving}>
          Enregistrer les clauses
        </Button>
      </Form>
    </div>
  );
}
