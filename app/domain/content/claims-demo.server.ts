import { db, nowIso, type Db } from "~/platform/db/db.server";

/**
 * Demonstration claims, inserted only by the demo seed (SEED_DEMO, `npm run seed`) and marked
 * `is_demo`: invented testimonials and figures that an organisation must replace or delete before
 * going live (the dashboard's checklist counts them). Fixed ids make the seed idempotent.
 */
const PERIOD = "formations terminées du 1er janvier au 31 décembre 2025";
const MEASURED_ON = "2026-01-15";

export const DEMO_TESTIMONIALS = [
  {
    id: "demo-temoignage-sophie-m",
    firstName: "Sophie",
    lastInitial: "M.",
    context: "Assistante de direction, PME industrielle de 45 salariés",
    formationTitle: "Excel perfectionnement : tableaux croisés dynamiques et fonctions avancées",
    givenOn: "2026-10-15",
    rating: 5,
    quote:
      "Je passais une demi-journée par mois à consolider nos tableaux de suivi. Depuis la formation, je le fais en vingt minutes avec un tableau croisé dynamique. La formatrice partait de nos fichiers réels, c'est ce qui a tout changé.",
  },
  {
    id: "demo-temoignage-mehdi-b",
    firstName: "Mehdi",
    lastInitial: "B.",
    context: "Chef d'équipe logistique, entrepôt de distribution, 120 salariés",
    formationTitle: "Prendre son poste de manager",
    givenOn: "2026-09-15",
    rating: 5,
    quote:
      "Passer de collègue à responsable, ce n'était pas simple. Les mises en situation sur les entretiens difficiles m'ont beaucoup servi, et le point individuel avec le formateur un mois après la session m'a aidé à ajuster ma façon de faire.",
  },
  {
    id: "demo-temoignage-claire-d",
    firstName: "Claire",
    lastInitial: "D.",
    context: "Chargée de clientèle export, ETI agroalimentaire",
    formationTitle: "Anglais professionnel : réunions, e-mails et téléphone",
    givenOn: "2026-07-15",
    rating: 4,
    quote:
      "Les cours en classe virtuelle s'intégraient bien à mon planning, en petit groupe de niveau homogène. J'ose enfin prendre la parole en réunion avec nos clients britanniques. J'aurais aimé une ou deux séances de plus sur l'écrit.",
  },
  {
    id: "demo-temoignage-thomas-l",
    firstName: "Thomas",
    lastInitial: "L.",
    context: "Demandeur d'emploi, ancien commercial, formation financée avec France Travail",
    formationTitle: "Cybersécurité : les bons réflexes au bureau et en télétravail",
    givenOn: "2026-06-15",
    rating: 5,
    quote:
      "L'équipe m'a accompagné pour le dossier de financement avec ma conseillère France Travail, ce qui m'a évité bien des allers-retours. La formation m'a donné des réflexes concrets (mots de passe, hameçonnage, sauvegardes) que j'ai pu mettre en avant en entretien, et j'ai retrouvé un poste deux mois plus tard.",
  },
  {
    id: "demo-temoignage-nadia-r",
    firstName: "Nadia",
    lastInitial: "R.",
    context: "Responsable qualité, sécurité, environnement, entreprise du BTP de 80 salariés",
    formationTitle: "Gestes et postures : prévenir les troubles musculosquelettiques",
    givenOn: "2026-05-15",
    rating: 5,
    quote:
      "Formation réalisée dans nos locaux, pour deux groupes de compagnons. Le formateur a adapté les exercices à nos chantiers et à nos charges réelles. Les équipes en parlent encore et nous avons constaté moins de situations à risque.",
  },
  {
    id: "demo-temoignage-julien-p",
    firstName: "Julien",
    lastInitial: "P.",
    context: "Technico-commercial, distributeur de matériel professionnel",
    formationTitle: "Négocier et défendre ses prix",
    givenOn: "2026-04-15",
    rating: 4,
    quote:
      "Très concret : chaque technique était tout de suite mise en pratique sur des cas proches de nos ventes. Je prépare désormais mes rendez-vous avec une vraie stratégie de concession. Le rythme de la deuxième journée était un peu soutenu.",
  },
  {
    id: "demo-temoignage-emilie-g",
    firstName: "Émilie",
    lastInitial: "G.",
    context: "Gestionnaire ressources humaines, association du secteur médico-social",
    formationTitle: "Conduire les entretiens annuels et professionnels",
    givenOn: "2026-03-15",
    rating: 5,
    quote:
      "Nous devions organiser les entretiens professionnels de 60 salariés. La formation nous a donné une trame claire, conforme aux obligations, et des supports réutilisables. Le suivi après la session a répondu à toutes nos questions pratiques.",
  },
  {
    id: "demo-temoignage-marc-t",
    firstName: "Marc",
    lastInitial: "T.",
    context: "Artisan électricien, entreprise individuelle",
    formationTitle: "Word et PowerPoint : des documents et des présentations professionnels",
    givenOn: "2026-02-15",
    rating: 5,
    quote:
      "Mes devis étaient faits à la main et je n'osais pas présenter mon entreprise. En deux jours, j'ai appris à créer des modèles de devis propres et une présentation claire pour mes clients. Le formateur a pris le temps de reprendre les bases sans jamais me mettre mal à l'aise. J'ai gagné un temps précieux sur mes soirées administratives.",
  },
  {
    id: "demo-temoignage-laura-v",
    firstName: "Laura",
    lastInitial: "V.",
    context: "Cheffe de projet marketing, start-up de services numériques",
    formationTitle: "Intelligence artificielle générative au travail : usages, limites et bonnes pratiques",
    givenOn: "2026-01-15",
    rating: 4,
    quote:
      "Une formation qui va au-delà de l'effet de mode : cas d'usage concrets, limites des outils, confidentialité des données. Je repars avec des méthodes que j'applique chaque semaine. Un support plus détaillé sur les consignes aurait été un plus.",
  },
  {
    id: "demo-temoignage-antoine-f",
    firstName: "Antoine",
    lastInitial: "F.",
    context: "Conseiller commercial, réseau d'agences immobilières",
    formationTitle: "Prospection commerciale et prise de rendez-vous par téléphone",
    givenOn: "2025-12-15",
    rating: 5,
    quote:
      "Je redoutais la prospection téléphonique. Les jeux de rôle, filmés puis débriefés, m'ont aidé à construire un discours naturel et à répondre aux objections sans me braquer. Deux mois plus tard, j'obtiens nettement plus de rendez-vous.",
  },
  {
    id: "demo-temoignage-ines-k",
    firstName: "Inès",
    lastInitial: "K.",
    context: "Particulière en reconversion, formation financée à titre personnel",
    formationTitle: "Espagnol professionnel : niveau intermédiaire",
    givenOn: "2025-11-15",
    rating: 5,
    quote:
      "Je prépare une reconversion dans le tourisme. Le test de niveau m'a placée dans un groupe adapté, et les mises en situation avec une formatrice hispanophone m'ont redonné confiance. J'accueille maintenant des clients en espagnol sans appréhension.",
  },
  {
    id: "demo-temoignage-patrick-n",
    firstName: "Patrick",
    lastInitial: "N.",
    context: "Directeur administratif et financier, groupe de transport, 300 salariés",
    formationTitle: "Recruter sans discriminer : les fondamentaux du recrutement",
    givenOn: "2025-10-15",
    rating: 4,
    quote:
      "Formation organisée en intra pour nos managers qui recrutent. Les apports juridiques étaient précis et toujours reliés à des exemples. Nous avons revu nos grilles d'entretien dans la foulée. Une demi-journée supplémentaire sur les annonces aurait été utile.",
  },
] as const;

export const DEMO_RESULTS = [
  // `measure`: the figures the questionnaires now compute (README « Questionnaires »): typed ones stay for earlier periods.
  { id: "demo-resultat-note", figure: "4,6/5", label: "note moyenne attribuée à la formation", measure: "note" },
  { id: "demo-resultat-satisfaction", figure: "95\u00a0%", label: "de stagiaires satisfaits ou très satisfaits", measure: "satisfaction" },
  {
    id: "demo-resultat-recommandation",
    figure: "93\u00a0%",
    label: "recommanderaient la formation à un collègue",
    measure: "recommandation",
  },
  { id: "demo-resultat-certification", figure: "91\u00a0%", label: "de réussite aux certifications présentées", measure: "" },
  { id: "demo-resultat-assiduite", figure: "98\u00a0%", label: "des stagiaires ont suivi la formation jusqu'au bout", measure: "" },
] as const;

export const DEMO_ARGUMENTS = [
  {
    id: "demo-argument-formateurs",
    title: "Des formateurs qui pratiquent leur métier",
    body: "Nos formateurs exercent, ou ont exercé, le métier qu'ils enseignent : une manager forme les managers, un préventeur forme à la prévention, une comptable forme sur Excel.\n\n- Nos formateurs exercent, ou ont exercé, le métier qu'ils enseignent : une manager forme les managers, un préventeur forme à la prévention, une comptable forme sur Excel.\n- Au moins cinq ans d'expérience professionnelle dans le domaine enseigné, vérifiée avant toute collaboration.\n- Une observation en situation de formation avant la première session confiée.\n- Une évaluation par les stagiaires à la fin de chaque session, analysée avec le formateur.\n- Un plan annuel de développement des compétences pédagogiques et techniques pour chacun.",
  },
  {
    id: "demo-argument-suivi",
    title: "Un suivi personnalisé, avant, pendant et après",
    body: "Une formation réussie commence avant le premier jour et se prolonge après le dernier.\n\n- Un questionnaire ou un entretien de positionnement pour connaître votre niveau et vos objectifs.\n- Un programme ajusté à votre groupe ou à votre entreprise, sans supplément pour une adaptation raisonnable.\n- Un référent pédagogique joignable pendant toute la formation, par téléphone ou par courriel.\n- Une évaluation des acquis en fin de formation et un questionnaire de suivi trois mois plus tard.",
  },
  {
    id: "demo-argument-financement",
    title: "Une aide concrète pour financer votre formation",
    body: "OPCO, compte personnel de formation, France Travail, plan de développement des compétences : nous vous aidons à trouver le bon financement et à constituer le dossier.\n\n- OPCO, compte personnel de formation, France Travail, plan de développement des compétences : nous vous aidons à trouver le bon financement et à constituer le dossier.\n- L'identification de l'OPCO de votre entreprise et des règles de prise en charge de votre branche.\n- Un devis, un programme détaillé et une convention prêts à joindre à votre demande de prise en charge.\n- Un accompagnement pour l'inscription sur Mon Compte Formation lorsque la formation est éligible au CPF.\n- La coordination avec votre conseiller France Travail pour une demande d'aide individuelle à la formation.",
  },
  {
    id: "demo-argument-formats",
    title: "Le format qui s'adapte à vos contraintes",
    body: "Chaque formation existe dans le format le plus utile pour vous, à des dates qui conviennent à votre activité.\n\n- En présentiel, dans nos salles de formation de plusieurs villes de France ou dans vos locaux.\n- En distanciel, en classe virtuelle animée en direct par un formateur, jamais de vidéos seules.\n- En mixte, avec des journées en salle et des séquences à distance pour mettre en pratique entre deux rendez-vous.\n- En inter-entreprises sur des sessions programmées, en intra pour vos équipes, ou en individuel.",
  },
  {
    id: "demo-argument-accessibilite",
    title: "Un référent handicap à votre écoute",
    body: "Chaque personne en situation de handicap peut en parler, en toute confidentialité, avec notre référent handicap avant de s'inscrire.\n\n- Chaque personne en situation de handicap peut en parler, en toute confidentialité, avec notre référent handicap avant de s'inscrire.\n- Un échange préalable pour identifier vos besoins : rythme, supports, outils, lieu, modalités d'évaluation.\n- Des adaptations mises en place avec le formateur et, si besoin, avec l'Agefiph ou les partenaires spécialisés.\n- Une vérification de l'accessibilité du lieu de formation, ou une solution à distance lorsqu'elle convient mieux.",
  },
  {
    id: "demo-argument-resultats",
    title: "Des résultats mesurés et publiés",
    body: "Chaque stagiaire évalue sa formation. Nous publions les résultats, datés, et nous en tirons des améliorations concrètes.\n\n- Un questionnaire de satisfaction à la fin de chaque formation, et un questionnaire de suivi à trois mois.\n- Une réponse écrite à chaque réclamation, dans un délai de quinze jours ouvrés.\n- La publication annuelle des taux de satisfaction, de recommandation et de réussite aux certifications.",
  },
] as const;

/** Inserts the demonstration claims that are missing; returns how many were added. */
export async function seedDemoClaims(target: Db = db()): Promise<number> {
  const now = nowIso();
  let added = 0;
  const missing = async (table: "testimonials" | "result_figures" | "why_us_arguments", id: string) =>
    !(await target.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
  for (const [position, t] of DEMO_TESTIMONIALS.entries()) {
    if (!(await missing("testimonials", t.id))) continue;
    await target
      .insertInto("testimonials")
      .values({
        id: t.id,
        quote: t.quote,
        first_name: t.firstName,
        last_initial: t.lastInitial,
        context: t.context,
        formation_id: null,
        formation_title: t.formationTitle,
        given_on: t.givenOn,
        rating: t.rating,
        consent: 1,
        consent_on: t.givenOn,
        published: 1,
        position,
        is_demo: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    added++;
  }
  for (const [position, r] of DEMO_RESULTS.entries()) {
    if (!(await missing("result_figures", r.id))) continue;
    await target
      .insertInto("result_figures")
      .values({ ...r, period: PERIOD, sample_size: 1027, measured_on: MEASURED_ON, position, is_demo: 1, created_at: now, updated_at: now })
      .execute();
    added++;
  }
  for (const [position, a] of DEMO_ARGUMENTS.entries()) {
    if (!(await missing("why_us_arguments", a.id))) continue;
    await target
      .insertInto("why_us_arguments")
      .values({ ...a, position, is_demo: 1, created_at: now, updated_at: now })
      .execute();
    added++;
  }
  return added;
}
