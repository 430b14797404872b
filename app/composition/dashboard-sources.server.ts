import type { SessionUser } from "~/domain/accounts/model";
import { roleCountsLabel } from "~/domain/accounts/model";
import { countUsersByRole } from "~/domain/accounts/users.server";
import { formationDashboardFigures } from "~/domain/formations/formations.server";
import { blogDashboardFigures } from "~/domain/blog/blog.server";
import { leadDashboardFigures } from "~/domain/leads/leads.server";
import { complaintDashboardFigures } from "~/domain/complaints/complaints.server";
import type { DashboardFigure } from "~/platform/admin/dashboard";
import { topPages, topPagesDetail, totalViews } from "~/platform/analytics/page-views.server";
import { db, type Db } from "~/platform/db/db.server";

export type { DashboardFigure };

/**
 * Each area registers ONE function here returning its figures (content counts for the dashboard).
 * A failing source is skipped, so one area cannot break the dashboard.
 */
const sources: Array<(target: Db) => Promise<DashboardFigure[]>> = [
  async (target) => {
    const counts = await countUsersByRole(target);
    return [
      {
        label: "Comptes",
        value: counts.viewer + counts.editor + counts.admin,
        to: "/admin/utilisateurs",
        detail: roleCountsLabel(counts),
        role: "admin",
      },
    ];
  },
  (target) => formationDashboardFigures(target),
  (target) => blogDashboardFigures(target),
  (target) => leadDashboardFigures(target),
  (target) => complaintDashboardFigures(target),
  async (target) => {
    const [views, top] = await Promise.all([totalViews(30, target), topPages(30, 3, target)]);
    return [{ label: "Pages vues (30 derniers jours)", value: views, detail: topPagesDetail(top) ?? undefined, role: "editor" }];
  },
];

export async function dashboardFigures(user: SessionUser, target: Db = db()): Promise<DashboardFigure[]> {
  const results = await Promise.allSettled(sources.map((source) => source(target)));
  return results.flatMap((r) => (r.status === "fulfilled" ? r.value : [])).filter((f) => f.role === "editor" || user.role === "admin");
}
