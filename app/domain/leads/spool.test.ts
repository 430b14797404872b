import { readFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { describeOutages, spoolDataDir, withoutDatabaseNorSpool, type Outage } from "../../../tests/support/outage";
import type { Db } from "~/platform/db/db.server";
import { noteWriteAccepted, writeHealth } from "~/platform/db/write-health.server";
import { writeHeartbeat } from "~/platform/spool/heartbeat.server";
import { registerSpoolHandler, replaySpool, spoolCount } from "~/platform/spool/spool.server";
import { LEAD_SPOOL_KIND, leadDashboardFigures, replaySpooledLead, spooledLeadCount, submitLead } from "./leads.server";
import { quoteForm } from "./test-fixtures";

/**
 * A quote sent while the database refuses is never lost: it goes to the local spool (fsync), the
 * visitor gets a reference, and the job runner stores it once the database answers again
 * (docs/decisions/0010-lead-spool.md). The refusals are the shared outage fixture's
 * (tests/support/outage.ts).
 */

const spool = spoolDataDir("spool-test-");

async function leadCount(target: Db, email: string): Promise<number> {
  const rows = await target.selectFrom("leads").select("reference").where("email", "=", email).execute();
  return rows.length;
}

/** The scenario on one engine (tests/support/outage.ts). */
async function outageScenario({ site, store, refuse, restore, storeReadsDuringOutage }: Outage) {
  registerSpoolHandler(LEAD_SPOOL_KIND, (entry) => replaySpooledLead(entry, site));
  const email = `panne-${Math.random().toString(36).slice(2)}@exemple.test`;
  const form = quoteForm({ email });

  await refuse();
  const first = await submitLead("devis", form, { ip: "203.0.113.7", target: site });
  expect(first).toMatchObject({ ok: true, kind: "spooled", spooled: true });
  if (!first.ok) return;
  expect(first.reference).toMatch(/^DEV-\d{4}-[A-Z2-9]{6}$/);
  // Sent twice (reload of the confirmation): one entry, the same reference.
  const again = await submitLead("devis", form, { ip: "203.0.113.7", target: site });
  expect(again).toMatchObject({ ok: true, reference: first.reference, leadId: first.leadId });
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(1);
  const [file] = spool.files(LEAD_SPOOL_KIND);
  const kept = readFileSync(file!, "utf8");
  expect(kept).toContain(email);
  // The admin sees it waiting on this instance (list of quotes, dashboard).
  expect(spooledLeadCount("devis")).toBe(1);
  expect(spooledLeadCount("contact")).toBe(0);
  if (storeReadsDuringOutage)
    expect(await leadDashboardFigures(store)).toContainEqual(
      expect.objectContaining({ label: "Demandes en attente d'enregistrement", value: 1 }),
    );
  // /readyz says that writes fail until one passes again.
  expect(writeHealth().ok).toBe(false);
  // While the database still refuses, a replay keeps the entry.
  expect(await replaySpool()).toBe(0);
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(1);

  await restore();
  expect(await leadCount(store, email)).toBe(0);
  expect(await replaySpool()).toBe(1);
  await writeHeartbeat(site);
  noteWriteAccepted();
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(0);
  expect(spooledLeadCount("devis")).toBe(0);
  const stored = await store.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ id: first.leadId, reference: first.reference, company: "Boulangeries Martin", status: "nouveau" });
  const mails = await store
    .selectFrom("mail_queue")
    .select(["purpose", "state"])
    .where("lead_id", "=", first.leadId)
    .orderBy("purpose")
    .execute();
  expect(mails).toEqual([
    { purpose: "ack", state: "pending" },
    { purpose: "staff", state: "pending" },
  ]);

  // A restart after the insert but before the file was removed: replayed again, stored once.
  writeFileSync(file!, kept);
  expect(await replaySpool()).toBe(1);
  expect(await leadCount(store, email)).toBe(1);
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(0);
  // And the form sent once more after the recovery answers with the stored request.
  expect(await submitLead("devis", form, { ip: "203.0.113.7", target: site })).toMatchObject({
    ok: true,
    reference: first.reference,
    duplicate: true,
  });
}

describeOutages("a quote sent", outageScenario, {
  engines: ["sqlite-locked", "postgres-cut", "postgres-refusing", "postgres-read-only"],
  onSqlite: (t) => {
    it(
      "answers 'unavailable' (503) with Retry-After and the form as typed when the spool cannot be written either",
      { timeout: 60_000 },
      async () => {
        await withoutDatabaseNorSpool(t(), spool, async () => {
          const result = await submitLead("devis", quoteForm({ email: "jamais.perdu@exemple.test" }), {
            ip: "203.0.113.8",
            target: t().db,
          });
          expect(result).toMatchObject({ ok: false, kind: "unavailable", retryAfterSeconds: 120 });
          if (result.ok) return;
          expect(result.values).toMatchObject({ email: "jamais.perdu@exemple.test", entreprise: "Boulangeries Martin", ville: "Lyon" });
          expect(result.formError).toContain("n'a pas été envoyée");
          expect(result.token).not.toBe("");
        });
        expect(await leadCount(t().db, "jamais.perdu@exemple.test")).toBe(0);
      },
    );
  },
});
