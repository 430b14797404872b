import { expect, test } from "@playwright/test";
import { createAccount, signInApi, uniqueEmail } from "./support/accounts";

/**
 * The public header reflects the session on every page rendered for a signed-in visitor (never a
 * cached one): the account menu, not « Connexion », on public pages, their errors and the
 * « Accès refusé » screen of /admin.
 */
test("a signed-in visitor sees the account menu in the header everywhere, « Accès refusé » included", async ({ page, baseURL }) => {
  const viewer = await createAccount({ email: uniqueEmail("entete-session"), role: "viewer" });
  await signInApi(page, baseURL!, viewer.email);
  for (const path of ["/admin", "/admin/formations", "/formations", "/page-qui-n-existe-pas", "/contact"]) {
    await page.goto(path);
    const header = page.locator("header").first();
    await expect(header.getByTestId("user-menu-button"), path).toBeVisible();
    await expect(header.getByRole("link", { name: "Connexion", exact: true }), path).toHaveCount(0);
  }
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(page.getByText(viewer.email)).toBeVisible();
});

test("a signed-out visitor sees « Connexion » on the same screens", async ({ page }) => {
  for (const path of ["/formations", "/page-qui-n-existe-pas"]) {
    await page.goto(path);
    await expect(page.locator("header").first().getByRole("link", { name: "Connexion", exact: true }).first()).toBeAttached();
    await expect(page.locator("header").first().getByTestId("user-menu-button")).toHaveCount(0);
  }
});
