import { DEMO_POSTS } from "~/domain/blog/demo-content";
import { demoClaims } from "~/domain/content/claims.server";
import { claimsHref } from "~/domain/content/components/claims-admin";
import { ORGANISATION_FIELD_LABELS, ORGANISATION_FORM_ID } from "~/domain/settings/components/organisation-form";
import { DEMO_FORMATIONS } from "~/domain/formations/demo-content";
import { DEFAULT_RULES_CHECKED_ON } from "~/domain/funding/default-rules";
import { legalDocumentsToReplace } from "~/domain/revisions/legal-documents.server";
import type { Organisation } from "~/domain/settings/model";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { getOrganisation } from "~/domain/settings/settings.server";
import { backupStatus } from "~/platform/backup/backup.server";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { formatCount } from "~/platform/format";

/**
 * The go-live checklist of the admin dashboard (docs/claims.md): what still holds demonstration
 * values or is not configured. Each entry names the screen (or the variable) that fixes it; an
 * entry disappears once fixed.
 */
export interface GoLiveItem {
  id: string;
  title: string;
  detail: string;
  /** The screen that fixes it; absent for a server variable (the detail names it). */
  to?: string;
  linkLabel?: string;
  /** Each remaining demo value or record by name, with the screen (or field) that replaces it. */
  entries?: GoLiveEntry[];
}

export interface GoLiveEntry {
  label: string;
  to: string;
}

const IDENTITY_FIELDS: Array<keyof Organisation> = ["name", "street", "phone", "email"];
const LEGAL_FIELDS: Array<keyof Organisation> = [
  "siret",
  "rcs",
  "vatNumber",
  "nda",
  "publicationDirector",
  "hostName",
  "dpoEmail",
  "accessibilityContact",
  "qualiopiCertificateNumber",
];

const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;

/** A rule is reviewed once an admin has saved it with its own check date (the shipped scales carry the release's date). */
const REVIEW_MAX_AGE_DAYS = 365;

export async function goLiveChecklist(target: Db = db(), now: Date = new Date()): Promise<GoLiveItem[]> {
  const cfg = config();
  const items: GoLiveItem[] = [];
  const [organisation, claims, formations, posts, rules, backup] = await Promise.all([
    getOrganisation(target),
    demoClaims(target),
    untouchedDemo(
      target,
      "formations",
      "formation",
      DEMO_FORMATIONS.map((f) => f.slug),
    ),
    untouchedDemo(
      target,
      "blog_posts",
      "blog_post",
      DEMO_POSTS.map((p) => p.slug),
    ),
    target.selectFrom("funding_rules").select(["opco", "checked_on"]).execute(),
    backupStatus(target, now),
  ]);
  const fieldEntries = (keys: Array<keyof Organisation>): GoLiveEntry[] =>
    keys.map((k) => ({
      label: (ORGANISATION_FIELD_LABELS[k] ?? k).replace(/ \(facultatif\)$/, ""),
      to: `/admin/parametres#${ORGANISATION_FORM_ID}-${k}`,
    }));

  const demoIdentity = IDENTITY_FIELDS.filter((k) => organisation[k] === DEMO_ORGANISATION[k]);
  if (demoIdentity.length)
    items.push({
      id: "identity",
      title: `L'identité de l'organisme est celle de la démonstration («\u00a0${DEMO_ORGANISATION.name}\u00a0»)`,
      detail: "Nom, adresse, téléphone et e-mail de contact apparaissent dans l'en-tête, le pied de page et les e-mails.",
      to: "/admin/parametres",
      linkLabel: "Saisir l'identité",
      entries: fieldEntries(demoIdentity),
    });
  const demoLegal = LEGAL_FIELDS.filter((k) => organisation[k] !== "" && organisation[k] === DEMO_ORGANISATION[k]);
  if (demoLegal.length)
    items.push({
      id: "legal",
      title: "Des mentions légales gardent les valeurs de démonstration",
      detail: `${formatCount(demoLegal.length, "champ", "champs")} à remplacer par les vôtres\u00a0:`,
      to: "/admin/parametres",
      linkLabel: "Corriger les mentions légales",
      entries: fieldEntries(demoLegal),
    });
  const demoFormations = formations.length;
  if (demoFormations)
    items.push({
      id: "formations",
      title: `${formatCount(demoFormations, "formation de démonstration", "formations de démonstration")} dans le catalogue`,
      detail: "Supprimez-les ou remplacez-les par vos formations (l'import accepte un tableur).",
      to: "/admin/formations",
      linkLabel: "Voir les formations",
      entries: formations.map((f) => ({ label: f.title, to: `/admin/formations/${f.id}` })),
    });
  const demoPosts = posts.length;
  if (demoPosts)
    items.push({
      id: "posts",
      title: `${formatCount(demoPosts, "article de démonstration", "articles de démonstration")} sur le blog`,
      detail:
        "Relisez-les ou supprimez-les avant de publier le site. Leurs images sont des illustrations de démonstration\u00a0: gardez-les ou remplacez-les par les vôtres.",
      to: "/admin/blog",
      linkLabel: "Voir les articles",
      entries: posts.map((p) => ({ label: p.title, to: `/admin/blog/${p.id}` })),
    });
  if (claims.testimonial.length)
    items.push({
      id: "testimonials",
      title: `${formatCount(claims.testimonial.length, "témoignage inventé", "témoignages inventés")} (démonstration)`,
      detail:
        "Publier un avis inventé est une pratique commerciale trompeuse\u00a0: ne publiez que des avis recueillis avec l'accord écrit de leur auteur.",
      to: "/admin/temoignages?onglet=temoignages",
      linkLabel: "Gérer les témoignages",
      entries: claims.testimonial.map((c) => ({ label: c.name, to: claimsHref("testimonial", c.id) })),
    });
  if (claims.result.length)
    items.push({
      id: "results",
      title: `${formatCount(claims.result.length, "chiffre inventé", "chiffres inventés")} dans les résultats publiés`,
      detail:
        "Les résultats (Qualiopi, indicateur 2) doivent être les vôtres, avec leur période, leur nombre de réponses et leur date de mesure.",
      to: "/admin/temoignages?onglet=resultats",
      linkLabel: "Gérer les résultats",
      entries: claims.result.map((c) => ({ label: c.name, to: claimsHref("result", c.id) })),
    });
  if (claims.argument.length)
    items.push({
      id: "arguments",
      title: `${formatCount(claims.argument.length, "argument de démonstration", "arguments de démonstration")} sur «\u00a0Pourquoi nous choisir\u00a0»`,
      detail: "Chaque engagement publié doit correspondre à une pratique réelle de votre organisme.",
      to: "/admin/temoignages?onglet=arguments",
      linkLabel: "Gérer les arguments",
      entries: claims.argument.map((c) => ({ label: c.name, to: claimsHref("argument", c.id) })),
    });
  const oldest = new Date(now.getTime() - REVIEW_MAX_AGE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const unreviewed = new Set(rules.filter((r) => r.checked_on === DEFAULT_RULES_CHECKED_ON || r.checked_on < oldest).map((r) => r.opco));
  if (unreviewed.size)
    items.push({
      id: "funding",
      title: `Barèmes de financement non relus pour ${formatCount(unreviewed.size, "OPCO", "OPCO")}`,
      detail:
        "Le simulateur affiche les barèmes fournis avec le site ou vérifiés il y a plus d'un an\u00a0: vérifiez-les auprès de chaque OPCO et enregistrez-les avec la date de vérification.",
      to: "/admin/financement",
      linkLabel: "Relire les barèmes",
    });
  for (const doc of await legalDocumentsToReplace(target)) {
    items.push({
      id: `legal-${doc.document}`,
      title: doc.missing ? `${doc.title} : aucun texte publié` : `${doc.title} : texte de démonstration`,
      detail:
        "Les inscriptions en ligne font accepter ce texte, et enregistrent la version acceptée\u00a0: publiez le vôtre, relu par un juriste, avant d'ouvrir les inscriptions.",
      to: "/admin/textes-legaux",
      linkLabel: "Modifier le texte",
    });
  }
  if (!cfg.mail.smtpUrl)
    items.push({
      id: "mail",
      title: "Aucun serveur d'envoi d'e-mails n'est configuré",
      detail:
        "Les e-mails (demandes de devis, invitations, mots de passe) sont seulement écrits dans la boîte locale du serveur\u00a0: personne ne les reçoit. Renseignez la variable SMTP_URL puis redémarrez le site.",
    });
  if (LOCAL_HOSTS.test(new URL(cfg.siteUrl).hostname))
    items.push({
      id: "site-url",
      title: `L'adresse du site est encore locale (${cfg.siteUrl})`,
      detail:
        "Les liens des e-mails, le plan du site et la connexion utilisent SITE_URL\u00a0: donnez-lui l'adresse publique (https://…) puis redémarrez le site.",
    });
  if (!backup.enabled || !backup.last || backup.late)
    items.push({
      id: "backup",
      title: !backup.enabled
        ? "Les sauvegardes automatiques sont désactivées"
        : backup.last
          ? "La dernière sauvegarde réussie date de plus de 2\u00a0jours"
          : "Aucune sauvegarde n'a encore réussi",
      detail: !backup.enabled
        ? "BACKUP_EVERY_HOURS vaut 0\u00a0: rien ne protège la base ni les fichiers téléversés. Donnez-lui une valeur (24\u00a0: une fois par jour) puis redémarrez le site."
        : `Le site se sauvegarde chaque jour à ${cfg.backup.time} (heure de Paris). Lancez «\u00a0npm run backup\u00a0» sur le serveur pour une première sauvegarde, puis vérifiez qu'une restauration («\u00a0npm run restore\u00a0») fonctionne.`,
    });
  return items;
}

/**
 * Demonstration formations or articles (the seed's addresses) that no staff member has saved since:
 * once edited and saved (an « update » in the journal), the record is the organisation's own.
 */
async function untouchedDemo(target: Db, table: "formations" | "blog_posts", entity: string, slugs: string[]) {
  return target
    .selectFrom(table)
    .select(["id", "title"])
    .where("slug", "in", slugs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("audit_log")
            .select("audit_log.id")
            .where("audit_log.entity", "=", entity)
            .where("audit_log.action", "=", "update")
            .whereRef("audit_log.entity_id", "=", `${table}.id`),
        ),
      ),
    )
    .orderBy("title")
    .execute();
}
