import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationById, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import { formationInput } from "~/domain/formations/test-fixtures";
import { issueFormToken } from "~/platform/intake/guard.server";
import type { Db } from "~/platform/db/db.server";
import { valueOf } from "~/platform/validation/errors";
import { saveLegalVersion } from "~/domain/revisions/legal-documents.server";
import { testConfig } from "../../../tests/support/test-config";

/** Test data for registrations: a published formation with its CGV and règlement intérieur, and the public form. */

let formCounter = 0;

/** The public registration form as a browser without JavaScript sends it (`trainees` rows). */
export function registrationForm(overrides: Record<string, string> = {}, trainees = 1): FormData {
  const n = ++formCounter;
  const f = new FormData();
  const values: Record<string, string> = {
    jeton: issueFormToken("inscription", Date.now() - 60_000),
    acheteur: "entreprise",
    entreprise: "Boulangerie Dupré",
    siret: "73282932000074",
    adresse: "12 rue des Lilas",
    codePostal: "69003",
    ville: "Lyon",
    contactNom: "Claire Dupré",
    contactEmail: `claire${n}@dupre.test`,
    contactTelephone: "04 78 00 00 00",
    financement: "opco",
    opco: "akto",
    accessibilite: "",
    cgv: "on",
    reglement: "on",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  for (let i = 0; i < trainees; i++) {
    f.append(`stagiaires.${i}.prenom`, `Prénom${i}`);
    f.append(`stagiaires.${i}.nom`, `Nom${i}`);
    f.append(`stagiaires.${i}.email`, `stagiaire${i}.${n}@dupre.test`);
    f.append(`stagiaires.${i}.fonction`, "");
  }
  return f;
}

/** A published formation (its own category) and the legal texts a registration accepts. Returns the formation's id. */
export async function registrationCatalogue(target: Db, slug = "bureautique"): Promise<string> {
  const category = valueOf(
    await createCategory(
      { slug, name: `Catégorie ${slug}`, description: "Excel, Word et PowerPoint au quotidien.", position: 1 },
      { db: target },
    ),
  ).id;
  const formationId = valueOf(await createFormation(formationInput({ categoryId: category, slug: `excel-${slug}` }), { db: target })).id;
  valueOf(await setFormationStatus([formationId], "published", { db: target }));
  const body = "Conditions générales de vente de démonstration. ".repeat(10);
  valueOf(await saveLegalVersion("cgv", { body }, { target, isDemo: true }));
  valueOf(await saveLegalVersion("reglement_interieur", { body }, { target, isDemo: true }));
  return formationId;
}

/** Adds an inter-company session to the formation (through the editor) and returns its id. */
export async function addSession(target: Db, formationId: string, seats: number, startDate = "2099-03-25", endDate = "2099-03-26") {
  const formation = (await getFormationById(formationId, target))!;
  const values = formationToFormValues(formation);
  const sessions = [...(values.sessions as Array<Record<string, unknown>>), { id: "", startDate, endDate, cityId: "", seatsLeft: seats }];
  const updated = valueOf(await updateFormation(formationId, { ...values, sessions }, { db: target }));
  return updated.sessions.find((s) => !formation.sessions.some((o) => o.id === s.id))!.id;
}

/** The configuration of a registrations test file (tests/support/test-config.ts): its own data folder and a fixed secret. */
export function registrationsTestConfig(prefix: string, secret = "secret-de-test-pour-les-inscriptions-0123456789") {
  return testConfig(prefix, secret);
}
