import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, e2eBaseURL, serverDb, signInApi, uniqueEmail } from "./support/accounts";
import { crawlAdmin, sitemapPaths, snapshot } from "./support/crawl";
import { hydrated } from "./support/hydration";
import { pageProblems, type Problem } from "./support/page-checks";

/**
 * The page pass (README, « Tests »): every URL of the sitemap, the public pages outside it (forms,
 * registration, 404) and every admin screen reached from the admin's links, each checked once
 * hydrated by `pageProblems` (tests/e2e/support/page-checks.ts): no « [object Object] »,
 * « undefined », « NaN », « Invalid Date », raw ISO date or timestamp, internal id on a page for
 * outsiders, ordinary space where French typography wants a no-break one, duplicate id, or form
 * control without an accessible name. A failure lists each page and text.
 *
 * The typography rule (ordinary space before « : ; ! ? », inside « ») finds nothing in the site's
 * labels and the demonstration content; its findings are listed on each test (annotation
 * « typographie ») without failing it, because texts typed by the team (titles, excerpts), and
 * those the other tests create while the pass runs, may hold an ordinary space.
 */

const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";

/** Public pages outside the sitemap. */
const OTHER_PUBLIC = [
  "/formations?page=2",
  "/recherche?q=tableaux%20croises",
  "/recherche?q=zzzz",
  "/login",
  "/login?mode=oubli",
  "/login?mode=inscription",
  "/login?token=x",
  "/invitation?token=invalid",
  "/page-qui-n-existe-pas",
];

/** Pages for people outside the team although behind the admin's sign-in: the auditor's evidence pack. */
const FOR_OUTSIDERS = /^\/admin\/qualiopi/;

async function check(page: Page, path: string, forOutsiders: boolean, problems: string[]) {
  await hydrated(page);
  for (const problem of pageProblems(await snapshot(page), { forOutsiders })) {
    if (problem.rule === "typographie") typography(path, problem);
    else problems.push(`${path} — ${problem.message}`);
  }
}

function typography(path: string, problem: Problem) {
  test.info().annotations.push({ type: "typographie", description: `${path} — ${problem.message}` });
}

async function visitAll(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status(), path).toBeLessThan(500);
    await check(page, path, true, problems);
  }
  return problems;
}

/** The sitemap split in `count` groups (every n-th address), so that workers share it. */
const GROUPS = 3;
for (let g = 0; g < GROUPS; g++) {
  test(`page pass: sitemap URLs (${g + 1}/${GROUPS})`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const all = await sitemapPaths(request);
    expect(all.length).toBeGreaterThan(20);
    const problems = await visitAll(
      page,
      all.filter((_, i) => i % GROUPS === g),
    );
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

test("page pass: public pages outside the sitemap (forms, registration, search, 404)", async ({ page }) => {
  test.setTimeout(120_000);
  const db = serverDb();
  const formation = await db.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  const city = await db.selectFrom("formation_cities").select("city_id").where("formation_id", "=", formation.id).executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("formation_sessions")
    .values({
      id: sessionId,
      formation_id: formation.id,
      start_date: "2099-06-08",
      end_date: "2099-06-09",
      city_id: city.city_id,
      seats_left: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  try {
    const problems = await visitAll(page, [...OTHER_PUBLIC, `/formations/${EXCEL}/inscription/${sessionId}`]);
    expect(problems, problems.join("\n")).toEqual([]);
  } finally {
    await db.deleteFrom("formation_sessions").where("id", "=", sessionId).execute();
  }
});

test("page pass: every admin screen", async ({ page }) => {
  test.setTimeout(300_000);
  const { email } = await createAccount({ email: uniqueEmail("passe-pages"), role: "admin" });
  await signInApi(page, e2eBaseURL(), email);
  const problems: string[] = [];
  const visited = await crawlAdmin(page, (path) => check(page, path, FOR_OUTSIDERS.test(path), problems));
  expect(visited.length).toBeGreaterThan(20);
  // Screens no admin link leads to: the evidence pack for the auditor.
  for (const path of ["/admin/qualiopi", "/admin/qualiopi?date=2026-06-30"]) {
    await page.goto(path);
    await check(page, path, true, problems);
  }
  expect(problems, problems.join("\n")).toEqual([]);
});
