import type { FundingRule } from "./model";
import { HEADCOUNT_BANDS, type HeadcountBand, type SchemeId } from "./labels";
import { OPCO_SLUGS, type OpcoSlug } from "./opco-list";

/**
 * The simulator's default rules, seeded into the `funding_rules` table (admins then keep them
 * current at /admin/financement). Each OPCO sets its criteria per professional branch and per
 * year, "dans la limite des fonds disponibles": one figure per OPCO and headcount band is an
 * order of magnitude for a transversal course (office software, management, languages…), never
 * a promise. The `note` of each rule says where its figures come from.
 *
 * Sources consulted on 21 November 2026 (copies of the OPCOs' public criteria pages):
 * - Afdas, « Plan de développement des compétences des entreprises de moins de 50 salariés »:
 *   annual ceilings 1 400 € (< 11 employees) and 2 100 € (11 to 49).
 * - Atlas, « Critères de financement » by branch: annual ceiling 4 000 € HT (< 25 employees),
 *   6 000 € HT (25 to 49).
 * - Constructys, 2026 criteria, building sector: 24 € HT per hour and per trainee; public works:
 *   32 € HT/h within 3 500 € (< 11) or 5 000 € (11 to 49) a year.
 * - Opco EP, 2026 criteria by branch: company ceilings from 2 000 € / 3 000 € HT to
 *   3 000 € / 6 000 € HT; cross-branch transversal courses 20 € HT/h.
 * - Uniformation: one request a year up to 3 000 €, 50 €/h for courses of 70 hours or less.
 * - OPCO 2i (metalworking branch): 25 €/h for non-industrial courses, 32 €/h for industrial ones.
 * - OPCO Mobilités: yearly allowance by headcount, from 1 200 € (< 11) to 3 200 € (40 to 49).
 * - OCAPIAT, L'Opcommerce, OPCO Santé, AKTO: criteria published per branch only; the default is
 *   the common order of magnitude (25 €/h, 2 500 € / 4 000 € a year), to be replaced by the
 *   branch's figures.
 */
export const DEFAULT_RULES_CHECKED_ON = "2026-11-21";

const SMALL_SCHEMES: SchemeId[] = ["plan", "alternance", "pro-a", "abondement-cpf"];
const LARGE_SCHEMES: SchemeId[] = ["alternance", "pro-a", "abondement-cpf", "versements-volontaires"];

interface SmallCompanyTerms {
  hourlyCap: number | null;
  ceilings: { "1-10": number | null; "11-49": number | null };
  note: string;
}

const INDICATIVE =
  "Barème publié par branche : valeur par défaut indicative (ordre de grandeur courant), à remplacer par le barème de la branche.";

const TERMS: Record<OpcoSlug, SmallCompanyTerms> = {
  afdas: {
    hourlyCap: null,
    ceilings: { "1-10": 1400, "11-49": 2100 },
    note: "Plafonds annuels du plan mutualisé fixés par le conseil d'administration de l'Afdas : 1 400 € (moins de 11 salariés), 2 100 € (11 à 49). Des plafonds de branche peuvent s'y ajouter.",
  },
  atlas: {
    hourlyCap: null,
    ceilings: { "1-10": 4000, "11-49": 4000 },
    note: "Critères de financement Atlas par branche : 4 000 € HT par an jusqu'à 24 salariés, 6 000 € HT de 25 à 49. Valeur retenue pour 11 à 49 : la plus prudente.",
  },
  constructys: {
    hourlyCap: 24,
    ceilings: { "1-10": null, "11-49": null },
    note: "Critères 2026 du Bâtiment : 24 € HT par heure et par stagiaire, 300 h au plus par stagiaire (actions non qualifiantes). Travaux publics : 32 € HT/h dans la limite de 3 500 € (moins de 11 salariés) ou 5 000 € (11 à 49) par an.",
  },
  ocapiat: { hourlyCap: 25, ceilings: { "1-10": 2500, "11-49": 4000 }, note: INDICATIVE },
  "opco-ep": {
    hourlyCap: 20,
    ceilings: { "1-10": 2000, "11-49": 3000 },
    note: "Critères 2026 par branche : plafonds entreprise de 2 000 € / 3 000 € HT à 3 000 € / 6 000 € HT selon la branche ; actions transversales (bureautique, management…) : 20 € HT/h. Valeurs retenues : les plus prudentes.",
  },
  opcommerce: { hourlyCap: 25, ceilings: { "1-10": 2500, "11-49": 4000 }, note: INDICATIVE },
  "opco-mobilites": {
    hourlyCap: null,
    ceilings: { "1-10": 1200, "11-49": 2000 },
    note: "Enveloppe annuelle selon l'effectif : de 1 200 € (moins de 11 salariés) à 3 200 € (40 à 49 salariés). Valeur retenue pour 11 à 49 : prudente.",
  },
  "opco-sante": { hourlyCap: 25, ceilings: { "1-10": 2500, "11-49": 4000 }, note: INDICATIVE },
  uniformation: {
    hourlyCap: 50,
    ceilings: { "1-10": 3000, "11-49": 3000 },
    note: "Une demande par an jusqu'à 3 000 € ; 50 €/h pour les formations de 70 heures au plus (15 €/h au-delà, non modélisé ici).",
  },
  akto: { hourlyCap: 25, ceilings: { "1-10": 2500, "11-49": 4000 }, note: INDICATIVE },
  opco2i: {
    hourlyCap: 25,
    ceilings: { "1-10": null, "11-49": null },
    note: "Branche de la métallurgie : 25 €/h pour les formations non industrielles, 32 €/h pour les formations industrielles, dans la limite des fonds disponibles.",
  },
};

const LARGE_NOTE =
  "Depuis la loi du 5 septembre 2018, les fonds mutualisés du plan sont réservés aux entreprises de moins de 50 salariés ; au-delà, l'entreprise finance son plan (alternance, Pro-A et versements volontaires restent possibles).";

function ruleFor(opco: OpcoSlug, band: HeadcountBand): FundingRule {
  if (band === "50-299" || band === "300+") {
    return {
      opco,
      band,
      planFunded: false,
      hourlyCap: null,
      annualCeiling: null,
      schemes: LARGE_SCHEMES,
      checkedOn: DEFAULT_RULES_CHECKED_ON,
      note: LARGE_NOTE,
    };
  }
  const terms = TERMS[opco];
  return {
    opco,
    band,
    planFunded: true,
    hourlyCap: terms.hourlyCap,
    annualCeiling: terms.ceilings[band],
    schemes: SMALL_SCHEMES,
    checkedOn: DEFAULT_RULES_CHECKED_ON,
    note: terms.note,
  };
}

/** 44 rules: 11 OPCOs × 4 headcount bands. */
export const DEFAULT_RULES: FundingRule[] = OPCO_SLUGS.flatMap((opco) => HEADCOUNT_BANDS.map((band) => ruleFor(opco, band)));
