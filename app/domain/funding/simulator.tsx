import { formatDate, formatEuros } from "~/platform/format";
import { AlertTriangle, Info, Link2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { Link } from "~/ui/link";
import { Button, ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { inputClass } from "~/ui/form/input-class";
import { schemaValidator, useForm, type Validator } from "~/ui/form/use-form";
import { formDataToObject } from "~/platform/validation/form-data";
import type { SimulationOutcome } from "./model";
import {
  BAND_LABELS,
  HEADCOUNT_BANDS,
  SCHEMES,
  SECTORS,
  SIMULATION_FIELDS,
  UNKNOWN_OPCO,
  formatEuroRange,
  type SimulationErrors,
  type SimulationField,
  type SimulationValues,
} from "./labels";
import { OPCO_NAMES, OPCO_SLUGS } from "./opco-list";

export interface SimulatorFormationOption {
  slug: string;
  title: string;
  hours: number;
  pricePerTrainee: number | null;
}

export interface SimulatorProps {
  values: SimulationValues;
  errors: SimulationErrors;
  submitted: boolean;
  outcome: SimulationOutcome | null;
  quoteHref: string | null;
  /** The formation chosen (from the address or by search), if any. */
  formation: SimulatorFormationOption | null;
  /** The search over the catalogue (composed by the route: funding does not import formations), calling `onPick` with the formation found. */
  formationSearch: (onPick: (formation: SimulatorFormationOption) => void) => ReactNode;
}

function normalizeSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  return params.toString();
}

function frenchNumber(n: number): string {
  return String(n).replace(".", ",");
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: SimulationField;
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `simulateur-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900 dark:text-white">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The OPCO simulator: a GET form that works without JavaScript (the loader computes the result
 * from the query string) and, with JavaScript, updates the result as the fields change.
 */
/** The shared schema, loaded when the visitor enters the form: the page's first download carries no zod. */
let validator: Promise<Validator> | undefined;
const loadValidator = () => (validator ??= import("./model").then((m) => schemaValidator(m.simulationFormSchema)));

export function Simulator({ values, errors, submitted, outcome, quoteHref, formation, formationSearch }: SimulatorProps) {
  const [chosen, setChosen] = useState<SimulatorFormationOption | null>(formation);
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const timer = useRef<number | undefined>(undefined);
  const touched = useRef(new Set<string>());
  const ownSearch = useRef(normalizeSearch(location.search));
  const [formKey, setFormKey] = useState(0);
  // The shared form pattern: the server's messages (the loader checks the same schema), a field's
  // message when it is left, every message before sending.
  const reply = useMemo(() => (submitted && Object.keys(errors).length > 0 ? { errors } : null), [submitted, errors]);
  const form = useForm({ id: "simulateur", reply, validator: loadValidator, focusField: true });
  const formRef = form.formRef;
  /** The messages of the fields changed while typing (the result updates live); cleared by a new result. */
  const [liveErrors, setLiveErrors] = useState<SimulationErrors>({});

  // A navigation that did not come from this form (a link to another simulation): start afresh.
  useEffect(() => {
    const search = normalizeSearch(location.search);
    if (search !== ownSearch.current) {
      ownSearch.current = search;
      touched.current.clear();
      setFormKey((k) => k + 1);
    }
    setLiveErrors({});
  }, [location.search]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** True once hydrated: the form then updates live (tests wait for `data-live`). */
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const shownErrors: SimulationErrors = { ...form.errors, ...liveErrors };
  const pending = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const stale = Object.keys(liveErrors).length > 0;

  function liveUpdate() {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(async () => {
      const check = await loadValidator();
      const current = formRef.current;
      if (!current) return;
      const data = new FormData(current);
      const all = check(formDataToObject(data)) as SimulationErrors;
      const visible: SimulationErrors = {};
      for (const [field, message] of Object.entries(all) as Array<[SimulationField, string]>) {
        if (touched.current.has(field) || (field === "opco" && (touched.current.has("secteur") || touched.current.has("opco"))))
          visible[field] = message;
      }
      setLiveErrors(visible);
      if (Object.keys(all).length > 0) return;
      ownSearch.current = normalizeSearch(new URLSearchParams(data as unknown as Record<string, string>).toString());
      void submit(current, { replace: true, preventScrollReset: true });
    }, 350);
  }

  function handleChange(event: ChangeEvent<HTMLFormElement>) {
    form.formProps.onChange(event);
    const target = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    if (!target.name) return;
    touched.current.add(target.name);
    liveUpdate();
  }

  /** A formation found by search fills the cost and the duration. */
  function choose(next: SimulatorFormationOption | null) {
    setChosen(next);
    const form = formRef.current;
    if (next && form) {
      const cost = form.elements.namedItem("cout") as HTMLInputElement | null;
      const hours = form.elements.namedItem("heures") as HTMLInputElement | null;
      if (cost && next.pricePerTrainee !== null) cost.value = frenchNumber(next.pricePerTrainee);
      if (hours) hours.value = frenchNumber(next.hours);
    }
    touched.current.add("formation");
    // The hidden field changes after this render: recompute once it is in the form.
    requestAnimationFrame(() => liveUpdate());
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    window.clearTimeout(timer.current);
    for (const field of SIMULATION_FIELDS) touched.current.add(field);
    setLiveErrors({});
    // Checked with the shared schema first: an incomplete form is not sent, its messages show.
    form.formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    ownSearch.current = normalizeSearch(
      new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>).toString(),
    );
  }

  const selectedFormation = chosen;

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
      <section
        aria-labelledby="simulateur-form-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="simulateur-form-title" className="text-xl font-bold text-slate-900 dark:text-white">
          Votre projet de formation
        </h2>
        <Form
          key={formKey}
          {...form.formProps}
          method="get"
          action="/simulateur-opco"
          replace
          preventScrollReset
          onChange={handleChange}
          onSubmit={handleSubmit}
          className="mt-5 space-y-6"
          aria-describedby="simulateur-notice"
          data-live={live ? "1" : undefined}
        >
          <fieldset className="space-y-4">
            <legend className="font-semibold text-slate-900 dark:text-white">Votre OPCO</legend>
            <Field name="opco" label="OPCO de l'entreprise" error={shownErrors.opco}>
              {(a) => (
                <select {...a} name="opco" defaultValue={values.opco ?? ""} className={inputClass(shownErrors.opco, "mt-1")}>
                  <option value="">Choisir un OPCO</option>
                  <option value={UNKNOWN_OPCO}>Je ne connais pas mon OPCO</option>
                  {OPCO_SLUGS.map((slug) => (
                    <option key={slug} value={slug}>
                      {OPCO_NAMES[slug]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              name="secteur"
              label="Ou votre secteur d'activité"
              hint="Nous en déduisons l'OPCO le plus probable. Sans OPCO ni secteur, l'estimation donne la fourchette de tous les OPCO."
              error={shownErrors.secteur}
            >
              {(a) => (
                <select {...a} name="secteur" defaultValue={values.secteur ?? ""} className={inputClass(shownErrors.secteur, "mt-1")}>
                  <option value="">Choisir un secteur</option>
                  {SECTORS.map((s) => (
                    <option key={s.slug} value={s.slug}>
                      {s.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </fieldset>

          <fieldset aria-describedby={shownErrors.effectif ? "simulateur-effectif-error" : undefined}>
            <legend className="font-semibold text-slate-900 dark:text-white">Taille de l'entreprise</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {HEADCOUNT_BANDS.map((band) => (
                <label
                  key={band}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-slate-800"
                >
                  <input
                    type="radio"
                    name="effectif"
                    value={band}
                    defaultChecked={values.effectif === band}
                    aria-invalid={Boolean(shownErrors.effectif)}
                    className="size-4 accent-brand-700"
                  />
                  <span className="text-slate-900 dark:text-white">{BAND_LABELS[band]}</span>
                </label>
              ))}
            </div>
            <FieldError id="simulateur-effectif-error" message={shownErrors.effectif} />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="font-semibold text-slate-900 dark:text-white">La formation</legend>
            <input type="hidden" name="formation" value={chosen?.slug ?? ""} />
            {chosen ? (
              <p className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-600">
                <span>
                  <span className="sr-only">Formation choisie&nbsp;: </span>
                  <span className="font-medium text-slate-900 dark:text-white">{chosen.title}</span>
                </span>
                <button
                  type="button"
                  onClick={() => choose(null)}
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                >
                  Retirer
                </button>
              </p>
            ) : null}
            {formationSearch(choose)}
            <FieldError id="simulateur-formation-error" message={shownErrors.formation} />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Le coût et la durée se remplissent d'après la formation choisie&nbsp;; sans formation du catalogue, saisissez-les.
            </p>
            {selectedFormation && selectedFormation.pricePerTrainee === null ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{"Cette formation est sur devis : indiquez le coût prévu."}</p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name="cout" label="Coût par stagiaire (€ HT)" error={shownErrors.cout}>
                {(a) => (
                  <input
                    {...a}
                    name="cout"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={values.cout ?? ""}
                    className={inputClass(shownErrors.cout, "mt-1")}
                  />
                )}
              </Field>
              <Field name="heures" label="Durée (heures)" error={shownErrors.heures}>
                {(a) => (
                  <input
                    {...a}
                    name="heures"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={values.heures ?? ""}
                    className={inputClass(shownErrors.heures, "mt-1")}
                  />
                )}
              </Field>
            </div>
            <Field name="stagiaires" label="Nombre de stagiaires" error={shownErrors.stagiaires}>
              {(a) => (
                <input
                  {...a}
                  name="stagiaires"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={values.stagiaires ?? "1"}
                  className={inputClass(shownErrors.stagiaires, "mt-1 sm:max-w-40")}
                />
              )}
            </Field>
          </fieldset>

          <Button type="submit" size="lg" className="w-full sm:w-auto">
            Calculer la prise en charge
          </Button>
        </Form>
      </section>

      <Result
        submitted={submitted}
        errors={shownErrors}
        stale={stale}
        pending={pending}
        outcome={outcome}
        quoteHref={quoteHref}
        search={location.search}
      />
    </div>
  );
}

function Result({
  submitted,
  errors,
  stale,
  pending,
  outcome,
  quoteHref,
  search,
}: {
  submitted: boolean;
  errors: SimulationErrors;
  stale: boolean;
  pending: boolean;
  outcome: SimulationOutcome | null;
  quoteHref: string | null;
  search: string;
}) {
  const hasErrors = Object.keys(errors).length > 0;
  const show = outcome && !hasErrors && !stale ? outcome : null;
  // One status line, read out when it changes: the figures in words (the figures themselves are
  // shown below it), or the message itself, shown once.
  let status: { text: string; visible: boolean; tone?: "warning" };
  if (show?.status === "funded")
    status = {
      text: `Prise en charge estimée\u00a0: ${formatEuros(show.funded)}. Reste à charge\u00a0: ${formatEuros(show.remaining)}.`,
      visible: false,
    };
  else if (show?.status === "unknown-opco")
    status = {
      text: `Prise en charge estimée selon l'OPCO\u00a0: ${formatEuroRange(show.fundedMin, show.fundedMax)}. Reste à charge\u00a0: ${formatEuroRange(show.remainingMin, show.remainingMax)}.`,
      visible: false,
    };
  else if (show?.status === "self-funded") status = { text: show.message, visible: true, tone: "warning" };
  else if (show) status = { text: show.message, visible: true };
  else if (submitted && (hasErrors || stale))
    status = {
      text: "Corrigez les champs signalés\u00a0: l'estimation s'affichera dès que les informations seront complètes.",
      visible: true,
    };
  else
    status = {
      text: "Renseignez votre OPCO, la taille de l'entreprise, le coût, la durée et le nombre de stagiaires\u00a0: l'estimation s'affiche ici.",
      visible: true,
    };

  return (
    <section
      aria-labelledby="simulateur-resultat-title"
      aria-busy={pending}
      className={cn(
        "rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6 lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900/60",
        pending && "opacity-70",
      )}
      data-testid="simulation-result"
    >
      <h2 id="simulateur-resultat-title" className="text-xl font-bold text-slate-900 dark:text-white">
        Votre estimation
      </h2>
      <p
        aria-live="polite"
        data-testid="simulation-status"
        className={cn(
          !status.visible
            ? "sr-only"
            : status.tone === "warning"
              ? "mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
              : "mt-4 text-slate-700 dark:text-slate-300",
        )}
      >
        {status.text}
      </p>

      {!show ? null : show.status === "no-rule" ? (
        <div className="mt-4">
          <ButtonLink to="/contact">Nous contacter</ButtonLink>
        </div>
      ) : show.status === "unknown-opco" ? (
        <div className="mt-4 space-y-6">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure label="Prise en charge estimée" value={formatEuroRange(show.fundedMin, show.fundedMax)} emphasis testId="funded" />
            <Figure label="Reste à charge" value={formatEuroRange(show.remainingMin, show.remainingMax)} testId="remaining" />
            <Figure label="Coût total HT" value={formatEuros(show.totalCost)} testId="total" />
          </dl>
          <UnknownOpcoHelp />
          <Steps steps={show.steps} />
          <ShareLinks quoteHref={quoteHref} search={search} />
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure label="Prise en charge estimée" value={formatEuros(show.funded)} emphasis testId="funded" />
            <Figure label="Reste à charge" value={formatEuros(show.remaining)} testId="remaining" />
            <Figure label="Coût total HT" value={formatEuros(show.totalCost)} testId="total" />
          </dl>
          {show.status === "funded" && (show.hourlyCapReached || show.ceilingReached) ? (
            <ul className="flex flex-wrap gap-2 text-sm">
              {show.hourlyCapReached ? (
                <li className="rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                  Plafond horaire atteint
                </li>
              ) : null}
              {show.ceilingReached ? (
                <li className="rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                  Plafond annuel atteint
                </li>
              ) : null}
            </ul>
          ) : null}

          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">Les dispositifs mobilisables</h3>
            <ul className="mt-2 space-y-2">
              {show.schemes.map((id) => (
                <li key={id} className="text-sm text-slate-700 dark:text-slate-300">
                  <strong className="font-semibold text-slate-900 dark:text-white">{SCHEMES[id].label}</strong>
                  {` — ${SCHEMES[id].description}`}
                </li>
              ))}
            </ul>
          </div>

          <Steps steps={show.steps} checkedOn={show.checkedOn} />
          <ShareLinks quoteHref={quoteHref} search={search} />
        </div>
      )}

      <p
        id="simulateur-notice"
        className="mt-6 flex gap-2 rounded-lg border border-brand-200 bg-white p-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-300"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
        <span>
          {
            "Estimation indicative, sans valeur d'engagement : elle applique un barème simplifié à une formation transversale. Les critères exacts dépendent de votre branche, des fonds disponibles et du budget déjà utilisé cette année ; seule la décision de votre OPCO fait foi."
          }
        </span>
      </p>
    </section>
  );
}

function Steps({ steps, checkedOn }: { steps: string[]; checkedOn?: string }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900 dark:text-white">Le détail du calcul</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300" data-testid="simulation-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {checkedOn ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Barème vérifié le <time dateTime={checkedOn}>{formatDate(checkedOn)}</time>.
        </p>
      ) : null}
    </div>
  );
}

function ShareLinks({ quoteHref, search }: { quoteHref: string | null; search: string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {quoteHref ? <ButtonLink to={quoteHref}>Demander un devis avec cette simulation</ButtonLink> : null}
      <Link
        to={`/simulateur-opco${search}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
      >
        <Link2 aria-hidden="true" className="size-4" />
        Lien à partager vers cette simulation
      </Link>
    </div>
  );
}

/** What to do when the visitor does not know their OPCO: the range is shown, and how to find it. */
function UnknownOpcoHelp() {
  return (
    <div
      className="rounded-lg border border-brand-200 bg-white p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-300"
      data-testid="unknown-opco-help"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">{"Comment connaître votre OPCO\u00a0?"}</h3>
      <p className="mt-2">
        {"Le montant exact dépend de votre OPCO, c'est-à-dire de la convention collective de votre entreprise. Pour le trouver\u00a0:"}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{"choisissez votre secteur d'activité dans le formulaire\u00a0: nous en déduisons l'OPCO le plus probable\u00a0;"}</li>
        <li>{"cherchez le code IDCC de votre convention collective sur un bulletin de paie\u00a0;"}</li>
        <li>{"ou demandez-le à votre service paie ou à votre expert-comptable."}</li>
      </ul>
      <p className="mt-3">
        <Link to="/financement#opco" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
          Les 11 OPCO et les secteurs qu'ils couvrent
        </Link>
      </p>
    </div>
  );
}

function Figure({ label, value, emphasis, testId }: { label: string; value: string; emphasis?: boolean; testId: string }) {
  return (
    <div
      className={cn(
        "rounded-xl border p-3",
        emphasis
          ? "border-brand-300 bg-white dark:border-brand-700 dark:bg-slate-950"
          : "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-950",
      )}
    >
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        className={cn(
          "mt-1 font-bold tabular-nums",
          emphasis ? "text-2xl text-brand-800 dark:text-brand-200" : "text-xl text-slate-900 dark:text-white",
        )}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
