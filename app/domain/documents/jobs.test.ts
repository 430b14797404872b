import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { claimDueMails, sendClaimedMails } from "~/platform/email/queue.server";
import type { MailMessage } from "~/platform/email/mailer.server";
import { claimBatch, listBatches, queueBatch, releaseBatch, runBatch } from "./jobs.server";
import { databaseWithDocuments, registerByHand, staff, type DocumentsFixture } from "./test-fixtures";
import { documentsTestConfig } from "./test-config";

documentsTestConfig("documents-jobs-test-");

describe.each(engines)("batches of documents ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    ({ t, fixture } = await databaseWithDocuments(create));
  });
  afterAll(() => t.cleanup());

  it("30 convocations go through the queue, interrupted and taken over, each trainee's e-mail sent once with its PDF", async () => {
    const sessionId = await fixture.newSession(40);
    for (let i = 0; i < 6; i++) await registerByHand(t.db, sessionId, "entreprise", 5);
    expect(await queueBatch(sessionId, "certificat", { send: true, actor: staff, target: t.db })).toMatchObject({ ok: false });
    const queued = await queueBatch(sessionId, "convocation", { send: true, actor: staff, target: t.db });
    expect(queued).toMatchObject({ ok: true, total: 30 });
    expect(await queueBatch(sessionId, "convocation", { send: true, actor: staff, target: t.db })).toMatchObject({
      ok: false,
      error: "Un lot de ce type est déjà en cours pour cette session.",
    });

    // Two instances poll at once: one claims the batch.
    const [a, b] = await Promise.all([claimBatch(t.db), claimBatch(t.db)]);
    const claim = (a ?? b)!;
    expect([a, b].filter(Boolean)).toHaveLength(1);
    // The first instance stops after 12 documents and gives the batch back; the second finishes it.
    let made = 0;
    expect(await runBatch(claim, { stopping: () => made++ >= 12, target: t.db })).toBe("released");
    await releaseBatch(claim, t.db);
    const progress = (await listBatches(sessionId, t.db))[0]!;
    expect(progress).toMatchObject({ state: "queued", done: 12, total: 30, percent: 40 });
    const second = (await claimBatch(t.db))!;
    expect(await runBatch(second, { stopping: () => false, target: t.db })).toBe("done");
    expect((await listBatches(sessionId, t.db))[0]).toMatchObject({ state: "done", done: 30, percent: 100 });

    const docs = await t.db
      .selectFrom("documents")
      .select(["number", "trainee_id", "sent_to"])
      .where("session_id", "=", sessionId)
      .execute();
    expect(docs).toHaveLength(30);
    expect(new Set(docs.map((d) => d.trainee_id)).size).toBe(30);
    expect(docs.every((d) => d.sent_to.endsWith("@dupre.test"))).toBe(true);

    // The mail queue sends each once, the PDF read from the storage and attached.
    const sent: MailMessage[] = [];
    const send = async (m: MailMessage) => {
      sent.push(m);
      return { via: "outbox" as const, messageId: String(sent.length) };
    };
    for (let round = 0; round < 3; round++) {
      const claimed = await claimDueMails(t.db, Date.now(), 100);
      await sendClaimedMails(claimed, { target: t.db, send });
    }
    const convocations = sent.filter((m) => String(m.subject).startsWith("Convocation"));
    expect(convocations).toHaveLength(30);
    expect(new Set(convocations.map((m) => m.to)).size).toBe(30);
    const pdf = convocations[0]!.attachments![0]!;
    expect(pdf.contentType).toBe("application/pdf");
    expect(Buffer.isBuffer(pdf.content) && pdf.content.subarray(0, 5).toString()).toBe("%PDF-");
    // One path for convocations: the trainee's convocation e-mail, its calendar file and the link.
    const calendar = convocations[0]!.attachments![1]!;
    expect(calendar.contentType).toMatch(/^text\/calendar/);
    expect(String(calendar.content)).toContain("BEGIN:VEVENT");
    expect(convocations[0]!.text).toContain("Vous êtes convoqué(e) à la formation");
    expect(convocations[0]!.text).toMatch(/\/documents\/[^\s]+/);
    // Thirty PDFs and their e-mails: well under 30 s on a quiet machine, more when it is loaded.
  }, 90_000);
});
