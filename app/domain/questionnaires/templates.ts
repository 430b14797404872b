import type { Question, QuestionKind, QuestionRole, QuestionnaireUse } from "./model";

/**
 * The ready-made French questionnaires, one per use, that the organisation adapts in
 * /admin/questionnaires (each save is a new version; answers keep the version they answered).
 * The positioning and the assessment quiz are written for one formation: its prerequisites and its
 * objectives go into their questions.
 */

export interface Template {
  title: string;
  intro: string;
  passPercent: number;
  questions: Question[];
}

function q(
  id: string,
  kind: QuestionKind,
  label: string,
  more: { help?: string; required?: boolean; options?: string[]; expected?: string[]; role?: QuestionRole } = {},
): Question {
  return {
    id,
    kind,
    label,
    help: more.help ?? "",
    required: more.required ?? false,
    options: more.options ?? [],
    expected: more.expected ?? [],
    role: more.role ?? "",
  };
}

const NOTE_HELP = "De 1 (pas du tout) à 5 (tout à fait).";

const ORGANISATION_TEMPLATES: Record<Exclude<QuestionnaireUse, "positionnement" | "evaluation">, Template> = {
  a_chaud: {
    title: "Votre avis sur la formation",
    intro:
      "Quelques minutes pour nous dire comment s'est passée votre formation. Vos réponses nous aident à l'améliorer\u202f; vos commentaires ne sont jamais publiés.",
    passPercent: 70,
    questions: [
      q("qglobal", "note", "Dans l'ensemble, êtes-vous satisfait(e) de cette formation\u202f?", {
        help: NOTE_HELP,
        required: true,
        role: "globale",
      }),
      q("qobjectifs", "note", "Les objectifs annoncés ont-ils été atteints\u202f?", { help: NOTE_HELP, required: true }),
      q("qcontenu", "note", "Le contenu correspondait-il à vos besoins\u202f?", { help: NOTE_HELP }),
      q("qpedagogie", "note", "Comment jugez-vous la pédagogie du formateur ou de la formatrice\u202f?", { help: NOTE_HELP }),
      q("qorganisation", "note", "L'organisation (accueil, salle ou classe virtuelle, supports) vous a-t-elle convenu\u202f?", {
        help: NOTE_HELP,
      }),
      q("qrythme", "choix_unique", "Le rythme de la formation était…", { options: ["Trop lent", "Adapté", "Trop rapide"] }),
      q("qrecommande", "oui_non", "Recommanderiez-vous cette formation à un collègue\u202f?", { required: true, role: "recommandation" }),
      q("qapprecie", "texte_long", "Qu'avez-vous le plus apprécié\u202f?"),
      q("qameliorer", "texte_long", "Que pourrions-nous améliorer\u202f?"),
    ],
  },
  a_froid: {
    title: "Que vous reste-t-il de votre formation\u202f?",
    intro: "Quelques mois ont passé depuis votre formation. Dites-nous ce qu'elle a changé dans votre travail.",
    passPercent: 70,
    questions: [
      q("qrecul", "note", "Avec le recul, quelle note donnez-vous à cette formation\u202f?", { help: NOTE_HELP, required: true }),
      q("qusage", "choix_unique", "Utilisez-vous ce que vous avez appris dans votre travail\u202f?", {
        required: true,
        options: ["Souvent", "Parfois", "Rarement", "Jamais"],
      }),
      q("qeffets", "choix_multiple", "Qu'est-ce que la formation a changé pour vous\u202f?", {
        help: "Plusieurs réponses possibles.",
        options: [
          "Je suis plus efficace",
          "J'ai pris de nouvelles responsabilités",
          "J'ai changé de poste ou d'emploi",
          "J'ai obtenu une certification",
          "Rien de particulier",
        ],
      }),
      q("qbesoin", "oui_non", "Auriez-vous besoin d'une formation complémentaire\u202f?"),
      q("qcommentaire", "texte_long", "Souhaitez-vous ajouter quelque chose\u202f?"),
    ],
  },
  client: {
    title: "Votre avis sur notre prestation",
    intro: "La session de formation de vos collaborateurs est terminée. Votre appréciation nous aide à mieux répondre à vos besoins.",
    passPercent: 70,
    questions: [
      q("qglobal", "note", "Dans l'ensemble, êtes-vous satisfait(e) de la prestation\u202f?", { help: NOTE_HELP, required: true }),
      q("qbesoins", "note", "La formation a-t-elle répondu aux besoins de votre entreprise\u202f?", { help: NOTE_HELP, required: true }),
      q("qechanges", "note", "Les échanges avec notre équipe (devis, convention, convocations) ont-ils été simples\u202f?", {
        help: NOTE_HELP,
      }),
      q("qencore", "oui_non", "Feriez-vous de nouveau appel à nous\u202f?"),
      q("qcommentaire", "texte_long", "Vos remarques et suggestions"),
    ],
  },
  formateur: {
    title: "Votre bilan de la session",
    intro: "La session que vous avez animée est terminée. Votre regard sur son déroulement nous aide à l'améliorer.",
    passPercent: 70,
    questions: [
      q("qglobal", "note", "Comment s'est déroulée la session dans l'ensemble\u202f?", { help: NOTE_HELP, required: true }),
      q("qmateriel", "note", "Les conditions matérielles (salle, équipement, classe virtuelle) étaient-elles satisfaisantes\u202f?", {
        help: NOTE_HELP,
      }),
      q("qniveau", "note", "Le niveau du groupe correspondait-il aux prérequis annoncés\u202f?", { help: NOTE_HELP }),
      q("qsuivi", "oui_non", "Un stagiaire a-t-il rencontré une difficulté qui mérite un suivi\u202f?"),
      q("qcommentaire", "texte_long", "Vos remarques et vos suggestions d'amélioration"),
    ],
  },
  financeur: {
    title: "Votre appréciation de notre collaboration",
    intro: "Vous avez financé des formations que nous avons réalisées l'an dernier. Votre appréciation nous aide à progresser.",
    passPercent: 70,
    questions: [
      q("qglobal", "note", "Dans l'ensemble, êtes-vous satisfait(e) de notre collaboration\u202f?", { help: NOTE_HELP, required: true }),
      q("qdocuments", "note", "Les documents transmis (conventions, attestations, factures) étaient-ils complets et conformes\u202f?", {
        help: NOTE_HELP,
      }),
      q("qdelais", "note", "Les délais de transmission vous ont-ils convenu\u202f?", { help: NOTE_HELP }),
      q("qcommentaire", "texte_long", "Vos remarques et suggestions"),
    ],
  },
};

/** The template of an organisation-wide use. */
export function organisationTemplate(use: Exclude<QuestionnaireUse, "positionnement" | "evaluation">): Template {
  return structuredClone(ORGANISATION_TEMPLATES[use]);
}

/** The positioning questionnaire of one formation (Qualiopi indicator 8): its prerequisites in the question. */
export function positioningTemplate(formation: { title: string; prerequisites: string }): Template {
  const prerequisites = formation.prerequisites.trim();
  return {
    title: `Positionnement — ${formation.title}`,
    intro:
      "Avant votre formation, ces quelques questions permettent au formateur de connaître votre niveau et vos attentes, et de vérifier que la formation vous convient.",
    passPercent: 70,
    questions: [
      q("qprerequis", "oui_non", "Remplissez-vous les prérequis de la formation\u202f?", {
        help: prerequisites ? `Prérequis\u00a0: ${prerequisites.slice(0, 280)}` : "Ils sont indiqués sur la fiche de la formation.",
        required: true,
        expected: ["oui"],
      }),
      q("qniveau", "choix_unique", "Comment évaluez-vous votre niveau actuel sur le sujet\u202f?", {
        required: true,
        options: ["Débutant", "Intermédiaire", "Avancé"],
      }),
      q("qaisance", "note", "Êtes-vous à l'aise avec les outils ou les notions de base du domaine\u202f?", {
        help: NOTE_HELP,
        expected: ["2", "3", "4", "5"],
      }),
      q("qattentes", "texte_long", "Qu'attendez-vous de cette formation\u202f? Quelles situations de travail voulez-vous améliorer\u202f?"),
      q("qadaptation", "oui_non", "Avez-vous besoin d'une adaptation (handicap, contrainte particulière)\u202f?", {
        help: "Si oui, notre référent handicap vous contactera.",
      }),
    ],
  };
}

/**
 * The assessment quiz of one formation (Qualiopi indicator 11): one question per objective, to
 * replace or complete by questions with their right answer. Its score proposes the trainee's result.
 */
export function assessmentTemplate(formation: { title: string; objectives: string[] }): Template {
  const objectives = formation.objectives.filter((o) => o.trim()).slice(0, 20);
  const questions = objectives.length
    ? objectives.map((o, i) =>
        q(`qobjectif${i + 1}`, "oui_non", `Êtes-vous capable de\u00a0: ${o.trim().replace(/[.\s]+$/, "")}\u202f?`, {
          required: true,
          expected: ["oui"],
        }),
      )
    : [q("qobjectif1", "oui_non", "Avez-vous atteint les objectifs de la formation\u202f?", { required: true, expected: ["oui"] })];
  return {
    title: `Évaluation des acquis — ${formation.title}`,
    intro: "Pour terminer votre formation, répondez à ces questions. Le formateur s'appuie sur votre score pour valider vos acquis.",
    passPercent: 70,
    questions: [...questions, q("qcommentaire", "texte_long", "Un point sur lequel vous souhaitez revenir\u202f?")],
  };
}
