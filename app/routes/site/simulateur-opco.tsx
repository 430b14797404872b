import type { Route } from "./+types/simulateur-opco";
import { getSimulatorFormation } from "~/composition/funding-formations.server";
import { FormationSearch } from "~/domain/formations/components/formation-search";
import {
  isSimulationSubmitted,
  quoteHref,
  simulate,
  simulationForm,
  simulationFormSchema,
  valuesFromSearchParams,
  type SimulationOutcome,
} from "~/domain/funding/model";
import type { SimulationErrors } from "~/domain/funding/labels";
import { listRules } from "~/domain/funding/rules.server";
import { Simulator } from "~/domain/funding/simulator";
import { PageContainer } from "~/domain/funding/ui";
import { Breadcrumb } from "~/ui/breadcrumb";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { parseSubmission } from "~/platform/validation/submission";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Simulateur OPCO : estimez votre prise en charge",
      description:
        "Estimez en quelques secondes ce que votre OPCO peut financer : plafond horaire, plafond annuel, reste à charge et dispositifs mobilisables, calcul détaillé.",
      path: "/simulateur-opco",
    }),
    ...pageBreadcrumbMeta(args, "Simulateur OPCO"),
  ];
}

const frenchNumber = (n: number) => String(n).replace(".", ",");

/** The result is computed here, from the query string: the page works without JavaScript and each simulation has its own URL. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values = valuesFromSearchParams(url.searchParams);
  const rules = await listRules();

  const errors: SimulationErrors = {};
  let formation: Awaited<ReturnType<typeof getSimulatorFormation>> | null = null;
  if (values.formation?.trim()) {
    formation = (await getSimulatorFormation(values.formation.trim())) ?? null;
    if (!formation) {
      errors.formation = "Cette formation n'est pas dans notre catalogue : choisissez-en une autre ou saisissez le coût et la durée.";
    } else {
      values.formation = formation.slug;
      if (!values.cout?.trim() && formation.pricePerTrainee !== null) values.cout = frenchNumber(formation.pricePerTrainee);
      if (!values.heures?.trim()) values.heures = frenchNumber(formation.hours);
    }
  }

  const submitted = isSimulationSubmitted(values);
  let outcome: SimulationOutcome | null = null;
  let quote: string | null = null;
  if (submitted) {
    // The shared form pattern on a GET form: the (completed) values are checked as a posted form would be.
    const parsed = await parseSubmission(simulationForm(values), simulationFormSchema);
    if (!parsed.ok) Object.assign(errors, { ...parsed.errors, ...errors });
    else if (!errors.formation) {
      outcome = simulate(parsed.data, rules);
      quote = quoteHref(parsed.data);
    }
  }
  return { values, errors, submitted, outcome, quoteHref: quote, formation };
}

export default function SimulateurOpco({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <Breadcrumb
        className="mb-6"
        items={[{ label: "Accueil", to: "/" }, { label: "Financement", to: "/financement" }, { label: "Simulateur OPCO" }]}
      />
      <header className="mb-8 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Simulateur de prise en charge OPCO</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
          Estimez ce que l'opérateur de compétences de votre entreprise peut financer pour une formation, et ce qui resterait à votre
          charge. Le calcul est détaillé étape par étape.
        </p>
        <p className="mt-3 font-medium text-slate-900 dark:text-white">
          {"Le résultat est une estimation indicative\u00a0: seule la décision de votre OPCO fait foi."}
        </p>
      </header>
      <Simulator
        {...loaderData}
        formationSearch={(choose) => (
          <FormationSearch
            id="simulateur-formation-recherche"
            label="Formation de notre catalogue (facultatif)"
            onPick={(f) => choose({ slug: f.slug, title: f.title, hours: f.hours, pricePerTrainee: f.priceExclVat })}
          />
        )}
      />
    </PageContainer>
  );
}
