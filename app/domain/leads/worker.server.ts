import { config } from "~/platform/config.server";
import { log } from "~/platform/log.server";
import { deleteExpiredLeads } from "./leads.server";

/** Housekeeping: leads past their retention period. */
export async function deleteExpiredLeadsTask(): Promise<number> {
  const deleted = await deleteExpiredLeads();
  if (deleted > 0) log.info("Durée de conservation : demandes supprimées", { deleted, months: config().leadRetentionMonths });
  return deleted;
}
