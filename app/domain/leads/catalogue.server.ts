import { listCategories } from "~/domain/formations/categories.server";
import { listPublishedTitles } from "~/domain/formations/formations.server";
import { db, type Db } from "~/platform/db/db.server";
import type { LeadFormationRef } from "./model";

/** The published formations a quote request can name, grouped by category (catalogue order). */
export interface FormationChoiceGroup {
  category: string;
  formations: LeadFormationRef[];
}

export async function formationChoices(target: Db = db()): Promise<FormationChoiceGroup[]> {
  const [titles, categories] = await Promise.all([listPublishedTitles(undefined, target), listCategories(target)]);
  const groups: FormationChoiceGroup[] = [];
  for (const category of categories) {
    const formations = titles.filter((t) => t.categoryId === category.id).map(({ slug, title }) => ({ slug, title }));
    if (formations.length) groups.push({ category: category.name, formations });
  }
  const known = new Set(categories.map((c) => c.id));
  const others = titles.filter((t) => !known.has(t.categoryId)).map(({ slug, title }) => ({ slug, title }));
  if (others.length) groups.push({ category: "Autres formations", formations: others });
  return groups;
}

/**
 * The submitted slugs with their titles. A slug that is no longer published (unpublished between
 * display and sending, or typed by hand) is kept as written: a request never loses what was asked.
 */
export async function resolveFormations(slugs: string[], target: Db = db()): Promise<LeadFormationRef[]> {
  if (slugs.length === 0) return [];
  const titles = await listPublishedTitles(undefined, target);
  const bySlug = new Map(titles.map((t) => [t.slug, t.title]));
  const unique = [...new Set(slugs.map((s) => s.trim()).filter(Boolean))];
  return unique.map((slug) => ({ slug, title: bySlug.get(slug) ?? slug }));
}
