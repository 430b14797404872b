/**
 * The privacy policy's sections on security, the person's rights and the supervisory authority
 * (/politique-confidentialite; RGPD art. 12 to 22 and 77): kept apart so that the page's route stays
 * a thin module.
 */
export function PrivacySecurityAndRights({ dpoEmail }: { dpoEmail: string }) {
  return (
    <>
      <h2>Sécurité</h2>
      <p>Nous protégeons vos données par des mesures techniques et organisationnelles adaptées, notamment&nbsp;:</p>
      <ul>
        <li>le chiffrement des échanges entre votre navigateur et le site (HTTPS)&nbsp;;</li>
        <li>des mots de passe conservés sous forme d'empreinte, selon un algorithme de hachage robuste&nbsp;;</li>
        <li>un cookie de session inaccessible aux scripts et la limitation des tentatives de connexion&nbsp;;</li>
        <li>un accès aux données réservé aux personnes habilitées, selon leur rôle&nbsp;;</li>
        <li>des sauvegardes régulières et des mises à jour de sécurité.</li>
      </ul>

      <h2>Vos droits</h2>
      <p>Vous disposez sur vos données des droits suivants&nbsp;:</p>
      <ul>
        <li>droit d'accès&nbsp;: savoir quelles données nous détenons et en obtenir une copie&nbsp;;</li>
        <li>droit de rectification&nbsp;: faire corriger des données inexactes ou incomplètes&nbsp;;</li>
        <li>droit à l'effacement&nbsp;: obtenir la suppression de vos données&nbsp;;</li>
        <li>droit à la limitation&nbsp;: faire suspendre l'utilisation de vos données&nbsp;;</li>
        <li>droit à la portabilité&nbsp;: recevoir vos données dans un format structuré et lisible par machine&nbsp;;</li>
        <li>droit d'opposition&nbsp;: vous opposer à un traitement fondé sur notre intérêt légitime&nbsp;;</li>
        <li>droit de retirer votre consentement à tout moment, pour la mesure d'audience&nbsp;;</li>
        <li>droit de définir des directives sur le sort de vos données après votre décès.</li>
      </ul>
      <p>
        Si vous avez un compte, vous pouvez agir vous-même depuis le menu de votre compte&nbsp;:{" "}
        <strong>«&nbsp;Télécharger mes données&nbsp;»</strong> vous fournit une copie de vos données, et{" "}
        <strong>«&nbsp;Supprimer mon compte&nbsp;»</strong> efface votre compte et vos sessions.
      </p>
      <p>
        Pour toute autre demande, écrivez à <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>. Nous vous répondons dans un délai d'un mois, qui
        peut être prolongé de deux mois pour les demandes complexes&nbsp;; vous en seriez alors informé. En cas de doute raisonnable sur
        votre identité, nous pouvons vous demander un justificatif.
      </p>

      <h2>Réclamation auprès de la CNIL</h2>
      <p>
        Si, après nous avoir contactés, vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la
        Commission nationale de l'informatique et des libertés (CNIL)&nbsp;: 3&nbsp;place de Fontenoy, TSA 80715, 75334 Paris Cedex&nbsp;07,
        ou en ligne sur <a href="https://www.cnil.fr">www.cnil.fr</a>.
      </p>
    </>
  );
}
