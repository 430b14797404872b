import { purgeInactiveAccounts } from "~/domain/accounts/users.server";
import type { MaintenanceTask } from "~/platform/jobs/maintenance.server";

/** The daily housekeeping tasks, one line per area that needs one (run by `app/platform/jobs/maintenance.server.ts`). */
export const maintenanceTasks: MaintenanceTask[] = [
  { name: "Comptes visiteurs inactifs depuis 3 ans supprimés", run: () => purgeInactiveAccounts() },
];
