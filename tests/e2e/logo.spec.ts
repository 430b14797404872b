import { expect, test } from "@playwright/test";
import { ownServer } from "./support/own-server";

/**
 * The organisation's logo, in the header of every page: a setting for the whole site, changed on a
 * server of its own (docs/decisions/0027-tests-own-their-data.md).
 */
const own = ownServer("logo");

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(1)</script><rect width="120" height="40" fill="#0b5"/></svg>`;

test("an admin uploads an SVG logo: the header shows it, served as a sandboxed image; removing it brings the mark back", async ({
  browser,
}) => {
  const page = await own.page(browser, "admin");
  await page.goto("/admin/parametres");
  await page.getByLabel("Fichier du logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG) });
  await page.getByRole("button", { name: "Envoyer le logo" }).click();
  await expect(page.getByText("Logo enregistré")).toBeVisible();

  await page.goto("/");
  const logo = page.getByTestId("site-logo");
  await expect(logo).toBeVisible();
  const src = await logo.getAttribute("src");
  expect(src).toMatch(/^\/uploads\/logo\/[0-9a-f-]{36}\.svg$/);
  const response = await page.request.get(src!);
  expect(response.headers()["content-type"]).toBe("image/svg+xml");
  expect(response.headers()["content-security-policy"]).toContain("sandbox");

  // Not an image: refused in French, nothing changes.
  await page.goto("/admin/parametres");
  await page.getByLabel("Fichier du logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("bonjour") });
  await page.getByRole("button", { name: "Envoyer le logo" }).click();
  await expect(page.getByText("Ce fichier n'est pas une image SVG valide.")).toBeVisible();

  await page.getByRole("button", { name: "Retirer le logo" }).click();
  await expect(page.getByText("Logo retiré")).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("site-logo")).toHaveCount(0);
  await page.context().close();
});
