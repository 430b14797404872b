import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, waitReady } from "../support/server-process";
import { createAccount, signInApi, uniqueEmail } from "./support/accounts";

test("an admin edits a testimonial in /admin/temoignages and the public page shows it", async ({ page, baseURL, browser }) => {
  const { email } = await createAccount({ email: uniqueEmail("claims-admin"), role: "admin" });
  await signInApi(page, baseURL!, email);
  await page.goto("/admin/temoignages");
  await expect(page.getByRole("heading", { level: 1, name: "Témoignages, résultats et arguments" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Témoignages \d+/ })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: /^Modifier : Mehdi B\./ }).click();
  await expect(page.getByRole("heading", { name: "Modifier le témoignage" })).toBeVisible();
  const quote = `Un témoignage revu par l'équipe ${Date.now()}.`;
  await page.locator("#testimonial-form-quote").fill(quote);
  // Publishing without the author's consent is refused, next to the field.
  await page.getByLabel(/L'auteur a donné son accord écrit/).uncheck();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Un témoignage ne peut être publié qu'avec l'accord écrit de son auteur.").first()).toBeVisible();
  await page.getByLabel(/L'auteur a donné son accord écrit/).check();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Témoignage enregistré")).toBeVisible();

  // A visitor (no session: the public page cache applies) sees the new text.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${baseURL}/temoignages`);
  await expect(publicPage.getByText(quote)).toBeVisible();
  await visitor.close();
});

test("an editor may not open the claims screen", async ({ page, baseURL }) => {
  const { email } = await createAccount({ email: uniqueEmail("claims-editor"), role: "editor" });
  await signInApi(page, baseURL!, email);
  const response = await page.goto("/admin/temoignages");
  expect(response?.status()).toBe(403);
  const post = await page.request.post("/admin/temoignages", {
    form: { intent: "delete-demo", kind: "testimonial" },
    headers: { origin: baseURL! },
  });
  expect(post.status()).toBe(403);
});

test("a site started with SEED_DEMO=0 publishes no figure and no testimonial", async () => {
  // A second server starts from an empty database (migrations, seed): more than an ordinary test.
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-nodemo-"));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0" });
  try {
    await waitReady(server);
    const home = await (await fetch(`${server.url}/`)).text();
    for (const absent of ["Nos résultats en chiffres", "Ils se sont formés avec nous", "Résultats mesurés", "<figure", "<blockquote"])
      expect(home, absent).not.toContain(absent);
    expect(home).not.toMatch(/\d\s?%/);

    const reviews = await fetch(`${server.url}/temoignages`);
    expect(reviews.status).toBe(200);
    const text = await reviews.text();
    expect(text).toContain("est publié à ce jour");
    expect(text).not.toContain("<figure");
    expect(text).not.toContain("Nos résultats");

    const why = await (await fetch(`${server.url}/pourquoi-nous-choisir`)).text();
    expect(why).not.toContain("Engagement n°");
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const parts = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const all = (
      await Promise.all(
        parts.map(async (u) => (u.endsWith(".xml") ? await (await fetch(u.replace(/^https?:\/\/[^/]+/, server.url))).text() : u)),
      )
    ).join("\n");
    expect(all).not.toContain("/temoignages");
    expect(all).not.toContain("/pourquoi-nous-choisir");
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
