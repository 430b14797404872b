import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
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

/** Registers a company's trainees through HTTP, as the form without JavaScript does (sent, then confirmed with its token). */
export async function registerOverHttp(
  request: APIRequestContext,
  sessionId: string,
  contactEmail: string,
  trainees: Array<[string, string, string]>,
): Promise<void> {
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
  };
  trainees.forEach(([prenom, nom, email], i) =>
    Object.assign(form, { [`stagiaires.${i}.prenom`]: prenom, [`stagiaires.${i}.nom`]: nom, [`stagiaires.${i}.email`]: email }),
  );
  const url = registrationPathOf(sessionId);
  const ip = testClientIp();
  const first = await request.post(url, { form, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(first.status()).toBe(200);
  const token = /name="jeton" value="([^"]+)"/.exec(await first.text())?.[1];
  expect(token).toBeTruthy();
  const second = await request.post(url, { form: { ...form, jeton: token! }, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
  expect(second.status()).toBe(302);
}
