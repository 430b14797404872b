/**
 * A second instance issuing invoices (tests/support/child-instance.ts): when told, it issues the
 * drafts `CHILD_IDS` (comma-separated) as an admin at `CHILD_NOW`, and prints the numbers it got as
 * JSON. Run with tsx by `app/domain/invoices/invoices.test.ts`, at the same time as the test process
 * issues its own.
 */
import { issueInvoice } from "~/domain/invoices/invoices.server";
import { childInstance, SITE_CONFIG } from "./child-instance";

const ids = process.env.CHILD_IDS!.split(",");
const now = Number(process.env.CHILD_NOW);
const actor = { id: "admin-autre", email: "autre-instance@formavia.test", role: "admin" as const };

await childInstance(async (db) => {
  const numbers: string[] = [];
  for (const id of ids) {
    const issued = await issueInvoice(id, actor, db, now);
    if (!issued.ok) throw new Error(issued.error);
    numbers.push(issued.number);
  }
  return numbers;
}, SITE_CONFIG);
