import type { CategorySlug } from "./labels";
import { OPCO_NAMES, type OpcoSlug } from "./opco-list";

/**
 * The 11 OPCO pages' content, held as data. Written from each OPCO's public pages and
 * the Ministry of Labour's list of approved operators; checked on the date below. What an OPCO
 * pays is decided per professional branch and changes during the year: the pages describe the
 * schemes and send the visitor to the OPCO's own criteria, the simulator gives the figures.
 */
export const OPCO_CONTENT_CHECKED_ON = "2026-11-21";

export interface OpcoContent {
  slug: OpcoSlug;
  /** Short name, as the OPCO writes it. */
  name: string;
  /** Full official designation. */
  fullName: string;
  /** One sentence for the overview and the meta description. */
  summary: string;
  /** Fields of activity covered. */
  sectors: string[];
  /** Examples of professional branches (collective agreements) attached to it. */
  branches: string[];
  /** What it funds, and for whom. */
  funds: Array<{ title: string; text: string }>;
  /** How a company applies, in order. */
  howToApply: string[];
  /** Something specific to this OPCO worth knowing. */
  goodToKnow?: string;
  /** Official website (shown as a plain-text link). */
  website: string;
  /** Our course categories that fit its companies best. */
  categories: CategorySlug[];
  checkedOn: string;
}

/** Schemes every OPCO runs under the law (Code du travail, art. L. 6332-1 and following). */
const PLAN_50 = (name: string, extra = "") => ({
  title: "Plan de développement des compétences (moins de 50 salariés)",
  text: `Pour les entreprises de moins de 50 salariés, ${name} prend en charge tout ou partie des coûts pédagogiques des formations décidées par l'employeur, selon les barèmes de la branche et dans la limite des fonds disponibles.${extra}`,
});
const ALTERNANCE = {
  title: "Alternance",
  text: "Contrats d'apprentissage et de professionnalisation, quelle que soit la taille de l'entreprise : prise en charge selon les niveaux fixés par les branches. Pour les contrats d'apprentissage conclus depuis le 1er juillet 2025 qui visent un diplôme ou un titre de niveau bac + 3 et plus, l'employeur verse une participation forfaitaire de 750 €.",
};
const PRO_A = {
  title: "Pro-A",
  text: "La reconversion ou promotion par alternance permet à un salarié en CDI dont la qualification est inférieure à la licence de préparer une certification en alternance, financée selon un forfait horaire.",
};
const CPF_COCONSTRUIT = {
  title: "CPF co-construit",
  text: "Quand le compte personnel de formation d'un salarié ne suffit pas, l'employeur ou l'OPCO peut compléter (abondement) ; le salarié est alors dispensé de la participation forfaitaire.",
};

const HOW_TO_APPLY_COMMON = (name: string, space: string) => [
  "Vérifiez que votre entreprise relève bien de cet OPCO : l'identifiant de votre convention collective (IDCC) figure sur les bulletins de paie.",
  `Consultez les critères de prise en charge de votre branche sur le site ${name}.`,
  "Demandez-nous un devis, le programme et la convention de formation.",
  `Déposez la demande de prise en charge dans votre ${space}, avant le début de la formation.`,
  "Avec la subrogation de paiement, l'OPCO nous règle directement ; sinon, vous payez la facture et l'OPCO vous rembourse sur justificatifs (certificat de réalisation, feuilles d'émargement).",
];

export const OPCOS: Record<OpcoSlug, OpcoContent> = {
  afdas: {
    slug: "afdas",
    name: OPCO_NAMES.afdas,
    fullName:
      "Afdas, opérateur de compétences de la culture, des industries créatives, des médias, de la communication, des télécommunications, du sport, du tourisme, des loisirs et du divertissement",
    summary:
      "L'OPCO de la culture, des médias, de la communication, du sport, des loisirs et du tourisme, qui accompagne aussi les intermittents et les artistes-auteurs.",
    sectors: [
      "Spectacle vivant et enregistré, cinéma, audiovisuel",
      "Presse, édition, publicité, communication",
      "Télécommunications",
      "Sport, loisirs, hôtellerie de plein air et organismes de tourisme",
    ],
    branches: [
      "Entreprises artistiques et culturelles, spectacle vivant privé",
      "Production audiovisuelle et cinématographique, exploitation cinématographique",
      "Presse magazine, presse quotidienne régionale et départementale",
      "Publicité",
      "Sport",
      "Espaces de loisirs, d'attractions et culturels",
    ],
    funds: [
      PLAN_50(
        "l'Afdas",
        " Le plan mutualisé est plafonné chaque année par entreprise ; certaines branches ajoutent un budget conventionnel.",
      ),
      ALTERNANCE,
      PRO_A,
      {
        title: "Intermittents du spectacle et artistes-auteurs",
        text: "L'Afdas finance aussi, à titre individuel, la formation des artistes et techniciens intermittents, des artistes-auteurs et des journalistes rémunérés à la pige, selon des conditions d'activité.",
      },
    ],
    howToApply: HOW_TO_APPLY_COMMON("de l'Afdas", "espace adhérent Afdas"),
    goodToKnow:
      "Les versements volontaires confiés à l'Afdas ouvrent un budget de formation en plus du plan mutualisé, y compris pour les entreprises de 50 salariés et plus.",
    website: "https://www.afdas.com",
    categories: ["numerique", "commercial", "langues", "management"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  atlas: {
    slug: "atlas",
    name: OPCO_NAMES.atlas,
    fullName: "Atlas, opérateur de compétences des services financiers et du conseil",
    summary: "L'OPCO de la banque, de l'assurance, de l'expertise comptable, du conseil, de l'ingénierie et du numérique.",
    sectors: [
      "Banque, finance et marchés financiers",
      "Assurance (sociétés, agents généraux, courtage)",
      "Expertise comptable et commissariat aux comptes",
      "Conseil, ingénierie, bureaux d'études et entreprises du numérique",
    ],
    branches: [
      "Banque",
      "Sociétés d'assurances, agents généraux, courtage d'assurances",
      "Bureaux d'études techniques, cabinets d'ingénieurs-conseils et sociétés de conseil",
      "Cabinets d'experts-comptables et de commissaires aux comptes",
      "Économistes de la construction, géomètres-experts",
    ],
    funds: [
      PLAN_50("Atlas", " Atlas publie pour chaque branche un plafond annuel par entreprise selon son effectif."),
      ALTERNANCE,
      PRO_A,
      CPF_COCONSTRUIT,
    ],
    howToApply: HOW_TO_APPLY_COMMON("d'Atlas", "espace entreprise Atlas"),
    goodToKnow:
      "Atlas propose aussi « Campus Atlas », une offre de formations sélectionnées et pré-financées pour les entreprises de moins de 50 salariés.",
    website: "https://www.opco-atlas.fr",
    categories: ["bureautique", "numerique", "management", "langues", "rh", "commercial"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  constructys: {
    slug: "constructys",
    name: OPCO_NAMES.constructys,
    fullName: "Constructys, opérateur de compétences de la construction",
    summary: "L'OPCO du bâtiment, des travaux publics et du négoce des matériaux de construction.",
    sectors: ["Bâtiment", "Travaux publics", "Négoce des matériaux de construction"],
    branches: [
      "Bâtiment : ouvriers, ETAM et cadres, entreprises de toutes tailles",
      "Travaux publics : ouvriers, ETAM et cadres",
      "Négoce des matériaux de construction",
    ],
    funds: [
      PLAN_50(
        "Constructys",
        " Les barèmes diffèrent entre le Bâtiment (coût horaire plafonné par stagiaire) et les Travaux publics (coût horaire et budget annuel).",
      ),
      ALTERNANCE,
      PRO_A,
      {
        title: "Actions spécifiques hors budget annuel",
        text: "Bilan de compétences, accompagnement VAE, certification CléA et ingénierie AFEST peuvent être financés en plus, pour les entreprises de moins de 50 salariés.",
      },
    ],
    howToApply: HOW_TO_APPLY_COMMON("de Constructys", "espace en ligne Constructys"),
    goodToKnow:
      "Les formations sécurité (travail en hauteur, habilitations, gestes et postures) sont parmi les plus demandées par les entreprises du BTP.",
    website: "https://www.constructys.fr",
    categories: ["securite", "management", "bureautique", "commercial"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  ocapiat: {
    slug: "ocapiat",
    name: OPCO_NAMES.ocapiat,
    fullName:
      "OCAPIAT, opérateur de compétences pour la coopération agricole, l'agriculture, la pêche, l'industrie agroalimentaire et les territoires",
    summary: "L'OPCO de l'agriculture, du paysage, de la pêche, des industries alimentaires et de la coopération agricole.",
    sectors: [
      "Exploitations agricoles, entreprises du paysage, travaux agricoles et forestiers",
      "Industries alimentaires",
      "Coopération agricole et commerce agricole",
      "Pêche, cultures marines et coopération maritime",
    ],
    branches: [
      "Production agricole et CUMA",
      "Entreprises du paysage",
      "Industries alimentaires diverses, industrie laitière, boulangerie-pâtisserie industrielle",
      "Coopératives agricoles",
      "Pêche professionnelle et cultures marines",
    ],
    funds: [PLAN_50("OCAPIAT"), ALTERNANCE, PRO_A, CPF_COCONSTRUIT],
    howToApply: HOW_TO_APPLY_COMMON("d'OCAPIAT", "espace en ligne OCAPIAT"),
    goodToKnow: "Les exploitants agricoles non salariés relèvent de VIVEA pour leur propre formation ; leurs salariés relèvent d'OCAPIAT.",
    website: "https://www.ocapiat.fr",
    categories: ["securite", "management", "bureautique", "commercial"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  "opco-ep": {
    slug: "opco-ep",
    name: OPCO_NAMES["opco-ep"],
    fullName: "Opco EP, opérateur de compétences des entreprises de proximité",
    summary: "L'OPCO interprofessionnel de l'artisanat, des professions libérales et des services de proximité.",
    sectors: [
      "Artisanat (alimentaire, services, fabrication)",
      "Professions libérales (santé, droit, cadre de vie)",
      "Services de proximité et commerces de détail spécialisés",
    ],
    branches: [
      "Boulangerie-pâtisserie artisanale, boucherie-charcuterie",
      "Coiffure, esthétique, fleuristes",
      "Pharmacie d'officine, cabinets médicaux et dentaires, laboratoires de biologie médicale",
      "Entreprises d'architecture, cabinets d'avocats",
      "Taxis et autres services de proximité",
    ],
    funds: [
      PLAN_50(
        "Opco EP",
        " Les barèmes sont fixés par la section paritaire de chaque branche : plafond par entreprise et coût horaire selon le type de formation.",
      ),
      ALTERNANCE,
      PRO_A,
      CPF_COCONSTRUIT,
    ],
    howToApply: HOW_TO_APPLY_COMMON("d'Opco EP", "espace en ligne Opco EP"),
    goodToKnow:
      "Opco EP est l'un des deux OPCO interprofessionnels : il accueille aussi les entreprises dont la branche n'est rattachée à aucun autre OPCO.",
    website: "https://www.opcoep.fr",
    categories: ["bureautique", "commercial", "numerique", "management"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  opcommerce: {
    slug: "opcommerce",
    name: OPCO_NAMES.opcommerce,
    fullName: "L'Opcommerce, opérateur de compétences du commerce",
    summary: "L'OPCO du commerce de détail, de la grande distribution, du commerce à distance et du commerce de gros spécialisé.",
    sectors: [
      "Commerce à prédominance alimentaire (détail et gros) et grande distribution",
      "Commerces de détail non alimentaires",
      "Commerce à distance",
      "Import-export et commerce international",
    ],
    branches: [
      "Bricolage, jardineries et graineteries",
      "Commerce succursaliste de l'habillement et de la chaussure",
      "Optique-lunetterie de détail, horlogerie-bijouterie",
      "Grands magasins et magasins populaires",
      "Entreprises du bureau et du numérique, négoce de l'ameublement",
    ],
    funds: [PLAN_50("l'Opcommerce"), ALTERNANCE, PRO_A, CPF_COCONSTRUIT],
    howToApply: HOW_TO_APPLY_COMMON("de l'Opcommerce", "espace en ligne de l'Opcommerce"),
    goodToKnow:
      "L'Opcommerce propose des diagnostics (compétences, numérique, cybersécurité) pour aider les petites entreprises du commerce à bâtir leur plan.",
    website: "https://www.lopcommerce.com",
    categories: ["commercial", "management", "numerique", "langues"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  "opco-mobilites": {
    slug: "opco-mobilites",
    name: OPCO_NAMES["opco-mobilites"],
    fullName: "OPCO Mobilités, opérateur de compétences des transports et des services de l'automobile",
    summary:
      "L'OPCO du transport routier, de la logistique, des services de l'automobile et des transports urbain, ferroviaire et maritime.",
    sectors: [
      "Transport routier de marchandises et de voyageurs, logistique",
      "Services de l'automobile (réparation, commerce, location, contrôle technique)",
      "Transport urbain et ferroviaire",
      "Transport maritime et fluvial, manutention portuaire",
    ],
    branches: [
      "Transports routiers et activités auxiliaires du transport",
      "Services de l'automobile",
      "Transports urbains de voyageurs",
      "Ferroviaire",
      "Manutention portuaire",
    ],
    funds: [
      PLAN_50("OPCO Mobilités", " L'enveloppe annuelle dépend de l'effectif de l'entreprise."),
      ALTERNANCE,
      PRO_A,
      {
        title: "Formations réglementaires",
        text: "Les formations obligatoires du transport (FIMO, FCO) et les habilitations ont leurs propres conditions de prise en charge, fixées par les branches.",
      },
    ],
    howToApply: HOW_TO_APPLY_COMMON("d'OPCO Mobilités", "espace en ligne OPCO Mobilités"),
    website: "https://www.opcomobilites.fr",
    categories: ["securite", "management", "bureautique", "commercial"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  "opco-sante": {
    slug: "opco-sante",
    name: OPCO_NAMES["opco-sante"],
    fullName: "OPCO Santé, opérateur de compétences du secteur privé de la santé, du social et du médico-social",
    summary: "L'OPCO de l'hospitalisation privée et des établissements sanitaires, sociaux et médico-sociaux privés.",
    sectors: [
      "Hospitalisation privée (cliniques, établissements pour personnes âgées)",
      "Établissements sanitaires, sociaux et médico-sociaux privés à but non lucratif",
      "Thermalisme",
    ],
    branches: [
      "Hospitalisation privée à but lucratif",
      "Branche associative sanitaire, sociale et médico-sociale (conventions de 1951 et de 1966, Croix-Rouge française…)",
      "Centres de lutte contre le cancer",
      "Thermalisme",
    ],
    funds: [PLAN_50("OPCO Santé"), ALTERNANCE, PRO_A, CPF_COCONSTRUIT],
    howToApply: HOW_TO_APPLY_COMMON("d'OPCO Santé", "espace en ligne OPCO Santé"),
    goodToKnow:
      "Les cabinets médicaux et dentaires, les pharmacies d'officine et les laboratoires de biologie relèvent d'Opco EP, pas d'OPCO Santé.",
    website: "https://www.opco-sante.fr",
    categories: ["management", "securite", "rh", "bureautique"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  uniformation: {
    slug: "uniformation",
    name: OPCO_NAMES.uniformation,
    fullName: "Uniformation, opérateur de compétences de la cohésion sociale",
    summary:
      "L'OPCO de l'économie sociale et solidaire : aide à domicile associative, animation, habitat social, insertion, protection sociale.",
    sectors: [
      "Aide, accompagnement, soins et services à domicile (associations)",
      "Animation, centres sociaux et lien social et familial",
      "Habitat social, régies de quartier, insertion",
      "Protection sociale, mutualité, tourisme social et familial",
    ],
    branches: [
      "Aide, accompagnement, soins et services à domicile (BAD)",
      "Éclat (animation)",
      "Acteurs du lien social et familial (Alisfa)",
      "Missions locales, ateliers et chantiers d'insertion, régies de quartier",
      "Habitat social, sécurité sociale, mutualité",
    ],
    funds: [
      PLAN_50(
        "Uniformation",
        " Une demande par an et par entreprise, avec un coût horaire plafonné qui dépend de la durée de la formation.",
      ),
      ALTERNANCE,
      PRO_A,
      CPF_COCONSTRUIT,
    ],
    howToApply: HOW_TO_APPLY_COMMON("d'Uniformation", "espace privé Uniformation"),
    goodToKnow:
      "Beaucoup de structures d'Uniformation sont des associations : la formation des dirigeants bénévoles fait l'objet d'actions collectives spécifiques.",
    website: "https://www.uniformation.fr",
    categories: ["management", "rh", "bureautique", "numerique"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  akto: {
    slug: "akto",
    name: OPCO_NAMES.akto,
    fullName: "AKTO, opérateur de compétences des entreprises et des salariés des services à forte intensité de main-d'œuvre",
    summary:
      "L'OPCO interprofessionnel de l'hôtellerie-restauration, de la propreté, de la sécurité privée, du travail temporaire et d'autres services.",
    sectors: [
      "Hôtellerie, cafés, restauration, restauration rapide et collective",
      "Propreté et services associés",
      "Prévention et sécurité privée",
      "Travail temporaire",
      "Personnel au sol du transport aérien",
    ],
    branches: [
      "Hôtels, cafés, restaurants (HCR)",
      "Restauration rapide, restauration de collectivités",
      "Entreprises de propreté",
      "Entreprises de prévention et de sécurité",
      "Travail temporaire (salariés permanents et intérimaires)",
    ],
    funds: [
      PLAN_50("AKTO", " Les règles de prise en charge sont publiées branche par branche."),
      ALTERNANCE,
      PRO_A,
      {
        title: "Intérimaires",
        text: "Pour le travail temporaire, le fonds professionnel de la branche (FPETT) peut cofinancer les formations des intérimaires en complément d'AKTO.",
      },
    ],
    howToApply: HOW_TO_APPLY_COMMON("d'AKTO", "espace en ligne AKTO"),
    goodToKnow:
      "AKTO est l'un des deux OPCO interprofessionnels : il accueille des branches variées de services où l'humain et la relation client sont au cœur du métier.",
    website: "https://www.akto.fr",
    categories: ["securite", "management", "langues", "commercial"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
  opco2i: {
    slug: "opco2i",
    name: OPCO_NAMES.opco2i,
    fullName: "OPCO 2i, opérateur de compétences interindustriel",
    summary: "L'OPCO de l'industrie : métallurgie, chimie, pharmacie, plasturgie, textile, papier-carton, verre, énergie.",
    sectors: [
      "Métallurgie",
      "Chimie, industrie pharmaceutique, pétrole",
      "Plasturgie, composites, caoutchouc",
      "Textile, papier-carton, verre, industries électriques et gazières",
    ],
    branches: [
      "Métallurgie",
      "Industries chimiques",
      "Industrie pharmaceutique",
      "Plasturgie et composites",
      "Industries textiles, papier-carton",
    ],
    funds: [
      PLAN_50(
        "OPCO 2i",
        " Le coût horaire pris en charge est plus élevé pour les formations industrielles que pour les formations transversales.",
      ),
      ALTERNANCE,
      PRO_A,
      CPF_COCONSTRUIT,
    ],
    howToApply: HOW_TO_APPLY_COMMON("d'OPCO 2i", "espace en ligne OPCO 2i"),
    website: "https://www.opco2i.fr",
    categories: ["securite", "management", "bureautique", "langues"],
    checkedOn: OPCO_CONTENT_CHECKED_ON,
  },
};

/** "www.opco-atlas.fr" from "https://www.opco-atlas.fr": the link's visible text. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
