import { expect, test, type Page } from "@playwright/test";
import {
  PASSWORD,
  createAccount,
  setPublicSignUp,
  signInApi,
  signUpApi,
  testClientIp,
  uniqueEmail,
  waitForMail,
  openUserMenu,
} from "./support/accounts";
import { expectNoSecretIn, recordUrls } from "./support/urls";
import { hydrated } from "./support/hydration";

/**
 * Public sign-up: off by default, opened and closed by an admin (/admin/utilisateurs). It is one
 * setting for the whole site, so every test that depends on it is here, one after the other; no
 * other file signs up.
 */
test.describe.configure({ mode: "serial" });
test.afterAll(() => setPublicSignUp(false));

function toastWith(page: Page, title: string, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: text });
}

const CLOSED = "Les inscriptions en ligne sont fermées. Pour obtenir un compte, demandez une invitation à un administrateur du site.";

function confirmationLink(mail: string): string {
  const link = /(http:\/\/[^\s"<>]+\/login\/confirmation\?token=[A-Za-z0-9._%-]+)/.exec(mail)?.[1];
  expect(link, "lien de confirmation").toBeTruthy();
  return link!;
}

async function signUpInBrowser(page: Page, { name, email, password = PASSWORD }: { name: string; email: string; password?: string }) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Créer un compte" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Créer un compte" })).toBeVisible();
  await page.getByLabel("Nom affiché").fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
}

async function switchSignUp(page: Page, baseURL: string, open: boolean) {
  const admin = await createAccount({ email: uniqueEmail(open ? "ouvre" : "ferme"), role: "admin" });
  await signInApi(page, baseURL, admin.email);
  await page.goto("/admin/utilisateurs");
  await hydrated(page);
  await expect(page.getByTestId("sign-up-state")).toContainText(open ? "Fermées" : "Ouvertes");
  await page.getByRole("button", { name: open ? "Ouvrir les inscriptions en ligne" : "Fermer les inscriptions en ligne" }).click();
  await expect(toastWith(page, "Modification enregistrée", open ? "Les visiteurs peuvent créer un compte" : "fermée")).toBeVisible();
  await expect(page.getByTestId("sign-up-state")).toContainText(open ? "Ouvertes" : "Fermées");
  await page.context().clearCookies();
}

test("closed by default: /login offers no sign-up and the endpoint refuses in French", async ({ page, request, baseURL }) => {
  await page.goto("/login");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Créer un compte" })).toHaveCount(0);
  await page.goto("/login?mode=inscription");
  await expect(page.getByText("Les inscriptions en ligne sont fermées.")).toBeVisible();
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);

  const res = await signUpApi(request, baseURL!, { email: uniqueEmail("ferme"), password: PASSWORD, name: "Porte Close" });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe(CLOSED);
});

test("an admin opens sign-up from the users screen", async ({ page, baseURL }) => {
  await switchSignUp(page, baseURL!, true);
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Créer un compte" })).toBeVisible();
});

test("sign up in the browser: the toast, then a confirmation e-mail whose link signs in a viewer", async ({ page }) => {
  const email = uniqueEmail("lecteur");
  const started = Date.now();
  await signUpInBrowser(page, { name: "Léa Lectrice", email });
  await expect(toastWith(page, "Compte créé", "Votre compte a été créé avec succès")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse e-mail" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: email })).toContainText("Ouvrez le lien");
  // Not signed in until the address is confirmed.
  await expect(page.getByTestId("user-menu-button")).toHaveCount(0);

  const mail = await waitForMail(email, { after: started });
  expect(mail).toContain("Pour l'activer, confirmez votre adresse en ouvrant ce lien");
  await page.goto(confirmationLink(mail));
  await expect(page).toHaveURL(/\/$/);
  await expect(toastWith(page, "Adresse confirmée", "Votre compte est activé")).toBeVisible();
  await hydrated(page);
  await openUserMenu(page);
  await expect(page.getByText("Rôle : Lecteur")).toBeVisible();
  await expect(page.getByTestId("user-menu-button")).toContainText("Léa Lectrice");
  expect((await page.goto("/admin"))?.status()).toBe(403);
  await expect(page.getByTestId("access-denied-role")).toHaveText("Lecteur");
});

test("an address that already has an account gets the same answer, and its owner an e-mail", async ({ page, baseURL }) => {
  const email = uniqueEmail("connu");
  await createAccount({ email, role: "editor", name: "Carla Connue" });
  const started = Date.now();
  await signUpInBrowser(page, { name: "Quelqu'un d'autre", email, password: "autre-secret-1" });
  await expect(toastWith(page, "Compte créé", "Votre compte a été créé avec succès")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse e-mail" })).toBeVisible();
  const mail = await waitForMail(email, { after: started });
  expect(mail).toContain("aucun nouveau compte n'a été créé et votre mot de passe reste inchangé");

  // Over HTTP too: the same status and the same shape for a known and an unknown address.
  const known = await signUpApi(page.request, baseURL!, { email, password: "autre-secret-1", name: "Autre Personne" });
  const unknown = await signUpApi(page.request, baseURL!, {
    email: uniqueEmail("inconnu"),
    password: "autre-secret-1",
    name: "Autre Personne",
  });
  expect([known.status(), unknown.status()]).toEqual([200, 200]);
  const [k, u] = [await known.json(), await unknown.json()];
  expect(Object.keys(k.user).sort()).toEqual(Object.keys(u.user).sort());
  expect([k.token, u.token, k.user.role, u.user.role]).toEqual([null, null, "viewer", "viewer"]);
  // The owner's account is untouched.
  const attempt = (password: string) =>
    page.request.post("/api/auth/sign-in/email", {
      data: { email, password },
      headers: { origin: baseURL!, "x-forwarded-for": testClientIp() },
    });
  expect((await attempt("autre-secret-1")).status()).toBe(401);
  expect((await attempt(PASSWORD)).status()).toBe(200);
});

test("the password policy is shown beside the field and enforced", async ({ page }) => {
  await page.goto("/login?mode=inscription");
  await hydrated(page);
  const rules = page.getByRole("list", { name: "Règles du mot de passe" });
  await expect(rules).toContainText("Au moins 6 caractères");
  await page.getByLabel("Nom affiché").fill("Court Mot");
  await page.getByLabel("Adresse e-mail").fill(uniqueEmail("court"));
  await page.getByLabel("Mot de passe", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Le mot de passe ne respecte pas la politique : au moins 6 caractères.")).toBeVisible();
  await expect(page).toHaveURL(/mode=inscription/);
});

test("a sign-up asking for role admin still gets viewer, once confirmed", async ({ request, baseURL }) => {
  const email = uniqueEmail("malin");
  const started = Date.now();
  const res = await signUpApi(request, baseURL!, { email, password: PASSWORD, name: "Max Malin", role: "admin" });
  expect(res.status()).toBe(200);
  const confirmed = await request.get(confirmationLink(await waitForMail(email, { after: started })));
  expect(confirmed.status()).toBe(200);
  const session = await (await request.get("/api/auth/get-session")).json();
  expect(session.user).toMatchObject({ email, role: "viewer", name: "Max Malin", emailVerified: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up works, the toast shows, and no password appears in any URL", async ({ page }) => {
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
    await expect(page.getByRole("status").filter({ hasText: "Compte créé" })).toContainText("Votre compte a été créé avec succès");
    await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse e-mail" })).toBeVisible();
    expectNoSecretIn(urls, PASSWORD, "abc");
  });
});

test("an admin closes sign-up again: /login no longer offers it", async ({ page, baseURL }) => {
  await switchSignUp(page, baseURL!, false);
  await page.goto("/login");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Créer un compte" })).toHaveCount(0);
});
