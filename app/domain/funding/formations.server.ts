import { listFormations, resolveFormationSlug, type FormationListItem } from "~/domain/formations/formations.server";
import type { Formation } from "~/domain/formations/model";
import type { CategorySlug } from "./labels";

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

export interface FittingFormation {
  slug: string;
  title: string;
  hours: number;
}

/** OPCO ceilings are excluding VAT: a price including VAT (20 %) is brought back to HT. */
function priceExcludingVat(f: Pick<Formation, "priceInter" | "vatMode">): number | null {
  if (f.priceInter === null) return null;
  return f.vatMode === "ttc" ? Math.round((f.priceInter / 1.2) * 100) / 100 : f.priceInter;
}

function toSimulatorFormation(
  f: Pick<FormationListItem, "slug" | "title" | "durationHours" | "priceInter" | "vatMode">,
): SimulatorFormation {
  return { slug: f.slug, title: f.title, hours: f.durationHours, pricePerTrainee: priceExcludingVat(f) };
}

/** Every published formation, by title, for the simulator's list. */
export async function listSimulatorFormations(): Promise<SimulatorFormation[]> {
  const out: SimulatorFormation[] = [];
  for (let page = 1; ; page++) {
    const result = await listFormations({ status: "published", sort: "title", perPage: 100, page });
    out.push(...result.items.map(toSimulatorFormation));
    if (page >= result.pageCount) break;
  }
  return out;
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
