import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { pdfText } from "../support/pdf-text";
import { documentToken } from "~/domain/documents/links.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { axeViolations } from "./support/axe";
import { createAccount, e2eDataDir, serverDb, signInApi, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { ownServer } from "./support/own-server";
import { registerOverHttp } from "./support/sessions";

/**
 * Training documents (README, « Documents de formation »): staff generate a convention from a
 * registration, download it, send it and see it listed with whom it went to; the client's link
 * serves it, a forged link or another document's is refused, an expired one too, and a viewer or a signed-out visitor
 * never gets the staff route. The new screens pass axe. The clauses printed on every document are
 * an admin's setting for the whole site, saved on a server of its own.
 */

/** The buyer of this spec's registration. */
const LEFEVRE = { entreprise: "Imprimerie Lefèvre", contactNom: "Léa Lefèvre" };

test("staff generate a convention from a registration, download it, send it and see it listed; the client's link serves it", async ({
  page,
  request,
  baseURL,
  newSession,
}) => {
  test.setTimeout(90_000);
  const sessionId = await newSession({ seats: 5 });
  const contact = uniqueEmail("lea-documents");
  await registerOverHttp(request, sessionId, contact, [["Noé", "Lefèvre", uniqueEmail("noe")]], LEFEVRE);

  const editor = await createAccount({ email: uniqueEmail("editrice-documents"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await page.goto(`/admin/sessions/${sessionId}`);
  await page.getByRole("link", { name: /^Documents/ }).click();
  await expect(page.getByRole("heading", { name: "Documents de la session" })).toBeVisible();
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Générer la convention" }).click();
  const row = page.getByRole("row", { name: /CONV-\d{4}-\d{4}/ });
  await expect(row).toContainText("Convention de formation");
  await expect(row).toContainText("Imprimerie Lefèvre");
  const number = /CONV-\d{4}-\d{4}/.exec((await row.textContent()) ?? "")![0];

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `Télécharger ${number}` }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${number}-convention-.*\\.pdf$`));
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe("%PDF-");

  await row.getByRole("button", { name: `Envoyer ${number}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(number) })).toContainText(contact);

  // The e-mail: the PDF attached by reference, and the signed link that serves it to the client.
  const db = serverDb();
  const mail = await db
    .selectFrom("mail_queue")
    .selectAll()
    .where("to_address", "=", contact)
    .where("purpose", "=", "document-convention")
    .executeTakeFirstOrThrow();
  expect(JSON.parse(mail.attachments)[0]).toMatchObject({ contentType: "application/pdf" });
  const link = /(http:\/\/\S+\/documents\/\S+)/.exec(mail.text_body)![1]!;
  const client = await request.get(new URL(link).pathname);
  expect(client.status()).toBe(200);
  expect(client.headers()["content-disposition"]).toMatch(/^attachment; filename="CONV-/);
  expect(client.headers()["cache-control"]).toContain("no-store");
  // Another document's id with this signature, or a forged signature: 404.
  const token = new URL(link).pathname.split("/").pop()!;
  const otherId = randomUUID();
  expect((await request.get(`/documents/${otherId}${token.slice(36)}`)).status()).toBe(404);
  expect((await request.get(`/documents/${token.slice(0, -4)}AAAA`)).status()).toBe(404);
  // The same document's link signed by the server's own secret, 31 days old: 403 and why.
  const linkedId = token.split(".")[0]!;
  setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: e2eDataDir(), LOG_LEVEL: "error" }));
  const expired = await request.get(`/documents/${documentToken(linkedId, Date.now() - 31 * 86_400_000)}`);
  expect(expired.status()).toBe(403);
  expect(expired.headers()["cache-control"]).toContain("no-store");
  expect(await expired.text()).toContain("Ce lien a expiré");

  // The staff route: a signed-out visitor is sent to sign in, a viewer refused.
  const doc = await db.selectFrom("documents").select("id").where("number", "=", number).executeTakeFirstOrThrow();
  const anonymous = await request.get(`/admin/documents/${doc.id}/pdf`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toMatch(/\/connexion|\/login/);
  const viewer = await createAccount({ email: uniqueEmail("lecteur-documents"), role: "viewer" });
  const viewerPage = await page.context().browser()!.newPage();
  await signInApi(viewerPage, baseURL!, viewer.email);
  expect((await viewerPage.request.get(`/admin/documents/${doc.id}/pdf`, { maxRedirects: 0 })).status()).toBe(403);
  await viewerPage.close();
});

test.describe("the document clauses", () => {
  // One set of clauses for the whole site, printed on every document: saved on a server of its own.
  const own = ownServer("clauses");

  test("the clauses screen (admins) passes axe; a bad value is said beside its field, a good one is saved and printed", async ({
    browser,
  }) => {
    // axe, then a PDF printed: slow when four browsers share two cores.
    test.setTimeout(60_000);
    const page = await own.page(browser, "admin");
    await page.goto("/admin/parametres/documents");
    await expect(page.getByRole("heading", { name: "Clauses des documents de formation" })).toBeVisible();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    // A bad value is said beside its field and what was typed stays; a good one is saved and printed.
    await page.getByLabel("Nom du signataire").fill("J");
    await page.getByLabel("Fonction du signataire").fill("Directeur pédagogique");
    await page.getByRole("button", { name: "Enregistrer les clauses" }).click();
    await expect(page.getByText("Indiquez le nom du signataire.").first()).toBeVisible();
    await expect(page.getByLabel("Fonction du signataire")).toHaveValue("Directeur pédagogique");
    await page.getByLabel("Nom du signataire").fill("Julien Roux");
    await page.getByRole("button", { name: "Enregistrer les clauses" }).click();
    await expect(page.getByText("Clauses enregistrées").first()).toBeVisible();
    const preview = await page.request.get("/admin/parametres/documents/apercu.pdf");
    expect(preview.headers()["content-type"]).toBe("application/pdf");
    expect(await pdfText(await preview.body())).toContain("Julien Roux");
    await page.context().close();
  });
});
