import { execFileSync } from "node:child_process";
import { axeViolations } from "./support/axe";
import { createAccount, latestMail, serverDb, signInApi, testClientIp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydration";
import { openPass, visitAll } from "./support/page-pass";
import { forgetSpaceOf } from "./support/space";
import { registerOverHttp } from "./support/sessions";

/**
 * Documents signed online (README « Signature en ligne »): staff generate a convention and send it
 * for signature; the client's contact opens the e-mail's link on a phone (375 px), reads the
 * document in their space and signs with the code e-mailed to them (read from the mail queue); the
 * organisation's signatory signs from the admin with a code sent to them; staff download the sealed
 * PDF, which pdfsig (poppler) finds valid. axe finds no violation on the staff's and signer's screens.
 */

/** The six digits of the last signing code e-mailed to `to` since `after`. */
async function codeSentTo(to: string, after: string): Promise<string> {
  const mail = await latestMail(to, "signature-code", after);
  return /(\d{6})$/.exec(mail.subject)![1]!;
}

test("staff send a convention, the contact signs it on a phone with the e-mailed code, the organisation signs, staff download the sealed PDF", async ({
  browser,
  page,
  request,
  baseURL,
  newSession,
}) => {
  test.setTimeout(150_000);
  const sessionId = await newSession({ seats: 5 });
  const contact = uniqueEmail("lea-signature");
  const db = serverDb();
  const editor = await createAccount({ email: uniqueEmail("editrice-signature"), role: "editor" });
  try {
    await registerOverHttp(request, sessionId, contact, [["Noé", "Lefèvre", uniqueEmail("noe-signature")]], {
      entreprise: "Imprimerie Lefèvre",
      contactNom: "Léa Lefèvre",
    });
    await signInApi(page, baseURL!, editor.email);
    await page.goto(`/admin/sessions/${sessionId}/documents`);
    await hydrated(page);
    await page.getByRole("button", { name: "Générer la convention" }).click();
    const number = /CONV-\d{4}-\d{4}/.exec((await page.getByRole("row", { name: /CONV-\d{4}-\d{4}/ }).textContent()) ?? "")![0];

    // « Faire signer » on the documents' row: /admin/signatures with this document chosen, « Préparer la signature ».
    await page.getByRole("link", { name: `Faire signer ${number}` }).click();
    await expect(page).toHaveURL(/\/admin\/signatures\?document=/);
    await hydrated(page);
    expect(await axeViolations(page), "écran des signatures").toEqual([]);
    await expect(page.getByRole("combobox", { name: "Document" })).toHaveValue(/[0-9a-f-]{36}/);
    await page.getByRole("button", { name: "Préparer la signature" }).click();
    await expect(page).toHaveURL(/\/admin\/signatures\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await expect(page.getByTestId("etat-signature").first()).toHaveText("À envoyer");
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await page.getByRole("button", { name: "Envoyer pour signature" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Demande de signature envoyée à ${contact}` })).toBeVisible();
    await expect(page.getByTestId("etat-signature").first()).toHaveText("Envoyé");
    expect(await axeViolations(page), "page d'une demande").toEqual([]);
    const requestUrl = page.url();

    // The contact, on a phone: the e-mail's link opens their space on the signing page.
    const mail = await db
      .selectFrom("mail_queue")
      .select("text_body")
      .where("to_address", "=", contact)
      .where("purpose", "=", "signature-demande")
      .where("created_at", ">", sentAfter)
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+?(\/espace\/connexion\/[A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { "x-forwarded-for": testClientIp() },
    });
    const mobile = await phone.newPage();
    await mobile.goto(link);
    await hydrated(mobile);
    await mobile.getByRole("button", { name: "Ouvrir mon espace" }).click();
    await expect(mobile).toHaveURL(/\/espace\/signatures\/[0-9a-f-]{36}$/);
    await hydrated(mobile);
    await expect(mobile.getByRole("heading", { name: new RegExp(`Convention de formation n°.${number}`) }).first()).toBeVisible();
    expect(await axeViolations(mobile), "page de signature").toEqual([]);
    const codeAfter = new Date(Date.now() - 1000).toISOString();
    await mobile.getByRole("button", { name: "Recevoir le code par e-mail" }).click();
    await expect(mobile.getByText(`Code envoyé à ${contact}`)).toBeVisible();
    // A wrong code first: refused next to the field, four tries left.
    const code = await codeSentTo(contact, codeAfter);
    await mobile.getByLabel("Code reçu par e-mail").fill(code === "000000" ? "111111" : "000000");
    await mobile.getByLabel("J'ai lu et j'accepte ce document.").check();
    await mobile.getByRole("button", { name: "Signer le document" }).click();
    await expect(mobile.getByText(/Il vous reste 4\u00a0essais/).first()).toBeVisible();
    await mobile.getByLabel("Code reçu par e-mail").fill(code);
    await mobile.getByLabel("J'ai lu et j'accepte ce document.").check();
    await mobile.getByRole("button", { name: "Signer le document" }).click();
    await expect(mobile.getByTestId("signature-enregistree")).toBeVisible();
    await expect(mobile.getByTestId("etat-signature")).toHaveText("Signé par le client");
    expect(await axeViolations(mobile), "signature enregistrée").toEqual([]);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The organisation's signatory signs from the admin, with a code sent to the signed-in staff user.
    await page.goto(requestUrl);
    await hydrated(page);
    await expect(page.getByTestId("etat-signature").first()).toHaveText("Signé par le client");
    const staffAfter = new Date(Date.now() - 1000).toISOString();
    await page.getByRole("button", { name: "Recevoir le code" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Code envoyé à ${editor.email}` })).toBeVisible();
    await page.getByLabel("Code reçu par e-mail").fill(await codeSentTo(editor.email, staffAfter));
    await page.getByLabel("J'ai lu et j'accepte ce document au nom de l'organisme.").check();
    await page.getByRole("button", { name: "Signer pour l'organisme" }).click();
    await expect(page.getByTestId("etat-signature").first()).toHaveText("Signé");
    expect(await axeViolations(page), "document signé").toEqual([]);

    // The sealed PDF: pdfsig finds its signature valid over the whole file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("telecharger-document").click()]);
    expect(download.suggestedFilename()).toBe(`${number}-signe.pdf`);
    const report = execFileSync("pdfsig", [(await download.path())!], { encoding: "utf8" });
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    // The page pass (French typography, ids, console, axe at both widths and themes): staff's screens and the signer's.
    const staffPass = await openPass(browser, baseURL!);
    await signInApi(staffPass.page, baseURL!, editor.email);
    const staffProblems = await visitAll(staffPass, [
      { path: new URL(requestUrl).pathname, forOutsiders: false, axe: true },
      { path: "/admin/signatures", forOutsiders: false, axe: true },
    ]);
    await staffPass.context.close();
    expect(staffProblems, staffProblems.join("\n")).toEqual([]);
    const signerPath = new URL(mobile.url()).pathname;
    const signerProblems = await visitAll({ page: mobile, context: phone, errors: [] }, [
      { path: signerPath, forOutsiders: true, axe: true },
      { path: "/espace", forOutsiders: true, axe: true },
    ]);
    expect(signerProblems, signerProblems.join("\n")).toEqual([]);
    // The session's page says it: « Convention signée ».
    await page.goto(`/admin/sessions/${sessionId}`);
    await expect(page.getByTestId("convention-signee")).toContainText("Convention signée");
    // The proof, for staff only: both signatures, the hashes before and after, the codes' e-mails.
    const proof = await page.request.get(`${requestUrl}/telecharger/preuve.json`);
    expect(proof.status()).toBe(200);
    const body = (await proof.json()) as {
      signatures: Array<{ role: string; code: { delivery: { to: string } | null } }>;
      sha256: { before: string; after: string };
    };
    expect(body.signatures.map((x) => [x.role, x.code.delivery?.to])).toEqual([
      ["client", contact],
      ["organisme", editor.email],
    ]);
    expect(body.sha256.after).toMatch(/^[0-9a-f]{64}$/);
    // Signed out, no proof nor PDF; another request's signing page is nobody's (404), even signed in.
    expect((await request.get(`${new URL(requestUrl).pathname}/telecharger/preuve.json`, { maxRedirects: 0 })).status()).not.toBe(200);
    expect((await mobile.request.get(`/espace/signatures/${crypto.randomUUID()}`)).status()).toBe(404);
    await phone.close();
  } finally {
    const docs = await db.selectFrom("documents").select("id").where("session_id", "=", sessionId).execute();
    if (docs.length)
      await db
        .deleteFrom("signature_requests")
        .where(
          "document_id",
          "in",
          docs.map((d) => d.id),
        )
        .execute();
    await forgetSpaceOf([sessionId], [contact]);
  }
});

test("staff draw up a devis from a quote request: a field left wrong is said beside it, then DEVIS-… is made, ready to send for signature", async ({
  browser,
  page,
  baseURL,
  newLead,
}) => {
  const leadId = await newLead({ kind: "devis" });
  const editor = await createAccount({ email: uniqueEmail("editrice-devis"), role: "editor" });
  try {
    await signInApi(page, baseURL!, editor.email);
    await page.goto(`/admin/devis/${leadId}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Devis", exact: true })).toBeVisible();
    expect(await axeViolations(page), "page d'une demande de devis").toEqual([]);
    await page.getByLabel("Dates (sans session)").fill("En avril, deux jours consécutifs");
    await page.getByLabel("Prix par stagiaire (€)").fill("beaucoup");
    await page.getByRole("button", { name: "Établir le devis" }).click();
    await expect(page.locator("#devis-prix-error")).toContainText("Indiquez un prix en euros");
    await expect(page.getByLabel("Dates (sans session)")).toHaveValue("En avril, deux jours consécutifs");
    await page.getByLabel("Prix par stagiaire (€)").fill("1 250,00");
    await page.getByRole("button", { name: "Établir le devis" }).click();
    const made = page.getByTestId("devis-liste");
    await expect(made).toContainText(/DEVIS-\d{4}-\d{4}/);
    await expect(made.getByRole("link", { name: "Envoyer pour signature" })).toBeVisible();
    expect(await axeViolations(page), "devis établi").toEqual([]);
    // Without JavaScript: the refusal comes with the page, what was typed kept.
    const nojs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await nojs.newPage();
    await signInApi(plain, baseURL!, editor.email);
    await plain.goto(`/admin/devis/${leadId}`);
    await plain.getByLabel("Dates (sans session)").fill("En mai");
    await plain.getByLabel("Prix par stagiaire (€)").fill("mille");
    await plain.getByRole("button", { name: "Établir un nouveau devis" }).click();
    await expect(plain.locator("#devis-prix-error")).toContainText("Indiquez un prix en euros");
    await expect(plain.getByLabel("Dates (sans session)")).toHaveValue("En mai");
    await expect(plain.getByLabel("Prix par stagiaire (€)")).toHaveValue("mille");
    await nojs.close();
  } finally {
    await serverDb().deleteFrom("documents").where("subject_key", "=", `devis:${leadId}`).execute();
  }
});

test("the signatures screens: a visitor is sent to the sign-in page, a viewer is refused, an editor cannot change the settings", async ({
  page,
  baseURL,
}) => {
  const anonymous = await page.request.get("/admin/signatures", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toContain("/login");
  const viewer = await createAccount({ email: uniqueEmail("lecteur-signatures"), role: "viewer" });
  await signInApi(page, baseURL!, viewer.email, viewer.password);
  expect((await page.goto("/admin/signatures"))?.status()).toBe(403);
  expect((await page.request.get(`/admin/signatures/${crypto.randomUUID()}/telecharger/preuve.json`)).status()).toBe(403);
  // An editor sees the screen but an admin's settings are refused to them on the server.
  await page.context().clearCookies();
  const editor = await createAccount({ email: uniqueEmail("editeur-signatures"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await page.goto("/admin/signatures");
  await expect(page.getByRole("heading", { name: "Signatures", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enregistrer les réglages" })).toHaveCount(0);
  const refused = await page.request.post("/admin/signatures", { form: { intent: "reglages", reminderDays: "5", validityDays: "20" } });
  expect(refused.status()).toBe(403);
  expect((await page.request.get(`/admin/signatures/${crypto.randomUUID()}`)).status()).toBe(404);
});
