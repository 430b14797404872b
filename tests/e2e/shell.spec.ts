import { expect, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

test.describe("site shell", () => {
  test("an unknown path shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
    await expect(page).toHaveTitle(/Page introuvable/);
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    // The site frame is still there.
    await expect(page.getByRole("navigation", { name: "Informations légales" })).toBeVisible();
  });

  test("the footer lists each page once", async ({ page }) => {
    await page.goto("/");
    const hrefs = await page.locator("footer a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs).toContain("/simulateur-opco");
    expect(hrefs).toContain("/financement");
    expect(hrefs.filter((href, i) => hrefs.indexOf(href) !== i)).toEqual([]);
  });

  test("the html is French, with a skip link, title, description, canonical and Open Graph tags", async ({ page }) => {
    await page.goto("/mentions-legales");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toHaveAttribute("href", "#contenu");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/mentions-legales$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "fr_FR");
  });

  test("the theme choice survives a reload and is applied before any script runs", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    const toggle = page.getByRole("button", { name: /^Thème : clair/ });
    await toggle.click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    // Block the application's JavaScript: only the inline head script can set the class.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.unroute("**/assets/*.js");
  });

  test("a theme stored under the legacy key ui-theme is migrated", async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("ui-theme", "dark");
        sessionStorage.setItem("seeded", "1");
      }
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => [localStorage.getItem("theme"), localStorage.getItem("ui-theme")])).toEqual(["dark", null]);
  });

  test("system follows the device's colour scheme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.addInitScript(() => localStorage.setItem("theme", "system"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await hydrated(page);
    // The toggle has read the stored choice: it now listens to the device's preference.
    await expect(page.locator('[data-theme-choice="system"]').first()).toBeAttached();
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
  });

  test("a server error shows the error screen with status 500 and both buttons", async ({ page }) => {
    const response = await page.goto("/test?erreur=1");
    expect(response?.status()).toBe(500);
    expect(response?.headers()["x-request-id"]).toBeTruthy();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une erreur est survenue");
    await expect(page.getByText("Désolé, quelque chose s'est mal passé. Essayez de recharger la page.")).toBeVisible();
    await hydrated(page);
    // The reference is the failing request's own id, still shown once the page is hydrated.
    await expect(page.getByText(`Référence de l'incident : ${response?.headers()["x-request-id"]}`)).toBeVisible();

    const reload = page.waitForEvent("load");
    await page.getByRole("button", { name: "Recharger la page" }).click();
    await reload;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une erreur est survenue");

    await hydrated(page);
    const retried = page.waitForRequest((r) => r.url().includes("/test") && r.url().includes("erreur=1"));
    await page.getByRole("button", { name: "Réessayer" }).click();
    await retried;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une erreur est survenue");
  });

  test("a slow navigation shows the spinner with « Chargement... »", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    // The next page's data takes 1.5 s to come (the link is followed on the client: its .data request).
    await page.route(/\/mentions-legales\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Informations légales" }).getByRole("link", { name: "Mentions légales" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Chargement..." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
    await expect(page.getByText("Chargement...")).toHaveCount(0);
  });

  test("each navigation scrolls to the top", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 500 });
    await page.goto("/politique-confidentialite");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole("navigation", { name: "Informations légales" }).getByRole("link", { name: "Mentions légales" }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the cookie choice persists and can be changed from the footer", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    // Nothing is counted before consent.
    let beacons = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/page-view")) beacons++;
    });
    await banner.getByRole("button", { name: "Tout refuser" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    expect(beacons).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookie-consent")))!)).toMatchObject({ audience: false });

    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(banner).toBeVisible();
    await banner.getByLabel(/Mesure d'audience/).check();
    const beacon = page.waitForRequest((r) => r.url().endsWith("/api/page-view"));
    await banner.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await beacon;
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookie-consent")))!)).toMatchObject({ audience: true });
  });

  test("on http, service workers and caches are cleaned once per session, with one reload", async ({ page }) => {
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("sw-cleanup-done"))).not.toBeNull();
    expect(loads).toBe(1); // nothing to remove: no reload

    // A stale cache from an earlier https visit; a new session (flag cleared).
    await page.evaluate(async () => {
      await (await caches.open("ancien-cache")).put("/x", new Response("x"));
      sessionStorage.removeItem("sw-cleanup-done");
    });
    await page.reload();
    await expect.poll(() => loads).toBe(3); // the reload above + one reload by the clean-up
    await hydrated(page);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);

    // Same session: never again.
    await page.evaluate(async () => {
      await (await caches.open("autre-cache")).put("/y", new Response("y"));
    });
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(loads).toBe(4);
    expect(await page.evaluate(() => caches.keys())).toEqual(["autre-cache"]);
  });

  test("/simple renders without client JavaScript and shows the site name and the time", async ({ page }) => {
    const response = await page.goto("/simple");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formavia");
    await expect(page.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(page.locator("script[type=module]")).toHaveCount(0);
  });

  test("/test shows a short status to visitors", async ({ page }) => {
    await page.goto("/test");
    await expect(page.getByText("Le site fonctionne normalement.")).toBeVisible();
    await expect(page.getByText("Le détail technique est réservé aux administrateurs connectés.")).toBeVisible();
  });
});

test.describe("server endpoints", () => {
  test("health and readiness", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok", database: true });
  });

  test("robots.txt points to the sitemap and keeps the admin out", async ({ request, baseURL }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml lists the public pages and no auxiliary ones", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const path of [
      "/",
      "/certification-qualiopi",
      "/temoignages",
      "/pourquoi-nous-choisir",
      "/accessibilite",
      "/mentions-legales",
      "/politique-confidentialite",
      "/conditions-utilisation",
      "/politique-cookies",
    ]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).not.toContain("/simple<");
    expect(xml).not.toContain("/test<");
  });

  test("hashed assets are cached for a year; the service worker is always revalidated", async ({ request, page }) => {
    await page.goto("/");
    const asset = await page.locator('link[rel="stylesheet"][href^="/assets/"]').first().getAttribute("href");
    const res = await request.get(asset!);
    expect(res.headers()["cache-control"]).toContain("immutable");
    expect(res.headers()["cache-control"]).toContain("max-age=31536000");
    const sw = await request.get("/service-worker.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect((await request.get("/offline.html")).status()).toBe(200);
  });

  test("the page-view beacon rejects anything but a site path", async ({ request }) => {
    expect((await request.post("/api/page-view", { form: { path: "https://ailleurs.example" } })).status()).toBe(400);
    expect((await request.post("/api/page-view", { form: { path: "/formations" } })).status()).toBe(204);
    // A JSON body (or any body that is not a form) is refused with 415 and a French reason, never a 500.
    const json = await request.post("/api/page-view", { data: { path: "/formations" } });
    expect(json.status()).toBe(415);
    expect(await json.text()).toBe("Format d'envoi non pris en charge\u00a0: envoyez le formulaire depuis la page du site.");
    const xml = await request.post("/devis", { headers: { "content-type": "text/xml" }, data: "<devis/>" });
    expect(xml.status()).toBe(415);
  });
});
