import { expect, test, type Page } from "@playwright/test";
import { createAccount, invite, invitationLink, signInApi, uniqueEmail, waitForMail, openUserMenu } from "./support/accounts";
import { hydrated } from "./support/hydration";

/** Staff invitations from /admin/utilisateurs, end to end: the mail, the link, the password, the admin. */

function toastWith(page: Page, title: string, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: text });
}

async function signedInAdmin(page: Page, baseURL: string) {
  const admin = await createAccount({ email: uniqueEmail("direction"), role: "admin", name: "Dora Direction" });
  await signInApi(page, baseURL, admin.email);
  await page.goto("/admin/utilisateurs");
  await hydrated(page);
  return admin;
}

test("invite → mail → link → password → signed in on /admin; the same link twice is refused", async ({ page, browser, baseURL }) => {
  const admin = await signedInAdmin(page, baseURL!);
  const email = uniqueEmail("recrue");
  const started = Date.now();
  await invite(page, { email, name: "Rémi Recrue", role: "editor" });
  const row = page.getByTestId(`invitation-row-${email}`);
  await expect(row).toContainText("En attente");
  await expect(row).toContainText("Éditeur");
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue("");

  const mail = await waitForMail(email, { after: started });
  expect(mail).toContain(`${admin.email} vous invite à rejoindre l'équipe du site`);
  expect(mail).toContain("en tant qu'éditeur");
  const link = invitationLink(mail);

  const guest = await browser.newContext();
  const invited = await guest.newPage();
  await invited.goto(link);
  await hydrated(invited);
  await expect(invited.getByRole("heading", { level: 1, name: "Rejoindre l'équipe" })).toBeVisible();
  await expect(invited.getByTestId("invitation-email")).toHaveText(email);
  await expect(invited.getByLabel("Nom affiché")).toHaveValue("Rémi Recrue");
  await invited.getByLabel("Nouveau mot de passe", { exact: true }).fill("mon-secret-1");
  await invited.getByLabel("Confirmer le mot de passe").fill("pas-le-meme-1");
  await invited.getByLabel("Confirmer le mot de passe").press("Enter");
  await expect(invited.getByRole("alert")).toContainText("Les deux mots de passe ne sont pas identiques.");
  await invited.getByLabel("Confirmer le mot de passe").fill("mon-secret-1");
  await invited.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invited).toHaveURL(/\/admin$/);
  await expect(invited.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(toastWith(invited, "Bienvenue dans l'équipe", "vous êtes connecté")).toBeVisible();
  await hydrated(invited);
  await openUserMenu(invited);
  await expect(invited.getByText("Rôle : Éditeur")).toBeVisible();

  // The link works once.
  await invited.context().clearCookies();
  const again = await invited.goto(link);
  expect(again?.status()).toBe(410);
  await expect(invited.getByRole("heading", { level: 1, name: "Invitation non valable" })).toBeVisible();
  await expect(invited.getByText("Cette invitation a déjà été utilisée.")).toBeVisible();
  await guest.close();

  await page.reload();
  await expect(page.getByTestId(`invitation-row-${email}`)).toContainText("Acceptée");
  await expect(page.getByTestId(`user-row-${email}`)).toContainText("Rémi Recrue");
});

test("a revoked invitation's link is refused; resending sends a new link", async ({ page, baseURL }) => {
  await signedInAdmin(page, baseURL!);
  const email = uniqueEmail("annulee");
  let started = Date.now();
  await invite(page, { email, name: "Anne Annulée", role: "admin" });
  const first = invitationLink(await waitForMail(email, { after: started }));
  const row = page.getByTestId(`invitation-row-${email}`);
  await expect(row).toContainText("Administrateur");

  started = Date.now();
  await row.getByRole("button", { name: `Renvoyer l'invitation de ${email}` }).click();
  await expect(toastWith(page, "Invitation renvoyée", "le précédent ne fonctionne plus")).toBeVisible();
  const second = invitationLink(await waitForMail(email, { after: started }));
  expect(second).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);

  await row.getByRole("button", { name: `Révoquer l'invitation de ${email}` }).click();
  await expect(toastWith(page, "Invitation révoquée", "son lien ne fonctionne plus")).toBeVisible();
  await expect(row).toContainText("Révoquée");
  await expect(row.getByRole("button")).toHaveCount(0);

  await page.context().clearCookies();
  const refused = await page.goto(second);
  expect(refused?.status()).toBe(410);
  await expect(page.getByText("Cette invitation a été annulée par un administrateur.")).toBeVisible();
  // Posting the form anyway changes nothing.
  const post = await page.request.post(second, {
    form: {
      intent: "invitation",
      token: new URL(second).searchParams.get("token")!,
      displayName: "Anne",
      newPassword: "secret-anne",
      confirmPassword: "secret-anne",
    },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(409);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: "secret-anne" },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(401);
});

test("inviting: errors beside the fields, an address that already has an account refused", async ({ page, baseURL }) => {
  await signedInAdmin(page, baseURL!);
  const form = page.getByRole("region", { name: "Inviter un membre de l'équipe" });
  await form.getByLabel("Adresse e-mail").fill("pas-une-adresse");
  await form.getByLabel("Nom affiché").fill(" ");
  await form.getByRole("button", { name: "Envoyer l'invitation", exact: true }).click();
  // Each message beside its field (tied to it as its description), whether the browser or the server found it.
  await expect(form.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(/Saisissez une adresse e-mail valide/);
  await expect(form.getByLabel("Nom affiché")).toHaveAccessibleDescription(/Le nom affiché comporte au moins 2 caractères\./);

  const existing = await createAccount({ email: uniqueEmail("existant"), role: "viewer" });
  await form.getByLabel("Adresse e-mail").fill(existing.email);
  await form.getByLabel("Nom affiché").fill("Déjà Inscrit");
  await form.getByRole("button", { name: "Envoyer l'invitation", exact: true }).click();
  await expect(form.getByRole("alert")).toContainText("Un compte existe déjà avec cette adresse");
  await expect(form.getByLabel("Nom affiché")).toHaveValue("Déjà Inscrit");
});
