import { formatDate, formatEuros } from "~/platform/format";
import { Form } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { inputClass } from "~/ui/form/input-class";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import { BAND_LABELS, HEADCOUNT_BANDS, SCHEMES, SCHEME_IDS, isLargeCompany, type HeadcountBand } from "../labels";
import type { FundingRule, RuleFormErrors } from "../model";
import { OPCO_NAMES, OPCO_SLUGS, ofOpco, type OpcoSlug } from "../opco-list";

// The sections of the admin page of the OPCO funding rules (/admin/financement).

/** What was typed, sent back by the action when the form is refused. */
export type RuleFormValues = Record<string, string | string[]>;

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

function capText(n: number | null): string {
  return n === null ? "—" : formatEuros(n);
}

function BandFieldset({
  band,
  rule,
  values,
  errors,
}: {
  band: HeadcountBand;
  rule?: FundingRule;
  values: RuleFormValues | null;
  errors: RuleFormErrors;
}) {
  const name = (field: string) => `${band}.${field}`;
  const id = (field: string) => `regle-${band}-${field}`.replace("+", "plus");
  const value = (field: string, fallback: string) => {
    const v = values?.[name(field)];
    return typeof v === "string" ? v : fallback;
  };
  const schemes = values ? ((values[name("schemes")] as string[] | undefined) ?? []) : (rule?.schemes ?? []);
  const planFunded = value("planFunded", rule?.planFunded ? "1" : "0");
  const err = (field: string) => errors[name(field)];
  const describedBy = (field: string) => (err(field) ? `${id(field)}-error` : undefined);
  const large = isLargeCompany(band);

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 text-lg font-semibold">{BAND_LABELS[band]}</legend>
      {large ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {
            "À partir de 50 salariés, les fonds mutualisés ne financent pas le plan\u00a0: le simulateur l'indique au visiteur. Seuls les dispositifs, la date et la note se modifient."
          }
        </p>
      ) : (
        <div className="mt-2 grid gap-5 sm:grid-cols-3">
          <fieldset aria-describedby={describedBy("planFunded")}>
            <legend className="text-sm font-medium">Finance le plan de développement des compétences</legend>
            <div className="mt-2 flex gap-4">
              {[
                ["1", "Oui"],
                ["0", "Non"],
              ].map(([v, label]) => (
                <label key={v} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={name("planFunded")}
                    value={v}
                    defaultChecked={planFunded === v}
                    className="size-4 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            <ErrorText id={`${id("planFunded")}-error`} message={err("planFunded")} />
          </fieldset>
          <div>
            <label htmlFor={id("hourlyCap")} className="block text-sm font-medium">
              Plafond horaire (€ HT par heure et par stagiaire)
            </label>
            <input
              id={id("hourlyCap")}
              name={name("hourlyCap")}
              inputMode="decimal"
              defaultValue={value(
                "hourlyCap",
                rule?.hourlyCap === null || rule?.hourlyCap === undefined ? "" : String(rule.hourlyCap).replace(".", ","),
              )}
              aria-invalid={err("hourlyCap") ? true : undefined}
              aria-describedby={[`${id("hourlyCap")}-hint`, describedBy("hourlyCap")].filter(Boolean).join(" ")}
              className={inputClass(err("hourlyCap"), "mt-1")}
            />
            <p id={`${id("hourlyCap")}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {"Vide : pas de plafond horaire."}
            </p>
            <ErrorText id={`${id("hourlyCap")}-error`} message={err("hourlyCap")} />
          </div>
          <div>
            <label htmlFor={id("annualCeiling")} className="block text-sm font-medium">
              Plafond annuel (€ HT par entreprise)
            </label>
            <input
              id={id("annualCeiling")}
              name={name("annualCeiling")}
              inputMode="decimal"
              defaultValue={value(
                "annualCeiling",
                rule?.annualCeiling === null || rule?.annualCeiling === undefined ? "" : String(rule.annualCeiling).replace(".", ","),
              )}
              aria-invalid={err("annualCeiling") ? true : undefined}
              aria-describedby={[`${id("annualCeiling")}-hint`, describedBy("annualCeiling")].filter(Boolean).join(" ")}
              className={inputClass(err("annualCeiling"), "mt-1")}
            />
            <p id={`${id("annualCeiling")}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {"Vide : pas de plafond annuel."}
            </p>
            <ErrorText id={`${id("annualCeiling")}-error`} message={err("annualCeiling")} />
          </div>
        </div>
      )}

      <fieldset className="mt-5" aria-describedby={describedBy("schemes")}>
        <legend className="text-sm font-medium">Dispositifs mobilisables</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SCHEME_IDS.filter((scheme) => !(large && scheme === "plan")).map((scheme) => (
            <label key={scheme} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                name={name("schemes")}
                value={scheme}
                defaultChecked={schemes.includes(scheme)}
                className="size-4 accent-brand-700"
              />
              {SCHEMES[scheme].label}
            </label>
          ))}
        </div>
        <ErrorText id={`${id("schemes")}-error`} message={err("schemes")} />
      </fieldset>

      <div className="mt-5 grid gap-5 sm:grid-cols-3">
        <div>
          <label htmlFor={id("checkedOn")} className="block text-sm font-medium">
            Vérifié le
          </label>
          <input
            id={id("checkedOn")}
            name={name("checkedOn")}
            type="date"
            required
            defaultValue={value("checkedOn", rule?.checkedOn ?? "")}
            aria-invalid={err("checkedOn") ? true : undefined}
            aria-describedby={describedBy("checkedOn")}
            className={inputClass(err("checkedOn"), "mt-1")}
          />
          <ErrorText id={`${id("checkedOn")}-error`} message={err("checkedOn")} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("note")} className="block text-sm font-medium">
            Source et remarques
          </label>
          <textarea
            id={id("note")}
            name={name("note")}
            rows={3}
            defaultValue={value("note", rule?.note ?? "")}
            aria-invalid={err("note") ? true : undefined}
            aria-describedby={describedBy("note")}
            className={inputClass(err("note"), "mt-1")}
          />
          <ErrorText id={`${id("note")}-error`} message={err("note")} />
        </div>
      </div>
    </fieldset>
  );
}

/** All OPCOs at a glance: the caps of companies under 50 employees, with a link to edit each. */
export function RulesOverview({ rules: allRules, opco }: { rules: FundingRule[]; opco: OpcoSlug }) {
  const rulesOf = (slug: OpcoSlug) => allRules.filter((r) => r.opco === slug);
  return (
    <section aria-labelledby="apercu-title">
      <h2 id="apercu-title" className="text-lg font-semibold">
        Vue d'ensemble
      </h2>
      <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
          <caption className="sr-only">Plafonds des entreprises de moins de 50 salariés, par OPCO</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                OPCO
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                1 à 10 salariés (horaire / annuel)
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                11 à 49 salariés (horaire / annuel)
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Vérifié le
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {OPCO_SLUGS.map((slug) => {
              const rules = rulesOf(slug);
              const small = (band: HeadcountBand) => {
                const r = rules.find((x) => x.band === band);
                if (!r) return "Aucun barème";
                if (!r.planFunded) return "Non financé";
                return `${capText(r.hourlyCap)} / ${capText(r.annualCeiling)}`;
              };
              const oldest = rules.map((r) => r.checkedOn).sort()[0];
              return (
                <tr key={slug} className={cn(slug === opco && "bg-brand-50 dark:bg-slate-800")}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {OPCO_NAMES[slug]}
                  </th>
                  <td className="px-3 py-2">{small("1-10")}</td>
                  <td className="px-3 py-2">{small("11-49")}</td>
                  <td className="px-3 py-2">{oldest ? formatDate(oldest) : "—"}</td>
                  <td className="px-3 py-2">
                    <Link
                      to={`?opco=${slug}`}
                      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                      aria-label={`Modifier le barème ${ofOpco(slug)}`}
                    >
                      Modifier
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const loadValidator = () => import("../model").then((m) => schemaValidator(m.opcoRulesFormSchema));

/** The OPCO picker and the form editing one OPCO's rules, band by band. */
export function RulesEditSection({
  rules: allRules,
  opco,
  values,
  reply,
  busy,
}: {
  rules: FundingRule[];
  opco: OpcoSlug;
  values: RuleFormValues | null;
  /** The action's last answer (its messages, keyed `band.field`). */
  reply: { errors: RuleFormErrors } | null;
  busy: boolean;
}) {
  // The shared form pattern: the action checks the same schema, loaded here when the admin enters the form.
  const form = useForm({ id: "regles", reply, validator: loadValidator, focusField: true });
  const errors = form.errors;
  const rulesOf = (slug: OpcoSlug) => allRules.filter((r) => r.opco === slug);
  const ruleFor = (band: HeadcountBand) => allRules.find((r) => r.opco === opco && r.band === band);
  return (
    <section aria-labelledby="edition-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="edition-title" className="text-lg font-semibold">
          {`Barème ${ofOpco(opco)}`}
        </h2>
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="choix-opco" className="block text-sm font-medium">
              OPCO à modifier
            </label>
            <select id="choix-opco" name="opco" defaultValue={opco} key={opco} className={inputClass(undefined, "mt-1 w-auto")}>
              {OPCO_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {OPCO_NAMES[slug]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Afficher
          </Button>
        </Form>
      </div>
      {reply?.errors.opco ? <ErrorText id="opco-error" message={reply.errors.opco} /> : null}

      {/* The key resets the fields when the stored rules change (after a save) or another OPCO is chosen. */}
      <Form method="post" {...form.formProps} className="space-y-6" key={`${opco}-${JSON.stringify(rulesOf(opco))}`}>
        <input type="hidden" name="opco" value={opco} />
        {HEADCOUNT_BANDS.map((band) => (
          <BandFieldset key={band} band={band} rule={ruleFor(band)} values={values} errors={errors} />
        ))}
        <Button type="submit" disabled={busy}>
          {busy ? "Enregistrement…" : `Enregistrer le barème ${ofOpco(opco)}`}
        </Button>
      </Form>
    </section>
  );
}
