import { Form, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/lheo";
import { LHEO_LABELS } from "~/domain/catalogue-feed/lheo-labels";
import { lheoSettingsSchema } from "~/domain/catalogue-feed/lheo-model";
import { lheoCategories, lheoReport, updateLheoSettings } from "~/domain/catalogue-feed/lheo.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { formatCount } from "~/platform/format";
import { pageMeta } from "~/platform/seo/meta";
import { saveSettingsForm } from "~/platform/http/settings-save.server";
import { Button } from "~/ui/button";
import { FormErrorSummary, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Flux LHÉO et API",
    description: "Le catalogue pour les bases Carif-Oref (LHÉO) et les partenaires (API JSON).",
    noindex: true,
  });

/** /admin/lheo (admins): the FORMACODE codes LHÉO needs, and the published formations the feed leaves out. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [report, categories] = await Promise.all([lheoReport(), lheoCategories()]);
  return { report, categories };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  return saveSettingsForm(request, lheoSettingsSchema, (values) => updateLheoSettings(values, me), {
    to: "/admin/lheo",
    title: "Codes LHÉO enregistrés",
    description: "Le flux /lheo.xml en tient compte.",
  });
}

const FORM_ID = "lheo";
const loadSchema = () => import("~/domain/catalogue-feed/lheo-model").then((m) => schemaValidator(m.lheoSettingsSchema));

export default function LheoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { report, categories } = loaderData;
  const busy = useNavigation().state === "submitting";
  const form = useForm({ id: FORM_ID, validator: loadSchema, reply: actionData });
  const values = actionData?.values ?? {};
  const typed = (name: string, saved: string) => (typeof values[name] === "string" ? (values[name] as string) : saved);
  const formacodes = (values.formacodes ?? {}) as Record<string, unknown>;
  const labels: Record<string, string> = {
    ...LHEO_LABELS,
    ...Object.fromEntries(categories.map((c) => [`formacodes.${c.id}`, `FORMACODE de «\u00a0${c.name}\u00a0»`])),
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Flux LHÉO et API</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Les bases régionales de l&apos;offre de formation (Carif-Oref) lisent{" "}
          <a href="/lheo.xml" className="font-medium underline">
            /lheo.xml
          </a>{" "}
          au format LHÉO&nbsp;; les partenaires lisent l&apos;API JSON{" "}
          <a href="/api/v1/formations" className="font-medium underline">
            /api/v1/formations
          </a>
          . Seules les formations publiées y figurent.
        </p>
      </div>

      <section
        aria-labelledby="lheo-state"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        data-testid="lheo-report"
      >
        <h2 id="lheo-state" className="text-lg font-semibold">
          {formatCount(report.included, "formation dans le flux", "formations dans le flux", "aucune formation dans le flux")}
        </h2>
        {report.feedMissing.length ? (
          <p className="mt-2 text-sm font-semibold text-red-800 dark:text-red-200">
            Le flux est vide tant qu&apos;il manque {report.feedMissing.join(" et ")}.
          </p>
        ) : null}
        {report.incomplete.length ? (
          <>
            <p className="mt-2 text-sm">
              {formatCount(report.incomplete.length, "formation publiée est laissée", "formations publiées sont laissées")} hors du
              flux&nbsp;:
            </p>
            <ul className="mt-2 space-y-1 text-sm" data-testid="lheo-incomplete">
              {report.incomplete.map((f) => (
                <li key={f.id}>
                  <Link to={`/admin/formations/${f.id}`} className="font-medium underline">
                    {f.title}
                  </Link>{" "}
                  — il manque {f.missing.join(", ")}.
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <Form method="post" {...form.formProps} className="space-y-6">
        <FormErrorSummary form={form} labels={labels} />
        <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Codes du FORMACODE</legend>
          <div className="mt-2 grid gap-5 sm:grid-cols-2">
            <TextField
              form={FORM_ID}
              name="formacodeVersion"
              label={LHEO_LABELS.formacodeVersion}
              defaultValue={typed("formacodeVersion", report.settings.formacodeVersion)}
              error={form.errors.formacodeVersion}
              hint="Par exemple V14."
            />
            <TextField
              form={FORM_ID}
              name="publicCodes"
              label={LHEO_LABELS.publicCodes}
              defaultValue={typed("publicCodes", report.settings.publicCodes.join(", "))}
              error={form.errors.publicCodes}
              hint="De 1 à 10 codes de 5 chiffres, séparés par des virgules."
            />
            {categories.map((c) => (
              <TextField
                key={c.id}
                form={FORM_ID}
                name={`formacodes.${c.id}`}
                label={labels[`formacodes.${c.id}`]!}
                defaultValue={typeof formacodes[c.id] === "string" ? (formacodes[c.id] as string) : c.formacode}
                error={form.errors[`formacodes.${c.id}`]}
                inputMode="numeric"
              />
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={busy}>
          Enregistrer les codes
        </Button>
      </Form>
    </div>
  );
}
