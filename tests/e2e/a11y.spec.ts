import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { AUTOMATED_AUDIT } from "~/domain/content/accessibility-audit";
import { formatDateFr } from "~/domain/content/format";
import { openDb } from "~/platform/db/db.server";
import { createAccount, e2eBaseURL, e2eDataDir, signInApi, uniqueEmail } from "./support/accounts";
import { axeViolations, COLOUR_RULES } from "./support/axe";
import { hydrated } from "./support/hydration";

/**
 * Accessibility audit (docs/accessibility.md): axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules
 * plus best practices, on every public page type and every admin screen, in both themes, at 375 px
 * and 1280 px. One browser context per width × theme, the pages looped inside the test; it fails on
 * any violation and prints each rule, target and page. A keyboard walk on /devis checks that no
 * focused element is ever covered (WCAG 2.2 SC 2.4.11), before and after the cookie choice.
 */
const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
] as const;
const THEMES = ["light", "dark"] as const;

const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";
const MANAGER = "prendre-son-poste-de-manager";
const ENTRETIENS = "conduire-les-entretiens-annuels-et-professionnels";

const PUBLIC_PAGES = [
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

async function adminPages(): Promise<string[]> {
  const { db } = openDb({ engine: "sqlite", file: path.join(e2eDataDir(), "site.db") });
  const formation = await db.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  const post = await db.selectFrom("blog_posts").select("id").orderBy("created_at").executeTakeFirstOrThrow();
  let lead = await db.selectFrom("leads").select("id").where("reference", "=", "A11Y-0001").executeTakeFirst();
  if (!lead) {
    const now = new Date().toISOString();
    lead = { id: `a11y${process.pid}${Date.now()}` };
    await db
      .insertInto("leads")
      .values({
        id: lead.id,
        reference: "A11Y-0001",
        kind: "devis",
        status: "nouveau",
        name: "Camille Martin",
        email: "camille.martin@example.org",
        phone: "06 12 34 56 78",
        company: "Atelier Martin",
        siret: "",
        subject: "",
        formations: JSON.stringify([{ slug: EXCEL, title: "Excel perfectionnement" }]),
        formation_other: "",
        trainees: 3,
        format: "inter",
        period: "Printemps",
        city: "Lyon",
        funding: "opco",
        message: "Nous souhaitons former trois personnes.",
        consent_at: now,
        form_token: `a11y-${Date.now()}`,
        search_text: "camille martin atelier",
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  let message = await db.selectFrom("leads").select("id").where("reference", "=", "A11Y-0002").executeTakeFirst();
  if (!message) {
    const now = new Date().toISOString();
    message = { id: `a11ym${process.pid}${Date.now()}` };
    await db
      .insertInto("leads")
      .values({
        id: message.id,
        reference: "A11Y-0002",
        kind: "contact",
        status: "nouveau",
        name: "Nadia Lefèvre",
        email: "nadia.lefevre@example.org",
        phone: "",
        company: "",
        siret: "",
        subject: "Une question sur les financements",
        formations: "[]",
        formation_other: "",
        trainees: null,
        format: "",
        period: "",
        city: "",
        funding: "",
        message: "Bonjour, pouvez-vous me rappeler au sujet du CPF ?",
        consent_at: now,
        form_token: `a11y-m-${Date.now()}`,
        search_text: "nadia lefevre question",
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // One record of each kind of claim, to audit its edit form (the demo content holds some).
  const testimonial = await db.selectFrom("testimonials").select("id").orderBy("position").executeTakeFirst();
  const result = await db.selectFrom("result_figures").select("id").orderBy("position").executeTakeFirst();
  const argument = await db.selectFrom("why_us_arguments").select("id").orderBy("position").executeTakeFirst();
  // An upcoming session of the demo catalogue, for its admin page and its (public) registration form.
  const session = await db
    .selectFrom("formation_sessions")
    .select("id")
    .where("formation_id", "=", formation.id)
    .where("start_date", ">", new Date().toISOString().slice(0, 10))
    .orderBy("start_date")
    .executeTakeFirstOrThrow();
  await db.destroy();
  const claims = "/admin/temoignages";
  return [
    "/admin",
    "/admin/formations",
    "/admin/formations/new",
    `/admin/formations/${formation.id}`,
    "/admin/formations/import",
    "/admin/formations/batch-import",
    "/admin/blog",
    "/admin/blog/new",
    `/admin/blog/${post.id}`,
    "/admin/categories",
    "/admin/villes",
    "/admin/devis",
    `/admin/devis/${lead.id}`,
    "/admin/messages",
    `/admin/messages/${message.id}`,
    "/admin/journal",
    "/admin/utilisateurs",
    "/admin/parametres",
    "/admin/parametres/formations",
    "/admin/parametres/documents",
    "/admin/lheo",
    "/admin/webhooks",
    "/admin/financement",
    `${claims}?onglet=temoignages`,
    `${claims}?onglet=temoignages&modifier=nouveau`,
    ...(testimonial ? [`${claims}?onglet=temoignages&modifier=${testimonial.id}`] : []),
    `${claims}?onglet=resultats`,
    `${claims}?onglet=resultats&modifier=${result?.id ?? "nouveau"}`,
    `${claims}?onglet=arguments`,
    `${claims}?onglet=arguments&modifier=${argument?.id ?? "nouveau"}`,
    "/admin/sessions",
    `/admin/sessions/${session.id}`,
    `/admin/sessions/${session.id}/documents`,
    `/admin/sessions/${session.id}?devis=${lead.id}`,
    "/admin/textes-legaux",
    "/admin/textes-legaux?document=reglement_interieur",
    // A public page whose address comes from the database (audited here, signed in).
    `/formations/${EXCEL}/inscription/${session.id}`,
  ];
}

async function openContext(browser: Browser, width: number, theme: string) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 740 : 900 },
    baseURL: e2eBaseURL(),
    locale: "fr-FR",
  });
  await context.addInitScript((t) => {
    try {
      localStorage.setItem("theme", t);
    } catch {
      /* storage unavailable */
    }
  }, theme);
  return context;
}

/** Sets the theme as the theme control does: the class and colour scheme of <html>, remembered. */
async function setTheme(page: Page, theme: string) {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(t);
    root.style.colorScheme = t;
    localStorage.setItem("theme", t);
  }, theme);
}

/**
 * Runs axe on each path, loaded once: at both widths in the light theme with every rule, then at
 * both widths in the dark theme with the colour rules (only colours change between themes). The
 * viewport changes without a reload: the page lays itself out again as a resized window does.
 */
async function audit(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const p of paths) {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(p);
    // Hydrated, and the effects that follow it have run (client-only parts such as the cookie banner
    // are in place) before auditing.
    await hydrated(page);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      for (const viewport of theme === "light" ? VIEWPORTS : [...VIEWPORTS].reverse()) {
        await page.setViewportSize(viewport);
        for (const problem of await axeViolations(page, theme === "dark" ? COLOUR_RULES : undefined)) {
          problems.push(`[${theme} ${viewport.width}px] ${p} — ${problem}`);
        }
      }
    }
  }
  return problems;
}

/** The pages split in groups of similar cost, so that two workers share the run evenly. */
function groups<T>(items: T[], count: number): T[][] {
  return Array.from({ length: count }, (_, g) => items.filter((_, i) => i % count === g));
}

// About seven pages a group: each test stays well inside its time on a busy machine.
groups(PUBLIC_PAGES, Math.ceil(PUBLIC_PAGES.length / 7)).forEach((paths, g) => {
  test(`axe: public pages (${g + 1}), both themes, 375 and 1280 px`, async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await openContext(browser, VIEWPORTS[0].width, "light");
    const page = await context.newPage();
    const problems = await audit(page, paths);
    await context.close();
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

for (const g of [0, 1, 2]) {
  test(`axe: admin screens (${g + 1}), both themes, 375 and 1280 px`, async ({ browser }) => {
    test.setTimeout(300_000);
    const paths = groups(await adminPages(), 3)[g]!;
    const context = await openContext(browser, VIEWPORTS[0].width, "light");
    const page = await context.newPage();
    const { email } = await createAccount({ email: uniqueEmail("a11y-admin"), role: "admin" });
    await signInApi(page, e2eBaseURL(), email);
    const problems = await audit(page, paths);
    await context.close();
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

/** Tabs through the page; at each stop, the element at the focused element's centre must be inside it. */
async function coveredStops(page: Page, maxStops = 120): Promise<string[]> {
  const covered: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const describe = (n: Element | null) =>
        n
          ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ""}${n.textContent ? ` « ${n.textContent.trim().slice(0, 40)} »` : ""}`
          : "rien";
      const key = `${describe(el)}@${Math.round(r.top + window.scrollY)}:${Math.round(r.left)}`;
      if (r.width === 0 && r.height === 0) return { key, covered: null };
      const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      const ok = hit && (el === hit || el.contains(hit) || hit.contains(el) || (el as HTMLInputElement).labels?.[0]?.contains(hit));
      return { key, covered: ok ? null : `${describe(el)} couvert par ${describe(hit)}` };
    });
    if (!stop) continue;
    if (stop.key === first) break;
    first ??= stop.key;
    if (stop.covered) covered.push(stop.covered);
  }
  return covered;
}

test("keyboard: no focused element on /devis is covered at 375 px, before and after the cookie choice", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: e2eBaseURL(), locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/devis");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  expect(await coveredStops(page)).toEqual([]);

  await page.getByRole("button", { name: "Tout refuser" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  await page.goto("/devis");
  await page.waitForLoadState("networkidle");
  expect(await coveredStops(page)).toEqual([]);
  await context.close();
});

test("the accessibility statement shows the audit's date and the axe-core version in package.json", async ({ page }) => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> };
  const version = pkg.devDependencies["axe-core"]!.replace(/^[\^~]/, "");
  expect(AUTOMATED_AUDIT.axeCoreVersion).toBe(version);
  await page.goto("/accessibilite");
  const section = page.locator("main");
  await expect(section).toContainText(`axe-core ${version}`);
  await expect(page.locator(`time[datetime="${AUTOMATED_AUDIT.date}"]`)).toHaveText(formatDateFr(AUTOMATED_AUDIT.date));
  await expect(section).toContainText("WCAG 2.0, 2.1 et 2.2");
  await expect(section).toContainText("Lighthouse");
});

test("after a client-side navigation the focus is on the new page's h1, not on the clicked link", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Tout refuser" }).click();
  await page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(page.locator("h1")).toBeFocused();
  await expect(page.locator("h1")).toHaveAttribute("tabindex", "-1");
});
