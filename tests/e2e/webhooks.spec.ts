import { expect, test } from "@playwright/test";
import { emitEvent } from "~/domain/webhooks/webhooks.server";
import { createAccount, e2eBaseURL, serverDb, signInApi, uniqueEmail } from "./support/accounts";

/**
 * /admin/webhooks (docs/decisions/0013-webhooks.md): an admin registers an endpoint; a loopback
 * address is refused beside the field (the e2e server keeps the private network closed); an event
 * is queued and logged, « Renvoyer » queues it again; editors are refused.
 */
test("an admin registers a webhook, sees its deliveries and resends one; a loopback address is refused", async ({ page }) => {
  test.setTimeout(60_000);
  const admin = await createAccount({ email: uniqueEmail("admin-webhooks"), role: "admin" });
  await signInApi(page, e2eBaseURL(), admin.email);
  await page.goto("/admin/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

  const url = page.getByLabel("Adresse de réception (URL)");
  await url.fill("http://localhost:9/crochet");
  await page.getByLabel("Secret de signature").fill("secret-partage-tres-long");
  await page.getByLabel("Formation dépubliée").check();
  await page.getByRole("button", { name: "Ajouter le webhook" }).click();
  await expect(page.getByText(/Cette adresse mène à adresse locale ou privée/).first()).toBeVisible();
  await expect(url).toHaveValue("http://localhost:9/crochet");
  await expect(page.getByLabel("Secret de signature")).toHaveValue("secret-partage-tres-long");

  // A documentation address (TEST-NET-3): public, so accepted; nothing answers there.
  const address = `https://203.0.113.10/crochet/${Date.now()}`;
  await url.fill(address);
  await page.getByRole("button", { name: "Ajouter le webhook" }).click();
  await expect(page.getByText("Webhook ajouté").first()).toBeVisible();
  const card = page.getByTestId("webhook-endpoint").filter({ hasText: address });
  await expect(card).toContainText("Formation dépubliée");
  await expect(card).toContainText("Aucun envoi pour l'instant.");

  // An event, written as the formations area writes it (in a transaction), reaches the delivery log.
  await serverDb()
    .transaction()
    .execute((trx) => emitEvent(trx, "formation.unpublished", { slug: "excel-initiation" }));
  await page.reload();
  await expect(card.getByTestId("webhook-delivery")).toHaveCount(1);
  await expect(card.getByTestId("webhook-delivery").first()).toContainText("Formation dépubliée");
  await card.getByRole("button", { name: "Renvoyer" }).click();
  await expect(page.getByText("Événement renvoyé").first()).toBeVisible();
  await expect(card.getByTestId("webhook-delivery")).toHaveCount(2);

  await card.getByRole("button", { name: "Désactiver" }).click();
  await expect(page.getByText("Webhook désactivé").first()).toBeVisible();
  await expect(card).toContainText("Désactivé");
  await card.getByRole("button", { name: "Réactiver" }).click();
  await expect(page.getByText("Webhook réactivé").first()).toBeVisible();
  await card.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Webhook supprimé").first()).toBeVisible();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: address })).toHaveCount(0);
});

test("/admin/webhooks is for admins only", async ({ page }) => {
  const editor = await createAccount({ email: uniqueEmail("editeur-webhooks"), role: "editor" });
  await signInApi(page, e2eBaseURL(), editor.email);
  const response = await page.goto("/admin/webhooks");
  expect(response?.status()).toBe(403);
});
