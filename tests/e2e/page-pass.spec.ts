import { serverDb } from "./support/accounts";
import { adminPaths, CONTENT_SCREENS, sitemapPaths } from "./support/crawl";
import { expect, test } from "./support/fixtures";
import { merge, openPass, shareOf, visitAll, type Visit } from "./support/page-pass";
import { EXCEL, registrationPathOf } from "./support/sessions";

/**
 * The page pass (README, « Tests »; docs/decisions/0027-tests-own-their-data.md): every URL of the
 * sitemap, the public pages outside it (forms, search, 404, a registration form) and every admin
 * screen reached from the admin's links, each loaded once and checked on that visit
 * (tests/e2e/support/page-pass.ts):
 * - it answers without a server error (a sitemap URL answers 200), hydrates, and writes no error to
 *   the console (React DOM would report a hydration mismatch there) and no Content-Security-Policy
 *   violation;
 * - page text (tests/e2e/support/page-checks.ts): no « [object Object] », « undefined », « NaN »,
 *   « Invalid Date », raw ISO date or timestamp, internal id on a page for outsiders, duplicate id,
 *   form control without an accessible name, or ordinary space before « : ; ! ? » or inside « »
 *   (French typography: what people type is stored with no-break spaces, Markdown is spaced when
 *   rendered — `frenchSpacing` in app/platform/format.ts);
 * - search hygiene on the sitemap's pages (docs/seo.md): a title of 60 characters or less, a
 *   description of 160 or less, Twitter card tags, a canonical to itself, JSON-LD blocks that parse
 *   and carry the properties their type requires;
 * - axe (docs/accessibility.md: WCAG 2.0, 2.1 and 2.2 A and AA plus best practices) on every page
 *   type of the accessibility audit, in both themes, at 375 and 1280 px.
 * A failure lists each page and problem. The lists are shared between tests by a hash of each
 * address, so that the workers run the pass side by side.
 */

const MANAGER = "prendre-son-poste-de-manager";
const ENTRETIENS = "conduire-les-entretiens-annuels-et-professionnels";

/** One page of each public type, audited with axe. */
const AUDITED_PUBLIC = [
  "/",
  "/formations",
  "/formations?page=2",
  `/formations/${EXCEL}`,
  "/formations?categorie=bureautique",
  "/formations/ville/lyon",
  "/formation-management/lyon",
  `/comparatif/${ENTRETIENS}-vs-${MANAGER}`,
  "/blog",
  "/blog/financer-sa-formation-avec-son-opco",
  "/recherche?q=tableaux%20croises",
  "/devis",
  "/contact",
  "/simulateur-opco",
  "/financement",
  "/financement/akto",
  "/financement/cpf",
  "/certification-qualiopi",
  "/temoignages",
  "/pourquoi-nous-choisir",
  "/mentions-legales",
  "/politique-confidentialite",
  "/conditions-utilisation",
  "/politique-cookies",
  "/accessibilite",
  "/conditions-generales-de-vente",
  "/reglement-interieur",
  "/login",
  "/login?mode=oubli",
  "/login?mode=inscription",
  // The new-password form of a reset link (the token is checked when the form is sent).
  "/login?token=x",
  "/invitation?token=invalid",
  "/page-qui-n-existe-pas",
];

/** Public pages outside the sitemap, checked without axe. */
const OTHER_PUBLIC = ["/recherche?q=zzzz", "/une-page-absente"];

/** Admin screens of the audit whose address needs no record. */
const AUDITED_ADMIN = [
  "/admin",
  ...CONTENT_SCREENS,
  "/admin/devis",
  "/admin/messages",
  "/admin/reclamations",
  "/admin/factures",
  "/admin/factures/reglages",
  "/admin/signatures",
  "/admin/journal",
  "/admin/utilisateurs",
  "/admin/parametres",
  "/admin/parametres/formations",
  "/admin/parametres/documents",
  "/admin/lheo",
  "/admin/bpf",
  "/admin/bpf/parametres",
  "/admin/webhooks",
  "/admin/financement",
  "/admin/temoignages",
  "/admin/temoignages?onglet=temoignages",
  "/admin/temoignages?onglet=temoignages&modifier=nouveau",
  "/admin/temoignages?onglet=resultats",
  "/admin/temoignages?onglet=arguments",
  "/admin/sessions",
  "/admin/textes-legaux",
  "/admin/textes-legaux?document=reglement_interieur",
];

/** Pages for people outside the team although behind the admin's sign-in: the auditor's evidence pack. */
const FOR_OUTSIDERS = /^\/admin\/qualiopi/;
/** Screens no admin link leads to: the evidence pack for the auditor. */
const UNLINKED_ADMIN = ["/admin/qualiopi", "/admin/qualiopi?date=2026-06-30"];

/** Admin screens of demonstration records (read, never changed), audited with axe. */
async function auditedRecords(): Promise<string[]> {
  const db = serverDb();
  const formation = await db.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  const post = await db.selectFrom("blog_posts").select("id").orderBy("created_at").executeTakeFirstOrThrow();
  // One record of each kind of claim, to audit its edit form (the demo content holds some).
  const testimonial = await db.selectFrom("testimonials").select("id").orderBy("position").executeTakeFirst();
  const result = await db.selectFrom("result_figures").select("id").orderBy("position").executeTakeFirst();
  const argument = await db.selectFrom("why_us_arguments").select("id").orderBy("position").executeTakeFirst();
  const claims = "/admin/temoignages";
  return [
    `/admin/formations/${formation.id}`,
    `/admin/blog/${post.id}`,
    ...(testimonial ? [`${claims}?onglet=temoignages&modifier=${testimonial.id}`] : []),
    `${claims}?onglet=resultats&modifier=${result?.id ?? "nouveau"}`,
    `${claims}?onglet=arguments&modifier=${argument?.id ?? "nouveau"}`,
  ];
}

const GROUPS = 4;

for (let g = 0; g < GROUPS; g++) {
  test(`page pass: public pages (${g + 1}/${GROUPS})`, async ({ browser, request, baseURL }) => {
    test.setTimeout(300_000);
    const sitemap = await sitemapPaths(request);
    expect(sitemap.length).toBeGreaterThan(50);
    expect(sitemap.some((p) => p.startsWith("/comparatif/"))).toBe(true);
    const visits = merge([
      ...AUDITED_PUBLIC.map((path): Visit => ({ path, forOutsiders: true, axe: true })),
      ...sitemap.map((path): Visit => ({ path, forOutsiders: true, seo: true })),
      ...OTHER_PUBLIC.map((path): Visit => ({ path, forOutsiders: true })),
    ]);
    const pass = await openPass(browser, baseURL!);
    const problems = await visitAll(pass, shareOf(visits, g, GROUPS));
    await pass.context.close();
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

for (let g = 0; g < GROUPS; g++) {
  test(`page pass: admin screens (${g + 1}/${GROUPS})`, async ({ browser, baseURL, staff }) => {
    test.setTimeout(300_000);
    const pass = await openPass(browser, baseURL!);
    await staff(pass.page, "admin");
    const linked = await adminPaths(pass.context.request);
    expect(linked.length).toBeGreaterThan(20);
    const visits = merge([
      ...[...AUDITED_ADMIN, ...(await auditedRecords())].map((path): Visit => ({ path, forOutsiders: false, axe: true })),
      ...[...linked, ...UNLINKED_ADMIN].map((path): Visit => ({ path, forOutsiders: FOR_OUTSIDERS.test(path) })),
    ]);
    const problems = await visitAll(pass, shareOf(visits, g, GROUPS));
    await pass.context.close();
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

test("page pass: a session of its own, its registration form, a request and a message", async ({
  browser,
  baseURL,
  staff,
  newSession,
  newLead,
}) => {
  test.setTimeout(180_000);
  const session = await newSession({ seats: 1 });
  const lead = await newLead({ kind: "devis" });
  const message = await newLead({ kind: "contact" });
  const pass = await openPass(browser, baseURL!);
  // A registration form, before signing in: a public page whose address comes from the database.
  const problems = await visitAll(pass, [{ path: registrationPathOf(session), forOutsiders: true, axe: true }]);
  await staff(pass.page, "admin");
  problems.push(
    ...(await visitAll(
      pass,
      [
        `/admin/sessions/${session}`,
        `/admin/sessions/${session}/documents`,
        `/admin/sessions/${session}?devis=${lead}`,
        `/admin/devis/${lead}`,
        `/admin/messages/${message}`,
        // Signed in, as a trainer or an admin who checks it.
        registrationPathOf(session),
      ].map((path) => ({ path, forOutsiders: path.startsWith("/formations"), axe: true })),
    )),
  );
  await pass.context.close();
  expect(problems, problems.join("\n")).toEqual([]);
});
