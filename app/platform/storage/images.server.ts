import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, IMAGE_WIDTHS, type StoredImage } from "./stored-image";
import { storage as defaultStorage, type StorageDriver } from "./storage.server";

/**
 * Image uploads: the content is checked (not the file name or the announced type), then
 * re-encoded by sharp into AVIF and WebP at several widths; metadata (EXIF, GPS, ICC…) is
 * never copied to the outputs. Only the re-encoded files are stored.
 */
export { IMAGE_MAX_BYTES };
/** Larger pictures are refused from their header, before anything is decoded (a 49-megapixel PNG took 15 s). */
export const IMAGE_MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
const MIN_WIDTH = 320;

export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

export interface EncodedImage {
  width: number;
  height: number;
  variants: Array<{ width: number; format: "avif" | "webp"; body: Buffer }>;
}

/** Checks and re-encodes an uploaded image; throws ImageRejectedError with a French message. */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  if (input.length === 0) throw new ImageRejectedError("Le fichier est vide.");
  if (input.length > IMAGE_MAX_BYTES) throw new ImageRejectedError(IMAGE_TOO_LARGE);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // Reads the header only: nothing is decoded yet.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("Ce fichier n'est pas une image lisible : envoyez une image JPEG, PNG, WebP ou AVIF.");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ImageRejectedError("Format d'image non pris en charge : envoyez une image JPEG, PNG, WebP ou AVIF.");
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  if (!meta.width || !meta.height || pixels > IMAGE_MAX_PIXELS) {
    throw new ImageRejectedError(
      `L'image est trop grande (${Math.round(pixels / 1_000_000)} mégapixels, 40 au plus)\u00a0: réduisez-la, par exemple à 4 000 pixels de large, avant de l'envoyer.`,
    );
  }
  // Orientation from EXIF is applied before the metadata is dropped.
  const oriented = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = oriented.info;
  if (width < MIN_WIDTH)
    throw new ImageRejectedError(`L'image est trop petite : ${MIN_WIDTH} pixels de large au minimum (elle en fait ${width}).`);
  // The standard widths below the original, plus the original width (capped at the largest standard one).
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const unique = [...new Set([...IMAGE_WIDTHS.filter((w) => w < width), Math.min(width, largest)])].sort((a, b) => a - b);
  const variants: EncodedImage["variants"] = [];
  for (const w of unique) {
    const resized = sharp(oriented.data).resize({ width: w, withoutEnlargement: true });
    variants.push({ width: w, format: "avif", body: await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer() });
    variants.push({ width: w, format: "webp", body: await resized.clone().webp({ quality: 80 }).toBuffer() });
  }
  return { width, height, variants };
}

/** Encodes and stores an image under `folder`; returns what a formation keeps of it. */
export async function storeImage(input: Buffer, folder: string, target: StorageDriver = defaultStorage()): Promise<StoredImage> {
  const encoded = await encodeImage(input);
  const key = `${folder}/${randomUUID()}`;
  for (const v of encoded.variants) {
    await target.put(`${key}-${v.width}.${v.format}`, v.body, v.format === "avif" ? "image/avif" : "image/webp");
  }
  return {
    key,
    width: encoded.width,
    height: encoded.height,
    widths: [...new Set(encoded.variants.map((v) => v.width))],
    formats: ["avif", "webp"],
  };
}
