import { listFormations, resolveFormationSlug, type FormationListItem } from "~/domain/formations/formations.server";
import { priceExcludingVat } from "~/domain/formations/labels";
import type { CategorySlug, FittingFormation } from "~/domain/funding/labels";

/**
 * The funding area's view of the catalogue (owned by `~/domain/formations`): the simulator
 * needs a price per trainee excluding VAT and a duration; the OPCO pages list courses by category.
 */
export interface SimulatorFormation {
  slug: string;
  title: string;
  hours: number;
  /** Inter-company price per trainee, excluding VAT (HT); null when the course is on quote. */
  pricePerTrainee: number | null;
}

function toSimulatorFormation(
  f: Pick<FormationListItem, "slug" | "title" | "durationHours" | "priceInter" | "vatMode">,
): SimulatorFormation {
  return { slug: f.slug, title: f.title, hours: f.durationHours, pricePerTrainee: priceExcludingVat(f.priceInter, f.vatMode) };
}

/** A published formation by its slug (an old slug leads to the current one); undefined otherwise. */
export async function getSimulatorFormation(slug: string): Promise<SimulatorFormation | undefined> {
  let resolved = await resolveFormationSlug(slug);
  if (resolved && "redirectTo" in resolved) resolved = await resolveFormationSlug(resolved.redirectTo);
  if (!resolved || !("formation" in resolved)) return undefined;
  return toSimulatorFormation(resolved.formation);
}

/** Up to `perCategory` published formations of each category, in the categories' order. */
export async function fittingFormations(
  categories: CategorySlug[],
  perCategory = 3,
): Promise<Array<{ category: CategorySlug; items: FittingFormation[] }>> {
  return Promise.all(
    categories.map(async (category) => {
      const page = await listFormations({ status: "published", categorySlug: category, sort: "title", perPage: perCategory });
      return { category, items: page.items.map((f) => ({ slug: f.slug, title: f.title, hours: f.durationHours })) };
    }),
  );
}
