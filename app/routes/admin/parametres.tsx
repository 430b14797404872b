import { data, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/parametres";
import { MutationResultMessage, type MutationResult } from "~/domain/formations/components/mutation-result";
import { logoFormSchema, organisationFormSchema } from "~/domain/settings/model";
import { getOrganisation, updateOrganisationIdentity } from "~/domain/settings/settings.server";
import { LogoForm } from "~/domain/settings/components/logo-form";
import { ORGANISATION_FORM_ID, OrganisationForm } from "~/domain/settings/components/organisation-form";
import { changeLogo } from "~/domain/settings/logo.server";
import { dataWithToast, redirectWithToast } from "~/platform/toast/flash.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { parseSubmission } from "~/platform/validation/submission";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";

export const handle = { breadcrumb: "Paramètres" };

/** The answers of the action: the identity's refusal (errors, values kept), its save, or the logo's refusal (`intent: "logo"`). */
type Reply = SubmissionReply & { ok?: boolean; message?: string; values?: Record<string, unknown>; intent?: "logo" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { organisation: await getOrganisation() };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "logo" || intent === "logo-remove") {
    let file: File | null = null;
    if (intent === "logo") {
      const parsed = await parseSubmission(form, logoFormSchema, { files: true });
      if (!parsed.ok) return data<Reply>({ intent: "logo", errors: parsed.errors }, { status: 400 });
      file = form.get("logo") as File;
    }
    const changed = await changeLogo(me, file);
    if (!changed.ok) return data<Reply>({ intent: "logo", errors: changed.errors }, { status: 400 });
    const { logoUrl } = changed.value;
    return redirectWithToast("/admin/parametres", {
      kind: "success",
      title: logoUrl ? "Logo enregistré" : "Logo retiré",
      description: logoUrl ? "L'en-tête du site affiche maintenant votre logo." : "L'en-tête affiche de nouveau la marque par défaut.",
    });
  }
  const parsed = await parseSubmission(form, organisationFormSchema);
  if (!parsed.ok) return data<Reply>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  await updateOrganisationIdentity(parsed.data, me);
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
  const answer = actionData as Reply | undefined;
  const logoReply = answer?.intent === "logo" ? answer : undefined;
  const reply = logoReply ? undefined : answer;
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
          , les clauses des conventions et certificats dans les{" "}
          <Link to="/admin/parametres/documents" className="font-medium underline">
            clauses des documents de formation
          </Link>
          .
        </p>
      </div>
      <MutationResultMessage result={saved} formOf={() => ORGANISATION_FORM_ID} />
      <LogoForm logoUrl={loaderData.organisation.logoUrl} reply={logoReply} />
      <OrganisationForm form={form} values={{ ...loaderData.organisation, ...(reply?.values ?? {}) }} busy={busy} />
    </div>
  );
}
