import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/bpf-parametres";
import { bpfSettingsForm, updateBpfSettings } from "~/domain/bpf/bpf.server";
import { bpfSettingsSchema } from "~/domain/bpf/model";
import { RNCP_LEVELS, RNCP_LEVEL_LABELS, TRAINEE_TYPES, TRAINEE_TYPE_LABELS } from "~/domain/bpf/rules";
import { formatDate } from "~/platform/format";
import { requireAdmin } from "~/platform/auth/guard.server";
import { saveSettingsForm } from "~/platform/http/settings-save.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { FormErrorSummary, SelectField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";

export const handle = { breadcrumb: "Codes NSF et niveaux", parents: [{ label: "BPF", to: "/admin/bpf" }] };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "BPF — codes NSF et niveaux RNCP",
    description: "Le code NSF de chaque catégorie et le niveau RNCP des formations certifiantes, pour le bilan pédagogique et financier.",
    noindex: true,
  });

/**
 * /admin/bpf/parametres (admins): the NSF code of each category (F-4), the RNCP level of each
 * certifying formation (F-3), the trainee type of a registration whose funding the site does not know (F-1).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return bpfSettingsForm();
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, bpfSettingsSchema, (values) => updateBpfSettings(values, me), {
    to: "/admin/bpf/parametres",
    title: "Codes du BPF enregistrés",
    description: "Le BPF en tient compte.",
  });
}

const FORM_ID = "bpf-parametres";
const loadSchema = () => import("~/domain/bpf/model").then((m) => schemaValidator(m.bpfSettingsSchema));
const LEVEL_OPTIONS = RNCP_LEVELS.map((l) => ({ value: l, label: RNCP_LEVEL_LABELS[l] }));
const TYPE_OPTIONS = TRAINEE_TYPES.map((t) => ({ value: t, label: TRAINEE_TYPE_LABELS[t] }));

export default function BpfSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, categories, formations, registrations } = loaderData;
  const busy = useNavigation().state === "submitting";
  const form = useForm({ id: FORM_ID, validator: loadSchema, reply: actionData });
  const values = actionData?.values ?? {};
  const typed = (group: string, id: string, saved: string) => {
    const g = (values[group] ?? {}) as Record<string, unknown>;
    return typeof g[id] === "string" ? (g[id] as string) : saved;
  };
  const labels: Record<string, string> = {
    ...Object.fromEntries(categories.map((c) => [`nsfCodes.${c.id}`, `Code NSF de «\u00a0${c.name}\u00a0»`])),
    ...Object.fromEntries(categories.map((c) => [`nsfLabels.${c.id}`, `Libellé NSF de «\u00a0${c.name}\u00a0»`])),
    ...Object.fromEntries(formations.map((f) => [`levels.${f.id}`, `Niveau de «\u00a0${f.title}\u00a0»`])),
    ...Object.fromEntries(registrations.map((r) => [`types.${r.id}`, `Type de stagiaire de l'inscription ${r.reference}`])),
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Codes NSF et niveaux RNCP</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Le{" "}
          <Link to="/admin/bpf" className="font-medium underline">
            bilan pédagogique et financier
          </Link>{" "}
          range les heures des stagiaires par spécialité (cadre F-4, code de la nomenclature des spécialités de formation, NSF) et par
          niveau de la certification visée (cadre F-3). Le code NSF se donne par catégorie de formations, le niveau par formation inscrite
          au RNCP (celui de sa fiche France Compétences).
        </p>
      </div>
      <Form method="post" {...form.formProps} className="space-y-6">
        <FormErrorSummary form={form} labels={labels} />
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Spécialité de chaque catégorie (NSF)</legend>
          <div className="mt-2 space-y-5">
            {categories.map((c) => (
              <div key={c.id} id={`nsf-${c.id}`} className="grid scroll-mt-24 gap-4 sm:grid-cols-[12rem_1fr]">
                <TextField
                  form={FORM_ID}
                  name={`nsfCodes.${c.id}`}
                  label={labels[`nsfCodes.${c.id}`]!}
                  defaultValue={typed("nsfCodes", c.id, settings.nsfCodes[c.id] ?? "")}
                  error={form.errors[`nsfCodes.${c.id}`]}
                  hint="Par exemple 326 ou 326t."
                />
                <TextField
                  form={FORM_ID}
                  name={`nsfLabels.${c.id}`}
                  label={labels[`nsfLabels.${c.id}`]!}
                  defaultValue={typed("nsfLabels", c.id, settings.nsfLabels[c.id] ?? "")}
                  error={form.errors[`nsfLabels.${c.id}`]}
                  hint={
                    "Tel que la nomenclature l'écrit, par exemple «\u00a0Informatique, traitement de l'information, réseaux de transmission\u00a0»."
                  }
                />
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Niveau des formations inscrites au RNCP</legend>
          {formations.length ? (
            <div className="mt-2 space-y-5">
              {formations.map((f) => (
                <div key={f.id} id={`niveau-${f.id}`} className="scroll-mt-24">
                  <SelectField
                    form={FORM_ID}
                    name={`levels.${f.id}`}
                    label={labels[`levels.${f.id}`]!}
                    defaultValue={typed("levels", f.id, settings.levels[f.id] ?? "")}
                    error={form.errors[`levels.${f.id}`]}
                    placeholder="Niveau non indiqué"
                    groups={[{ options: LEVEL_OPTIONS }]}
                    hint={`${f.code}${f.certification ? ` — ${f.certification}` : ""}`}
                  />
                </div>
              ))}
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucune formation n&apos;est inscrite au RNCP.</p>
          )}
        </fieldset>
        {registrations.length ? (
          <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
            <legend className="px-1 text-lg font-semibold">Inscriptions sans financement connu (cadre F-1)</legend>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Le site ne sait pas qui paie ces inscriptions confirmées ni comment elles sont financées&nbsp;: indiquez le type de leurs
              stagiaires au sens du BPF.
            </p>
            <div className="mt-2 space-y-5">
              {registrations.map((r) => (
                <div key={r.id} id={`inscription-${r.id}`} className="scroll-mt-24">
                  <SelectField
                    form={FORM_ID}
                    name={`types.${r.id}`}
                    label={labels[`types.${r.id}`]!}
                    defaultValue={typed("types", r.id, settings.types[r.id] ?? "")}
                    error={form.errors[`types.${r.id}`]}
                    placeholder="Type non indiqué"
                    groups={[{ options: TYPE_OPTIONS }]}
                    hint={`${r.buyer} — «\u00a0${r.formation}\u00a0», session du ${formatDate(r.startDate)}`}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Button type="submit" disabled={busy}>
          Enregistrer les codes
        </Button>
      </Form>
    </div>
  );
}
