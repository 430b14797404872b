import { data } from "react-router";
import type { Route } from "./+types/image-upload";
import { requireEditor } from "~/platform/auth/guard.server";
import { log } from "~/platform/log.server";
import { IMAGE_MAX_BYTES, ImageRejectedError, storeImage } from "~/platform/storage/images.server";

/**
 * POST /admin/televersement-image (editors, multipart field `file`; optional `dossier`: "formations"
 * (default) or "blog"): checks the content, re-encodes (AVIF/WebP, several widths, no metadata),
 * stores, and answers `{ image }` for the editor's form.
 */
const FOLDERS = new Set(["formations", "blog"]);

export async function action({ request }: Route.ActionArgs) {
  await requireEditor(request);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMAGE_MAX_BYTES + 64 * 1024)
    return data({ error: "L'image dépasse 10 Mo : réduisez-la avant de l'envoyer." }, { status: 413 });
  let file: FormDataEntryValue | null;
  let folder = "formations";
  try {
    const form = await request.formData();
    file = form.get("file");
    const requested = form.get("dossier");
    if (typeof requested === "string" && requested !== "") {
      if (!FOLDERS.has(requested)) return data({ error: "Dossier de destination inconnu." }, { status: 400 });
      folder = requested;
    }
  } catch {
    return data({ error: "Envoi incomplet : réessayez." }, { status: 400 });
  }
  if (!(file instanceof File) || file.size === 0) return data({ error: "Choisissez une image à envoyer." }, { status: 400 });
  try {
    const image = await storeImage(Buffer.from(await file.arrayBuffer()), folder);
    return { image };
  } catch (error) {
    if (error instanceof ImageRejectedError) return data({ error: error.message }, { status: 422 });
    log.error("Téléversement d'image impossible", { error });
    return data({ error: "L'image n'a pas pu être enregistrée. Réessayez dans quelques instants." }, { status: 503 });
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
