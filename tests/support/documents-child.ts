/**
 * A second instance generating documents (tests/support/child-instance.ts): when told, it generates
 * a convention for each registration of `CHILD_REGISTRATIONS` (comma-separated) of session
 * `CHILD_SESSION`, and prints the numbers it got as JSON. Run with tsx by
 * `app/domain/documents/documents.test.ts`, at the same time as the test process generates its own.
 */
import { generateDocument } from "~/domain/documents/documents.server";
import { staff } from "~/domain/documents/test-fixtures";
import { childInstance } from "./child-instance";

const sessionId = process.env.CHILD_SESSION!;
const registrations = process.env.CHILD_REGISTRATIONS!.split(",");
const now = Number(process.env.CHILD_NOW);

await childInstance(async (db) => {
  const numbers: string[] = [];
  for (const registrationId of registrations) {
    const result = await generateDocument({ kind: "convention", sessionId, registrationId }, { actor: staff, target: db, now });
    numbers.push(result.ok ? result.number : `erreur : ${result.error}`);
  }
  return numbers;
});
