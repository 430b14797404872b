import { expect } from "vitest";
import { describeOutages, spoolDataDir, type Outage } from "../../../tests/support/outage";
import { LEAD_SPOOL_KIND, replaySpooledLead, submitLead } from "~/domain/leads/leads.server";
import { contactForm } from "~/domain/leads/test-fixtures";
import { registerSpoolHandler, replaySpool, spoolCount } from "~/platform/spool/spool.server";
import { noteWriteAccepted } from "~/platform/db/write-health.server";

/**
 * A complaint sent from the contact form while the database refuses is never lost: the intake
 * pipeline keeps the message in the local spool as it keeps any contact message
 * (docs/decisions/0010-lead-spool.md), and its replay registers the complaint, numbered then and
 * dated from its arrival (docs/decisions/0035-complaints-register.md). The refusals are the shared
 * outage fixture's (tests/support/outage.ts).
 */

const spool = spoolDataDir("complaints-spool-test-");

async function outageScenario({ site, store, refuse, restore }: Outage) {
  registerSpoolHandler(LEAD_SPOOL_KIND, (entry) => replaySpooledLead(entry, site));
  const email = `reclamation-panne-${Math.random().toString(36).slice(2)}@exemple.test`;
  const form = contactForm({ email, sujet: "reclamation", message: "Notre convention n'a jamais été signée par l'organisme." });

  await refuse();
  const sentAt = Date.now();
  const first = await submitLead("contact", form, { ip: "203.0.113.31", target: site });
  expect(first).toMatchObject({ ok: true, kind: "spooled", spooled: true });
  if (!first.ok) return;
  expect(first.reference).toMatch(/^MSG-\d{4}-[A-Z2-9]{6}$/);
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(1);
  expect(spool.files(LEAD_SPOOL_KIND)).toHaveLength(1);
  // Still refused: the replay keeps it.
  expect(await replaySpool()).toBe(0);

  await restore();
  expect(await replaySpool()).toBe(1);
  noteWriteAccepted();
  expect(spoolCount(LEAD_SPOOL_KIND)).toBe(0);
  const complaint = await store.selectFrom("complaints").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  expect(complaint).toMatchObject({
    source: "contact",
    status: "recue",
    lead_id: first.leadId,
    message: "Notre convention n'a jamais été signée par l'organisme.",
  });
  expect(complaint.reference).toMatch(/^REC-\d{4}-\d{4}$/);
  // Dated from its arrival, not from the replay.
  expect(Date.parse(complaint.received_at)).toBeLessThanOrEqual(sentAt + 1000);
  expect(Date.parse(complaint.received_at)).toBeGreaterThanOrEqual(sentAt - 1000);
  const mails = await store
    .selectFrom("mail_queue")
    .select(["purpose", "to_address"])
    .where("complaint_id", "=", complaint.id)
    .orderBy("purpose")
    .execute();
  expect(mails).toEqual([
    { purpose: "reclamation-accuse", to_address: email },
    { purpose: "reclamation-equipe", to_address: "equipe@formavia.test" },
  ]);

  // Sent again after the recovery (reload of the confirmation): the stored message, no second complaint.
  expect(await submitLead("contact", form, { ip: "203.0.113.31", target: site })).toMatchObject({ ok: true, duplicate: true });
  expect(await store.selectFrom("complaints").select("id").where("email", "=", email).execute()).toHaveLength(1);
}

describeOutages("a complaint sent from the contact form", outageScenario);
