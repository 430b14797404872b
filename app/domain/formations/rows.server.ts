import type { Selectable } from "kysely";
import type { FormationCategoriesTable } from "~/platform/db/schema";
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
