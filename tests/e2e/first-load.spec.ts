import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/hydration";

/**
 * On a first load, the content of public pages keeps the server's HTML and is not hydrated
 * (ServerHtml). What a visitor does there must still behave as on a hydrated page: site links and
 * search forms navigate on the client (spinner, focus, scroll), and the next page renders fully.
 */

/** A mark that survives client navigations and disappears with a document load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as any).__sameDocument = true));
}

async function sameDocument(page: Page) {
  return page.evaluate(() => (window as any).__sameDocument === true);
}

test("a formation card of the home page opens the formation without reloading the document", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await markDocument(page);
  const card = page.locator("main a[href^='/formations/']").first();
  const href = (await card.getAttribute("href"))!;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  // The formation page was rendered by the browser: its links navigate too, and back works.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await sameDocument(page)).toBe(true);
});

test("the catalogue's search form filters on the client, and the next results page too", async ({ page }) => {
  await page.goto("/formations");
  await hydrated(page);
  await markDocument(page);
  await page.getByRole("searchbox").first().fill("Excel");
  await page.getByRole("searchbox").first().press("Enter");
  await expect(page).toHaveURL(/\/formations\?(.*&)?q=Excel/);
  await expect(page.locator("main a[href^='/formations/excel']").first()).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  // The page now comes from the browser: the field shows the search and a new one works.
  // The new page drawn (its address shows first): the field typed into is the new page's.
  await hydrated(page);
  await expect(page.getByRole("searchbox").first()).toHaveValue("Excel");
  await page.getByRole("searchbox").first().fill("manager");
  await page.getByRole("searchbox").first().press("Enter");
  await expect(page).toHaveURL(/q=manager/);
  expect(await sameDocument(page)).toBe(true);
});

test("footer and header links navigate on the client; the phone menu is closed on the new page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/mentions-legales");
  await hydrated(page);
  await markDocument(page);
  await page.getByRole("navigation", { name: "Le site" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  await page.goto("/accessibilite");
  await hydrated(page);
  await markDocument(page);
  await page.getByLabel("Menu").click();
  const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
  await mobileNav.getByRole("link", { name: "Financement" }).click();
  await expect(page).toHaveURL(/\/financement$/);
  await expect(mobileNav).toBeHidden();
  expect(await sameDocument(page)).toBe(true);
});

test("from a post to a related post and back: each shows its own article; the table of contents only scrolls", async ({ page }) => {
  await page.goto("/blog/financer-sa-formation-avec-son-opco");
  await hydrated(page);
  await markDocument(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const paragraphs = await page.locator("main article p").count();
  expect(paragraphs).toBeGreaterThan(3);
  await page.getByRole("navigation", { name: "Sommaire" }).getByRole("link").last().click();
  await expect(page).toHaveURL(/#[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await page.locator("main article p").count()).toBe(paragraphs);

  await page.getByRole("region", { name: "À lire aussi" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title);
  expect(await sameDocument(page)).toBe(true);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\/financer-sa-formation-avec-son-opco$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("main article p")).toHaveCount(paragraphs);
  expect(await sameDocument(page)).toBe(true);
});

test("a formation page sends the browser only what its head needs; rendered by the browser later, it is whole", async ({
  page,
  request,
}) => {
  const path = "/formations/excel-perfectionnement-tableaux-croises-dynamiques";
  const html = await (await request.get(path)).text();
  const data = html.slice(html.indexOf("streamController.enqueue"));
  // The hydration data: the head's title and structured data, not the page's texts or lists.
  expect(data).toContain("$serverOnly");
  expect(data).toContain("Course");
  expect(data).not.toContain("Dans le même domaine");
  expect(data).not.toContain("upcoming");

  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(path);
  await hydrated(page);
  await markDocument(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const sections = await page.locator("main section[id]").count();
  await page.getByRole("region", { name: "Dans le même domaine" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("main section[id]")).toHaveCount(sections);
  await expect(page.getByRole("region", { name: "Prochaines sessions", exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("a city page sends only its head's data; back to it after a client-side navigation, it is drawn whole", async ({ page, request }) => {
  const path = "/formations/ville/lyon";
  const html = await (await request.get(path)).text();
  const data = html.slice(html.indexOf("streamController.enqueue"));
  expect(data).toContain("$serverOnly");
  expect(data).toContain("ItemList");
  expect(data).not.toContain("crumbs");
  expect(data).not.toContain("nearby");

  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path);
  await hydrated(page);
  await markDocument(page);
  const cards = await page.locator("main a[href^='/formations/']:not([href^='/formations/ville/'])").count();
  expect(cards).toBeGreaterThan(0);
  await page.getByRole("region", { name: "Villes proches" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Formations à Lyon");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations à Lyon");
  await expect(page.locator("main a[href^='/formations/']:not([href^='/formations/ville/'])")).toHaveCount(cards);
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});
