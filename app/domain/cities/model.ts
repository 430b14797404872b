import { z } from "zod";
import { SLUG_PATTERN } from "~/platform/text/slug";
import { parseFrenchNumber } from "~/platform/validation/numbers";

/** A city where formations run; its landing page is `/formations/ville/{slug}`. docs/spec.md#validation: latitude −90..90, longitude −180..180. */

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    parseFrenchNumber,
    z
      .number({
        error: (issue) =>
          issue.input === null || issue.input === undefined ? `La ${label} est obligatoire.` : `La ${label} doit être un nombre.`,
      })
      .min(-limit, `La ${label} est comprise entre -${limit} et ${limit}.`)
      .max(limit, `La ${label} est comprise entre -${limit} et ${limit}.`),
  );

export const cityInputSchema = z.object({
  slug: z
    .string({ error: "L'identifiant est obligatoire." })
    .trim()
    .toLowerCase()
    .min(1, "L'identifiant est obligatoire.")
    .max(60, "L'identifiant ne dépasse pas 60 caractères.")
    .regex(
      SLUG_PATTERN,
      "L'identifiant ne contient que des lettres minuscules sans accent, des chiffres et des tirets simples (par exemple « clermont-ferrand »).",
    ),
  name: z
    .string({ error: "Le nom est obligatoire." })
    .trim()
    .min(1, "Le nom est obligatoire.")
    .max(80, "Le nom ne dépasse pas 80 caractères."),
  region: z
    .string({ error: "La région est obligatoire." })
    .trim()
    .min(1, "La région est obligatoire.")
    .max(80, "La région ne dépasse pas 80 caractères."),
  intro: z
    .string({ error: "La présentation est obligatoire." })
    .trim()
    .min(40, "La présentation comporte au moins 40 caractères.")
    .max(2000, "La présentation ne dépasse pas 2 000 caractères."),
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
});

export type CityInput = z.input<typeof cityInputSchema>;
export type CityData = z.output<typeof cityInputSchema>;

export interface City extends CityData {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Pick<City, "latitude" | "longitude">, b: Pick<City, "latitude" | "longitude">): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The `count` cities closest to `city` (itself excluded), nearest first, with their distance. */
export function nearestCities<C extends Pick<City, "id" | "latitude" | "longitude">>(
  city: C,
  others: C[],
  count = 3,
): Array<C & { distanceKm: number }> {
  return others
    .filter((c) => c.id !== city.id)
    .map((c) => ({ ...c, distanceKm: Math.round(distanceKm(city, c)) }))
    .sort((x, y) => x.distanceKm - y.distanceKm)
    .slice(0, count);
}
