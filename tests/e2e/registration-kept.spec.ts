import { createAccount, serverDb, signInApi, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { EXCEL, registrationPathOf, submitRegistration } from "./support/sessions";

/**
 * A registration is never lost (docs/decisions/0011-registrations-seats.md): « Supprimer » on a
 * formation whose sessions have registrations is refused with a French message that suggests
 * unpublishing it instead, and the formation, its sessions and registrations stay.
 */

test("deleting a formation whose sessions have registrations is refused, with a message that suggests unpublishing it", async ({
  page,
  request,
  baseURL,
  newSession,
}) => {
  test.setTimeout(90_000);
  const db = serverDb();
  const formation = await db.selectFrom("formations").select(["id", "title"]).where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  const sessionId = await newSession({ seats: 4 });
  // One registration, through the public form (sent, then confirmed with its token).
  const url = registrationPathOf(sessionId);
  const contact = uniqueEmail("garde");
  const form = {
    acheteur: "particulier",
    adresse: "5 place Bellecour",
    codePostal: "69002",
    ville: "Lyon",
    contactNom: "Nadia Benali",
    contactEmail: contact,
    contactTelephone: "06 11 22 33 44",
    financement: "cpf",
    cgv: "on",
    reglement: "on",
    "stagiaires.0.prenom": "Nadia",
    "stagiaires.0.nom": "Benali",
    "stagiaires.0.email": contact,
  };
  await submitRegistration(request, url, form);

  const editor = await createAccount({ email: uniqueEmail("editrice-suppression"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await page.goto("/admin/formations");
  await page.getByLabel("Rechercher").fill("Excel perfectionnement tableaux croisés");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.getByRole("button", { name: `Supprimer « ${formation.title} »` }).click();
  await page.getByRole("dialog", { name: "Supprimer cette formation ?" }).getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(
    page.getByText(/Cette formation ne peut pas être supprimée\u00a0: ses sessions ont \d+ inscriptions? \(annulées comprises\)/).first(),
  ).toBeVisible();
  await expect(page.getByText(/Repassez-la en brouillon pour la retirer du site/).first()).toBeVisible();

  expect(await db.selectFrom("formations").select("id").where("id", "=", formation.id).executeTakeFirst()).toBeDefined();
  expect(await db.selectFrom("formation_sessions").select("id").where("id", "=", sessionId).executeTakeFirst()).toBeDefined();
  const kept = await db.selectFrom("registrations").select(["status", "session_id"]).where("contact_email", "=", contact).execute();
  expect(kept).toEqual([{ status: "recue", session_id: sessionId }]);
});
