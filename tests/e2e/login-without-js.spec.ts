import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signUpApi, uniqueEmail, waitForMail } from "./support/accounts";

/**
 * The sign-in screen's four forms with JavaScript disabled: each is a method="post" form handled
 * on the server, the toast of spec §8 comes back as HTML after the redirect, and no password ever
 * appears in an address (bar, history, server logs).
 */
test.use({ javaScriptEnabled: false });

function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  page.on("framenavigated", (f) => urls.push(f.url()));
  return urls;
}

function expectNoSecretIn(urls: string[], ...secrets: string[]) {
  for (const url of urls) {
    expect(url).not.toMatch(/[?&](password|newPassword|confirmPassword)=/);
    for (const secret of secrets) expect(url).not.toContain(encodeURIComponent(secret));
  }
}

test("sign in without JavaScript: Enter posts the form, the session is set, the toast shows, no password in any URL", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("sansjs");
  expect((await signUpApi(page.request, baseURL!, { email, password: PASSWORD, name: "Sans Script" })).status()).toBe(200);
  await page.context().clearCookies();
  const urls = recordUrls(page);

  await page.goto("/login?redirectTo=%2Fformations");
  const form = page.getByRole("form", { name: "Connexion" });
  await expect(form).toHaveAttribute("method", "post");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("pas-le-bon-1");
  await page.getByLabel("Mot de passe", { exact: true }).press("Enter");
  await expect(page.getByRole("alert")).toContainText("Adresse e-mail ou mot de passe incorrect.");
  // What was typed stays, except the password.
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveValue("");

  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Mot de passe", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/formations$/);
  await expect(page.getByRole("status").filter({ hasText: "Connexion réussie" })).toContainText("Bienvenue");
  const session = await page.request.get("/api/auth/get-session");
  expect((await session.json())?.user?.email).toBe(email);
  expectNoSecretIn(urls, PASSWORD, "pas-le-bon-1");
});

test("sign up, forgotten password and new password work without JavaScript", async ({ page, baseURL }) => {
  const email = uniqueEmail("inscritsansjs");
  const urls = recordUrls(page);

  await page.goto("/login?mode=inscription");
  await page.getByLabel("Nom affiché").fill("Ines Sansjs");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("alert")).toContainText("au moins 6 caractères");
  await expect(page.getByLabel("Nom affiché")).toHaveValue("Ines Sansjs");
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Compte créé" })).toBeVisible();

  await page.context().clearCookies();
  const started = Date.now();
  await page.goto("/login?mode=oubli");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Envoyer le lien" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Email envoyé" })).toContainText("Vérifiez votre boîte mail");
  const mail = await waitForMail(email, { after: started });
  const link = /(http:\/\/[^\s"<>]+\/login\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-secret-9");
  await page.getByLabel("Confirmer le mot de passe").fill("autre-chose-9");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("alert")).toContainText("ne sont pas identiques");
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-secret-9");
  await page.getByLabel("Confirmer le mot de passe").fill("nouveau-secret-9");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mot de passe modifié" })).toBeVisible();

  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: "nouveau-secret-9" },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  expectNoSecretIn(urls, PASSWORD, "nouveau-secret-9", "autre-chose-9", "abc");
});

test("a hostile redirectTo never takes a visitor who signs in through the form off the site", async ({ page, baseURL }) => {
  const email = uniqueEmail("redirsansjs");
  expect((await signUpApi(page.request, baseURL!, { email, password: PASSWORD, name: "Rémi Sansjs" })).status()).toBe(200);
  for (const target of ["/.//evil.example", "/x/..//evil.example", "/%2e//evil.example", "//evil.example"]) {
    await page.context().clearCookies();
    await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Connexion réussie" })).toBeVisible();
    expect(new URL(page.url()).origin, target).toBe(new URL(baseURL!).origin);
    // Signed in already: the same address redirects at once, still on the site.
    const again = await page.request.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(again.headers()["location"], target).toBe("/");
  }
});
