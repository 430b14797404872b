import type { Selectable } from "kysely";
import type { CitiesTable } from "~/platform/db/schema";
import type { City } from "./model";

/** A row of `cities` as the domain's City. */
export function toCity(r: Selectable<CitiesTable>): City {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    region: r.region,
    intro: r.intro,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
