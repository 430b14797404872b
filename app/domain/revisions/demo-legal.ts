/**
 * Demonstration texts of the CGV and of the règlement intérieur, saved as versions marked `is_demo`
 * by the demo seed. The public pages say they are demonstration texts, and the go-live checklist
 * lists them until an admin saves the organisation's own (README, « Inscriptions en ligne »).
 */

export const DEMO_CGV = `## 1. Objet

Les présentes conditions générales de vente s'appliquent aux formations inter-entreprises et intra-entreprise de l'organisme, réservées en ligne, par devis ou par téléphone. Toute inscription vaut acceptation de ces conditions.

## 2. Inscription

L'inscription à une session inter-entreprises se fait sur le site, dans la limite des places disponibles. Elle est enregistrée à réception du formulaire («\u00a0reçue\u00a0»), puis confirmée par l'organisme («\u00a0confirmée\u00a0»). Une session complète propose une liste d'attente\u00a0: une place libérée est offerte par e-mail, dans l'ordre de la liste, pour une durée limitée.

Une convention de formation (articles L6353-1 et L6353-2 du Code du travail) est adressée à l'entreprise\u00a0; un contrat de formation (article L6353-3) à la personne qui finance elle-même sa formation.

## 3. Prix et paiement

Les prix sont indiqués sur chaque fiche formation, hors taxes ou nets de taxes selon la mention portée. La facture est émise à l'issue de la formation, payable à 30 jours. En cas de prise en charge par un OPCO, l'entreprise fait la demande de prise en charge avant le début de la formation\u00a0; à défaut d'accord, le prix reste dû par l'entreprise.

## 4. Particuliers\u00a0: rétractation

La personne qui finance elle-même sa formation dispose d'un délai de rétractation de 10 jours à compter de la signature du contrat, par lettre recommandée avec avis de réception (article L6353-5). Aucune somme ne peut être exigée avant la fin de ce délai\u00a0; à son expiration, un acompte de 30\u00a0% du prix au plus peut être demandé, le solde étant échelonné au fur et à mesure de la formation (article L6353-6).

## 5. Annulation et report

Le client peut annuler ou remplacer un stagiaire sans frais jusqu'au délai indiqué dans l'e-mail de confirmation. Au-delà, toute annulation donne lieu à facturation de 50\u00a0% du prix, et toute absence non justifiée à la facturation totale. L'organisme peut reporter une session si le nombre de participants est insuffisant\u00a0; les sommes versées sont alors remboursées ou reportées au choix du client.

## 6. Accessibilité

Les besoins d'adaptation signalés à l'inscription sont transmis au référent handicap, qui contacte le stagiaire avant la session.

## 7. Données personnelles

Les données de l'inscription servent à organiser la formation et à établir les documents obligatoires. Elles sont traitées conformément à la politique de confidentialité du site.

## 8. Droit applicable

Les présentes conditions sont soumises au droit français. À défaut d'accord amiable, tout litige relève des tribunaux compétents du siège de l'organisme.
`;

export const DEMO_REGLEMENT_INTERIEUR = `## 1. Objet et champ d'application

Le présent règlement est établi conformément aux articles L6352-3 à L6352-5 et R6352-1 à R6352-15 du Code du travail. Il s'applique à toutes les personnes qui suivent une formation organisée par l'organisme, pendant toute sa durée, dans les locaux de l'organisme comme dans ceux d'un client ou en classe virtuelle.

## 2. Hygiène et sécurité

Chaque stagiaire respecte les consignes d'hygiène et de sécurité affichées dans les locaux, ainsi que celles de l'entreprise qui accueille la formation. Il est interdit de fumer ou de vapoter dans les salles, et d'y introduire des boissons alcoolisées. Tout accident, même léger, est signalé sans délai au formateur.

## 3. Discipline

Les stagiaires respectent les horaires communiqués dans la convocation et signent la feuille d'émargement à chaque demi-journée. Toute absence ou tout retard est signalé au plus tôt à l'organisme. Le matériel confié est utilisé conformément à son objet et restitué en fin de formation.

## 4. Sanctions

Tout manquement au présent règlement peut donner lieu, selon sa gravité, à un avertissement ou à une exclusion temporaire ou définitive de la formation, dans le respect de la procédure prévue aux articles R6352-4 à R6352-8 du Code du travail\u00a0: le stagiaire est informé des griefs retenus contre lui et peut se faire assister lors d'un entretien.

## 5. Représentation des stagiaires

Pour les actions de formation d'une durée supérieure à 500 heures, un délégué titulaire et un délégué suppléant sont élus, conformément aux articles R6352-9 à R6352-15 du Code du travail.

## 6. Publicité

Le présent règlement est remis à chaque stagiaire avant son entrée en formation, et publié sur le site de l'organisme.
`;
