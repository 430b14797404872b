import { expect, test, type Page } from "@playwright/test";
import {
  PASSWORD,
  createAccount,
  invitationLink,
  invite,
  serverDb,
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

/** Opens a confirmation link and types the account's password: the address is confirmed and the visitor signed in. */
async function confirmWithPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Activez votre compte" })).toBeVisible();
  await page.getByLabel("Mot de passe choisi à la création du compte").fill(password);
  await page.getByRole("button", { name: "Confirmer mon adresse", exact: true }).click();
}

function signInAttempt(page: Page, baseURL: string, email: string, password: string) {
  return page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: baseURL, "x-forwarded-for": testClientIp() },
  });
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
  expect(mail).toContain("Pour l'activer, ouvrez ce lien et saisissez votre mot de passe");
  // Opening the link confirms nothing by itself (a mail scanner may open it).
  await page.goto(confirmationLink(mail));
  await expect(page.getByRole("heading", { level: 1, name: "Activez votre compte" })).toBeVisible();
  expect(
    (await serverDb().selectFrom("users").select("email_verified").where("email", "=", email).executeTakeFirstOrThrow()).email_verified,
  ).toBe(0);
  await confirmWithPassword(page, confirmationLink(mail), PASSWORD);
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

test("a sign-up asking for role admin still gets viewer, once confirmed", async ({ page, baseURL }) => {
  const email = uniqueEmail("malin");
  const started = Date.now();
  const res = await signUpApi(page.request, baseURL!, { email, password: PASSWORD, name: "Max Malin", role: "admin" });
  expect(res.status()).toBe(200);
  await confirmWithPassword(page, confirmationLink(await waitForMail(email, { after: started })), PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const session = await (await page.request.get("/api/auth/get-session")).json();
  expect(session.user).toMatchObject({ email, role: "viewer", name: "Max Malin", emailVerified: true });
});

test.describe("a password typed before the address was proven never survives the proof", () => {
  const ATTACKER = "mot-de-passe-pirate-1";
  const OWNER = "mot-de-passe-vrai-1";

  test("viewer: the owner confirms with a password of his own; the attacker's stops working", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("victime");
    // The attacker signs up first, with the owner's address and a password of his own.
    expect((await signUpApi(page.request, baseURL!, { email, password: ATTACKER, name: "Pirate" })).status()).toBe(200);
    await waitForMail(email);
    // He cannot sign in before the address is confirmed.
    expect((await signInAttempt(page, baseURL!, email, ATTACKER)).status()).toBe(403);

    // Later the owner signs up with the same address: the same answer, and a confirmation link.
    const owner = await (await browser.newContext()).newPage();
    const started = Date.now();
    await signUpInBrowser(owner, { name: "Vraie Personne", email, password: OWNER });
    await expect(toastWith(owner, "Compte créé", "Votre compte a été créé avec succès")).toBeVisible();
    const link = confirmationLink(await waitForMail(email, { after: started }));
    const token = new URL(link).searchParams.get("token")!;

    // Better Auth's own endpoint cannot confirm the address behind the password step.
    const raw = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(raw.status()).toBe(403);
    expect((await raw.json()).message).toBe("Confirmez votre adresse en ouvrant le lien reçu par e-mail.");

    // The owner's password is not the account's: refused beside the field, nothing confirmed.
    await confirmWithPassword(owner, link, OWNER);
    await expect(owner.getByLabel("Mot de passe choisi à la création du compte")).toHaveAccessibleDescription(
      /Ce n'est pas le mot de passe choisi à la création de ce compte\./,
    );
    await expect(owner.getByTestId("user-menu-button")).toHaveCount(0);
    // He chooses his own: the address is confirmed and he is signed in.
    await owner.getByRole("link", { name: "Choisir un nouveau mot de passe" }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Choisissez votre mot de passe" })).toBeVisible();
    await owner.getByLabel("Nouveau mot de passe", { exact: true }).fill(OWNER);
    await owner.getByLabel("Confirmer le mot de passe").fill(OWNER);
    await owner.getByRole("button", { name: "Confirmer mon adresse et me connecter" }).click();
    await expect(owner).toHaveURL(/\/$/);
    await expect(toastWith(owner, "Adresse confirmée", "Votre compte est activé")).toBeVisible();

    expect((await signInAttempt(page, baseURL!, email, ATTACKER)).status()).toBe(401);
    expect((await signInAttempt(page, baseURL!, email, OWNER)).status()).toBe(200);
    // The same link again: the address is already confirmed, nothing changes.
    await owner.context().clearCookies();
    await owner.goto(link);
    await expect(owner).toHaveURL(/\/login$/);
    await expect(toastWith(owner, "Adresse déjà confirmée", "connectez-vous avec votre mot de passe")).toBeVisible();
    await owner.context().close();
  });

  test("staff: an unconfirmed account gets no role; inviting its address replaces it", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("futur-editeur");
    expect((await signUpApi(page.request, baseURL!, { email, password: ATTACKER, name: "Pirate" })).status()).toBe(200);
    const { id } = await serverDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();

    const admin = await createAccount({ email: uniqueEmail("direction"), role: "admin", name: "Dora Direction" });
    await signInApi(page, baseURL!, admin.email);
    await page.goto(`/admin/utilisateurs?q=${encodeURIComponent(email)}`);
    await hydrated(page);
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText("Adresse non confirmée");
    await expect(row.getByRole("combobox")).toHaveCount(0);
    // A role change sent anyway is refused by the server.
    const forced = await page.request.post("/admin/utilisateurs", {
      form: { intent: "role", target: id, role: "admin" },
      headers: { origin: baseURL! },
    });
    expect(forced.status()).toBe(409);
    expect((await serverDb().selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role).toBe("viewer");

    // The invitation is accepted and replaces the unconfirmed account with its password.
    const started = Date.now();
    await invite(page, { email, name: "Éva Éditrice", role: "editor" });
    expect((await signInAttempt(page, baseURL!, email, ATTACKER)).status()).toBe(401);
    const invited = await (await browser.newContext()).newPage();
    await invited.goto(invitationLink(await waitForMail(email, { after: started })));
    await hydrated(invited);
    await invited.getByLabel("Nouveau mot de passe", { exact: true }).fill(OWNER);
    await invited.getByLabel("Confirmer le mot de passe").fill(OWNER);
    await invited.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(invited).toHaveURL(/\/admin$/);
    expect((await signInAttempt(page, baseURL!, email, ATTACKER)).status()).toBe(401);
    expect((await signInAttempt(page, baseURL!, email, OWNER)).status()).toBe(200);
    const user = await serverDb().selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "editor" });
    expect(user.id).not.toBe(id);
    await invited.context().close();
  });
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
