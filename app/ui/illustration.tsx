import { cn } from "./cn";

/**
 * The site's illustration set: one drawing per category of the demo catalogue (colours, motif and
 * pictogram), shipped as SVG files in public/illustrations/ (`<name>-light.svg`, `<name>-dark.svg`).
 * Category covers, the home page's category tiles and the demo blog posts use them.
 */
export const ILLUSTRATIONS = ["bureautique", "management", "langues", "numerique", "securite", "commercial", "rh"] as const;
export type IllustrationName = (typeof ILLUSTRATIONS)[number];

/** What each drawing shows, for an image that is not decorative (a blog post's cover). */
export const ILLUSTRATION_DESCRIPTIONS: Record<IllustrationName, string> = {
  bureautique: "Pictogramme d'un tableur sur un fond vert quadrillé",
  management: "Pictogramme d'un groupe de personnes sur un fond violet ondulé",
  langues: "Pictogramme de traduction sur un fond bleu clair à pois",
  numerique: "Pictogramme d'un écran et d'un téléphone sur un fond bleu quadrillé",
  securite: "Pictogramme d'un casque de chantier sur un fond orangé ondulé",
  commercial: "Pictogramme d'une poignée de main sur un fond rose à pois",
  rh: "Pictogramme d'une mallette sur un fond vert ondulé",
};

/** The drawing of a category: its own, or for a category the set does not know a steady one (chosen from its slug). */
export function illustrationName(slug: string): string {
  if ((ILLUSTRATIONS as readonly string[]).includes(slug)) return slug;
  let hash = 0;
  for (const c of slug) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return ILLUSTRATIONS[hash % ILLUSTRATIONS.length]!;
}

export function illustrationUrl(slug: string, theme: "light" | "dark"): string {
  return `/illustrations/${illustrationName(slug)}-${theme}.svg`;
}

/**
 * A category's illustration in the light or dark theme (the site's theme class, not the system's):
 * two images, one hidden; the hidden one is never downloaded (`loading="lazy"`). Decorative unless
 * `alt` says otherwise: it sits next to the name of what it illustrates.
 */
export function Illustration({ slug, alt = "", className }: { slug: string; alt?: string; className?: string }) {
  const image = cn("h-full w-full object-cover", className);
  return (
    <>
      <img
        src={illustrationUrl(slug, "light")}
        alt={alt}
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        className={cn(image, "dark:hidden")}
      />
      <img
        src={illustrationUrl(slug, "dark")}
        alt={alt}
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        className={cn(image, "hidden dark:block")}
      />
    </>
  );
}
