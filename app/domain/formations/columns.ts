/**
 * The flat layout of a formation (part of the formation model, pure, runs anywhere): one row per
 * formation, one column per field, each with its French label and its kind. The catalogue's files
 * (import, export, templates: app/domain/catalogue-import) are written in it; the admin list and the
 * history name a field by its label, and a draft's empty value follows its kind (`./draft.ts`). Nested fields are written in one cell each:
 * - `programme`: a JSON array of modules `[{"titre": "…", "contenu": "…", "duree_heures": 3.5}]`
 *   (what the export writes), or plain text: one module per line (or separated by `|` or `;`),
 *   each with an optional duration: `Préparer ses données (3,5 h)`, `Les formules – 1 jour`;
 * - `sessions`: sessions separated by `|` (or one per line), each `début;fin;ville;places`, for
 *   example `2026-03-12;2026-03-13;lyon;8 | 2026-04-02;2026-04-02;à distance;12`
 *   (dates AAAA-MM-JJ or JJ/MM/AAAA; ville: identifiant or name, or « à distance »), or a JSON array;
 *   in a workbook, also the « Sessions » sheet, one row per session (`catalogue-import/sessions-sheet.ts`);
 * - `objectifs`: one per line, or separated by `|` or `;`; names (`villes`, `financements`, `opco`):
 *   separated by lines, `,`, `;` or `|`;
 * - `prix_inter`: a number in euros (« 1 290 € HT » is read), or « Sur devis »;
 * - `image`: the JSON description of an image already uploaded (what the export writes), or empty.
 * Headers are recognised in French and in English, with or without accents, and by their words
 * (« Nb jours », « Tarif HT », « Durée (j) »); `key` is also what a JSON file uses as property names.
 */

export type ColumnKind =
  | "slug"
  | "status"
  | "text"
  | "markdown"
  | "number"
  | "bool"
  | "date"
  | "lines"
  | "modality"
  | "vat"
  | "certification"
  | "category"
  | "cities"
  | "funding"
  | "opcos"
  | "program"
  | "sessions"
  | "image";

export interface CatalogueColumn {
  /** Property name in JSON files; also recognised as a header. */
  key: string;
  /** The header written in templates and exports. */
  label: string;
  /** The formation field it fills (`status` is the publication state). */
  field: string;
  kind: ColumnKind;
  /** Other headers recognised (French and English); compared without accents, case or punctuation. */
  aliases: string[];
  /** One French sentence for the template's instructions. */
  help: string;
  /** Required to create a formation (an update may leave it out: the current value is kept). */
  required?: boolean;
}

export const CATALOGUE_COLUMNS: CatalogueColumn[] = [
  {
    key: "slug",
    label: "Adresse (slug)",
    field: "slug",
    kind: "slug",
    aliases: ["slug", "adresse", "url", "identifiant", "adresse web"],
    help: "Identifie la formation : une ligne dont l'adresse existe déjà met cette formation à jour, sinon une formation est créée. Vide : l'adresse est tirée du titre. Lettres minuscules sans accent, chiffres et tirets ; jamais le mot « vs ».",
  },
  {
    key: "statut",
    label: "Statut",
    field: "status",
    kind: "status",
    aliases: ["status", "etat", "publication", "statut de publication", "publie", "en ligne"],
    help: "« publiée » ou « brouillon ». Vide : brouillon pour une nouvelle formation, statut inchangé pour une mise à jour.",
  },
  {
    key: "titre",
    label: "Titre",
    field: "title",
    kind: "text",
    required: true,
    aliases: [
      "title",
      "intitule",
      "nom",
      "nom de la formation",
      "formation",
      "name",
      "intitule de la formation",
      "course title",
      "libelle",
      "libelle de la formation",
    ],
    help: "De 5 à 120 caractères.",
  },
  {
    key: "resume",
    label: "Résumé",
    field: "summary",
    kind: "text",
    required: true,
    aliases: [
      "summary",
      "accroche",
      "chapeau",
      "extrait",
      "short description",
      "resume court",
      "description courte",
      "presentation courte",
    ],
    help: "De 20 à 300 caractères, affiché dans les listes.",
  },
  {
    key: "categorie",
    label: "Catégorie",
    field: "categoryId",
    kind: "category",
    required: true,
    aliases: ["category", "domaine", "thematique", "theme", "famille", "pole", "filiere", "domaine de formation"],
    help: "L'identifiant (par exemple « bureautique ») ou le nom d'une catégorie existante.",
  },
  {
    key: "description",
    label: "Présentation",
    field: "description",
    kind: "markdown",
    required: true,
    aliases: ["presentation", "descriptif", "description longue", "long description"],
    help: "Texte en Markdown.",
  },
  {
    key: "programme",
    label: "Programme",
    field: "program",
    kind: "program",
    required: true,
    aliases: [
      "program",
      "programme detaille",
      "modules",
      "syllabus",
      "curriculum",
      "contenu de la formation",
      "contenu",
      "deroule",
      "deroulement",
      "programme de la formation",
    ],
    help: "Un module par ligne (ou modules séparés par « | »), chacun suivi de sa durée si besoin : « Les bases (3,5 h) », « Les formules – 1 jour » (7 h par jour). Le tableau JSON qu'écrit l'export est aussi lu.",
  },
  {
    key: "objectifs",
    label: "Objectifs",
    field: "objectives",
    kind: "lines",
    required: true,
    aliases: [
      "objectives",
      "objectifs pedagogiques",
      "learning objectives",
      "goals",
      "objectif",
      "competences visees",
      "objectifs de la formation",
      "competences",
    ],
    help: "Un objectif par ligne, ou objectifs séparés par « | » ou « ; » (20 au plus).",
  },
  {
    key: "prerequis",
    label: "Prérequis",
    field: "prerequisites",
    kind: "text",
    required: true,
    aliases: ["prerequisites", "pre requis", "prerequisite", "requirements", "niveau requis"],
    help: "Écrivez « Aucun » s'il n'y en a pas.",
  },
  {
    key: "public",
    label: "Public visé",
    field: "audience",
    kind: "text",
    required: true,
    aliases: [
      "public vise",
      "public concerne",
      "audience",
      "target audience",
      "pour qui",
      "publics",
      "public cible",
      "cible",
      "participants",
      "pour qui ?",
    ],
    help: "À qui s'adresse la formation.",
  },
  {
    key: "duree_heures",
    label: "Durée (heures)",
    field: "durationHours",
    kind: "number",
    required: true,
    aliases: [
      "duree en heures",
      "heures",
      "nombre d heures",
      "duration hours",
      "hours",
      "duree h",
      "duree",
      "nombre heures",
      "volume horaire",
      "heures de formation",
      "duree totale",
    ],
    help: "Nombre d'heures, virgule décimale acceptée (3,5) ; « 14 h » ou « 2 jours » sont lus. Vide : déduite des jours (7 h par jour).",
  },
  {
    key: "duree_jours",
    label: "Durée (jours)",
    field: "durationDays",
    kind: "number",
    required: true,
    aliases: ["duree en jours", "jours", "nombre de jours", "duration days", "days", "nombre jours", "duree j"],
    help: "Nombre de jours, virgule décimale acceptée (0,5). Vide : déduite des heures (7 h par jour).",
  },
  {
    key: "modalite",
    label: "Modalité",
    field: "modality",
    kind: "modality",
    required: true,
    aliases: ["modality", "format", "mode", "modalite pedagogique", "delivery mode", "modalites", "type de formation", "lieu de formation"],
    help: "« présentiel », « distanciel » ou « mixte ».",
  },
  {
    key: "methodes_pedagogiques",
    label: "Méthodes pédagogiques",
    field: "teachingMethods",
    kind: "markdown",
    required: true,
    aliases: [
      "moyens pedagogiques",
      "teaching methods",
      "pedagogie",
      "methodes et moyens pedagogiques",
      "methodes mobilisees",
      "moyens pedagogiques et techniques",
      "methodes",
    ],
    help: "Texte en Markdown.",
  },
  {
    key: "modalites_evaluation",
    label: "Modalités d'évaluation",
    field: "evaluationMethods",
    kind: "markdown",
    required: true,
    aliases: [
      "modalites evaluation",
      "evaluation",
      "evaluation methods",
      "methodes d evaluation",
      "assessment",
      "modalites d evaluation",
      "evaluation des acquis",
      "suivi et evaluation",
    ],
    help: "Texte en Markdown.",
  },
  {
    key: "modalites_acces",
    label: "Modalités d'accès",
    field: "accessModalities",
    kind: "markdown",
    required: true,
    aliases: ["access modalities", "inscription", "modalites d inscription", "access", "modalites et delais d acces", "acces"],
    help: "Texte en Markdown.",
  },
  {
    key: "delai_acces",
    label: "Délai d'accès",
    field: "accessLeadTime",
    kind: "text",
    required: true,
    aliases: ["delai", "delais d acces", "lead time", "access lead time", "delai d inscription", "delais"],
    help: "Par exemple « 10 jours ouvrés avant le début de la session ».",
  },
  {
    key: "prix_inter",
    label: "Prix inter-entreprises (€ par personne)",
    field: "priceInter",
    kind: "number",
    aliases: [
      "prix",
      "tarif",
      "tarif inter",
      "prix inter entreprises",
      "price",
      "price per person",
      "cout",
      "prix par personne",
      "tarif inter entreprises",
      "prix inter",
      "tarifs",
      "cout de la formation",
      "montant",
    ],
    help: "En euros (« 1 290 € HT » est lu) ; « Sur devis » ou vide : la page affiche « Sur devis ».",
  },
  {
    key: "intra_sur_devis",
    label: "Intra sur devis",
    field: "intraOnQuote",
    kind: "bool",
    aliases: ["intra", "intra on quote", "intra entreprise", "intra entreprise sur devis"],
    help: "« oui » ou « non ».",
  },
  {
    key: "tva",
    label: "TVA",
    field: "vatMode",
    kind: "vat",
    required: true,
    aliases: ["vat", "regime de tva", "vat mode", "taxes", "tva applicable"],
    help: "« HT », « TTC » ou « exonéré ».",
  },
  {
    key: "contact_nom",
    label: "Contact (nom)",
    field: "contactName",
    kind: "text",
    required: true,
    aliases: ["contact", "nom du contact", "contact name", "interlocuteur", "responsable", "referent pedagogique"],
    help: "La personne à contacter.",
  },
  {
    key: "contact_email",
    label: "Contact (e-mail)",
    field: "contactEmail",
    kind: "text",
    required: true,
    aliases: ["email du contact", "contact mail", "contact e mail", "email", "e mail", "courriel"],
    help: "Adresse e-mail du contact.",
  },
  {
    key: "contact_telephone",
    label: "Contact (téléphone)",
    field: "contactPhone",
    kind: "text",
    required: true,
    aliases: ["telephone", "tel", "contact phone", "phone", "telephone du contact"],
    help: "Numéro de téléphone du contact.",
  },
  {
    key: "accessibilite",
    label: "Accessibilité (handicap)",
    field: "accessibility",
    kind: "markdown",
    required: true,
    aliases: [
      "accessibility",
      "handicap",
      "accessibilite aux personnes handicapees",
      "accessibilite handicap",
      "accessibilite psh",
      "accessibilite aux personnes en situation de handicap",
      "situation de handicap",
    ],
    help: "Texte en Markdown.",
  },
  {
    key: "referent_handicap_nom",
    label: "Référent handicap (nom)",
    field: "disabilityContactName",
    kind: "text",
    required: true,
    aliases: ["referent handicap", "disability contact", "disability contact name"],
    help: "Nom du référent handicap.",
  },
  {
    key: "referent_handicap_email",
    label: "Référent handicap (e-mail)",
    field: "disabilityContactEmail",
    kind: "text",
    required: true,
    aliases: ["email du referent handicap", "disability contact email", "referent handicap mail"],
    help: "Adresse e-mail du référent handicap.",
  },
  {
    key: "taux_satisfaction",
    label: "Taux de satisfaction (%)",
    field: "satisfactionRate",
    kind: "number",
    aliases: ["satisfaction", "satisfaction rate", "taux satisfaction", "note de satisfaction"],
    help: "De 0 à 100 ; vide si non mesuré.",
  },
  {
    key: "taux_reussite",
    label: "Taux de réussite (%)",
    field: "successRate",
    kind: "number",
    aliases: ["reussite", "success rate", "taux de succes", "taux reussite"],
    help: "De 0 à 100 ; vide si non mesuré.",
  },
  {
    key: "nombre_stagiaires",
    label: "Nombre de stagiaires",
    field: "traineesCount",
    kind: "number",
    aliases: ["stagiaires", "trainees", "trainees count", "nombre d apprenants", "apprenants formes"],
    help: "Nombre entier ; vide si non mesuré.",
  },
  {
    key: "date_mesure_indicateurs",
    label: "Indicateurs mesurés le",
    field: "resultsMeasuredAt",
    kind: "date",
    aliases: ["date des indicateurs", "date de mesure", "results measured at", "measured at", "date mesure"],
    help: "AAAA-MM-JJ ou JJ/MM/AAAA ; obligatoire si un indicateur est renseigné.",
  },
  {
    key: "certification",
    label: "Certification",
    field: "certificationType",
    kind: "certification",
    aliases: ["type de certification", "certification type", "certifiante"],
    help: "« aucune », « RNCP » ou « RS ». Vide : aucune.",
  },
  {
    key: "certification_code",
    label: "Code RNCP ou RS",
    field: "certificationCode",
    kind: "text",
    aliases: [
      "code rncp",
      "code rs",
      "code certification",
      "certification code",
      "code de la certification",
      "rncp",
      "code rncp rs",
      "code rncp ou rs",
      "code rs ou rncp",
    ],
    help: "Par exemple RNCP35399 ou RS5252.",
  },
  {
    key: "certification_intitule",
    label: "Intitulé de la certification",
    field: "certificationTitle",
    kind: "text",
    aliases: ["intitule certification", "certification title", "titre de la certification"],
    help: "Intitulé exact, tel qu'enregistré.",
  },
  {
    key: "certificateur",
    label: "Certificateur",
    field: "certifier",
    kind: "text",
    aliases: ["certifier", "organisme certificateur"],
    help: "L'organisme qui délivre la certification.",
  },
  {
    key: "certification_date",
    label: "Date d'enregistrement de la certification",
    field: "certificationRegisteredAt",
    kind: "date",
    aliases: ["date d enregistrement", "certification registered at", "registration date", "date enregistrement certification"],
    help: "AAAA-MM-JJ ou JJ/MM/AAAA.",
  },
  // Qualiopi indicator 3: required to publish a certifying formation, ignored for the others.
  {
    key: "certification_taux_obtention",
    label: "Taux d'obtention de la certification (%)",
    field: "certificationPassRate",
    kind: "number",
    aliases: ["taux d obtention", "taux d obtention de la certification", "certification pass rate", "pass rate"],
    help: "De 0 à 100 ; obligatoire pour une formation certifiante dès qu'un candidat s'est présenté.",
  },
  {
    key: "certification_candidats",
    label: "Candidats présentés à la certification",
    field: "certificationCandidates",
    kind: "number",
    aliases: ["candidats", "nombre de candidats", "certification candidates", "candidats presentes"],
    help: "Nombre entier (0 pour une première session) ; obligatoire pour une formation certifiante.",
  },
  {
    key: "certification_periode",
    label: "Période des résultats de certification",
    field: "certificationResultsPeriod",
    kind: "text",
    aliases: ["periode des resultats", "periode de certification", "certification period", "results period"],
    help: "Par exemple « sessions de 2025 » ou « de janvier à décembre 2025 ».",
  },
  {
    key: "blocs_competences",
    label: "Blocs de compétences",
    field: "competenceBlocks",
    kind: "markdown",
    aliases: ["blocs de competences", "competence blocks", "blocs"],
    help: "Texte ou liste Markdown : un bloc par ligne.",
  },
  {
    key: "validation_partielle",
    label: "Validation partielle possible",
    field: "partialValidation",
    kind: "bool",
    aliases: ["validation partielle", "partial validation", "validation par blocs"],
    help: "« oui » ou « non » : la certification peut-elle s'obtenir bloc par bloc ?",
  },
  {
    key: "equivalences_passerelles",
    label: "Équivalences et passerelles",
    field: "equivalences",
    kind: "markdown",
    aliases: ["equivalences", "passerelles", "equivalences et passerelles", "bridges"],
    help: "Les équivalences et passerelles de la fiche France Compétences, ou « Aucune ».",
  },
  {
    key: "suites_parcours",
    label: "Suites de parcours",
    field: "nextSteps",
    kind: "markdown",
    aliases: ["suite de parcours", "suites de parcours", "next steps", "poursuite de parcours"],
    help: "Les formations ou certifications qui peuvent suivre.",
  },
  {
    key: "debouches",
    label: "Débouchés",
    field: "careerOutcomes",
    kind: "markdown",
    aliases: ["debouches", "career outcomes", "metiers vises", "emplois vises"],
    help: "Les métiers et emplois auxquels la certification prépare.",
  },
  {
    key: "fiche_france_competences",
    label: "Fiche France Compétences",
    field: "franceCompetencesUrl",
    kind: "text",
    aliases: ["france competences", "lien france competences", "france competences url", "fiche rncp", "fiche rs"],
    help: "Adresse de la fiche, par exemple https://www.francecompetences.fr/recherche/rs/5252/.",
  },
  {
    key: "eligible_cpf",
    label: "Éligible au CPF",
    field: "cpfEligible",
    kind: "bool",
    aliases: ["cpf", "cpf eligible", "eligible cpf", "eligibilite cpf", "eligible au cpf"],
    help: "« oui » ou « non » (seule une formation certifiante peut l'être).",
  },
  {
    key: "financements",
    label: "Financements",
    field: "fundingOptions",
    kind: "funding",
    aliases: ["financement", "funding", "funding options", "modes de financement", "financements possibles", "prise en charge"],
    help: "Parmi « entreprise », « pole-emploi » (France Travail) et « particulier », séparés par « , », « ; » ou « | » ; « CPF » rend la formation éligible au CPF.",
  },
  {
    key: "opco",
    label: "OPCO",
    field: "opcos",
    kind: "opcos",
    aliases: ["opcos", "operateurs de competences"],
    help: "Identifiants ou noms d'OPCO séparés par « , », « ; » ou « | » (atlas, akto, opco-ep…).",
  },
  {
    key: "villes",
    label: "Villes",
    field: "cityIds",
    kind: "cities",
    aliases: ["ville", "cities", "city", "lieux", "lieu", "locations", "sites", "villes de formation"],
    help: "Identifiants ou noms de villes existantes, séparés par « , », « ; » ou « | » (« Lyon, Paris »).",
  },
  {
    key: "sessions",
    label: "Sessions",
    field: "sessions",
    kind: "sessions",
    aliases: ["dates", "session", "calendrier", "dates des sessions", "planning", "prochaines sessions", "prochaines dates"],
    help: "Une session par ligne de la cellule (ou sessions séparées par « | »), chacune « début;fin;ville;places », par exemple « 12/03/2027;13/03/2027;lyon;8 ». Dans un classeur Excel, les sessions peuvent aussi occuper une feuille « Sessions », une ligne par session (formation, début, fin, ville, places) : c'est ce que fait le modèle Excel.",
  },
  {
    key: "image",
    label: "Image",
    field: "image",
    kind: "image",
    aliases: ["visuel", "photo", "illustration"],
    help: "Laissez tel quel ce qu'écrit l'export (image déjà téléversée), ou vide ; ajoutez une image depuis l'éditeur.",
  },
  {
    key: "image_alt",
    label: "Texte alternatif de l'image",
    field: "imageAlt",
    kind: "text",
    aliases: ["texte alternatif", "alt", "alt text", "image alt text"],
    help: "Décrit l'image pour qui ne la voit pas.",
  },
  {
    key: "a_la_une",
    label: "À la une",
    field: "featured",
    kind: "bool",
    aliases: ["featured", "mise en avant", "en avant", "une"],
    help: "« oui » ou « non ».",
  },
  {
    key: "seo_titre",
    label: "Titre SEO",
    field: "seoTitle",
    kind: "text",
    aliases: ["titre seo", "seo title", "meta title", "balise title"],
    help: "70 caractères au plus ; vide : le titre.",
  },
  {
    key: "seo_description",
    label: "Description SEO",
    field: "seoDescription",
    kind: "text",
    aliases: ["description seo", "meta description"],
    help: "160 caractères au plus ; vide : le résumé.",
  },
];

export const COLUMN_BY_KEY = new Map(CATALOGUE_COLUMNS.map((c) => [c.key, c]));
export const COLUMN_BY_FIELD = new Map(CATALOGUE_COLUMNS.map((c) => [c.field, c]));

/** A cell as text: "" for empty; numbers as written (French comma kept for the schema to read). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return isoDay(value);
  return JSON.stringify(value);
}

/** A date's day, AAAA-MM-JJ ("" for an invalid date). */
export function isoDay(d: Date): string {
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}
