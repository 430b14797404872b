import { z } from "zod";
import { IMAGE_WIDTHS, UPLOAD_KEY_PATTERN, type StoredImage } from "./stored-image";

/** An image reference posted by a form: only what an upload of this site can have produced. */
export const imageSchema: z.ZodType<StoredImage> = z.object({
  key: z.string().regex(UPLOAD_KEY_PATTERN, "Cette image ne vient pas du téléversement du site : envoyez-la de nouveau."),
  width: z.number().int().positive().max(100_000),
  height: z.number().int().positive().max(100_000),
  widths: z
    .array(
      z
        .number()
        .int()
        .refine((w) => w <= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!, "Largeur d'image inconnue."),
    )
    .min(1)
    .max(IMAGE_WIDTHS.length),
  formats: z
    .array(z.enum(["avif", "webp"]))
    .min(1)
    .max(2),
});
