import { data } from "react-router";
import type { Route } from "./+types/signature-file";
import { signatureFile, signatureProof } from "~/domain/signatures/signatures.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { downloadResponse } from "~/platform/http/download";

/**
 * GET /admin/signatures/{id}/telecharger/document.pdf (the sealed PDF once signed, else the document sent),
 * /scan (the copy signed on paper) and /preuve.json (the proof file), for editors and admins.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  if (params.file === "preuve.json") {
    const proof = await signatureProof(params.id);
    if (!proof) throw data(null, { status: 404 });
    const number = (proof.document as { number: string }).number;
    return downloadResponse(JSON.stringify(proof, null, 2), `preuve-signature-${number}.json`, "application/json; charset=utf-8");
  }
  if (params.file !== "document.pdf" && params.file !== "scan") throw data(null, { status: 404 });
  const file = await signatureFile(params.id, params.file === "scan" ? "scan" : "document");
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.body, file.filename, file.contentType);
}
