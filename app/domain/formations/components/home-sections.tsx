import { HomeSection } from "~/ui/home-section";
import type { FormationListItem, UpcomingSession } from "../model";
import { FormationGrid } from "./formation-card";
import { SessionTable } from "./session-table";

/**
 * Home page sections of the catalogue (data from `homeFormations()` in home.server.ts).
 * Each is a section with its own h2; cards use h3.
 */
export function FeaturedFormations({ items, title = "Nos formations à la une" }: { items: FormationListItem[]; title?: string }) {
  if (items.length === 0) return null;
  return (
    <HomeSection id="formations-a-la-une" title={title} more={{ to: "/formations", label: "Tout le catalogue" }}>
      <FormationGrid items={items} />
    </HomeSection>
  );
}

export function NextSessions({ sessions, title = "Prochaines sessions" }: { sessions: UpcomingSession[]; title?: string }) {
  if (sessions.length === 0) return null;
  return (
    <HomeSection id="prochaines-sessions" title={title} intro="Dates, lieux et places restantes, mis à jour au fil des inscriptions.">
      <SessionTable sessions={sessions} label="Prochaines sessions de formation" />
    </HomeSection>
  );
}
