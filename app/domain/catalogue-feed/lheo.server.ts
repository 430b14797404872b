import type { FormationDetail } from "~/domain/formations/formations.server";
import { listCategories } from "~/domain/formations/categories.server";
import { todayInParis } from "~/domain/formations/labels";
import { publishedFormationsPage } from "~/domain/formations/published.server";
import type { Organisation } from "~/domain/settings/model";
import { getOrganisation, readSettingOr, writeSetting } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { markdownToText } from "~/platform/markdown/markdown.server";
import { escapeXml } from "~/platform/text/xml";
import { DEFAULT_LHEO_SETTINGS, lheoSettingsSchema, type LheoSettings } from "./lheo-model";

/**
 * The catalogue in LHÉO 2.2 (`/lheo.xml`), the XML the Carif-Oref databases import: each
 * published formation with its actions (one per place: a city, or remote) and their sessions, and
 * the organisation responsible. Valid against docs/lheo/lheo-sous-ensemble.xsd (the subset used,
 * written from the LHÉO documentation; docs/decisions/0014-lheo-and-api.md).
 */
export const LHEO_NAMESPACE = "http://www.lheo.org/2.2";
const SETTINGS_KEY = "lheo";

export async function getLheoSettings(target: Db = db()): Promise<LheoSettings> {
  return readSettingOr(SETTINGS_KEY, lheoSettingsSchema, DEFAULT_LHEO_SETTINGS, target);
}

export async function saveLheoSettings(values: LheoSettings, target: Db = db(), audit?: { actor: Actor; summary: string }): Promise<void> {
  await writeSetting(SETTINGS_KEY, lheoSettingsSchema, values, target, audit);
}

/** /admin/lheo: the codes saved, with their revision and the journal's entry. */
export async function updateLheoSettings(values: LheoSettings, actor: Actor, target: Db = db()): Promise<void> {
  await saveLheoSettings(values, target, { actor, summary: "Codes LHÉO enregistrés." });
}

/** What keeps a published formation out of the feed, in French (empty: it is in). */
export function lheoMissing(f: Pick<FormationDetail, "categoryId" | "category">, settings: LheoSettings): string[] {
  const missing: string[] = [];
  if (!settings.formacodes[f.categoryId]) missing.push(`le code FORMACODE de la catégorie «\u00a0${f.category.name}\u00a0»`);
  return missing;
}

/** What the whole feed lacks (settings of /admin/lheo), in French. */
export function lheoFeedMissing(settings: LheoSettings): string[] {
  return settings.publicCodes.length ? [] : ["les codes «\u00a0public visé\u00a0» des actions"];
}

const PAGE = 100;

export interface LheoReport {
  settings: LheoSettings;
  feedMissing: string[];
  /** Published formations left out of the feed, with what they lack. */
  incomplete: Array<{ id: string; slug: string; title: string; missing: string[] }>;
  included: number;
}

async function eachPublished(target: Db, fn: (f: FormationDetail) => void): Promise<void> {
  for (let page = 1; ; page++) {
    const { items } = await publishedFormationsPage({ page, perPage: PAGE }, target);
    items.forEach(fn);
    if (items.length < PAGE) break;
  }
}

/** For /admin/lheo: which published formations the feed leaves out, and why. */
export async function lheoReport(target: Db = db()): Promise<LheoReport> {
  const settings = await getLheoSettings(target);
  const incomplete: LheoReport["incomplete"] = [];
  let included = 0;
  await eachPublished(target, (f) => {
    const missing = lheoMissing(f, settings);
    if (missing.length) incomplete.push({ id: f.id, slug: f.slug, title: f.title, missing });
    else included++;
  });
  return { settings, feedMissing: lheoFeedMissing(settings), incomplete, included: lheoFeedMissing(settings).length ? 0 : included };
}

/** The categories with their FORMACODE, for the form of /admin/lheo. */
export async function lheoCategories(target: Db = db()) {
  const [settings, categories] = await Promise.all([getLheoSettings(target), listCategories(target)]);
  return categories.map((c) => ({ id: c.id, name: c.name, formacode: settings.formacodes[c.id] ?? "" }));
}

// ---------------------------------------------------------------------------------------------
// XML.

/** A text element, cut to LHÉO's limit (on a word when possible). */
function el(name: string, text: string, max = 3000, attrs = ""): string {
  let value = text.replace(/\s+/g, " ").trim();
  if (value.length > max) value = value.slice(0, max - 1).replace(/\s+\S*$/, "") + "…";
  return `<${name}${attrs}>${escapeXml(value)}</${name}>`;
}

const day = (iso: string) => iso.slice(0, 10).replace(/-/g, "");

function address(o: Organisation): string {
  return `<adresse>${el("ligne", o.street, 50)}${el("codepostal", o.postalCode, 5)}${el("ville", o.city, 50)}</adresse>`;
}

function organisationXml(o: Organisation): string {
  const coordinates =
    `<coordonnees>${address(o)}<telfixe>${el("numtel", o.phone, 25)}</telfixe>${el("courriel", o.email, 160)}` +
    `<web>${el("urlweb", config().siteUrl, 400)}</web></coordonnees>`;
  return (
    `<organisme-formation-responsable>${el("numero-activite", o.nda.replace(/\s+/g, ""), 11)}` +
    `<SIRET-organisme-formation>${el("SIRET", o.siret, 14)}</SIRET-organisme-formation>` +
    `${el("nom-organisme", o.name, 250)}${el("raison-sociale", o.name, 250)}` +
    `<coordonnees-organisme>${coordinates}</coordonnees-organisme>` +
    `<contact-organisme><coordonnees><telfixe>${el("numtel", o.phone, 25)}</telfixe>${el("courriel", o.email, 160)}</coordonnees></contact-organisme>` +
    `</organisme-formation-responsable>`
  );
}

const TEACHING: Record<string, string> = { presentiel: "0", mixte: "1", distanciel: "2" };

function formationXml(f: FormationDetail, o: Organisation, settings: LheoSettings, today: string): string {
  const version = ` ref="${escapeXml(settings.formacodeVersion)}"`;
  const upcoming = f.sessions.filter((s) => s.startDate >= today);
  // One action per place (a city, or remote), its sessions inside; none planned: entries all year round.
  const places = new Map<string, typeof upcoming>();
  for (const s of upcoming) places.set(s.city?.id ?? "", [...(places.get(s.city?.id ?? "") ?? []), s]);
  if (places.size === 0) places.set("permanent", []);
  const result =
    f.certificationType === "none"
      ? `Attestation de fin de formation. ${markdownToText(f.evaluationMethods)}`
      : `Certification «\u00a0${f.certificationTitle || f.certificationCode}\u00a0» (${f.certificationCode})${f.certifier ? `, certificateur\u00a0: ${f.certifier}` : ""}.`;
  const content = [f.summary, ...f.program.map((m) => `${m.title}\u00a0: ${markdownToText(m.content)}`)].join(" ");
  const rncp = f.certificationType === "rncp" ? f.certificationCode.replace(/^RNCP/, "") : "";
  const actions = [...places.entries()].map(([key, sessions]) => {
    const city = sessions[0]?.city ?? null;
    const place =
      key === "permanent"
        ? `<coordonnees>${el("nom", f.modality === "distanciel" ? "À distance" : "Sur demande", 50)}</coordonnees>`
        : city
          ? `<coordonnees>${el("nom", city.name, 50)}${el("ligne", city.region, 50)}</coordonnees>`
          : `<coordonnees>${el("nom", "À distance", 50)}</coordonnees>`;
    const sessionXml = (sessions.length ? sessions : [undefined]).map(
      (s) =>
        `<session${s ? ` numero="${escapeXml(s.id)}"` : ""}><periode><debut>${s ? day(s.startDate) : "00000000"}</debut>` +
        `<fin>${s ? day(s.endDate) : "99999999"}</fin></periode>` +
        `<adresse-inscription>${address(o)}</adresse-inscription></session>`,
    );
    return (
      `<action numero="${escapeXml(`${f.id}-${key || "distance"}`)}" datemaj="${day(f.updatedAt)}">` +
      el("rythme-formation", `${f.durationDays} jour${f.durationDays > 1 ? "s" : ""}, ${f.durationHours} heures`) +
      settings.publicCodes.map((c) => el("code-public-vise", c, 5, version)).join("") +
      el("info-public-vise", f.audience) +
      `<niveau-entree-obligatoire>0</niveau-entree-obligatoire>` +
      el("modalites-alternance", "Sans alternance.") +
      `<modalites-enseignement>${TEACHING[f.modality] ?? "0"}</modalites-enseignement>` +
      el("conditions-specifiques", f.prerequisites) +
      `<prise-en-charge-frais-possible>${f.cpfEligible || f.fundingOptions.length || f.opcos.length ? 1 : 0}</prise-en-charge-frais-possible>` +
      `<lieu-de-formation>${place}</lieu-de-formation>` +
      `<modalites-entrees-sorties>${key === "permanent" ? 1 : 0}</modalites-entrees-sorties>` +
      sessionXml.join("") +
      el("acces-handicapes", markdownToText(f.accessibility)) +
      `<organisme-formateur><SIRET-formateur>${el("SIRET", o.siret, 14)}</SIRET-formateur>${el("raison-sociale-formateur", o.name, 250)}</organisme-formateur>` +
      `</action>`
    );
  });
  return (
    `<formation numero="${escapeXml(f.id)}" datecrea="${day(f.createdAt)}" datemaj="${day(f.updatedAt)}">` +
    `<domaine-formation>${el("code-FORMACODE", settings.formacodes[f.categoryId]!, 5, version)}</domaine-formation>` +
    el("intitule-formation", f.title, 255) +
    el("objectif-formation", f.objectives.join(" ; ")) +
    el("resultats-attendus", result) +
    el("contenu-formation", content) +
    `<certifiante>${f.certificationType === "none" ? 0 : 1}</certifiante>` +
    `<contact-formation><coordonnees>${el("nom", f.contactName, 50)}<telfixe>${el("numtel", f.contactPhone, 25)}</telfixe>${el("courriel", f.contactEmail, 160)}</coordonnees></contact-formation>` +
    `<parcours-de-formation>1</parcours-de-formation>` +
    `<code-niveau-entree>0</code-niveau-entree>` +
    (rncp ? `<certification>${el("code-RNCP", rncp, 6)}</certification>` : "") +
    actions.join("") +
    organisationXml(o) +
    `</formation>`
  );
}

/**
 * The whole feed: every published formation that has what LHÉO requires; undefined when none has
 * (LHÉO wants at least one formation in a file).
 */
export async function lheoXml(target: Db = db(), today = todayInParis()): Promise<string | undefined> {
  const [settings, organisation] = await Promise.all([getLheoSettings(target), getOrganisation(target)]);
  if (lheoFeedMissing(settings).length) return undefined;
  const formations: string[] = [];
  await eachPublished(target, (f) => {
    if (lheoMissing(f, settings).length === 0) formations.push(formationXml(f, organisation, settings, today));
  });
  if (formations.length === 0) return undefined;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<lheo xmlns="${LHEO_NAMESPACE}"><offres>${formations.join("\n")}</offres></lheo>\n`;
}
