import type { TestDatabase } from "../../../tests/support/databases";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationById, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import { formationInput } from "~/domain/formations/test-fixtures";
import { saveLegalVersion } from "~/domain/revisions/legal-documents.server";
import { registrationSchema } from "~/domain/registrations/model";
import { addRegistrationByHand } from "~/domain/registrations/registrations.server";
import type { Db } from "~/platform/db/db.server";
import { valueOf } from "~/platform/validation/errors";

/** Test data for the documents: a published formation with a session, and registrations made by staff. */

export const staff = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };

export async function documentsFixture(db: Db): Promise<{ formationId: string; newSession: (seats: number) => Promise<string> }> {
  const category = valueOf(
    await createCategory(
      { slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint au quotidien.", position: 1 },
      { db },
    ),
  ).id;
  const formationId = valueOf(await createFormation(formationInput({ categoryId: category }), { db })).id;
  valueOf(await setFormationStatus([formationId], "published", { db }));
  const body = "Conditions générales de vente de démonstration. ".repeat(10);
  valueOf(await saveLegalVersion("cgv", { body }, { target: db, isDemo: true }));
  valueOf(await saveLegalVersion("reglement_interieur", { body }, { target: db, isDemo: true }));
  let n = 0;
  return {
    formationId,
    async newSession(seats: number) {
      const formation = (await getFormationById(formationId, db))!;
      const values = formationToFormValues(formation);
      const day = 10 + (n++ % 15);
      const startDate = `2099-03-${day}`;
      const endDate = `2099-03-${day + 1}`;
      const sessions = [
        ...(values.sessions as Array<Record<string, unknown>>),
        { id: "", startDate, endDate, cityId: "", seatsLeft: seats },
      ];
      const updated = valueOf(await updateFormation(formationId, { ...values, sessions }, { db }));
      return updated.sessions.find((s) => !formation.sessions.some((o) => o.id === s.id))!.id;
    },
  };
}

let counter = 0;

/** A registration added by staff (confirmed): a company with `trainees` trainees, or an individual. */
export type DocumentsFixture = Awaited<ReturnType<typeof documentsFixture>>;

/** A migrated database from `create` with the documents' fixture in it. */
export async function databaseWithDocuments(create: () => Promise<TestDatabase>): Promise<{ t: TestDatabase; fixture: DocumentsFixture }> {
  const t = await create();
  return { t, fixture: await documentsFixture(t.db) };
}

export async function registerByHand(db: Db, sessionId: string, buyer: "entreprise" | "particulier", trainees = 1): Promise<string> {
  const k = ++counter;
  const input = registrationSchema.parse({
    acheteur: buyer,
    entreprise: buyer === "entreprise" ? "Boulangerie Dupré" : "",
    siret: buyer === "entreprise" ? "73282932000074" : "",
    adresse: "12 rue des Lilas",
    codePostal: "69003",
    ville: "Lyon",
    contactNom: "Claire Dupré",
    contactEmail: `claire${k}@dupre.test`,
    contactTelephone: "",
    financement: buyer === "entreprise" ? "opco" : "fonds_propres",
    opco: buyer === "entreprise" ? "akto" : "",
    accessibilite: "",
    cgv: "on",
    reglement: "on",
    stagiaires: Array.from({ length: trainees }, (_, i) => ({
      prenom: `Élise${i}`,
      nom: `Nom${k}x${i}`,
      email: `stagiaire${k}.${i}@dupre.test`,
      fonction: "",
    })),
  });
  const result = await addRegistrationByHand(sessionId, input, { actor: staff, target: db });
  if (!result.ok) throw new Error(result.error);
  const row = await db.selectFrom("registrations").select("id").where("reference", "=", result.reference).executeTakeFirstOrThrow();
  return row.id;
}

/** After the session (its last day is 2099-03-26 at the latest): certificates may be made. */
export const AFTER_SESSIONS = Date.parse("2099-04-15T10:00:00Z");
