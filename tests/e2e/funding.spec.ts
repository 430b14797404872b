import { expect, test, type Page } from "@playwright/test";
import { AUDIENCE_SLUGS } from "../../app/domain/funding/labels";
import { OPCO_NAMES, OPCO_SLUGS } from "../../app/domain/funding/opco-list";
import { createAccount, signInApi, uniqueEmail } from "./support/accounts";
import { ownServer } from "./support/own-server";

/**
 * Funding pages and the OPCO simulator. The server starts on a fresh database with
 * the demo seed, so the simulator reads the documented default rules: Opco EP, 1 to 10
 * employees, 20 € per hour and per trainee, 2 000 € a year.
 */

async function fillSimulation(
  page: Page,
  { opco, band, cost, hours, trainees }: { opco: string; band: string; cost: string; hours: string; trainees: string },
) {
  await page.getByLabel("OPCO de l'entreprise").selectOption({ label: opco });
  await page.getByRole("radio", { name: band }).check();
  await page.getByLabel("Coût par stagiaire (€ HT)").fill(cost);
  await page.getByLabel("Durée (heures)").fill(hours);
  await page.getByLabel("Nombre de stagiaires").fill(trainees);
}

test.describe("OPCO simulator", () => {
  test("with JavaScript, the result updates as the fields change, and the URL follows", async ({ page }) => {
    await page.goto("/simulateur-opco");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simulateur de prise en charge OPCO");
    await expect(page.getByText("Estimation indicative, sans valeur d'engagement")).toBeVisible();
    // Wait for hydration: the live update needs React's handlers.
    await expect(page.locator('form[data-live="1"]')).toBeAttached();

    await fillSimulation(page, { opco: "Opco EP", band: "1 à 10 salariés", cost: "700", hours: "14", trainees: "2" });
    // No click on "Calculer": 2 × 700 € = 1 400 €; cap 20 €/h × 14 h × 2 = 560 €.
    await expect(page.getByTestId("funded")).toHaveText(/^560\s€$/);
    await expect(page.getByTestId("remaining")).toHaveText(/^840\s€$/);
    await expect(page.getByTestId("total")).toHaveText(/^1\s400\s€$/);
    await expect(page.getByText("Plafond horaire atteint")).toBeVisible();
    await expect(page.getByTestId("simulation-steps")).toContainText("Plafond horaire (Opco EP, 1 à 10 salariés)");
    await expect(page).toHaveURL(/opco=opco-ep/);
    await expect(page).toHaveURL(/stagiaires=2/);

    const quote = page.getByRole("link", { name: "Demander un devis avec cette simulation" });
    await expect(quote).toHaveAttribute("href", "/devis?opco=opco-ep&stagiaires=2&financement=opco-opco-ep");

    // More trainees: the annual ceiling of 2 000 € is reached.
    await page.getByLabel("Nombre de stagiaires").fill("10");
    await expect(page.getByTestId("funded")).toHaveText(/^2\s000\s€$/);
    await expect(page.getByText("Plafond annuel atteint")).toBeVisible();

    // Impossible input: a French message beside the field, and no figure at all.
    await page.getByLabel("Nombre de stagiaires").fill("0");
    await expect(page.getByText("Indiquez au moins un stagiaire.")).toBeVisible();
    await expect(page.getByTestId("funded")).toHaveCount(0);
    await expect(page.getByLabel("Nombre de stagiaires")).toHaveAttribute("aria-invalid", "true");

    // The shared URL shows the same simulation to someone else.
    await page.getByLabel("Nombre de stagiaires").fill("2");
    await expect(page.getByTestId("funded")).toHaveText(/^560\s€$/);
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByTestId("funded")).toHaveText(/^560\s€$/);
    await other.close();
  });

  test("finds the OPCO from the sector and says large companies fund their plan themselves", async ({ page }) => {
    await page.goto("/simulateur-opco");
    await expect(page.locator('form[data-live="1"]')).toBeAttached();
    await page.getByLabel("Ou votre secteur d'activité").selectOption({ label: "Hôtellerie, cafés et restauration" });
    await page.getByRole("radio", { name: "50 à 299 salariés" }).check();
    await page.getByLabel("Coût par stagiaire (€ HT)").fill("1 200");
    await page.getByLabel("Durée (heures)").fill("21");
    await page.getByLabel("Nombre de stagiaires").fill("3");
    await page.getByRole("button", { name: "Calculer la prise en charge" }).click();
    await expect(page.getByTestId("simulation-steps")).toContainText(
      "OPCO trouvé à partir de votre secteur : AKTO".replace(" :", "\u00a0:"),
    );
    await expect(page.getByTestId("funded")).toHaveText(/^0\s€$/);
    await expect(page.getByTestId("remaining")).toHaveText(/^3\s600\s€$/);
    await expect(page.getByTestId("simulation-result")).toContainText(
      "Les entreprises de 50 salariés et plus financent en principe leur plan",
    );
  });

  test("without JavaScript, the GET form computes the result on the server, with its own URL", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/simulateur-opco");
    await fillSimulation(page, { opco: "Opco EP", band: "1 à 10 salariés", cost: "700", hours: "14", trainees: "2" });
    await page.getByRole("button", { name: "Calculer la prise en charge" }).click();
    await expect(page).toHaveURL(/\/simulateur-opco\?.*opco=opco-ep.*effectif=1-10.*cout=700.*heures=14.*stagiaires=2/);
    await expect(page.getByTestId("funded")).toHaveText(/^560\s€$/);
    await expect(page.getByTestId("remaining")).toHaveText(/^840\s€$/);
    await expect(page.getByTestId("simulation-steps")).toContainText("Prise en charge estimée, arrondie à l'euro");
    await expect(page.getByRole("link", { name: "Demander un devis avec cette simulation" })).toHaveAttribute(
      "href",
      "/devis?opco=opco-ep&stagiaires=2&financement=opco-opco-ep",
    );

    // Impossible input: one French message per field, the typed values kept, no number.
    await page.goto("/simulateur-opco?opco=opco-inconnu&secteur=&effectif=&cout=-100&heures=0&stagiaires=0");
    await expect(page.getByText("Cet OPCO n'existe pas : choisissez l'un des 11 OPCO de la liste.".replace(" :", "\u00a0:"))).toBeVisible();
    await expect(page.getByText("Choisissez la taille de l'entreprise.")).toBeVisible();
    await expect(page.getByText("Le coût ne peut pas être négatif.")).toBeVisible();
    await expect(page.getByText("La durée doit être supérieure à zéro heure.")).toBeVisible();
    await expect(page.getByText("Indiquez au moins un stagiaire.")).toBeVisible();
    await expect(page.getByLabel("Coût par stagiaire (€ HT)")).toHaveValue("-100");
    await expect(page.getByLabel("Durée (heures)")).toHaveValue("0");
    await expect(page.getByTestId("funded")).toHaveCount(0);
    await context.close();
  });

  test("« Je ne connais pas mon OPCO » gives the range over all OPCOs and explains how to find one's OPCO", async ({ page }) => {
    await page.goto("/simulateur-opco");
    await expect(page.locator('form[data-live="1"]')).toBeAttached();
    await fillSimulation(page, { opco: "Je ne connais pas mon OPCO", band: "1 à 10 salariés", cost: "700", hours: "14", trainees: "2" });
    // No error: an estimate for every OPCO's rule, as a range.
    await expect(page.getByTestId("funded")).toHaveText(/^de 560\s€ à 1\s400\s€$/);
    await expect(page.getByTestId("total")).toHaveText(/^1\s400\s€$/);
    await expect(page.getByText("Choisissez votre OPCO, ou votre secteur d'activité pour le trouver.")).toHaveCount(0);
    await expect(page.getByTestId("simulation-steps")).toContainText(
      "OPCO non renseigné\u00a0: l'estimation applique le barème de chacun des 11 OPCO pour une entreprise de 1 à 10 salariés.",
    );
    const help = page.getByTestId("unknown-opco-help");
    await expect(help.getByRole("heading", { name: "Comment connaître votre OPCO\u00a0?" })).toBeVisible();
    await expect(help).toContainText("code IDCC");
    await expect(help.getByRole("link", { name: "Les 11 OPCO et les secteurs qu'ils couvrent" })).toHaveAttribute(
      "href",
      "/financement#opco",
    );
    await expect(page).toHaveURL(/opco=inconnu/);
    await expect(page.getByRole("link", { name: "Demander un devis avec cette simulation" })).toHaveAttribute(
      "href",
      "/devis?stagiaires=2",
    );

    // With a sector as well, the OPCO is found from it.
    await page.getByLabel("Ou votre secteur d'activité").selectOption({ label: "Hôtellerie, cafés et restauration" });
    await expect(page.getByTestId("simulation-steps")).toContainText("OPCO trouvé à partir de votre secteur\u00a0: AKTO");
    await expect(page.getByTestId("unknown-opco-help")).toHaveCount(0);

    // Without JavaScript, the same answer from the server.
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/simulateur-opco?opco=inconnu&secteur=&effectif=50-299&cout=1200&heures=21&stagiaires=3");
    await expect(plain.getByTestId("funded")).toHaveText(/^0\s€$/);
    await expect(plain.getByTestId("remaining")).toHaveText(/^3\s600\s€$/);
    await expect(plain.getByTestId("unknown-opco-help")).toBeVisible();
    await context.close();
  });

  test("each message shows once, with and without JavaScript", async ({ page, browser }) => {
    // A large company funds its plan itself: the reason is given once, not again in the steps.
    await page.goto("/simulateur-opco?opco=atlas&secteur=&effectif=50-299&cout=1200&heures=21&stagiaires=3");
    await expect(page.getByTestId("funded")).toHaveText(/^0\s€$/);
    await expect(page.getByText(/financent en principe leur plan/)).toHaveCount(1);

    // Errors: once beside each field; the result area asks to correct them, once.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/simulateur-opco?opco=&secteur=&effectif=&cout=abc&heures=&stagiaires=0");
    for (const message of [
      "Choisissez votre OPCO, ou votre secteur d'activité pour le trouver.",
      "Choisissez la taille de l'entreprise.",
      "Le coût doit être un nombre, par exemple 1 200 ou 1 200,50.",
      "Indiquez la durée de la formation en heures.",
      "Indiquez au moins un stagiaire.",
    ]) {
      await expect(plain.getByText(message, { exact: true }), message).toHaveCount(1);
    }
    await expect(plain.getByText(/Corrigez les champs signalés/)).toHaveCount(1);
    await context.close();

    // With JavaScript, while typing: one message beside the field, one request to correct.
    await page.goto("/simulateur-opco");
    await expect(page.locator('form[data-live="1"]')).toBeAttached();
    await fillSimulation(page, { opco: "Opco EP", band: "1 à 10 salariés", cost: "700", hours: "14", trainees: "2" });
    await expect(page.getByTestId("funded")).toHaveText(/^560\s€$/);
    await page.getByLabel("Nombre de stagiaires").fill("0");
    await expect(page.getByText("Indiquez au moins un stagiaire.", { exact: true })).toHaveCount(1);
    await page.getByRole("button", { name: "Calculer la prise en charge" }).click();
    await expect(page.getByText("Indiquez au moins un stagiaire.", { exact: true })).toHaveCount(1);
    await expect(page.getByText(/Corrigez les champs signalés/)).toHaveCount(1);
  });

  test("a link from an OPCO page preselects the OPCO without showing errors", async ({ page }) => {
    await page.goto("/financement/atlas");
    await page.getByRole("link", { name: "Simuler une prise en charge" }).click();
    await expect(page).toHaveURL(/\/simulateur-opco\?opco=atlas$/);
    await expect(page.getByLabel("OPCO de l'entreprise")).toHaveValue("atlas");
    await expect(page.getByText("Choisissez la taille de l'entreprise.")).toHaveCount(0);
  });
});

test.describe("Funding pages", () => {
  test("the overview links to every OPCO, every audience page and the simulator", async ({ page }) => {
    const response = await page.goto("/financement");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financer votre formation");
    for (const slug of [...OPCO_SLUGS, ...AUDIENCE_SLUGS.map((s) => (s === "pole-emploi" ? "france-travail" : s))])
      await expect(page.locator(`main a[href="/financement/${slug}"]`).first()).toBeVisible();
    await expect(page.locator('main a[href="/simulateur-opco"]').first()).toBeVisible();
  });

  test("each OPCO page answers 200 with its name in the h1 and its official website", async ({ page }) => {
    for (const slug of OPCO_SLUGS) {
      const response = await page.goto(`/financement/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(OPCO_NAMES[slug]);
      await expect(page.getByText(/Informations vérifiées le/).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Site officiel" })).toBeVisible();
    }
  });

  test("the four audience pages share one screen", async ({ page }) => {
    for (const slug of AUDIENCE_SLUGS) {
      const response = await page.goto(`/financement/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.getByRole("heading", { name: "Les étapes" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Les services officiels" })).toBeVisible();
    }
    await page.goto("/financement/pole-emploi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financer votre formation avec France Travail");
    await expect(page.getByRole("link", { name: /francetravail\.fr/ })).toHaveAttribute("href", "https://www.francetravail.fr");
  });

  test("France Travail's page answers at its current name; the former address stays, its canonical pointing to the new one", async ({
    page,
    baseURL,
  }) => {
    const current = await page.goto("/financement/france-travail");
    expect(current?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financer votre formation avec France Travail");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/financement/france-travail`);
    const former = await page.goto("/financement/pole-emploi");
    expect(former?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financer votre formation avec France Travail");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/financement/france-travail`);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/financement/france-travail</loc>`);
    expect(sitemap).not.toContain("/financement/pole-emploi<");
    // The home page links to the current address.
    await page.goto("/");
    await expect(page.locator('main a[href="/financement/france-travail"]').first()).toBeVisible();
    await expect(page.locator('main a[href="/financement/pole-emploi"]')).toHaveCount(0);
  });

  test("an unknown OPCO answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/financement/opco-inconnu");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  });

  test("every funding page is in the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const paths = [
      "/financement",
      ...OPCO_SLUGS.map((s) => `/financement/${s}`),
      ...AUDIENCE_SLUGS.map((s) => (s === "pole-emploi" ? "/financement/france-travail" : `/financement/${s}`)),
      "/simulateur-opco",
    ];
    for (const path of paths) expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
  });
});

test.describe("Funding rules in the admin area", () => {
  test.describe("a rule edited", () => {
    // The rules are the simulator's for every visitor: edited on a server of its own (its default rules).
    const own = ownServer("funding-rules");

    // Uniformation, 11 to 49 employees: default 50 €/h, 3 000 €.
    test("an admin edits a rule: French error beside the field, then the simulator and the journal follow", async ({ browser }) => {
      const page = await own.page(browser, "admin");
      await page.goto("/admin/financement?opco=uniformation");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barèmes de financement OPCO");
      await expect(page.getByRole("link", { name: "Financement" }).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Barème d'Uniformation" })).toBeVisible();

      const cap = page.locator("#regle-11-49-hourlyCap");
      const before = "50";
      const next = "40";
      await expect(cap).toHaveValue(before);
      await cap.fill("-3");
      await page.getByRole("button", { name: "Enregistrer le barème d'Uniformation" }).click();
      await expect(page.locator("#regle-11-49-hourlyCap-error")).toHaveText("Le plafond horaire doit être supérieur à 0 €.");
      await expect(cap).toHaveAttribute("aria-invalid", "true");
      await expect(cap).toHaveValue("-3");

      await cap.fill(next);
      await page.getByRole("button", { name: "Enregistrer le barème d'Uniformation" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Barème enregistré" })).toBeVisible();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Barème enregistré" })).toContainText(
        "1\u00a0tranche modifiée, inscrite au journal.",
      );
      await expect(page.locator("#regle-11-49-hourlyCap")).toHaveValue(next);
      await expect(page.locator("#regle-11-49-hourlyCap")).not.toHaveAttribute("aria-invalid", "true");

      // The simulator reads the new rule: cap × 10 h (the cost of 2 000 € is above it).
      await page.goto("/simulateur-opco?opco=uniformation&effectif=11-49&cout=2000&heures=10&stagiaires=1");
      await expect(page.getByTestId("funded")).toHaveText(new RegExp(`^${Number(next) * 10}\\s€$`));

      await page.goto("/admin/journal?q=Uniformation");
      await expect(
        page
          .getByText(new RegExp(`Barème Uniformation \\(11 à 49 salariés\\)\\s: plafond horaire\\s: ${before}\\s€ → ${next}\\s€`))
          .first(),
      ).toBeVisible();
      await page.context().close();
    });
  });

  test("an editor is refused, a signed-out visitor is sent to the login page", async ({ browser, page, baseURL }) => {
    const response = await page.goto("/admin/financement");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Ffinancement$/);
    expect(response?.status()).toBe(200);

    const editor = await createAccount({ email: uniqueEmail("redac"), role: "editor" });
    const context = await browser.newContext();
    const editorPage = await context.newPage();
    await signInApi(editorPage, baseURL!, editor.email, editor.password);
    const denied = await editorPage.goto("/admin/financement");
    expect(denied?.status()).toBe(403);
    await expect(editorPage.getByText("Vous n'avez pas les permissions administrateur requises.")).toBeVisible();
    await context.close();
  });
});
