import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/sessions";
import { adminSessionRows } from "~/domain/registrations/admin.server";
import { SessionsTable } from "~/domain/registrations/components/admin-sessions";
import { spooledRegistrationCount } from "~/domain/registrations/registrations.server";
import { registrationSettingsSchema } from "~/domain/settings/registration-settings";
import { getRegistrationSettings, updateRegistrationSettings } from "~/domain/settings/settings.server";
import { requireAdmin, requireEditor } from "~/platform/auth/guard.server";
import { isAdmin } from "~/platform/auth/roles";
import { spoolInstancesView } from "~/platform/spool/heartbeat.server";
import { SpoolInstances } from "~/platform/spool/spool-instances";
import { pageMeta } from "~/platform/seo/meta";
import { saveSettingsForm, type SettingsReply } from "~/platform/http/settings-save.server";
import { Button } from "~/ui/button";
import { FormErrorSummary, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";

export const handle = { breadcrumb: "Sessions et inscriptions" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sessions et inscriptions",
    description: "Places, inscriptions et listes d'attente des sessions.",
    noindex: true,
  });

/** /admin/sessions (editors): every session with its seats and waiting list; the registration settings (admins). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireEditor(request);
  const past = new URL(request.url).searchParams.get("passees") === "1";
  const [rows, settings, spools] = await Promise.all([adminSessionRows({ past }), getRegistrationSettings(), spoolInstancesView()]);
  return { rows, past, settings, canEditSettings: isAdmin(user), spooled: spooledRegistrationCount(), spools };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, registrationSettingsSchema, (values) => updateRegistrationSettings(values, me), {
    to: "/admin/sessions",
    title: "Réglages enregistrés",
    description: "Ils valent pour les prochains e-mails et offres.",
  });
}

const loadSchema = () => import("~/domain/settings/registration-settings").then((m) => schemaValidator(m.registrationSettingsSchema));

const LABELS = { cancellationDeadlineDays: "Délai d'annulation en ligne", offerHours: "Durée d'une offre de la liste d'attente" };

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, past, settings, canEditSettings, spooled, spools } = loaderData;
  const reply = actionData as SettingsReply | undefined;
  const form = useForm({ id: "reglages-inscriptions", reply, validator: loadSchema });
  const saving = useNavigation().state === "submitting";
  const values = reply?.values ?? settings;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Sessions et inscriptions</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Les dates et le nombre de places se modifient dans chaque formation&nbsp;; ici, les inscriptions, la liste d'attente et les
          convocations.
        </p>
      </div>
      {spooled > 0 ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {spooled > 1 ? `${spooled} inscriptions reçues` : "1 inscription reçue"} pendant une indisponibilité de la base de données{" "}
          {spooled > 1 ? "attendent" : "attend"} sur ce serveur&nbsp;:{" "}
          {spooled > 1 ? "leurs places seront prises" : "ses places seront prises"} (ou la liste d'attente) dès que la base répondra
          (vérification toutes les 5&nbsp;secondes).
        </p>
      ) : null}
      <SpoolInstances spools={spools} />
      <section aria-labelledby="sessions-liste" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessions-liste" className="text-lg font-semibold">
            {past ? "Sessions passées" : "Sessions à venir"}
          </h2>
          <Link
            to={past ? "/admin/sessions" : "/admin/sessions?passees=1"}
            className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
          >
            {past ? "Voir les sessions à venir" : "Voir les sessions passées"}
          </Link>
        </div>
        <SessionsTable rows={rows} caption={past ? "Tableau des sessions passées" : "Tableau des sessions à venir"} />
      </section>
      <section aria-labelledby="reglages" className="max-w-2xl space-y-3">
        <h2 id="reglages" className="text-lg font-semibold">
          Réglages des inscriptions
        </h2>
        {canEditSettings ? (
          <Form method="post" {...form.formProps} className="space-y-4">
            <FormErrorSummary form={form} labels={LABELS} />
            <TextField
              form="reglages-inscriptions"
              name="cancellationDeadlineDays"
              label={`${LABELS.cancellationDeadlineDays} (jours avant le début)`}
              hint="Jusqu'à ce jour inclus, le lien de l'e-mail permet d'annuler ou de changer de stagiaire."
              inputMode="numeric"
              required
              defaultValue={String(values.cancellationDeadlineDays ?? "")}
              error={form.errors.cancellationDeadlineDays}
            />
            <TextField
              form="reglages-inscriptions"
              name="offerHours"
              label={`${LABELS.offerHours} (heures)`}
              hint="Une place libérée est réservée ce temps-là à la première personne de la liste d'attente."
              inputMode="numeric"
              required
              defaultValue={String(values.offerHours ?? "")}
              error={form.errors.offerHours}
            />
            <Button type="submit" disabled={saving}>
              Enregistrer les réglages
            </Button>
          </Form>
        ) : (
          <p className="text-sm">
            Annulation en ligne jusqu'à {settings.cancellationDeadlineDays} jour(s) avant le début&nbsp;; une place offerte est réservée{" "}
            {settings.offerHours}&nbsp;heures. Seuls les administrateurs modifient ces réglages.
          </p>
        )}
      </section>
    </div>
  );
}
