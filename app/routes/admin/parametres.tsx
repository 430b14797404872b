import { Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/parametres";
import { recordAudit } from "~/domain/audit/audit.server";
import { MutationResultMessage, type MutationResult } from "~/domain/formations/components/mutation-result";
import { organisationFormSchema } from "~/domain/settings/model";
import { getOrganisation, saveOrganisation } from "~/domain/settings/settings.server";
import { LogoForm } from "~/domain/settings/components/logo-form";
import { ORGANISATION_FORM_ID, OrganisationForm } from "~/domain/settings/components/organisation-form";
import { LogoRejectedError, storeLogo } from "~/domain/settings/logo.server";
import { dataWithToast, redirectWithToast } from "~/platform/toast/flash.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { db } from "~/platform/db/db.server";
import { pageMeta } from "~/platform/seo/meta";
import { parseSubmission } from "~/platform/validation/submission";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";

export const handle = { breadcrumb: "Paramètres" };

/** The answers of the action: the identity's refusal (errors, values kept), its save, or the logo's refusal. */
type Reply = SubmissionReply & { ok?: boolean; message?: string; values?: Record<string, unknown>; logoError?: string };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { organisation: await getOrganisation() };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "logo" || intent === "logo-remove") {
    const file = form.get("logo");
    let logoUrl = "";
    if (intent === "logo") {
      if (!(file instanceof File) || file.size === 0)
        return data<Reply>({ logoError: "Choisissez un fichier image (SVG ou PNG)." }, { status: 400 });
      try {
        logoUrl = await storeLogo(file);
      } catch (error) {
        if (error instanceof LogoRejectedError) return data<Reply>({ logoError: error.message }, { status: 400 });
        throw error;
      }
    }
    const current = await getOrganisation();
    await db()
      .transaction()
      .execute(async (trx) => {
        await saveOrganisation({ ...current, logoUrl }, trx);
        await recordAudit(trx, {
          actor: me,
          action: "settings",
          entity: "settings",
          entityId: "organisation",
          summary: logoUrl ? "Logo de l'organisme remplacé" : "Logo de l'organisme retiré",
        });
      });
    return redirectWithToast("/admin/parametres", {
      kind: "success",
      title: logoUrl ? "Logo enregistré" : "Logo retiré",
      description: logoUrl ? "L'en-tête du site affiche maintenant votre logo." : "L'en-tête affiche de nouveau la marque par défaut.",
    });
  }
  const parsed = await parseSubmission(form, organisationFormSchema);
  if (!parsed.ok) return data<Reply>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // The logo, which this form does not show, keeps its value.
  const organisation = { ...(await getOrganisation()), ...parsed.data };
  await db()
    .transaction()
    .execute(async (trx) => {
      await saveOrganisation(organisation, trx);
      await recordAudit(trx, {
        actor: me,
        action: "settings",
        entity: "settings",
        entityId: "organisation",
        summary: `Identité de l'organisme enregistrée (${organisation.name})`,
      });
    });
  return dataWithToast<Reply>(
    { ok: true, message: "Paramètres enregistrés\u00a0: le pied de page et les mentions légales sont à jour." },
    { kind: "success", title: "Paramètres enregistrés", description: "Le pied de page et les mentions légales sont à jour." },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Paramètres",
    description: "Identité de l'organisme affichée dans le pied de page et les mentions légales.",
    noindex: true,
  });

const loadSchema = () => import("~/domain/settings/model").then((m) => schemaValidator(m.organisationFormSchema));

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const reply = actionData as Reply | undefined;
  const form = useForm({ id: ORGANISATION_FORM_ID, validator: loadSchema, reply });
  // After a save, the focus goes to its message (the same result block as categories and cities).
  const saved = reply?.ok ? (reply as MutationResult) : undefined;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Paramètres</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          L'identité de l'organisme, affichée dans le pied de page et les pages légales. Les contacts, la TVA et les textes communs aux
          formations sont dans les{" "}
          <Link to="/admin/parametres/formations" className="font-medium underline">
            valeurs par défaut des formations
          </Link>
          .
        </p>
      </div>
      <MutationResultMessage result={saved} formOf={() => ORGANISATION_FORM_ID} />
      <LogoForm logoUrl={loaderData.organisation.logoUrl} error={reply?.logoError} />
      <OrganisationForm form={form} values={{ ...loaderData.organisation, ...(reply?.values ?? {}) }} busy={busy} />
    </div>
  );
}
