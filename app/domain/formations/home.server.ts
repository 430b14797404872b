import { db, type Db } from "~/platform/db/db.server";
import { publishedCategories } from "./categories.server";
import { firstByRelevance, listUpcomingSessions } from "./formations.server";
import type { FormationListItem, UpcomingSession } from "./model";

export interface HomeFormations {
  /** Formations marked "featured" (then the others), published only. */
  featured: FormationListItem[];
  /** The soonest sessions of published formations. */
  nextSessions: UpcomingSession[];
  /** The categories that have published formations, in display order. */
  categories: Array<{ slug: string; name: string; description: string }>;
}

/** What the home page shows of the catalogue: its categories, featured formations and the next sessions. */
export async function homeFormations({ featuredCount = 6, sessionCount = 6 } = {}, target: Db = db()): Promise<HomeFormations> {
  const [featured, nextSessions, categories] = await Promise.all([
    firstByRelevance(featuredCount, target),
    listUpcomingSessions({ limit: sessionCount }, target),
    publishedCategories(target),
  ]);
  return {
    featured,
    nextSessions,
    categories: categories.map(({ slug, name, description }) => ({ slug, name, description })),
  };
}
