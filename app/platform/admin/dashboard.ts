/** One figure of the admin dashboard (/admin); each area returns its own, `app/composition/dashboard-sources.server.ts` gathers them. */
export interface DashboardFigure {
  label: string;
  value: number;
  /** Where a click leads (the area's list). */
  to?: string;
  /** Short French detail under the figure. */
  detail?: string;
  /** Who sees it; editor = editors and admins. */
  role: "editor" | "admin";
}
