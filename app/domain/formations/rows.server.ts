import type { Selectable } from "kysely";
import type { City } from "~/domain/cities/model";
import type { CitiesTable, FormationCategoriesTable } from "~/platform/db/schema";
import type { Category } from "./model";

export function toCategory(r: Selectable<FormationCategoriesTable>): Category {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    position: Number(r.position),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

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
