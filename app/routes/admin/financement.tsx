import { useEffect } from "react";
import { data, useNavigation } from "react-router";
import { dataWithToast } from "~/platform/toast/flash.server";
import { formatCount } from "~/platform/format";
import { capitalize } from "~/ui/french";
import type { Route } from "./+types/financement";
import { RulesEditSection, RulesOverview, type RuleFormValues } from "~/domain/funding/components/rules-editor";
import { opcoRulesFormSchema, type RuleFormErrors } from "~/domain/funding/model";
import { OPCO_SLUGS, isOpcoSlug, type OpcoSlug } from "~/domain/funding/opco-list";
import { listRules, updateRulesAudited } from "~/domain/funding/rules.server";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { parseSubmission } from "~/platform/validation/submission";

export const handle = { breadcrumb: "Financement" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Barèmes de financement OPCO",
    description: "Les règles du simulateur OPCO, par OPCO et par taille d'entreprise.",
    noindex: true,
  });

function selectedOpco(request: Request): OpcoSlug {
  const value = new URL(request.url).searchParams.get("opco") ?? "";
  return isOpcoSlug(value) ? value : OPCO_SLUGS[0];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { opco: selectedOpco(request), rules: await listRules() };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const submission = await parseSubmission(request, opcoRulesFormSchema);
  if (!submission.ok) {
    if (submission.errors.opco) {
      const errors: RuleFormErrors = { opco: submission.errors.opco };
      return data({ ok: false as const, opco: null, errors, values: null, changes: [] as string[] }, { status: 400 });
    }
    const values: RuleFormValues = {};
    for (const [name, value] of submission.form) {
      if (typeof value !== "string") continue;
      if (name.endsWith(".schemes")) values[name] = [...((values[name] as string[] | undefined) ?? []), value];
      else values[name] = value;
    }
    return dataWithToast(
      { ok: false as const, opco: String(submission.values.opco) as OpcoSlug, errors: submission.errors, values, changes: [] as string[] },
      { kind: "error", title: "Enregistrement impossible", description: "Corrigez les champs signalés." },
      { status: 400 },
    );
  }
  const { opco, rules } = submission.data;
  const changes = await updateRulesAudited(rules, me);
  const result = { ok: true as const, opco, errors: {} as RuleFormErrors, values: null, changes };
  return changes.length > 0
    ? dataWithToast(result, {
        kind: "success",
        title: "Barème enregistré",
        description: `${capitalize(formatCount(changes.length, "tranche modifiée", "tranches modifiées"))}, ${changes.length > 1 ? "inscrites" : "inscrite"} au journal.`,
      })
    : dataWithToast(result, { kind: "info", title: "Aucune modification", description: "Le barème était déjà à jour." });
}

export default function AdminFinancement({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const opco = actionData?.opco ?? loaderData.opco;
  const values = actionData && !actionData.ok ? actionData.values : null;

  // The toasts come with the answer (flash cookie); the focus goes to the first field in error.
  useEffect(() => {
    if (!actionData || actionData.ok) return;
    const first = Object.keys(actionData.errors)[0];
    if (first) document.getElementById(`regle-${first.replace(".", "-")}`.replace("+", "plus"))?.focus();
  }, [actionData]);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Barèmes de financement OPCO</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          {
            "Les règles lues par le simulateur OPCO et affichées sur les pages des OPCO\u00a0: pour chaque OPCO et chaque taille d'entreprise, le plafond horaire, le plafond annuel, les dispositifs et la date de vérification. Chaque modification est inscrite au journal."
          }
        </p>
      </div>

      <RulesOverview rules={loaderData.rules} opco={opco} />

      <RulesEditSection rules={loaderData.rules} opco={opco} values={values} reply={actionData ?? null} busy={busy} />
    </div>
  );
}
