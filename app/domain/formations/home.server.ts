import { db, type Db } from "~/platform/db/db.server";
import { listFormations, listUpcomingSessions } from "./formations.server";
import type { FormationListItem, UpcomingSession } from "./model";

export interface HomeFormations {
  /** Formations marked "featured" (then the others), published only. */
  featured: FormationListItem[];
  /** The soonest sessions of published formations. */
  nextSessions: UpcomingSession[];
}

/** What the home page shows of the catalogue: featured formations and the next sessions. */
export async function homeFormations({ featuredCount = 6, sessionCount = 6 } = {}, target: Db = db()): Promise<HomeFormations> {
  const [featured, nextSessions] = await Promise.all([
    listFormations({ status: "published", sort: "relevance", perPage: featuredCount }, target),
    listUpcomingSessions({ limit: sessionCount }, target),
  ]);
  return { featured: featured.items, nextSessions };
}
