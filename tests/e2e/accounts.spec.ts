import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, createAccount, signInApi, testClientIp, uniqueEmail, waitForMail, openUserMenu } from "./support/accounts";
import { hydrated, revalidate } from "./support/hydration";

/** A sonner toast with its title and text. */
function toastWith(page: Page, title: string, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: text });
}

/** Signs in through the /login form (JavaScript on). */
async function signInInBrowser(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("accounts in the browser", () => {
  test("a viewer signed in through the form: /admin shows the access-denied screen with identity and role, both buttons work", async ({
    page,
  }) => {
    const email = uniqueEmail("lecteur");
    await createAccount({ email, role: "viewer", name: "Léa Lectrice" });
    await signInInBrowser(page, email);
    await expect(toastWith(page, "Connexion réussie", "Bienvenue")).toBeVisible();
    await expect(page.getByTestId("user-menu-button")).toContainText("Léa Lectrice");

    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès refusé");
    await expect(page.getByText("Vous n'avez pas les permissions d'édition requises.")).toBeVisible();
    await expect(page.getByTestId("access-denied-email")).toHaveText(email);
    await expect(page.getByTestId("access-denied-role")).toHaveText("Lecteur");

    await hydrated(page);
    await page.getByRole("link", { name: "Retour à l'accueil" }).first().click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/admin");
    await hydrated(page);
    await page.getByTestId("access-denied").getByRole("button", { name: "Se déconnecter" }).click();
    await expect(toastWith(page, "Déconnexion réussie", "À bientôt")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Connexion" }).first()).toBeVisible();

    // Signed out now: /admin sends to /login and remembers where the visitor was going.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  });

  test("signing in from a remembered location comes back there, with the success toast", async ({ page }) => {
    const admin = await createAccount({ email: uniqueEmail("admin"), role: "admin", name: "Alice Admin" });
    await page.goto("/admin/journal?q=r%C3%B4le");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fjournal%3Fq%3Dr%25C3%25B4le$/);
    await hydrated(page);
    await page.getByLabel("Adresse e-mail").fill(admin.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(toastWith(page, "Connexion réussie", "Bienvenue")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/journal\?q=r%C3%B4le$/);
    await expect(page.getByRole("heading", { level: 1, name: "Journal des modifications" })).toBeVisible();
    await expect(page.getByLabel("Rechercher")).toHaveValue("rôle");
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Journal");
  });

  test("signing in from /login takes an editor to the admin dashboard and a viewer to the home page", async ({ page, browser }) => {
    const editor = await createAccount({ email: uniqueEmail("editrice"), role: "editor", name: "Élise Éditrice" });
    await signInInBrowser(page, editor.email);
    await expect(toastWith(page, "Connexion réussie", "Bienvenue")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Administration");

    const context = await browser.newContext();
    const other = await context.newPage();
    const viewer = await createAccount({ email: uniqueEmail("lecteur"), role: "viewer", name: "Louis Lecteur" });
    await signInInBrowser(other, viewer.email);
    await expect(toastWith(other, "Connexion réussie", "Bienvenue")).toBeVisible();
    await expect(other).toHaveURL(/^[^?#]*\/$/);
    await expect(other.getByTestId("user-menu-button")).toContainText("Louis Lecteur");
    await context.close();
  });

  test("wrong credentials show a destructive toast in French", async ({ page }) => {
    const email = uniqueEmail("pris");
    await createAccount({ email, role: "viewer", name: "Déjà Là" });

    await signInInBrowser(page, email, "pas-le-bon");
    const failure = toastWith(page, "Erreur de connexion", "Adresse e-mail ou mot de passe incorrect.");
    await expect(failure).toBeVisible();
    await expect(failure).toHaveAttribute("data-type", "error");
    await expect(page).toHaveURL(/\/login/);
  });

  test("password reset: e-mail from the outbox, new password chosen on /login, link used once", async ({ page, baseURL }) => {
    const email = uniqueEmail("oubli");
    await createAccount({ email, role: "viewer", name: "Oscar Oubli" });
    const started = Date.now();

    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(toastWith(page, "Email envoyé", "Vérifiez votre boîte mail pour réinitialiser votre mot de passe")).toBeVisible();

    const mail = await waitForMail(email, { after: started });
    expect(mail).toContain("Vous avez demandé à réinitialiser le mot de passe de votre compte.");
    const link = /(http:\/\/[^\s"<>]+\/login\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    expect(new URL(link!).origin).toBe(new URL(baseURL!).origin);

    await page.goto(link!);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Choisir un nouveau mot de passe" })).toBeVisible();
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-secret-9");
    await page.getByLabel("Confirmer le mot de passe").fill("nouveau-secret-9");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(toastWith(page, "Mot de passe modifié", "Connectez-vous")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();

    // The old password no longer works, the new one does.
    const old = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin: baseURL! } });
    expect(old.status()).toBe(401);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("nouveau-secret-9");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(toastWith(page, "Connexion réussie", "Bienvenue")).toBeVisible();

    // Single use: the same link is refused.
    await page.goto(link!);
    await hydrated(page);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("encore-autre-7");
    await page.getByLabel("Confirmer le mot de passe").fill("encore-autre-7");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "n'est plus valable" })).toBeVisible();
  });

  test("an admin promotes a viewer to editor, who then enters /admin; the journal records it", async ({ browser, baseURL }) => {
    const admin = await createAccount({ email: uniqueEmail("chef"), role: "admin", name: "Chef Admin" });
    const viewerEmail = uniqueEmail("promu");

    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await createAccount({ email: viewerEmail, role: "viewer", name: "Paul Promu" });
    await signInApi(viewer, baseURL!, viewerEmail);
    expect((await viewer.goto("/admin"))?.status()).toBe(403);

    const adminContext = await browser.newContext();
    const page = await adminContext.newPage();
    await signInApi(page, baseURL!, admin.email, admin.password);
    await page.goto(`/admin/utilisateurs?q=${encodeURIComponent(viewerEmail)}`);
    await hydrated(page);
    const row = page.getByTestId(`user-row-${viewerEmail}`);
    await row.getByLabel(`Rôle de ${viewerEmail}`).selectOption("editor");
    await row.getByRole("button", { name: `Enregistrer le rôle de ${viewerEmail}` }).click();
    await expect(toastWith(page, "Modification enregistrée", `${viewerEmail} est maintenant éditeur`)).toBeVisible();

    // The change applies to the viewer's current session at once.
    const response = await viewer.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(viewer.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    // Editors do not see the admin-only entries.
    await expect(viewer.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Utilisateurs" })).toHaveCount(0);
    expect((await viewer.goto("/admin/utilisateurs"))?.status()).toBe(403);
    await expect(viewer.getByText("Vous n'avez pas les permissions administrateur requises.")).toBeVisible();

    await page.goto(`/admin/journal?q=${encodeURIComponent(viewerEmail)}`);
    await expect(page.getByRole("table")).toContainText(`Rôle de ${viewerEmail} : Lecteur → Éditeur`);
    await expect(page.getByRole("table")).toContainText(admin.email);

    await viewerContext.close();
    await adminContext.close();
  });

  test('while the server checks the role of a navigation to /admin, "Vérification des permissions..." shows', async ({ page, baseURL }) => {
    const editor = await createAccount({ email: uniqueEmail("editrice"), role: "editor", name: "Élise Éditrice" });
    await signInApi(page, baseURL!, editor.email, editor.password);
    await page.goto("/");
    await hydrated(page);
    // Hold the permission check (the admin loaders' data request) for a moment.
    await page.route(/\/admin\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await openUserMenu(page);
    await page.getByRole("link", { name: "Administration" }).click();
    await expect(page.getByText("Vérification des permissions...")).toBeVisible();
    // The held 1.5 s, then the dashboard's data and code: up to 10 s with four tests on two cores.
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Vérification des permissions...")).toHaveCount(0);
  });

  test("while an admin screen reloads its data, it stays in place: no permission check, nothing typed is lost", async ({
    page,
    baseURL,
  }) => {
    const admin = await createAccount({ email: uniqueEmail("sur-place"), role: "admin" });
    await signInApi(page, baseURL!, admin.email);
    await page.goto("/admin/utilisateurs");
    await hydrated(page);
    const field = page.getByRole("region", { name: "Inviter un membre de l'équipe" }).getByLabel("Nom affiché");
    await field.fill("Saisie en cours");
    // A slow refresh of the screen's data (as the batch import's progress polling does).
    await page.route(/\/admin\/utilisateurs\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="permission-checking"]')) (window as any).__checkingShown = true;
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await revalidate(page);
    const checkingShown = await page.evaluate(() => (window as any).__checkingShown === true);
    expect(checkingShown).toBe(false);
    await expect(field).toHaveValue("Saisie en cours");
  });

  // The organisation's settings (one identity for the whole site) are saved on a server of their own:
  // organisation-settings.spec.ts.

  test("self-service: download my data, then delete my account with confirmation and password", async ({ page, baseURL }) => {
    const email = uniqueEmail("depart");
    await createAccount({ email, role: "viewer", name: "Diane Départ" });
    await signInApi(page, baseURL!, email);
    await page.goto("/");
    await hydrated(page);
    await openUserMenu(page);
    const download = page.getByRole("link", { name: "Télécharger mes données" });
    await expect(download).toHaveAttribute("href", "/api/account/export");
    const exported = await page.request.get("/api/account/export");
    expect(exported.headers()["content-disposition"]).toMatch(/attachment; filename="mes-donnees-/);
    const json = await exported.json();
    expect(json.profile).toMatchObject({ email, displayName: "Diane Départ", role: "viewer" });
    expect(JSON.stringify(json)).not.toMatch(/password"|token/i);

    await page.getByRole("button", { name: "Supprimer mon compte" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer mon compte" });
    await dialog.getByLabel("Mot de passe actuel").fill("pas-le-bon");
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Cochez la case");
    await dialog.getByLabel("Je confirme vouloir supprimer définitivement mon compte.").check();
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Mot de passe incorrect.");
    await dialog.getByLabel("Mot de passe actuel").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(toastWith(page, "Compte supprimé", "effacés")).toBeVisible();
    await expect(page.getByRole("link", { name: "Connexion" }).first()).toBeVisible();
    const again = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: PASSWORD },
      headers: { origin: baseURL! },
    });
    expect(again.status()).toBe(401);
  });

  test("the header shows the signed-in user's menu with identity and role", async ({ page, baseURL }) => {
    const email = uniqueEmail("entete");
    await createAccount({ email, role: "viewer", name: "Hélène Entête" });
    await signInApi(page, baseURL!, email);
    await page.goto("/formations");
    await hydrated(page);
    await openUserMenu(page);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("Rôle : Lecteur")).toBeVisible();
    await expect(page.getByRole("link", { name: "Administration" })).toHaveCount(0);
  });
  test("from an address other than the site's, the sign-in toast says why", async ({ page, baseURL }) => {
    const email = uniqueEmail("origine-js");
    await createAccount({ email, role: "viewer" });
    // The same server, opened by another name: not SITE_URL, not in TRUSTED_ORIGINS.
    await page.goto(`${baseURL!.replace("127.0.0.1", "localhost")}/login`);
    await hydrated(page);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(
      toastWith(page, "Erreur de connexion", `n'est pas ouverte depuis l'adresse officielle du site (${baseURL})`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an admin screen opened from another address refuses changes and says why", async ({ page, baseURL }) => {
    const admin = await createAccount({ email: uniqueEmail("ailleurs"), role: "admin" });
    const target = await createAccount({ email: uniqueEmail("cible-role"), role: "viewer" });
    await signInApi(page, baseURL!, admin.email);
    // The same session on the same server reached by another name (not SITE_URL, not in TRUSTED_ORIGINS).
    const elsewhere = baseURL!.replace("127.0.0.1", "localhost");
    const session = (await page.context().cookies()).find((c) => c.name.includes("session_token"))!;
    await page.context().addCookies([{ ...session, domain: "localhost" }]);
    await page.goto(`${elsewhere}/admin/utilisateurs?q=${encodeURIComponent(target.email)}`);
    await hydrated(page);
    const row = page.getByTestId(`user-row-${target.email}`);
    await row.getByLabel(`Rôle de ${target.email}`).selectOption("admin");
    await row.getByRole("button", { name: `Enregistrer le rôle de ${target.email}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Action refusée" })).toBeVisible();
    await expect(page.getByTestId("action-refused-reason")).toContainText(
      `n'est pas ouverte depuis l'adresse officielle du site (${baseURL})`,
    );
    await page.goto(`${baseURL}/admin/utilisateurs?q=${encodeURIComponent(target.email)}`);
    await expect(page.getByTestId(`user-row-${target.email}`).getByLabel(`Rôle de ${target.email}`)).toHaveValue("viewer");
  });
});

test.describe("accounts over HTTP", () => {
  test("account deletion: refused signed out, and a missing password deletes nothing", async ({ request, baseURL }) => {
    const signedOut = await request.post("/api/account/delete", {
      form: { password: "secret", confirm: "on" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toMatch(/^\/login/);

    const email = uniqueEmail("garde");
    await createAccount({ email, role: "viewer", name: "Gabin Garde" });
    await signInApi(request, baseURL!, email);
    const noPassword = await request.post("/api/account/delete", { form: { confirm: "on" }, headers: { origin: baseURL! } });
    expect(noPassword.status()).toBe(400);
    expect((await (await request.get("/api/auth/get-session")).json()).user.email).toBe(email);
  });

  test("update-user keeps the display-name rule: 5,000,000 characters and a blank name are refused", async ({ request, baseURL }) => {
    const email = uniqueEmail("nom");
    await createAccount({ email, role: "viewer", name: "Nina Nom" });
    await signInApi(request, baseURL!, email);
    // Within the body limit of the auth endpoints, the name rule answers.
    for (const name of ["   ", "x".repeat(10_000)]) {
      const res = await request.post("/api/auth/update-user", { data: { name }, headers: { origin: baseURL! } });
      expect(res.status(), `${name.length} caractères`).toBe(400);
      expect((await res.json()).message).toMatch(/Le nom affiché comporte (au moins 2|au plus 80) caractères/);
    }
    // 5,000,000 characters: refused before being read (413, or the connection closed on the sender).
    const huge = await request.post("/api/auth/update-user", { data: { name: "x".repeat(5_000_000) }, headers: { origin: baseURL! } }).then(
      (res) => res.status(),
      () => "connexion fermée par le serveur",
    );
    expect([413, "connexion fermée par le serveur"]).toContain(huge);
    expect((await (await request.get("/api/auth/get-session")).json()).user.name).toBe("Nina Nom");
    const ok = await request.post("/api/auth/update-user", { data: { name: "  Nina Renommée " }, headers: { origin: baseURL! } });
    expect(ok.status()).toBe(200);
    expect((await (await request.get("/api/auth/get-session")).json()).user.name).toBe("Nina Renommée");
  });

  test("the session cookie is HttpOnly and SameSite=Lax, and get-session shows the role", async ({ request, baseURL }) => {
    const email = uniqueEmail("malin");
    await createAccount({ email, role: "viewer", name: "Max Malin" });
    const res = await request.post("/api/auth/sign-in/email", {
      data: { email, password: PASSWORD },
      headers: { origin: baseURL!, "x-forwarded-for": testClientIp() },
    });
    expect(res.status()).toBe(200);
    const setCookie = res.headers()["set-cookie"] ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = await (await request.get("/api/auth/get-session")).json();
    expect(session.user).toMatchObject({ email, role: "viewer", name: "Max Malin" });
  });

  test("a viewer calling admin screens and actions directly gets 403; signed out gets sent to /login", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const email = uniqueEmail("curieux");
    await createAccount({ email, role: "viewer", name: "Claude Curieux" });
    await signInApi(request, baseURL!, email);
    const origin = { origin: baseURL! };
    for (const path of ["/admin", "/admin/utilisateurs", "/admin/parametres", "/admin/journal"]) {
      expect((await request.get(path)).status(), path).toBe(403);
      expect((await request.get(`${path}.data`)).status(), `${path}.data`).toBe(403);
    }
    const roleChange = await request.post("/admin/utilisateurs", {
      form: { intent: "role", userId: "x", role: "admin" },
      headers: origin,
      maxRedirects: 0,
    });
    expect(roleChange.status()).toBe(403);
    const settings = await request.post("/admin/parametres", { form: { name: "Piraté" }, headers: origin, maxRedirects: 0 });
    expect(settings.status()).toBe(403);
    const session = await (await request.get("/api/auth/get-session")).json();
    expect(session.user.role).toBe("viewer");

    const anonymous = await playwright.request.newContext({ baseURL });
    const redirected = await anonymous.get("/admin/utilisateurs?role=admin", { maxRedirects: 0 });
    expect(redirected.status()).toBe(302);
    expect(redirected.headers()["location"]).toBe("/login?redirectTo=%2Fadmin%2Futilisateurs%3Frole%3Dadmin");
    const post = await anonymous.post("/admin/parametres", { form: { name: "x" }, headers: origin, maxRedirects: 0 });
    expect(post.status()).toBe(302);
    await anonymous.dispose();
  });

  test("an admin mutation from another origin is refused", async ({ request, baseURL }) => {
    const admin = await createAccount({ email: uniqueEmail("origine"), role: "admin" });
    const victimEmail = uniqueEmail("victime");
    await createAccount({ email: victimEmail, role: "editor" });
    await signInApi(request, baseURL!, admin.email, admin.password);
    const list = await request.get(`/admin/utilisateurs.data?q=${encodeURIComponent(victimEmail)}`);
    const victimId = /"([A-Za-z0-9]{32})"/.exec(await list.text())?.[1];
    expect(victimId).toBeTruthy();
    const res = await request.post("/admin/utilisateurs", {
      form: { intent: "role", userId: victimId!, role: "admin" },
      headers: { origin: "https://elsewhere.example" },
      maxRedirects: 0,
    });
    expect([400, 403]).toContain(res.status());
    const after = await request.get(`/admin/utilisateurs?q=${encodeURIComponent(victimEmail)}`);
    expect(await after.text()).toContain('<option value="editor" selected="">');
    const authCall = await request.post("/api/auth/sign-out", { data: {}, headers: { origin: "https://elsewhere.example" } });
    expect(authCall.status()).toBe(403);
  });

  test("repeated wrong passwords lock the (account, address) pair only; the admin sees the lock and lifts it", async ({
    request,
    baseURL,
    page,
  }) => {
    const email = uniqueEmail("cible");
    await createAccount({ email, role: "viewer", name: "Cible Tests" });
    const attacker = testClientIp();
    const attempt = (password: string, ip = attacker) =>
      request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: baseURL!, "x-forwarded-for": ip } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt(`faux-${i}`)).status());
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password waits, from that address...
    const locked = await attempt(PASSWORD);
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
    expect((await locked.json()).message).toMatch(/Trop de tentatives de connexion\. Réessayez dans (1 minute|[1-5]?[0-9] secondes)/);
    // ...but the owner, from another address, is not locked out.
    expect((await attempt(PASSWORD, testClientIp())).status()).toBe(200);

    const admin = await createAccount({ email: uniqueEmail("gardien"), role: "admin" });
    await signInApi(page, baseURL!, admin.email);
    await page.goto("/admin/utilisateurs");
    await hydrated(page);
    const lock = page.getByTestId(`lockout-${email}`);
    await expect(lock).toContainText(attacker);
    await expect(lock).toContainText("5\u00a0mots de passe erronés");
    await lock.getByRole("button", { name: `Débloquer ${email} depuis ${attacker}` }).click();
    await expect(toastWith(page, "Blocage levé", `${email} peut de nouveau se connecter depuis ${attacker}.`)).toBeVisible();
    await expect(lock).toHaveCount(0);
    expect((await attempt(PASSWORD)).status()).toBe(200);
  });

  test("/login?redirectTo= never sends a user off-site", async ({ request, baseURL, page }) => {
    const email = uniqueEmail("redir");
    await createAccount({ email, role: "viewer", name: "Rémi Redir" });
    await signInApi(request, baseURL!, email);
    for (const target of [
      "https://elsewhere.example",
      "//elsewhere.example",
      "/\\elsewhere.example",
      "javascript:alert(1)",
      "http:elsewhere.example",
    ]) {
      const res = await request.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(res.status(), target).toBe(302);
      expect(res.headers()["location"], target).toBe("/");
    }
    const local = await request.get(`/login?redirectTo=${encodeURIComponent("/formations?x=1")}`, { maxRedirects: 0 });
    expect(local.headers()["location"]).toBe("/formations?x=1");

    // In the browser too: signing in with a foreign redirectTo stays on the site.
    await page.goto(`/login?redirectTo=${encodeURIComponent("https://elsewhere.example/piege")}`);
    await hydrated(page);
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(toastWith(page, "Connexion réussie", "Bienvenue")).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page).toHaveURL(/\/$/);
  });

  test("asking a reset for an unknown address answers exactly like for a known one", async ({ request, baseURL }) => {
    const email = uniqueEmail("connu");
    await createAccount({ email, role: "viewer", name: "Connu Ici" });
    const known = await request.post("/api/auth/request-password-reset", { data: { email }, headers: { origin: baseURL! } });
    const unknown = await request.post("/api/auth/request-password-reset", {
      data: { email: uniqueEmail("inconnu") },
      headers: { origin: baseURL! },
    });
    expect(known.status()).toBe(200);
    expect(unknown.status()).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });
});
