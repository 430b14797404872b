import { formatDate, formatEuros, formatNumber, plural } from "~/platform/format";
import { z } from "zod";
import { typed } from "~/platform/validation/text-fields";
import {
  BAND_LABELS,
  HEADCOUNT_BANDS,
  SCHEMES,
  SCHEME_IDS,
  SECTORS,
  formatEuroRange,
  isLargeCompany,
  opcoForSector,
  type HeadcountBand,
  type SchemeId,
  SIMULATION_FIELDS,
  type SimulationErrors,
  type SimulationField,
  type SimulationValues,
  UNKNOWN_OPCO,
} from "./labels";
import { OPCO_NAMES, OPCO_SLUGS, isOpcoSlug, ofOpco, opcoInSentence, type OpcoSlug } from "./opco-list";

/**
 * Funding: the simulator's input schema and its rules engine (the OPCO list is in `./opco-list`).
 * Pure code, runs on the server and in the browser. Money is computed in cents, shown in euros.
 */

// ---------------------------------------------------------------------------------------------
// Rules (stored in the database, edited by admins)
// ---------------------------------------------------------------------------------------------

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "La date doit être au format AAAA-MM-JJ.")
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    "Cette date n'existe pas.",
  );

/** One OPCO's funding rule for one headcount band. Amounts in euros, excluding VAT (HT). */
export const fundingRuleSchema = z
  .object({
    opco: z.enum(OPCO_SLUGS, { error: "OPCO inconnu." }),
    band: z.enum(HEADCOUNT_BANDS, { error: "Tranche d'effectif inconnue." }),
    /** Whether the OPCO's pooled funds pay for the training plan of companies of this size. */
    planFunded: z.boolean(),
    /** Cap on the teaching cost, € per hour and per trainee; null: no hourly cap. */
    hourlyCap: z
      .number({ error: "Le plafond horaire doit être un nombre." })
      .positive("Le plafond horaire doit être supérieur à 0 €.")
      .max(1000, "Le plafond horaire ne peut pas dépasser 1 000 € de l'heure.")
      .nullable(),
    /** Ceiling per company and per calendar year, €; null: no annual ceiling. */
    annualCeiling: z
      .number({ error: "Le plafond annuel doit être un nombre." })
      .positive("Le plafond annuel doit être supérieur à 0 €.")
      .max(1_000_000, "Le plafond annuel ne peut pas dépasser 1 000 000 €.")
      .nullable(),
    schemes: z.array(z.enum(SCHEME_IDS, { error: "Dispositif inconnu." })),
    /** The date the rule was last checked against the OPCO's published criteria. */
    checkedOn: isoDate,
    /** Where the figures come from and what they leave out. */
    note: typed(z.string().trim().max(1000, "La note ne peut pas dépasser 1 000 caractères.")),
  })
  .superRefine((rule, ctx) => {
    if (rule.planFunded && rule.hourlyCap === null && rule.annualCeiling === null) {
      ctx.addIssue({
        code: "custom",
        path: ["annualCeiling"],
        message: "Quand l'OPCO finance le plan, indiquez au moins un plafond (horaire ou annuel).",
      });
    }
    if (isLargeCompany(rule.band) && rule.schemes.includes("plan")) {
      ctx.addIssue({
        code: "custom",
        path: ["schemes"],
        message: "Le plan mutualisé ne concerne pas les entreprises de 50 salariés et plus : retirez ce dispositif.",
      });
    }
    if (rule.planFunded && isLargeCompany(rule.band)) {
      ctx.addIssue({
        code: "custom",
        path: ["planFunded"],
        message: "Les fonds mutualisés du plan sont réservés aux entreprises de moins de 50 salariés.",
      });
    }
  });

export type FundingRule = z.infer<typeof fundingRuleSchema>;

export function findRule(rules: readonly FundingRule[], opco: OpcoSlug, band: HeadcountBand): FundingRule | undefined {
  return rules.find((r) => r.opco === opco && r.band === band);
}

/** Reads a French-typed number: "1 200,50", "1200.5", "35 €". Empty gives undefined, garbage NaN. */
export function parseFrenchNumber(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") return value;
  const s = value
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/€$/, "")
    .replace(",", ".");
  if (s === "") return undefined;
  return /^[-+]?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

/** The admin form's fields for one rule, as strings (FormData). */
export const fundingRuleFormSchema = z.object({
  planFunded: z.enum(["0", "1"], { error: "Indiquez si l'OPCO finance le plan." }).transform((v) => v === "1"),
  hourlyCap: z.preprocess(
    parseFrenchNumber,
    z.number({ error: "Le plafond horaire doit être un nombre (par exemple 25 ou 22,50)." }).optional(),
  ),
  annualCeiling: z.preprocess(
    parseFrenchNumber,
    z.number({ error: "Le plafond annuel doit être un nombre (par exemple 3 000)." }).optional(),
  ),
  schemes: z.array(z.enum(SCHEME_IDS, { error: "Dispositif inconnu." })),
  checkedOn: isoDate,
  note: typed(z.string().trim().max(1000, "La note ne peut pas dépasser 1 000 caractères.")),
});

// ---------------------------------------------------------------------------------------------
// Simulator input
// ---------------------------------------------------------------------------------------------

export const LIMITS = { maxCost: 100_000, maxHours: 1_600, maxTrainees: 200 } as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A number as typed in French (1 200,50): `missing` when the field is empty, `notNumber` when it is not a number. */
const numberTyped = (missing: string, notNumber: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? missing : notNumber) });

const costSchema = z.preprocess(
  parseFrenchNumber,
  numberTyped("Indiquez le coût de la formation par stagiaire.", "Le coût doit être un nombre, par exemple 1 200 ou 1 200,50.")
    .min(0, "Le coût ne peut pas être négatif.")
    .gt(0, "Le coût doit être supérieur à 0 €.")
    .max(LIMITS.maxCost, "Le coût par stagiaire ne peut pas dépasser 100 000 €."),
);

const hoursSchema = z.preprocess(
  parseFrenchNumber,
  numberTyped("Indiquez la durée de la formation en heures.", "La durée doit être un nombre d'heures, par exemple 14 ou 3,5.")
    .min(0, "La durée ne peut pas être négative.")
    .gt(0, "La durée doit être supérieure à zéro heure.")
    .max(LIMITS.maxHours, "La durée ne peut pas dépasser 1 600 heures."),
);

const traineesSchema = z.preprocess(
  parseFrenchNumber,
  numberTyped("Indiquez le nombre de stagiaires.", "Le nombre de stagiaires doit être un nombre entier.")
    .int("Le nombre de stagiaires doit être un nombre entier.")
    .min(1, "Indiquez au moins un stagiaire.")
    .max(LIMITS.maxTrainees, "Au-delà de 200 stagiaires, demandez-nous un devis."),
);

/** The shared schema of the simulator's fields (browser and server). */
export const simulationSchema = z.object({
  opco: optionalText,
  secteur: optionalText,
  effectif: z.enum(HEADCOUNT_BANDS, { error: "Choisissez la taille de l'entreprise." }),
  formation: optionalText,
  cout: costSchema,
  heures: hoursSchema,
  stagiaires: traineesSchema,
});

export interface SimulationInput {
  /** Undefined when the visitor does not know their OPCO and gave no sector. */
  opco?: OpcoSlug;
  /** True when the OPCO was found from the sector rather than chosen. */
  opcoFromSector: boolean;
  sector?: string;
  band: HeadcountBand;
  formation?: string;
  /** Price per trainee, € HT. */
  costPerTrainee: number;
  hours: number;
  trainees: number;
}

export type ParsedSimulation = { ok: true; input: SimulationInput } | { ok: false; errors: SimulationErrors };

/**
 * True when the form was sent: a sent form carries every field, even empty. A link that only
 * prefills the OPCO, the sector or the formation (`?opco=atlas`) is not a submission.
 */
export function isSimulationSubmitted(values: SimulationValues): boolean {
  return (["effectif", "cout", "heures", "stagiaires"] as const).some((f) => values[f] !== undefined);
}

export function valuesFromSearchParams(params: URLSearchParams): SimulationValues {
  const values: SimulationValues = {};
  for (const field of SIMULATION_FIELDS) {
    const v = params.get(field);
    if (v !== null) values[field] = v;
  }
  return values;
}

/** Validates the raw values; errors are French, one per field. */
export function parseSimulation(values: SimulationValues): ParsedSimulation {
  const errors: SimulationErrors = {};
  const result = simulationSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as SimulationField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const opcoRaw = (values.opco ?? "").trim();
  const sectorRaw = (values.secteur ?? "").trim();
  let opco: OpcoSlug | undefined;
  let opcoFromSector = false;
  const unknownOpco = opcoRaw === UNKNOWN_OPCO;
  if (opcoRaw && !unknownOpco) {
    if (isOpcoSlug(opcoRaw)) opco = opcoRaw;
    else errors.opco = "Cet OPCO n'existe pas : choisissez l'un des 11 OPCO de la liste.";
  }
  if (sectorRaw && !SECTORS.some((s) => s.slug === sectorRaw)) {
    errors.secteur = "Ce secteur ne fait pas partie de la liste.";
  } else if ((!opcoRaw || unknownOpco) && sectorRaw) {
    opco = opcoForSector(sectorRaw);
    opcoFromSector = true;
  }
  if (!opcoRaw && !sectorRaw) errors.opco = "Choisissez votre OPCO, ou votre secteur d'activité pour le trouver.";

  if (!result.success || (!opco && !unknownOpco) || Object.keys(errors).length > 0) return { ok: false, errors };
  const d = result.data;
  return {
    ok: true,
    input: {
      opco,
      opcoFromSector,
      sector: d.secteur,
      band: d.effectif,
      formation: d.formation,
      costPerTrainee: d.cout,
      hours: d.heures,
      trainees: d.stagiaires,
    },
  };
}

/** The simulator's values as the form they come from (the page's loader reads them from the address). */
export function simulationForm(values: SimulationValues): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(values)) if (value !== undefined) form.append(field, value);
  return form;
}

/**
 * The simulator's form as the shared form pattern reads it (`parseSubmission` in the page's loader,
 * `useForm` in the browser, loaded when the visitor enters the form): its fields, checked by
 * `parseSimulation`; the output is the simulation's input.
 */
export const simulationFormSchema = z.looseObject({}).transform((raw, ctx) => {
  const values: SimulationValues = {};
  for (const field of SIMULATION_FIELDS) if (typeof raw[field] === "string") values[field] = raw[field];
  const parsed = parseSimulation(values);
  if (parsed.ok) return parsed.input;
  for (const [field, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: "custom", path: [field], message });
  return z.NEVER;
});

// ---------------------------------------------------------------------------------------------
// The rules engine
// ---------------------------------------------------------------------------------------------

interface OutcomeBase {
  opco: OpcoSlug;
  band: HeadcountBand;
  /** The computation, step by step, in French. */
  steps: string[];
}

export type SimulationOutcome =
  | (OutcomeBase & {
      status: "funded";
      /** Every amount rounded to the nearest euro. */
      totalCost: number;
      funded: number;
      remaining: number;
      hourlyCapReached: boolean;
      ceilingReached: boolean;
      schemes: SchemeId[];
      checkedOn: string;
    })
  | (OutcomeBase & {
      status: "self-funded";
      totalCost: number;
      funded: 0;
      remaining: number;
      schemes: SchemeId[];
      checkedOn: string;
      message: string;
    })
  | (OutcomeBase & { status: "no-rule"; message: string })
  | {
      /** No OPCO chosen nor found: the range over every OPCO's rule for this headcount band. */
      status: "unknown-opco";
      band: HeadcountBand;
      steps: string[];
      totalCost: number;
      fundedMin: number;
      fundedMax: number;
      remainingMin: number;
      remainingMax: number;
      /** How many OPCO have a rule for this band (the range is over them). */
      opcoCount: number;
    };

function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Rounds cents to the nearest euro (half up). */
function roundEuro(cents: number): number {
  return Math.round(cents / 100);
}

export const SELF_FUNDED_MESSAGE =
  "Les entreprises de 50 salariés et plus financent en principe leur plan de développement des compétences sur leur propre budget : les fonds mutualisés de l'OPCO ne prennent pas en charge cette formation.";

/**
 * Estimates what the OPCO pays for a training: the teaching cost, capped per hour and per
 * trainee, then by the company's annual ceiling. Amounts are computed in cents and rounded to
 * the nearest euro at the end, so funded + remaining always equals the total shown.
 */
export function simulate(input: SimulationInput, rules: readonly FundingRule[]): SimulationOutcome {
  const { opco, band, trainees, hours } = input;
  if (!opco) return simulateWithoutOpco(input, rules);
  const name = OPCO_NAMES[opco];
  const inSentence = opcoInSentence(opco);
  const bandLabel = BAND_LABELS[band];
  const rule = findRule(rules, opco, band);
  const steps: string[] = [];
  if (input.opcoFromSector)
    steps.push(`OPCO trouvé à partir de votre secteur\u00a0: ${name} (à confirmer avec votre convention collective).`);

  if (!rule) {
    return {
      status: "no-rule",
      opco,
      band,
      steps,
      message: `Nous n'avons pas de barème enregistré pour ${inSentence} et une entreprise de ${bandLabel.toLowerCase()}. Contactez-nous\u00a0: nous vérifierons avec vous les critères de votre branche.`,
    };
  }

  const unitCents = Math.round(input.costPerTrainee * 100);
  const totalCents = unitCents * trainees;
  const totalCost = roundEuro(totalCents);
  const traineesText = `${trainees} ${plural(trainees, "stagiaire")}`;
  steps.push(
    `Coût de la formation\u00a0: ${formatEuros(fromCents(unitCents))} HT × ${traineesText} = ${formatEuros(fromCents(totalCents))} HT.`,
  );

  if (!rule.planFunded) {
    // The reason is the outcome's message, shown once above the figures: the step only states the result.
    steps.push(`Prise en charge par les fonds mutualisés ${ofOpco(opco)}\u00a0: 0\u00a0€.`);
    steps.push(`Reste à charge estimé pour l'entreprise\u00a0: ${formatEuros(totalCost)} HT.`);
    return {
      status: "self-funded",
      opco,
      band,
      steps,
      totalCost,
      funded: 0,
      remaining: totalCost,
      schemes: rule.schemes,
      checkedOn: rule.checkedOn,
      message: isLargeCompany(band)
        ? SELF_FUNDED_MESSAGE
        : `${name} ne finance pas le plan de développement des compétences pour cette taille d'entreprise.`,
    };
  }

  let fundedCents = totalCents;
  let hourlyCapReached = false;
  let ceilingReached = false;

  if (rule.hourlyCap !== null) {
    const capCents = Math.round(rule.hourlyCap * 100 * hours * trainees);
    steps.push(
      `Plafond horaire (${name}, ${bandLabel.toLowerCase()})\u00a0: ${formatEuros(rule.hourlyCap)} par heure et par stagiaire × ${formatNumber(hours)} h × ${traineesText} = ${formatEuros(fromCents(capCents))}.`,
    );
    if (capCents < totalCents) {
      hourlyCapReached = true;
      fundedCents = capCents;
      steps.push(`Le coût dépasse ce plafond\u00a0: la prise en charge est limitée à ${formatEuros(fromCents(capCents))}.`);
    } else {
      steps.push("Le coût reste sous ce plafond : il est pris en charge en totalité à ce stade.");
    }
  } else {
    steps.push(`${name} n'applique pas de plafond horaire pour cette tranche\u00a0: le coût est retenu en totalité à ce stade.`);
  }

  if (rule.annualCeiling !== null) {
    const ceilingCents = Math.round(rule.annualCeiling * 100);
    if (ceilingCents < fundedCents) {
      ceilingReached = true;
      fundedCents = ceilingCents;
      steps.push(
        `Plafond annuel par entreprise\u00a0: ${formatEuros(rule.annualCeiling)}. Il est atteint\u00a0: la prise en charge est ramenée à ce montant.`,
      );
    } else {
      steps.push(
        `Plafond annuel par entreprise\u00a0: ${formatEuros(rule.annualCeiling)}. Il n'est pas atteint, si l'entreprise n'a pas encore utilisé son budget cette année.`,
      );
    }
  }

  const funded = roundEuro(fundedCents);
  const remaining = totalCost - funded;
  steps.push(
    `Prise en charge estimée, arrondie à l'euro\u00a0: ${formatEuros(funded)}. Reste à charge\u00a0: ${formatEuros(totalCost)} − ${formatEuros(funded)} = ${formatEuros(remaining)}.`,
  );

  return {
    status: "funded",
    opco,
    band,
    steps,
    totalCost,
    funded,
    remaining,
    hourlyCapReached,
    ceilingReached,
    schemes: rule.schemes,
    checkedOn: rule.checkedOn,
  };
}

/**
 * The visitor does not know their OPCO: the same computation for every OPCO that has a rule for
 * this headcount band, given as a range. Companies of 50 employees and more get one figure, since
 * no OPCO funds their plan from pooled funds.
 */
function simulateWithoutOpco(input: SimulationInput, rules: readonly FundingRule[]): SimulationOutcome {
  const { band, trainees } = input;
  const bandLabel = BAND_LABELS[band].toLowerCase();
  const unitCents = Math.round(input.costPerTrainee * 100);
  const totalCents = unitCents * trainees;
  const totalCost = roundEuro(totalCents);
  const traineesText = `${trainees} ${plural(trainees, "stagiaire")}`;
  const funded: number[] = [];
  for (const slug of OPCO_SLUGS) {
    if (!findRule(rules, slug, band)) continue;
    const out = simulate({ ...input, opco: slug, opcoFromSector: false }, rules);
    if (out.status === "funded" || out.status === "self-funded") funded.push(out.funded);
  }
  const steps = [
    `Coût de la formation\u00a0: ${formatEuros(fromCents(unitCents))} HT × ${traineesText} = ${formatEuros(fromCents(totalCents))} HT.`,
  ];
  if (funded.length === 0) {
    steps.push(`Aucun barème n'est enregistré pour une entreprise de ${bandLabel}\u00a0: le montant dépend de votre OPCO.`);
    return {
      status: "unknown-opco",
      band,
      steps,
      totalCost,
      fundedMin: 0,
      fundedMax: 0,
      remainingMin: totalCost,
      remainingMax: totalCost,
      opcoCount: 0,
    };
  }
  const fundedMin = Math.min(...funded);
  const fundedMax = Math.max(...funded);
  const opcoCount = funded.length;
  steps.unshift(
    `OPCO non renseigné\u00a0: l'estimation applique le barème de chacun des ${opcoCount} OPCO pour une entreprise de ${bandLabel}.`,
  );
  if (fundedMax === 0) {
    steps.push(
      isLargeCompany(band)
        ? "Quel que soit l'OPCO, ses fonds mutualisés ne financent pas le plan de développement des compétences à cette taille d'entreprise."
        : "Aucun OPCO ne finance le plan de développement des compétences à cette taille d'entreprise.",
    );
  } else {
    steps.push(`Prise en charge estimée selon l'OPCO, arrondie à l'euro\u00a0: ${formatEuroRange(fundedMin, fundedMax)}.`);
  }
  steps.push(`Reste à charge\u00a0: ${formatEuroRange(totalCost - fundedMax, totalCost - fundedMin)}.`);
  return {
    status: "unknown-opco",
    band,
    steps,
    totalCost,
    fundedMin,
    fundedMax,
    remainingMin: totalCost - fundedMax,
    remainingMax: totalCost - fundedMin,
    opcoCount,
  };
}

/** The quote request prefilled with a simulation (formation, opco, stagiaires, financement). */
export function quoteHref(input: Pick<SimulationInput, "opco" | "trainees" | "formation">): string {
  const params = new URLSearchParams();
  if (input.formation) params.set("formation", input.formation);
  if (input.opco) params.set("opco", input.opco);
  params.set("stagiaires", String(input.trainees));
  if (input.opco) params.set("financement", `opco-${input.opco}`);
  return `/devis?${params.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Admin form (/admin/financement): the four bands of one OPCO, fields named `{band}.{field}`.
// ---------------------------------------------------------------------------------------------

export const RULE_FORM_FIELDS = ["planFunded", "hourlyCap", "annualCeiling", "schemes", "checkedOn", "note"] as const;
export type RuleFormErrors = Record<string, string>;

interface FormLike {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

/** Reads and validates the rules of one OPCO from the admin form; French errors keyed by field name. */
export function parseOpcoRulesForm(
  opco: OpcoSlug,
  form: FormLike,
): { ok: true; rules: FundingRule[] } | { ok: false; errors: RuleFormErrors } {
  const rules: FundingRule[] = [];
  const errors: RuleFormErrors = {};
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  for (const band of HEADCOUNT_BANDS) {
    const raw = {
      planFunded: isLargeCompany(band) ? "0" : text(`${band}.planFunded`),
      hourlyCap: isLargeCompany(band) ? "" : text(`${band}.hourlyCap`),
      annualCeiling: isLargeCompany(band) ? "" : text(`${band}.annualCeiling`),
      schemes: form.getAll(`${band}.schemes`).filter((v): v is string => typeof v === "string"),
      checkedOn: text(`${band}.checkedOn`),
      note: text(`${band}.note`),
    };
    const fields = fundingRuleFormSchema.safeParse(raw);
    if (!fields.success) {
      for (const issue of fields.error.issues) errors[`${band}.${String(issue.path[0])}`] ??= issue.message;
      continue;
    }
    const rule = fundingRuleSchema.safeParse({
      opco,
      band,
      planFunded: fields.data.planFunded,
      hourlyCap: fields.data.hourlyCap ?? null,
      annualCeiling: fields.data.annualCeiling ?? null,
      schemes: [...new Set(fields.data.schemes)],
      checkedOn: fields.data.checkedOn,
      note: fields.data.note,
    });
    if (!rule.success) {
      for (const issue of rule.error.issues) errors[`${band}.${String(issue.path[0])}`] ??= issue.message;
      continue;
    }
    rules.push(rule.data);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rules };
}

/** The message of a form posted for an OPCO the site does not know. */
export const OPCO_NOT_FOUND = "OPCO inconnu\u00a0: rechargez la page.";

/**
 * The admin form of one OPCO's rules as the shared form pattern reads it (`parseSubmission` on
 * the server, `useForm` in the browser): the OPCO, then every band's fields (`1-10.hourlyCap`…),
 * checked by `parseOpcoRulesForm`; its output is the OPCO and its rules.
 */
export const opcoRulesFormSchema = z
  .looseObject({ opco: z.string({ error: OPCO_NOT_FOUND }).refine(isOpcoSlug, OPCO_NOT_FOUND) })
  .transform((values, ctx) => {
    const opco = values.opco as OpcoSlug;
    const band = (name: string) => {
      const [key, field] = name.split(".");
      const fields = values[key!];
      return fields && typeof fields === "object" ? (fields as Record<string, unknown>)[field!] : undefined;
    };
    const parsed = parseOpcoRulesForm(opco, {
      get: band,
      getAll: (name) => {
        const v = band(name);
        return v === undefined ? [] : Array.isArray(v) ? v : [v];
      },
    });
    if (parsed.ok) return { opco, rules: parsed.rules };
    for (const [path, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: "custom", path: path.split("."), message });
    return z.NEVER;
  });

function capText(n: number | null): string {
  return n === null ? "aucun" : formatEuros(n);
}

/** One French sentence for the audit log, or null when nothing changed. */
export function describeRuleChange(before: FundingRule | undefined, after: FundingRule): string | null {
  const parts: string[] = [];
  if (!before) parts.push("barème créé");
  else {
    if (before.planFunded !== after.planFunded) parts.push(`financement du plan\u00a0: ${after.planFunded ? "oui" : "non"}`);
    if (before.hourlyCap !== after.hourlyCap)
      parts.push(`plafond horaire\u00a0: ${capText(before.hourlyCap)} → ${capText(after.hourlyCap)}`);
    if (before.annualCeiling !== after.annualCeiling)
      parts.push(`plafond annuel\u00a0: ${capText(before.annualCeiling)} → ${capText(after.annualCeiling)}`);
    if ([...before.schemes].sort().join() !== [...after.schemes].sort().join()) {
      parts.push(`dispositifs\u00a0: ${after.schemes.map((s) => SCHEMES[s].label).join(", ") || "aucun"}`);
    }
    if (before.checkedOn !== after.checkedOn) parts.push(`vérifié le ${formatDate(after.checkedOn)}`);
    if (before.note !== after.note) parts.push("note modifiée");
  }
  if (parts.length === 0) return null;
  return `Barème ${OPCO_NAMES[after.opco]} (${BAND_LABELS[after.band].toLowerCase()})\u00a0: ${parts.join(" ; ")}.`;
}
