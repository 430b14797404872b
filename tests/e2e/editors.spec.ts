import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";
import { parisDayAndTime } from "~/platform/format";

/**
 * The editors (formations and blog posts): a draft saved with only a title, field errors that
 * clear as each field is fixed, the shared publishing control (publish now, schedule, unpublish),
 * saving blocked while an image uploads, unique ids on the catalogue screens, the Markdown
 * toolbar's roving tabindex, and a keyboard walk through the whole formation editor where no
 * focused element is hidden by the sticky save bar (WCAG 2.2, 2.4.11).
 */
function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/** "2026-03-02T10:30": Paris wall-clock time, as a datetime-local field takes it. */
function parisLocal(date: Date): string {
  const { day, time } = parisDayAndTime(date);
  return `${day}T${time}`;
}

async function signInAsEditor(page: Page) {
  const account = await createAccount({ email: uniqueEmail("editeur"), role: "editor" });
  await signInApi(page, e2eBaseURL(), account.email);
}

test("a formation draft saves with only a title; publishing checks everything and errors clear as fields are fixed", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsEditor(page);
  const title = `Brouillon minimal ${Date.now().toString(36)}`;
  await page.goto("/admin/formations/new");
  await hydrated(page);
  // An empty title is refused in the browser, with the message beside the field.
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.locator("#formation-title-error")).toHaveText("Le titre est obligatoire.");
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await expect(page.locator("#formation-title-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page).toHaveURL(/\/admin\/formations\/[0-9a-f-]{36}$/);
  await expect(toast(page, "Brouillon enregistré")).toBeVisible();
  await expect(page.getByTestId("formation-status")).toContainText("Brouillon");
  // After saving, the focus is on the result.
  await expect(page.getByTestId("formation-status")).toBeFocused();
  await expect(page.getByTestId("to-complete-notice")).toBeVisible();
  const slug = title.toLowerCase().replace(/ /g, "-");
  expect((await request.get(`/formations/${slug}`)).status()).toBe(404);

  // Publishing applies the full checks: refused, nothing lost, the summary has the focus.
  await hydrated(page);
  await page.getByRole("button", { name: "Publier maintenant" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "La formation n'a pas été publiée" });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(page.locator("#formation-summary-error")).toHaveText("Le résumé est obligatoire.");
  await expect(page.locator("#formation-audience-error")).toHaveText("Le public visé est obligatoire.");
  // Fixing one field clears its message only.
  await page.getByLabel("Résumé").fill("Un résumé assez long pour la publication de cette formation.");
  await expect(page.locator("#formation-summary-error")).toHaveCount(0);
  await expect(page.locator("#formation-audience-error")).toHaveText("Le public visé est obligatoire.");
  await page.getByLabel("Public visé").fill("Tout public.");
  await expect(page.locator("#formation-audience-error")).toHaveCount(0);
  // A value that cannot be stored is refused at once, even in a draft, and clears once corrected.
  await page.getByLabel("Durée en heures").fill("beaucoup");
  await page.getByLabel("Durée en heures").blur();
  await expect(page.locator("#formation-durationHours-error")).toHaveText("La durée en heures doit être un nombre.");
  await page.getByLabel("Durée en heures").fill("7");
  await expect(page.locator("#formation-durationHours-error")).toHaveCount(0);
  // The first save's toast has gone (on a slow machine it may still be there): the next one is this save's.
  await expect(toast(page, "Brouillon enregistré")).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(toast(page, "Brouillon enregistré")).toBeVisible();
  await expect(page.getByLabel("Résumé")).toHaveValue("Un résumé assez long pour la publication de cette formation.");
});

test("a post: draft with only a title, schedule (never in the past), publish now, unpublish", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInAsEditor(page);
  const suffix = Date.now().toString(36);
  const title = `Article en chantier ${suffix}`;
  const slug = `article-en-chantier-${suffix}`;
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(toast(page, "Brouillon enregistré")).toBeVisible();
  await expect(page.getByTestId("post-status")).toHaveText("Brouillon");
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

  await hydrated(page);
  await page.getByLabel("Chapeau").fill("Un chapeau qui donne envie de lire la suite de cet article.");
  await page.getByLabel("Catégorie").selectOption({ label: "Actualités" });
  await page.getByRole("textbox", { name: "Texte de l'article" }).fill("Le contenu de l'article.");

  // A date in the past is refused, with its message, and nothing typed is lost.
  await page.locator("summary", { hasText: "Programmer…" }).click();
  const date = page.getByLabel(/Date et heure de publication/);
  await expect(date).toBeFocused();
  await date.fill(parisLocal(new Date(Date.now() - 2 * 3600_000)));
  await page.getByRole("button", { name: "Programmer la publication" }).click();
  await expect(page.locator("#article-scheduledAt-error")).toHaveText(
    "Cette date est déjà passée\u00a0: choisissez un jour et une heure à venir.",
  );
  await expect(page.getByLabel("Chapeau")).toHaveValue("Un chapeau qui donne envie de lire la suite de cet article.");
  await expect(page.getByTestId("post-status")).toHaveText("Brouillon");

  // In two days: scheduled, not public yet.
  await page.getByLabel(/Date et heure de publication/).fill(parisLocal(new Date(Date.now() + 48 * 3600_000)));
  await page.getByRole("button", { name: "Programmer la publication" }).click();
  await expect(toast(page, "Article programmé")).toBeVisible();
  await expect(page.getByTestId("post-status")).toContainText("Programmé pour le");
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

  // « Publier maintenant » on a scheduled post: public at once.
  await hydrated(page);
  await page.getByRole("button", { name: "Publier maintenant" }).click();
  await expect(toast(page, "Article publié")).toBeVisible();
  await expect(page.getByTestId("post-status")).toHaveText("Publié");
  expect((await request.get(`/blog/${slug}`)).status()).toBe(200);

  // « Dépublier »: back to a draft, gone for visitors.
  await hydrated(page);
  await page.getByRole("button", { name: "Dépublier" }).click();
  await expect(toast(page, "Article dépublié")).toBeVisible();
  await expect(page.getByTestId("post-status")).toHaveText("Brouillon");
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
});

test("saving waits for an image upload: blocked with its reason, then saved with the image", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsEditor(page);
  await page.goto("/admin/formations/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(`Formation illustrée ${Date.now().toString(36)}`);
  // The upload takes a few seconds.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/televersement-image*", async (route) => {
    await released;
    await route.continue();
  });
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Choisir une image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  const save = page.getByRole("button", { name: "Enregistrer le brouillon" });
  await expect(save).toBeDisabled();
  await expect(page.getByRole("button", { name: "Publier maintenant" })).toBeDisabled();
  await expect(page.getByText("Envoi de l'image en cours…")).toBeVisible();
  // Enter in a field does not submit either.
  await page.getByRole("textbox", { name: "Titre", exact: true }).press("Enter");
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/admin\/formations\/new$/);
  release();
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await expect(save).toBeEnabled();
  await expect(page.getByText("Envoi de l'image en cours…")).toHaveCount(0);
  await page.getByLabel("Texte alternatif").fill("Une salle de formation");
  await save.click();
  await expect(toast(page, "Brouillon enregistré")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await expect(page.getByLabel("Texte alternatif")).toHaveValue("Une salle de formation");
});

test("the categories and cities screens: unique ids, every field with its own label", async ({ page }) => {
  await signInAsEditor(page);
  for (const path of ["/admin/categories", "/admin/villes"]) {
    await page.goto(path);
    await hydrated(page);
    // Open every edit form, so that all of them are rendered and checked.
    for (const summary of await page.getByText("Modifier", { exact: true }).all()) await summary.click();
    const report = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
      const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
      const controls = [...document.querySelectorAll<HTMLInputElement>("main input:not([type=hidden]), main textarea, main select")];
      const unlabelled = controls.filter((c) => c.labels === null || c.labels.length === 0).map((c) => c.name);
      return { duplicates, unlabelled, controls: controls.length };
    });
    expect(report.duplicates, path).toEqual([]);
    expect(report.unlabelled, path).toEqual([]);
    expect(report.controls, path).toBeGreaterThan(10);
  }
});

test("the Markdown toolbar is one tab stop; arrows, Home and End move within it", async ({ page }) => {
  await signInAsEditor(page);
  await page.goto("/admin/formations/new");
  await hydrated(page);
  const toolbar = page.getByRole("toolbar", { name: "Mise en forme" }).first();
  expect(await toolbar.locator('button[tabindex="0"]').count()).toBe(1);
  await toolbar.getByRole("button", { name: "Titre de section" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Gras (Ctrl+B)" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "Lien (Ctrl+K)" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Titre de section" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(toolbar.getByRole("button", { name: "Lien (Ctrl+K)" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(toolbar.getByRole("button", { name: "Titre de section" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  // The button last used keeps the tab stop; Tab leaves the toolbar.
  expect(await toolbar.locator('button[tabindex="0"]').getAttribute("aria-label")).toBe("Gras (Ctrl+B)");
  await page.keyboard.press("Tab");
  expect(await toolbar.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  // The text area shows where the focus is.
  const area = page.getByRole("textbox", { name: "Présentation", exact: true });
  await area.focus();
  const outline = await area.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
});

const editors = [
  { name: "formation", path: "/admin/formations/new", form: "form#formation", minStops: 60 },
  { name: "post", path: "/admin/blog/new", form: "form#article", minStops: 20 },
];
for (const [width, editor] of [375, 1280].flatMap((w) => editors.map((e) => [w, e] as const))) {
  test(`tabbing through the whole ${editor.name} editor at ${width} px: no focused element is hidden by the save bar`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    await signInAsEditor(page);
    await page.goto(editor.path);
    await hydrated(page);
    // The save bar has set up its focus handling (it reserves its height as scroll padding): on a
    // busy machine the editor's effects can run after the router reports itself ready.
    await page.waitForFunction(() => document.documentElement.style.scrollPaddingBottom !== "");
    await page.getByRole("heading", { level: 1 }).click();
    const hidden: string[] = [];
    let stops = 0;
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press("Tab");
      // The page's own focus handler may scroll: measure on the next frame, as the visitor sees it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const result = await page.evaluate((formSelector) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { done: true as const };
        const form = document.querySelector(formSelector);
        if (!form?.contains(el) && !el.closest("[data-save-bar]")) return { done: false as const, outside: true };
        // As the browser does: an element out of the window is scrolled into view first.
        let rect = el.getBoundingClientRect();
        if (rect.bottom < 0 || rect.top > window.innerHeight) {
          el.scrollIntoView({ block: "nearest" });
          rect = el.getBoundingClientRect();
        }
        const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
        const hit = document.elementFromPoint(x, y);
        let covered = "";
        for (let node = hit; node; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if ((position === "fixed" || position === "sticky") && !node.contains(el))
            covered = `${node.tagName}.${String(node.className).slice(0, 40)} (${Math.round(rect.top)}–${Math.round(rect.bottom)} / ${window.innerHeight})`;
        }
        const name = el.getAttribute("aria-label") || el.id || el.textContent?.trim().slice(0, 30) || el.tagName;
        const last = el.closest("[data-save-bar]") !== null && el.textContent?.trim() === "Retour à la liste";
        return { done: last, covered, name: `${el.tagName} ${name}` };
      }, editor.form);
      if ("outside" in result) {
        if (stops > 0) break;
        continue;
      }
      if (result.done && !("covered" in result)) break;
      stops++;
      if (result.covered) hidden.push(`${result.name} sous ${result.covered}`);
      if (result.done) break;
    }
    expect(stops).toBeGreaterThan(editor.minStops);
    expect(hidden).toEqual([]);
  });
}

test("the journal's wide table scrolls by keyboard at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await createAccount({ email: uniqueEmail("admin"), role: "admin" });
  await signInApi(page, e2eBaseURL(), account.email);
  // At least one entry: a category change is journaled.
  await page.goto("/admin/categories");
  await hydrated(page);
  await page.getByText("Modifier", { exact: true }).first().click();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).first().click();
  await expect(page.getByTestId("mutation-result")).toBeFocused();
  await page.goto("/admin/journal");
  const region = page.getByRole("region", { name: /Journal des modifications/ });
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a formation draft saves with its title, and a post is scheduled with the same control", async ({ page }) => {
    await signInAsEditor(page);
    await page.goto("/admin/formations/new");
    await page.getByRole("textbox", { name: "Titre", exact: true }).fill(`Sans script ${Date.now().toString(36)}`);
    await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
    await expect(page).toHaveURL(/\/admin\/formations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("status").filter({ hasText: "Brouillon enregistré" })).toBeVisible();

    await page.goto("/admin/blog/new");
    await page.getByRole("textbox", { name: "Titre", exact: true }).fill(`Programmé sans script ${Date.now().toString(36)}`);
    await page.getByLabel("Chapeau").fill("Un chapeau qui donne envie de lire la suite de cet article.");
    await page.getByLabel("Catégorie").selectOption({ label: "Actualités" });
    await page.getByRole("textbox", { name: "Texte de l'article" }).fill("Le contenu de l'article.");
    await page.locator("summary", { hasText: "Programmer…" }).click();
    await page.getByLabel(/Date et heure de publication/).fill(parisLocal(new Date(Date.now() + 72 * 3600_000)));
    await page.getByRole("button", { name: "Programmer la publication" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("post-status")).toContainText("Programmé pour le");
  });
});
