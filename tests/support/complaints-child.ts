/**
 * A second instance registering complaints (tests/support/child-instance.ts): when told, it
 * registers `CHILD_COUNT` complaints received at `CHILD_NOW`, and prints the references it got as
 * JSON. Run with tsx by `app/domain/complaints/complaints.test.ts`, at the same time as the test
 * process registers its own.
 */
import { receiveSpaceComplaint } from "~/domain/complaints/complaints.server";
import { childInstance, SITE_CONFIG } from "./child-instance";

const count = Number(process.env.CHILD_COUNT);
const now = Number(process.env.CHILD_NOW);

await childInstance(async (db) => {
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const stored = await receiveSpaceComplaint(
      {
        source: "espace-client",
        name: `Autre instance ${i}`,
        email: `autre${i}@exemple.test`,
        message: "Une réclamation de l'autre instance.",
      },
      db,
      now,
    );
    references.push(stored.reference);
  }
  return references;
}, SITE_CONFIG);
