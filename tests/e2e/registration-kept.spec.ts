import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createAccount, serverDb, signInApi, testClientIp, uniqueEmail } from "./support/accounts";

/**
 * A registration is never lost (docs/decisions/0011-registrations-seats.md): « Supprimer » on a
 * formation whose sessions have registrations is refused with a French message that suggests
 * unpublishing it instead, and the formation, its sessions and registrations stay.
 */

const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";

test("deleting a formation whose sessions have registrations is refused, with a message that suggests unpublishing it", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const db = serverDb();
  const formation = await db.selectFrom("formations").select(["id", "title"]).where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  // One of its own cities: a remote session on a formation given in a classroom could not be published again.
  const city = await db.selectFrom("formation_cities").select("city_id").where("formation_id", "=", formation.id).executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("formation_sessions")
    .values({
      id: sessionId,
      formation_id: formation.id,
      start_date: "2099-12-07",
      end_date: "2099-12-08",
      city_id: city.city_id,
      seats_left: 4,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // One registration, through the public form (sent, then confirmed with its token).
  const url = `/formations/${EXCEL}/inscription/${sessionId}`;
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
  const ip = testClientIp();
  const first = await request.post(url, { form, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  const token = /name="jeton" value="([^"]+)"/.exec(await first.text())?.[1];
  expect(token).toBeTruthy();
  const sent = await request.post(url, { form: { ...form, jeton: token! }, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(sent.status()).toBe(302);

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
