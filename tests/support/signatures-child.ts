/**
 * A second instance signing (tests/support/child-instance.ts): when told, the organisation's
 * signatory `CHILD_EMAIL` signs the request `CHILD_REQUEST` with the code `CHILD_CODE` at
 * `CHILD_NOW`, and prints the outcome (« signe », or the refusal's kind) as JSON. Run with tsx by
 * `app/domain/signatures/signatures.test.ts`, while the test process signs with another code.
 */
import { staff } from "~/domain/documents/test-fixtures";
import { signWithCode } from "~/domain/signatures/signatures.server";
import { childInstance, SITE_CONFIG } from "./child-instance";

const email = process.env.CHILD_EMAIL!;
const who = { email, actor: { ...staff, email } };

await childInstance(async (db) => {
  const out = await signWithCode(
    process.env.CHILD_REQUEST!,
    "organisme",
    { code: process.env.CHILD_CODE!, accepte: true, dessin: "" },
    who,
    { ip: "198.51.100.9", userAgent: "Mozilla/5.0 (autre instance)" },
    { target: db, now: Number(process.env.CHILD_NOW) },
  );
  return [out.ok ? out.state : out.kind];
}, SITE_CONFIG);
