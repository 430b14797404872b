import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { Db } from "~/platform/db/db.server";
import { testClientIp } from "./accounts";

/** Sessions and registrations of the demo formation « Excel perfectionnement », for browser tests. */
export const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";

/** A session of its own on the demo formation (in one of its cities), with `seats` free seats. */
export async function newExcelSession(db: Db, seats: number, startDate: string, endDate: string): Promise<string> {
  const formation = await db.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
  const city = await db.selectFrom("formation_cities").select("city_id").where("formation_id", "=", formation.id).executeTakeFirstOrThrow();
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("formation_sessions")
    .values({
      id,
      formation_id: formation.id,
      start_date: startDate,
      end_date: endDate,
      city_id: city.city_id,
      seats_left: seats,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export const registrationPathOf = (sessionId: string) => `/formations/${EXCEL}/inscription/${sessionId}`;

/** The answers of the registration form for a company (Boulangeries Martin, funded by its OPCO) and its trainees. */
export function registrationFields(
  contactEmail: string,
  trainees: Array<[string, string, string]>,
  /** Other answers than the defaults (the company, the contact's name…). */
  answers: Record<string, string> = {},
): Record<string, string> {
  const form: Record<string, string> = {
    acheteur: "entreprise",
    entreprise: "Boulangeries Martin",
    siret: "732 829 320 00074",
    adresse: "4 quai des Chartrons",
    codePostal: "33000",
    ville: "Bordeaux",
    contactNom: "Léa Martin",
    contactEmail,
    contactTelephone: "06 12 34 56 78",
    financement: "opco",
    opco: "akto",
    cgv: "on",
    reglement: "on",
    intention: "inscrire",
    ...answers,
  };
  trainees.forEach(([prenom, nom, email], i) =>
    Object.assign(form, { [`stagiaires.${i}.prenom`]: prenom, [`stagiaires.${i}.nom`]: nom, [`stagiaires.${i}.email`]: email }),
  );
  return form;
}

/** Sends the registration form through HTTP as a form without JavaScript does: sent once, confirmed once with the token it gets back. */
export async function submitRegistration(request: APIRequestContext, url: string, form: Record<string, string>): Promise<void> {
  const ip = testClientIp();
  const first = await request.post(url, { form, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(first.status()).toBe(200);
  const page = await first.text();
  const token = /name="jeton" value="([^"]+)"/.exec(page)?.[1];
  expect(token, page.slice(page.indexOf("<main"), page.indexOf("<main") + 3000)).toBeTruthy();
  const second = await request.post(url, { form: { ...form, jeton: token! }, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(second.status()).toBe(302);
}

/** Registers a company's trainees through HTTP, as the form without JavaScript does (sent, then confirmed with its token). */
export async function registerOverHttp(
  request: APIRequestContext,
  sessionId: string,
  contactEmail: string,
  trainees: Array<[string, string, string]>,
  answers: Record<string, string> = {},
): Promise<void> {
  await submitRegistration(request, registrationPathOf(sessionId), registrationFields(contactEmail, trainees, answers));
}

/** Who registers in `fillRegistration`: a company paying itself, one trainee. */
export interface RegistrationAnswers {
  company: string;
  address: string;
  postalCode: string;
  city: string;
  contactName: string;
  contactEmail: string;
  trainee: [string, string, string];
}

/** Fills the registration form already open on `page` for a company paying itself, one trainee; not sent. */
export async function fillRegistration(page: Page, answers: Partial<RegistrationAnswers> & { contactEmail: string }) {
  const a: RegistrationAnswers = {
    company: "Scierie Girard",
    address: "3 route de la Forêt",
    postalCode: "88000",
    city: "Épinal",
    contactName: "Marion Girard",
    trainee: ["Théo", "Girard", `theo-${Date.now()}@exemple.test`],
    ...answers,
  };
  await page.getByLabel("Raison sociale").fill(a.company);
  await page.locator('[name="adresse"]').fill(a.address);
  await page.getByLabel("Code postal").fill(a.postalCode);
  await page.getByLabel("Ville").fill(a.city);
  await page.locator('[name="contactNom"]').fill(a.contactName);
  await page.locator('[name="contactEmail"]').fill(a.contactEmail);
  await page.locator('[name="stagiaires.0.prenom"]').fill(a.trainee[0]);
  await page.locator('[name="stagiaires.0.nom"]').fill(a.trainee[1]);
  await page.locator('[name="stagiaires.0.email"]').fill(a.trainee[2]);
  await page.getByLabel("Fonds propres (l'entreprise ou vous-même)").check();
  await page.locator('[name="cgv"]').check();
  await page.locator('[name="reglement"]').check();
}
