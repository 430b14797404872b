import { expect, test } from "@playwright/test";
import { PASSWORD, createAccount, uniqueEmail, waitForMail } from "./support/accounts";
import { expectNoSecretIn, recordUrls } from "./support/urls";

/**
 * The sign-in screen's four forms with JavaScript disabled: each is a method="post" form handled
 * on the server, the toast of docs/spec.md#messages comes back as HTML after the redirect, and no password ever
 * appears in an address (bar, history, server logs).
 */
test.use({ javaScriptEnabled: false });

test("sign in without JavaScript: Enter posts the form, the session is set, the toast shows, no password in any URL", async ({ page }) => {
  const email = uniqueEmail("sansjs");
  await createAccount({ email, role: "viewer", name: "Sans Script" });
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

test("forgotten password and new password work without JavaScript", async ({ page, baseURL }) => {
  const email = uniqueEmail("oublisansjs");
  await createAccount({ email, role: "viewer", name: "Ines Sansjs" });
  const urls = recordUrls(page);

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
  expectNoSecretIn(urls, PASSWORD, "nouveau-secret-9", "autre-chose-9");
});

test("a hostile redirectTo never takes a visitor who signs in through the form off the site", async ({ page, baseURL }) => {
  const email = uniqueEmail("redirsansjs");
  await createAccount({ email, role: "viewer", name: "Rémi Sansjs" });
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

test("from an address other than the site's, signing in is refused with an explicit message", async ({ page, baseURL }) => {
  const email = uniqueEmail("origine-sansjs");
  await createAccount({ email, role: "viewer" });
  // The same server, opened by another name: not SITE_URL, not in TRUSTED_ORIGINS.
  const elsewhere = baseURL!.replace("127.0.0.1", "localhost");
  await page.goto(`${elsewhere}/login`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toContainText(`n'est pas ouverte depuis l'adresse officielle du site (${baseURL})`);
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).some((c) => c.name.includes("session_token"))).toBe(false);
});
