import type { DocumentKind } from "./model";

/**
 * The mandatory mentions of each document and the article of the Code du travail that requires
 * each (docs/legal/documents.md lists the same, for staff and their counsel). `text` is printed
 * verbatim by the document's template: a test extracts the text of every generated PDF and finds
 * each one.
 */
export interface Mention {
  mention: string;
  article: string;
  text: string;
}

const identity: Mention[] = [
  {
    mention: "Numéro de déclaration d'activité de l'organisme",
    article: "L6351-1",
    text: "Déclaration d'activité enregistrée sous le numéro",
  },
  { mention: "SIRET de l'organisme", article: "R123-237 du Code de commerce", text: "SIRET" },
];

export const MENTIONS: Record<DocumentKind, Mention[]> = {
  convention: [
    { mention: "Parties à la convention (organisme et entreprise)", article: "L6353-1", text: "Entre les soussignés" },
    { mention: "Intitulé de l'action", article: "D6353-1", text: "Intitulé de la formation" },
    { mention: "Nature de l'action (catégorie)", article: "L6313-1 et D6353-1", text: "Nature de l'action" },
    { mention: "Objectifs", article: "L6353-1 et D6353-1", text: "Objectifs" },
    { mention: "Programme", article: "L6353-1", text: "Programme" },
    { mention: "Durée", article: "D6353-1", text: "Durée" },
    { mention: "Dates et horaires", article: "D6353-1", text: "Dates et horaires" },
    { mention: "Lieu", article: "D6353-1", text: "Lieu" },
    { mention: "Effectif (nombre de stagiaires) et noms", article: "D6353-1", text: "Nombre de stagiaires" },
    { mention: "Moyens pédagogiques et techniques", article: "L6353-1", text: "Moyens pédagogiques" },
    { mention: "Modalités d'évaluation et sanction de la formation", article: "L6353-1", text: "Modalités d'évaluation" },
    { mention: "Prix de l'action", article: "D6353-1", text: "Prix de la formation" },
    { mention: "Modalités de règlement", article: "D6353-1", text: "Modalités de paiement" },
    { mention: "Financement (OPCO, fonds propres…)", article: "L6353-2", text: "Financement" },
    { mention: "Conditions d'annulation et de dédit", article: "L6354-1", text: "Annulation et dédit" },
    { mention: "Signatures des parties", article: "L6353-1", text: "Cachet et signature" },
    ...identity,
  ],
  contrat: [
    {
      mention: "Contrat entre l'organisme et une personne physique qui finance elle-même",
      article: "L6353-3",
      text: "à titre individuel et à ses frais",
    },
    { mention: "Nature, durée, programme et objet de l'action", article: "L6353-4 1°", text: "Objet du contrat" },
    { mention: "Objectifs", article: "L6353-4 1°", text: "Objectifs" },
    { mention: "Programme", article: "L6353-4 1°", text: "Programme" },
    { mention: "Durée", article: "L6353-4 1°", text: "Durée" },
    { mention: "Niveau de connaissances préalables requis", article: "L6353-4 2°", text: "Prérequis" },
    { mention: "Conditions de déroulement (lieu, moyens pédagogiques)", article: "L6353-4 3°", text: "Moyens pédagogiques" },
    { mention: "Qualité des formateurs", article: "L6353-4 4°", text: "Formateurs" },
    { mention: "Modalités de paiement", article: "L6353-4 5°", text: "Modalités de paiement" },
    {
      mention: "Conditions financières en cas de cessation anticipée ou d'abandon",
      article: "L6353-4 5° et L6353-7",
      text: "Cessation anticipée",
    },
    { mention: "Délai de rétractation de 10 jours par lettre recommandée", article: "L6353-5", text: "délai de dix jours" },
    { mention: "Aucune somme exigée avant la fin du délai de rétractation", article: "L6353-6", text: "Aucune somme ne peut être exigée" },
    { mention: "Acompte limité à 30 % du prix", article: "L6353-6", text: "30 %" },
    { mention: "Force majeure : seules les prestations dispensées sont dues, au prorata", article: "L6353-7", text: "force majeure" },
    { mention: "Prix de l'action", article: "L6353-4 5°", text: "Prix de la formation" },
    { mention: "Signatures des parties", article: "L6353-3", text: "Signature" },
    ...identity,
  ],
  convocation: [
    { mention: "Intitulé, dates, horaires et lieu", article: "L6353-8", text: "Dates et horaires" },
    { mention: "Lieu", article: "L6353-8", text: "Lieu" },
    { mention: "Programme et objectifs", article: "L6353-8", text: "Objectifs" },
    { mention: "Modalités d'évaluation", article: "L6353-8", text: "Modalités d'évaluation" },
    { mention: "Contact pour les stagiaires et pour l'accessibilité", article: "L6353-8", text: "Votre contact" },
    { mention: "Règlement intérieur applicable", article: "L6353-8 et L6352-3", text: "règlement intérieur" },
    ...identity,
  ],
  emargement: [
    { mention: "Intitulé et dates de l'action", article: "L6362-6", text: "Intitulé de la formation" },
    { mention: "Une feuille par demi-journée", article: "L6362-6 et R6332-26", text: "Demi-journée" },
    { mention: "Nom de chaque stagiaire et sa signature", article: "L6362-6", text: "Signature du stagiaire" },
    { mention: "Signature du formateur", article: "L6362-6", text: "Signature du formateur" },
    ...identity,
  ],
  certificat: [
    { mention: "Objectifs de l'action", article: "L6353-1 alinéa 3", text: "Objectifs" },
    { mention: "Nature de l'action", article: "L6353-1 alinéa 3 et L6313-1", text: "Nature de l'action" },
    { mention: "Durée (et durée suivie par le stagiaire)", article: "L6353-1 alinéa 3", text: "Durée suivie" },
    { mention: "Résultats de l'évaluation des acquis", article: "L6353-1 alinéa 3", text: "Résultat de l'évaluation des acquis" },
    { mention: "Certificat de réalisation (justificatif pour le financeur)", article: "R6332-26", text: "Certificat de réalisation" },
    { mention: "Signature du responsable de l'organisme", article: "R6332-26", text: "Cachet et signature" },
    ...identity,
  ],
  mission: [
    { mention: "Formateur : identité et qualité", article: "L6352-1", text: "Qualité" },
    {
      mention: "Mission confiée dans le cadre du contrat de travail",
      article: "R6351-5 5°",
      text: "Dans le cadre de votre contrat de travail",
    },
    { mention: "Qualifications retenues pour la mission", article: "L6352-1", text: "Qualifications retenues pour cette mission" },
    { mention: "Action confiée : intitulé et nature", article: "L6313-1", text: "Nature de l'action" },
    { mention: "Dates, horaires et lieu de la session", article: "L6353-1", text: "Dates de la session" },
    { mention: "Demi-journées et heures confiées", article: "R6351-5 5°", text: "Demi-journées confiées" },
    { mention: "Programme préétabli : objectifs, moyens et évaluation", article: "L6353-1", text: "Modalités d'évaluation" },
    { mention: "Émargement de chaque demi-journée", article: "L6362-6", text: "feuille d'émargement de chaque demi-journée" },
    { mention: "Évaluation des acquis transmise à l'organisme", article: "L6353-1 alinéa 3", text: "évaluer les acquis des stagiaires" },
    { mention: "Règlement intérieur applicable aux stagiaires", article: "L6352-3", text: "règlement intérieur" },
    { mention: "Signatures de l'organisme et du formateur", article: "Code civil, article 1367", text: "Signature" },
    ...identity,
  ],
  "sous-traitance": [
    { mention: "Parties : l'organisme et le sous-traitant (SIRET, déclaration d'activité)", article: "L6351-1", text: "le sous-traitant" },
    {
      mention: "L'organisme reste seul responsable de l'action envers clients et stagiaires",
      article: "L6353-1",
      text: "seul responsable de l'action",
    },
    { mention: "Qualifications retenues pour la mission", article: "L6352-1", text: "Qualifications retenues pour cette mission" },
    { mention: "Action confiée : intitulé et nature", article: "L6313-1", text: "Nature de l'action" },
    { mention: "Dates, horaires et lieu de la session", article: "L6353-1", text: "Dates de la session" },
    { mention: "Demi-journées et heures confiées", article: "R6351-5 5°", text: "Demi-journées confiées" },
    { mention: "Programme préétabli : objectifs, moyens et évaluation", article: "L6353-1", text: "Modalités d'évaluation" },
    { mention: "Respect du référentiel national qualité par le sous-traitant", article: "Qualiopi, indicateur 27", text: "indicateur 27" },
    { mention: "Émargement de chaque demi-journée", article: "L6362-6", text: "feuille d'émargement de chaque demi-journée" },
    { mention: "Règlement intérieur applicable aux stagiaires", article: "L6352-3", text: "règlement intérieur" },
    { mention: "Documents de vigilance du sous-traitant", article: "L8222-1 et D8222-5", text: "article D8222-5" },
    { mention: "Déclaration d'activité du sous-traitant pour une action CPF", article: "L6323-9-2", text: "L6323-9-2" },
    { mention: "Données personnelles des stagiaires", article: "RGPD, article 28", text: "article 28" },
    { mention: "Prix : la proposition acceptée, annexée", article: "Code civil, article 1163", text: "Prix et facturation" },
    { mention: "Signatures des parties", article: "Code civil, article 1367", text: "Signature" },
    ...identity,
  ],
  devis: [
    { mention: "Date du devis et durée de validité", article: "L112-1 du Code de la consommation", text: "Ce devis est valable jusqu'au" },
    { mention: "Client destinataire", article: "L441-9 du Code de commerce", text: "Client" },
    { mention: "Intitulé, durée et dates de l'action", article: "L6353-1", text: "Intitulé de la formation" },
    { mention: "Nombre de stagiaires", article: "D6353-1", text: "Nombre de stagiaires" },
    {
      mention: "Prix par stagiaire et total, HT, TVA et TTC ou mention d'exonération",
      article: "261-4-4° a du CGI",
      text: "Par stagiaire",
    },
    { mention: "Conditions de paiement, d'annulation et de dédit", article: "L6354-1", text: "Annulation et dédit" },
    { mention: "Acceptation du client", article: "1113 du Code civil", text: "Bon pour accord" },
    ...identity,
  ],
};
