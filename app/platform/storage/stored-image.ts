/**
 * An uploaded image as the site keeps it (no zod: pages import this). The upload key is
 * `{folder}/{uuid}`; each variant is served at `/uploads/{key}-{width}.{format}`.
 */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  widths: number[];
  formats: Array<"avif" | "webp">;
}

/** Widths produced for every uploaded image. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** The only keys an upload produces: anything else in a form is refused. */
export const UPLOAD_KEY_PATTERN = /^(?:formations|blog)\/[0-9a-f-]{36}$/;

export function imageUrl(image: Pick<StoredImage, "key">, width: number, format: "avif" | "webp"): string {
  return `/uploads/${image.key}-${width}.${format}`;
}

export function imageSrcSet(image: StoredImage, format: "avif" | "webp"): string {
  return image.widths.map((w) => `${imageUrl(image, w, format)} ${w}w`).join(", ");
}

/** The largest image upload (checked by the server on the content, and by a form's schema before sending). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "L'image dépasse 10 Mo\u00a0: réduisez-la avant de l'envoyer.";
