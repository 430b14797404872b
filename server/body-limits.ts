import type { Request as ExpressRequest } from "express";
import {
  IMPORT_MAX_BATCH_FILES,
  IMPORT_MAX_BATCH_REQUEST_BYTES,
  IMPORT_MAX_REQUEST_BYTES,
  IMPORT_MAX_UPLOAD_LABEL,
} from "~/domain/catalogue-import/limits";
import { TRAINER_FILE_MAX_BYTES } from "~/domain/trainers/labels";
import { IMAGE_MAX_BYTES } from "~/platform/storage/images.server";

/**
 * The largest request body each family of routes accepts, enforced while the body streams in
 * (a longer body is refused with 413 before it is buffered). See README, « Sécurité ».
 */
export const BODY_LIMITS = {
  /** Quote, contact, simulator, page-view beacon: anything a visitor can post. */
  publicForm: 64 * 1024,
  /** Sign-in, sign-up, password forms and Better Auth's endpoints. */
  auth: 16 * 1024,
  /** Admin forms (formation and post editors carry long Markdown texts). */
  admin: 1024 * 1024,
  /** One image upload (the image plus the multipart envelope). */
  image: IMAGE_MAX_BYTES + 64 * 1024,
  /** A trainer's page, where staff send a CV or a diploma (the file plus the multipart envelope). */
  trainerFile: TRAINER_FILE_MAX_BYTES + 64 * 1024,
  /** One-file import. */
  importFile: IMPORT_MAX_REQUEST_BYTES,
  /** Batch import: up to IMPORT_MAX_BATCH_FILES files. */
  importBatch: IMPORT_MAX_BATCH_REQUEST_BYTES,
} as const;

type Family = keyof typeof BODY_LIMITS;

const MESSAGES: Record<Family, string> = {
  publicForm: "Votre envoi dépasse 64 Ko : raccourcissez vos textes, puis réessayez.",
  auth: "Votre envoi dépasse 16 Ko : vérifiez les champs, puis réessayez.",
  admin: "L'envoi dépasse 1 Mo : raccourcissez les textes, puis réessayez.",
  image: "L'image dépasse 10 Mo : réduisez-la avant de l'envoyer.",
  trainerFile: "Le fichier dépasse 10 Mo : réduisez-le avant de l'envoyer.",
  importFile: `Le fichier dépasse ${IMPORT_MAX_UPLOAD_LABEL} : découpez-le en plusieurs fichiers (l'import par lots en accepte plusieurs à la fois).`,
  importBatch: `L'envoi dépasse ${IMPORT_MAX_BATCH_FILES} fichiers de ${IMPORT_MAX_UPLOAD_LABEL} : envoyez-les en plusieurs fois.`,
};

export function familyOf(requestPath: string): Family {
  // Client navigations post to the same route with a `.data` suffix.
  const pathname = requestPath.replace(/\.data$/, "");
  if (pathname === "/login" || pathname === "/invitation" || pathname.startsWith("/api/auth/")) return "auth";
  if (pathname.startsWith("/admin/televersement-image")) return "image";
  if (/^\/admin\/formateurs\/[0-9a-f-]{36}$/.test(pathname)) return "trainerFile";
  if (pathname.startsWith("/admin/formations/import")) return "importFile";
  if (pathname.startsWith("/admin/formations/batch-import")) return "importBatch";
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "admin";
  return "publicForm";
}

export function bodyLimitFor(pathname: string): { limit: number; message: string } {
  const family = familyOf(pathname);
  return { limit: BODY_LIMITS[family], message: MESSAGES[family] };
}

/** The body types React Router's actions read (`request.formData()`): HTML forms, with or without files. */
const FORM_BODY_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * True when a non-empty body is not a form: every route but Better Auth's API (`/api/auth/*`,
 * which takes JSON) reads a form, and would fail on anything else. Answered 415, not 500.
 */
export function unsupportedBody(requestPath: string, contentType: string | undefined, length: number): boolean {
  if (length === 0 || requestPath.startsWith("/api/auth/")) return false;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return !FORM_BODY_TYPES.includes(type);
}

export const UNSUPPORTED_BODY_MESSAGE = "Format d'envoi non pris en charge\u00a0: envoyez le formulaire depuis la page du site.";

export class PayloadTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PayloadTooLargeError";
  }
}

/** Reads the body, refusing it as soon as it passes `limit` (Content-Length first, then while streaming). */
export function readBody(req: ExpressRequest, { limit, message }: { limit: number; message: string }): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new PayloadTooLargeError(message));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new PayloadTooLargeError(message));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}
