import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/webhooks";
import { EndpointCard } from "~/domain/webhooks/components/endpoint-card";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_LABELS } from "~/domain/webhooks/labels";
import { endpointRowActionSchema, endpointSchema, type EndpointRowAction } from "~/domain/webhooks/model";
import {
  WebhookRuleError,
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  recentDeliveries,
  resendDelivery,
  setEndpointActive,
} from "~/domain/webhooks/webhooks.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";
import { Button } from "~/ui/button";
import { ChoiceGroup, FormErrorSummary, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Webhooks", description: "Envoyer les événements du site à d'autres outils.", noindex: true });

/** /admin/webhooks (admins): endpoints, their events, their delivery log (docs/decisions/0013-webhooks.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [endpoints, deliveries] = await Promise.all([listEndpoints(), recentDeliveries()]);
  return { endpoints, deliveries };
}

type Reply = SubmissionReply & { values?: Record<string, unknown> };

const DONE: Record<EndpointRowAction["intent"], string> = {
  activate: "Webhook réactivé",
  deactivate: "Webhook désactivé",
  delete: "Webhook supprimé",
  resend: "Événement renvoyé",
};

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "create") {
    const parsed = await parseSubmission(form, endpointRowActionSchema);
    if (!parsed.ok) throw data({ message: "Action inconnue." }, { status: 400 });
    const { intent, id } = parsed.data;
    const done =
      intent === "resend"
        ? await resendDelivery(id, me)
        : intent === "delete"
          ? await deleteEndpoint(id, me)
          : await setEndpointActive(id, intent === "activate", me);
    if (!done) throw data({ message: "Cet élément n'existe plus." }, { status: 404 });
    return redirectWithToast("/admin/webhooks", { kind: "success", title: DONE[intent] });
  }
  const parsed = await parseSubmission(form, endpointSchema);
  if (!parsed.ok) return data<Reply>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    await createEndpoint(parsed.data, me);
  } catch (error) {
    if (error instanceof WebhookRuleError) return data<Reply>({ errors: { url: error.message }, values: parsed.values }, { status: 400 });
    throw error;
  }
  return redirectWithToast("/admin/webhooks", {
    kind: "success",
    title: "Webhook ajouté",
    description: "Il recevra les prochains événements choisis.",
  });
}

const FORM_ID = "webhook";
const loadSchema = () => import("~/domain/webhooks/model").then((m) => schemaValidator(m.endpointSchema));

export default function WebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, deliveries } = loaderData;
  const busy = useNavigation().state === "submitting";
  const form = useForm({ id: FORM_ID, validator: loadSchema, reply: actionData });
  const values = actionData?.values ?? {};
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const selected = ([] as unknown[]).concat(values.events ?? []).filter((v): v is string => typeof v === "string");
  const disabled = endpoints.filter((e) => !e.active && e.disabledReason.startsWith("Désactivé automatiquement"));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Webhooks</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Le site envoie ses événements (demandes, inscriptions, publications) en JSON signé aux adresses choisies ici&nbsp;: CRM, outil de
          gestion de la formation… Un envoi en échec est retenté pendant 24&nbsp;h, puis l&apos;adresse est désactivée. La vérification de
          la signature est décrite dans le README («&nbsp;Webhooks&nbsp;»).
        </p>
      </div>
      {disabled.length ? (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-semibold text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
        >
          {disabled.length === 1 ? "Un webhook a été désactivé" : `${disabled.length}\u00a0webhooks ont été désactivés`} après 24&nbsp;h
          d&apos;échecs&nbsp;: corrigez l&apos;adresse de réception puis réactivez-le.
        </p>
      ) : null}
      {endpoints.length ? (
        <ul className="space-y-4">
          {endpoints.map((e) => (
            <EndpointCard key={e.id} endpoint={e} deliveries={deliveries[e.id] ?? []} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aucun webhook pour l&apos;instant.</p>
      )}
      <Form
        method="post"
        {...form.formProps}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 className="text-lg font-semibold">Ajouter un webhook</h2>
        <input type="hidden" name="intent" value="create" />
        <FormErrorSummary form={form} labels={WEBHOOK_LABELS} />
        <TextField
          form={FORM_ID}
          name="url"
          label={WEBHOOK_LABELS.url}
          type="url"
          required
          defaultValue={text("url")}
          error={form.errors.url}
          placeholder="https://crm.exemple.fr/webhooks/site"
        />
        <TextField
          form={FORM_ID}
          name="secret"
          label={WEBHOOK_LABELS.secret}
          required
          autoComplete="off"
          defaultValue={text("secret")}
          error={form.errors.secret}
          hint={"Au moins 16 caractères, partagés avec l'outil qui reçoit\u00a0: il s'en sert pour vérifier la signature."}
        />
        <ChoiceGroup
          form={FORM_ID}
          name="events"
          label={WEBHOOK_LABELS.events}
          type="checkbox"
          required
          groups={[{ options: WEBHOOK_EVENTS.map((e) => ({ value: e, label: WEBHOOK_EVENT_LABELS[e], hint: e })) }]}
          selected={selected}
          error={form.errors.events}
        />
        <Button type="submit" disabled={busy}>
          Ajouter le webhook
        </Button>
      </Form>
    </div>
  );
}
