import type { StoredImage } from "~/platform/storage/stored-image";
import { imageSrcSet, imageUrl } from "~/platform/storage/stored-image";

/** A formation's image: AVIF, then WebP, at the widths produced on upload; lazy unless `priority`. */
export function FormationPicture({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: StoredImage;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const fallbackWidth = image.widths.find((w) => w >= 960) ?? image.widths[image.widths.length - 1]!;
  const height = Math.round((image.height / image.width) * fallbackWidth);
  return (
    <picture>
      {image.formats.includes("avif") ? <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} /> : null}
      {image.formats.includes("webp") ? <source type="image/webp" srcSet={imageSrcSet(image, "webp")} sizes={sizes} /> : null}
      <img
        src={imageUrl(image, fallbackWidth, image.formats.includes("webp") ? "webp" : "avif")}
        alt={alt}
        width={fallbackWidth}
        height={height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
