import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { TestSmtpServer } from "../../../tests/support/smtp";
import { loadConfig, setConfig } from "~/platform/config.server";
import type { SentMail } from "~/platform/email/mailer.server";
import {
  addLeadNote,
  countNewLeads,
  deleteExpiredLeads,
  exportLeadsCsv,
  getLead,
  listLeads,
  resendLeadMail,
  setLeadStatus,
  submitLead,
} from "./leads.server";
import { claimDueMails, defaultBackoff, processMailQueue } from "~/platform/email/queue.server";
import { mailStateLabel, parseLeadFilter } from "./model";
import { RATE_LIMIT_MAX, issueFormToken } from "~/platform/intake/guard.server";
import { contactForm, quoteForm } from "./test-fixtures";

const STAFF = "equipe@formavia.test";
const actor = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };

let smtp: TestSmtpServer;
let dataDir: string;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-test-"));
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: "secret-de-test-pour-les-demandes-0123456789",
      SITE_URL: "http://formavia.test",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Formavia <no-reply@formavia.test>",
      STAFF_EMAIL: STAFF,
      LOG_LEVEL: "error",
    }),
  );
});

afterAll(async () => {
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const noWait = () => 0;

describe.each(engines)("leads on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await t.db.deleteFrom("mail_queue").execute();
    await t.db.deleteFrom("lead_notes").execute();
    await t.db.deleteFrom("leads").execute();
    await t.db.deleteFrom("lead_rate_limits").execute();
  });

  it("stores a quote request, then the real SMTP server receives the staff notification and the acknowledgement", async () => {
    const result = await submitLead("devis", quoteForm(), { ip: nextIp(), target: t.db });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reference).toMatch(/^DEV-\d{4}-[A-Z2-9]{6}$/);

    // Stored before any mail is attempted: the lead and its two queued mails.
    const lead = await getLead("devis", result.leadId, t.db);
    expect(lead).toMatchObject({
      company: "Boulangeries Martin",
      siret: "73282932000074",
      trainees: 4,
      funding: "opco-opcommerce",
      status: "nouveau",
    });
    expect(lead!.mails.map((m) => m.state)).toEqual(["pending", "pending"]);
    expect(smtp.received).toHaveLength(0);
    // The "lead.received" webhook event, written with the lead (docs/decisions/0013-webhooks.md).
    const events = await t.db.selectFrom("webhook_events").select("payload").where("type", "=", "lead.received").execute();
    expect(events.map((e) => JSON.parse(e.payload).reference)).toContain(result.reference);

    const pass = await processMailQueue({ target: t.db });
    expect(pass).toMatchObject({ claimed: 2, sent: 2, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    const staff = smtp.received.find((m) => m.to.includes(STAFF))!;
    expect(staff.subject).toContain(result.reference);
    expect(staff.subject).toContain("Boulangeries Martin");
    expect(staff.replyTo).toContain("lea.martin@boulangeries-martin.test");
    expect(staff.body).toContain("Excel intermédiaire pour l'équipe comptable");
    expect(staff.body).toContain("Opcommerce");
    expect(staff.body).toContain(`http://formavia.test/admin/devis/${result.leadId}`);

    const ack = smtp.received.find((m) => m.to.includes("lea.martin@boulangeries-martin.test"))!;
    expect(ack.subject).toBe(`Votre demande de devis a bien été reçue (référence ${result.reference})`);
    expect(ack.replyTo).toContain(STAFF);
    // The acknowledgement repeats none of the visitor's own text: the address typed may be anyone's.
    expect(ack.body).toContain("Bonjour,");
    expect(ack.body).toContain(result.reference);
    expect(ack.body).not.toContain("Léa Martin");
    expect(ack.body).not.toContain("Boulangeries Martin");
    expect(ack.body).not.toContain("Excel intermédiaire");
    expect(ack.body).not.toContain("tableaux croisés");
    expect(ack.body).toContain("36 mois");

    const after = await getLead("devis", result.leadId, t.db);
    expect(after!.mails.every((m) => m.state === "sent" && m.via === "smtp" && m.sentAt)).toBe(true);
    expect(after!.mailState).toBe("sent");
    expect(after!.mails.map((m) => mailStateLabel(m.state, m.via))).toEqual(["Envoyé au serveur SMTP", "Envoyé au serveur SMTP"]);
  });

  it("keeps the message while the SMTP server is down and delivers it once the server is back", async () => {
    await smtp.stop();
    try {
      const result = await submitLead("contact", contactForm(), { ip: nextIp(), target: t.db });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const stored = await t.db.selectFrom("leads").select("reference").where("id", "=", result.leadId).executeTakeFirst();
      expect(stored?.reference).toBe(result.reference);

      const start = Date.now();
      const failedPass = await processMailQueue({ target: t.db, now: () => start });
      expect(failedPass).toMatchObject({ claimed: 2, sent: 0, retried: 2 });
      const lead = await getLead("contact", result.leadId, t.db);
      expect(lead!.mailState).toBe("pending");
      for (const m of lead!.mails) {
        expect(m.attempts).toBe(1);
        expect(m.lastError).not.toBe("");
        // Exponential backoff: the next attempt waits one minute after the first failure.
        expect(Date.parse(m.nextAttemptAt)).toBe(start + defaultBackoff(1));
      }
      // Not due yet: nothing is attempted before the backoff has passed.
      expect((await processMailQueue({ target: t.db, now: () => start + 1_000 })).claimed).toBe(0);
      // A second failure doubles the wait.
      await processMailQueue({ target: t.db, now: () => start + defaultBackoff(1) });
      const twice = await getLead("contact", result.leadId, t.db);
      expect(twice!.mails.map((m) => Date.parse(m.nextAttemptAt))).toEqual([
        start + defaultBackoff(1) + defaultBackoff(2),
        start + defaultBackoff(1) + defaultBackoff(2),
      ]);
    } finally {
      await smtp.start();
    }
    const later = Date.now() + defaultBackoff(1) + defaultBackoff(2) + 1;
    const pass = await processMailQueue({ target: t.db, now: () => later });
    expect(pass).toMatchObject({ claimed: 2, sent: 2 });
    expect(
      smtp.received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual([STAFF, "karim.benali@exemple.test"].sort());
    expect(smtp.received.find((m) => m.to.includes(STAFF))!.subject).toContain("Financement d'une formation");
  });

  it("a form without a token of its own (a cached page, no JavaScript) is confirmed once, then stored", async () => {
    const first = await submitLead("devis", quoteForm({ jeton: "" }), { ip: nextIp(), target: t.db, minFillSeconds: 3 });
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.kind).toBe("confirm");
    expect(first.values.entreprise).toBe("Boulangeries Martin");
    // The visitor confirms at once: the token issued with the answer is already past the minimum fill time.
    const second = await submitLead("devis", quoteForm({ jeton: first.token }), { ip: nextIp(), target: t.db, minFillSeconds: 3 });
    expect(second.ok).toBe(true);
    // Two visitors never share a token, so both requests are stored.
    const other = await submitLead("devis", quoteForm({ jeton: "", email: "autre@exemple.test" }), { ip: nextIp(), target: t.db });
    if (other.ok) throw new Error("un envoi sans jeton doit être confirmé");
    expect(other.token).not.toBe(first.token);
  });

  it("acknowledges one address at most three times a day, while every request is still stored and notified", async () => {
    const email = "cible@exemple.test";
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(
        await submitLead("contact", contactForm({ email, message: `Message numéro ${i} à relayer` }), { ip: nextIp(), target: t.db }),
      );
    expect(results.every((r) => r.ok)).toBe(true);
    const mails = await t.db.selectFrom("mail_queue").select(["purpose", "to_address"]).execute();
    expect(mails.filter((m) => m.purpose === "staff")).toHaveLength(5);
    expect(mails.filter((m) => m.purpose === "ack" && m.to_address === email)).toHaveLength(3);
  });

  it("notifies staff of one visitor address five times an hour at most, while every request is stored", async () => {
    const email = "rafale@exemple.test";
    for (let i = 0; i < 7; i++) {
      const result = await submitLead("contact", contactForm({ email, message: `Message numéro ${i} pour inonder l'équipe` }), {
        ip: nextIp(),
        target: t.db,
      });
      expect(result.ok).toBe(true);
    }
    const stored = await t.db.selectFrom("leads").select("id").where("email", "=", email).execute();
    expect(stored).toHaveLength(7);
    const staffMails = await t.db
      .selectFrom("mail_queue")
      .select("id")
      .where("purpose", "=", "staff")
      .where("reply_to", "=", email)
      .execute();
    expect(staffMails).toHaveLength(5);
  });

  it("marks a mail failed after the last attempt; staff can send it again", async () => {
    const result = await submitLead("contact", contactForm(), { ip: nextIp(), target: t.db });
    if (!result.ok) throw new Error("refusé");
    const failing = async (): Promise<SentMail> => {
      throw new Error("550 boîte pleine");
    };
    for (let i = 0; i < 3; i++) await processMailQueue({ target: t.db, send: failing, backoff: noWait, maxAttempts: 3 });
    const lead = await getLead("contact", result.leadId, t.db);
    expect(lead!.mails.map((m) => [m.state, m.attempts, m.lastError])).toEqual([
      ["failed", 3, "550 boîte pleine"],
      ["failed", 3, "550 boîte pleine"],
    ]);
    expect(lead!.mailState).toBe("failed");
    expect((await processMailQueue({ target: t.db, send: failing })).claimed).toBe(0);

    expect(await resendLeadMail("contact", result.leadId, lead!.mails[0]!.id, actor, t.db)).toBe(true);
    expect(await processMailQueue({ target: t.db })).toMatchObject({ claimed: 1, sent: 1 });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", result.leadId).execute();
    expect(audit.map((a) => a.action)).toContain("resend");
  });

  it("never sends a mail twice when two workers run at the same moment, and reclaims a stale claim", async () => {
    for (let i = 0; i < 5; i++)
      await submitLead("contact", contactForm({ email: `karim${i}@exemple.test` }), { ip: nextIp(), target: t.db });
    const sent: string[] = [];
    const send = async (m: { to: string | string[]; subject: string }): Promise<SentMail> => {
      sent.push(`${String(m.to)}|${m.subject}`);
      await new Promise((r) => setTimeout(r, 5));
      return { via: "smtp", messageId: "x" };
    };
    const results = await Promise.all([
      processMailQueue({ target: t.db, send, batchSize: 4 }),
      processMailQueue({ target: t.db, send, batchSize: 4 }),
      processMailQueue({ target: t.db, send, batchSize: 4 }),
    ]);
    const rest = await processMailQueue({ target: t.db, send, batchSize: 20 });
    expect(results.reduce((n, r) => n + r.sent, 0) + rest.sent).toBe(10);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(10);

    // A worker that died after claiming: its rows are claimable again once the lock expires.
    await submitLead("contact", contactForm({ email: "karim.relance@exemple.test" }), { ip: nextIp(), target: t.db });
    const now = Date.now();
    const first = await claimDueMails(t.db, now, 10);
    expect(first.ids).toHaveLength(2);
    expect((await claimDueMails(t.db, now + 1_000, 10)).ids).toHaveLength(0);
    expect((await processMailQueue({ target: t.db, send, now: () => now + 16 * 60 * 1000 })).sent).toBe(2);
  });

  it("stores 200 concurrent submissions, every one with its two mails", async () => {
    const submissions = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? submitLead("devis", quoteForm({ entreprise: `Entreprise ${i}`, email: `devis${i}@exemple.test` }), { ip: nextIp(), target: t.db })
        : submitLead("contact", contactForm({ nom: `Visiteur ${i}`, email: `contact${i}@exemple.test` }), { ip: nextIp(), target: t.db }),
    );
    const results = await Promise.all(submissions);
    expect(results.filter((r) => r.ok)).toHaveLength(200);
    const references = new Set(results.map((r) => (r.ok ? r.reference : "")));
    expect(references.size).toBe(200);
    const count = await t.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(200);
    const mails = await t.db
      .selectFrom("mail_queue")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(400);
    expect(await countNewLeads(t.db)).toEqual({ devis: 100, contact: 100, total: 200 });
  });

  it("refuses invalid input with French messages beside each field and keeps every value", async () => {
    const result = await submitLead(
      "devis",
      quoteForm({
        email: "lea.martin@",
        siret: "12345678901234",
        telephone: "12",
        stagiaires: "0",
        autreFormation: "",
        format: "",
        consentement: [],
      }),
      { ip: nextIp(), target: t.db },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.kind).toBe("invalid");
    expect(result.errors).toEqual({
      siret: "Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).",
      email: expect.stringContaining("L'adresse e-mail n'est pas valide"),
      telephone: expect.stringContaining("Le numéro de téléphone n'est pas valide"),
      formation: expect.stringContaining("Choisissez au moins une formation"),
      stagiaires: "Le nombre de stagiaires est compris entre 1 et 500.",
      format: expect.stringContaining("Choisissez un format"),
      consentement: expect.stringContaining("Cochez cette case"),
    });
    expect(result.values).toMatchObject({ entreprise: "Boulangeries Martin", email: "lea.martin@", telephone: "12", ville: "Lyon" });
    expect(await t.db.selectFrom("leads").select("id").execute()).toHaveLength(0);
  });

  it("explains each anti-spam rejection in French", async () => {
    const honeypot = await submitLead("contact", contactForm({ website: "https://promo.example" }), { ip: nextIp(), target: t.db });
    expect(honeypot).toMatchObject({ ok: false, kind: "blocked", formError: expect.stringContaining("champ caché") });

    const now = Date.now();
    const fast = await submitLead("contact", contactForm({ jeton: issueFormToken("contact", now - 1_000) }), {
      ip: nextIp(),
      target: t.db,
      now,
      minFillSeconds: 3,
    });
    expect(fast).toMatchObject({ ok: false, kind: "blocked", formError: expect.stringContaining("Patientez 2 secondes") });

    const forged = await submitLead("contact", contactForm({ jeton: "abc.def.ghi" }), { ip: nextIp(), target: t.db });
    expect(forged).toMatchObject({ ok: false, kind: "blocked", formError: expect.stringContaining("jeton de sécurité") });
    if (!forged.ok) expect(forged.token).not.toBe("abc.def.ghi");

    // A quote token does not open the contact form.
    const wrongForm = await submitLead("contact", contactForm({ jeton: issueFormToken("devis", now - 10_000) }), {
      ip: nextIp(),
      target: t.db,
    });
    expect(wrongForm).toMatchObject({ ok: false, kind: "blocked" });

    const old = await submitLead("contact", contactForm({ jeton: issueFormToken("contact", now - 3 * 24 * 3600 * 1000) }), {
      ip: nextIp(),
      target: t.db,
    });
    expect(old).toMatchObject({ ok: false, kind: "blocked", formError: expect.stringContaining("expiré") });

    const ip = nextIp();
    for (let i = 0; i < RATE_LIMIT_MAX; i++) {
      expect((await submitLead("contact", contactForm(), { ip, target: t.db })).ok).toBe(true);
    }
    const limited = await submitLead("devis", quoteForm(), { ip, target: t.db });
    expect(limited).toMatchObject({ ok: false, kind: "limited", formError: expect.stringContaining("Réessayez dans 60 minutes") });
    // Another address is not affected, and the window passes.
    expect((await submitLead("devis", quoteForm(), { ip: nextIp(), target: t.db })).ok).toBe(true);
    const later = Date.now() + 61 * 60 * 1000;
    expect((await submitLead("devis", quoteForm({}, later), { ip, target: t.db, now: later })).ok).toBe(true);
    expect(await t.db.selectFrom("leads").select("id").execute()).toHaveLength(RATE_LIMIT_MAX + 2);
  });

  it("stores a form sent twice (double click, reload) once", async () => {
    const f = contactForm();
    const [a, b] = await Promise.all([
      submitLead("contact", f, { ip: nextIp(), target: t.db }),
      submitLead("contact", f, { ip: nextIp(), target: t.db }),
    ]);
    const c = await submitLead("contact", f, { ip: nextIp(), target: t.db });
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (a.ok && b.ok && c.ok) {
      expect(new Set([a.reference, b.reference, c.reference]).size).toBe(1);
    }
    expect(await t.db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    expect(await t.db.selectFrom("mail_queue").select("id").execute()).toHaveLength(2);
  });

  it("lists, filters, searches, annotates, changes status (audited) and exports CSV for Excel", async () => {
    const r1 = await submitLead("devis", quoteForm({ entreprise: "Menuiserie Dupré", financement: "cpf", format: "inter" }), {
      ip: nextIp(),
      target: t.db,
    });
    const r2 = await submitLead(
      "devis",
      quoteForm({ entreprise: '=HYPERLINK("http://x")', message: 'Deux lignes;\n"citation"', financement: "opco-atlas" }),
      { ip: nextIp(), target: t.db },
    );
    await submitLead("contact", contactForm(), { ip: nextIp(), target: t.db });
    if (!r1.ok || !r2.ok) throw new Error("refusé");

    const all = await listLeads("devis", parseLeadFilter(new URLSearchParams()), t.db);
    expect(all.total).toBe(2);
    expect(all.items.every((i) => i.kind === "devis" && i.mailState === "pending")).toBe(true);
    // Accent-insensitive search.
    expect((await listLeads("devis", parseLeadFilter(new URLSearchParams("q=dupre")), t.db)).items.map((i) => i.id)).toEqual([r1.leadId]);
    expect((await listLeads("devis", parseLeadFilter(new URLSearchParams("financement=opco-atlas")), t.db)).items.map((i) => i.id)).toEqual(
      [r2.leadId],
    );
    expect((await listLeads("devis", parseLeadFilter(new URLSearchParams("format=inter")), t.db)).total).toBe(1);

    expect(await setLeadStatus("devis", r1.leadId, "en_cours", actor, t.db)).toBe(true);
    expect(await addLeadNote("devis", r1.leadId, "Rappelée le 12, attend l'accord de l'OPCO.", actor, t.db)).toBe(true);
    // A lead of the other kind is not reachable from this list.
    expect(await setLeadStatus("contact", r1.leadId, "traite", actor, t.db)).toBe(false);
    const detail = await getLead("devis", r1.leadId, t.db);
    expect(detail!.status).toBe("en_cours");
    expect(detail!.notes.map((n) => [n.body, n.authorEmail])).toEqual([["Rappelée le 12, attend l'accord de l'OPCO.", actor.email]]);
    expect((await listLeads("devis", parseLeadFilter(new URLSearchParams("statut=nouveau")), t.db)).items.map((i) => i.id)).toEqual([
      r2.leadId,
    ]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", r1.leadId).orderBy("created_at").execute();
    expect(audit.map((a) => a.summary)).toEqual([
      expect.stringContaining("Nouveau → En cours"),
      expect.stringContaining("Note interne ajoutée"),
    ]);

    await setLeadStatus("devis", r2.leadId, "archive", actor, t.db);
    expect((await listLeads("devis", parseLeadFilter(new URLSearchParams()), t.db)).total).toBe(1);
    expect((await listLeads("devis", parseLeadFilter(new URLSearchParams("statut=tous")), t.db)).total).toBe(2);

    const csv = await exportLeadsCsv("devis", parseLeadFilter(new URLSearchParams("statut=tous")), t.db);
    expect(csv.startsWith("\uFEFFRéférence;Reçue le;Statut;Entreprise;")).toBe(true);
    expect(csv).toContain("\r\n");
    expect(csv).toContain("Menuiserie Dupré");
    expect(csv).toContain("Compte personnel de formation (CPF)");
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(`"Deux lignes;\n""citation"""`);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
  });

  it("deletes leads older than the retention period, with their notes and mails", async () => {
    const now = Date.now();
    const old = await submitLead("contact", contactForm({}, now), { ip: nextIp(), target: t.db });
    const recent = await submitLead("contact", contactForm({}, now), { ip: nextIp(), target: t.db });
    if (!old.ok || !recent.ok) throw new Error("refusé");
    await addLeadNote("contact", old.leadId, "Note", actor, t.db);
    const longAgo = new Date(now);
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 37);
    await t.db
      .updateTable("leads")
      .set({ created_at: longAgo.toISOString(), updated_at: longAgo.toISOString() })
      .where("id", "=", old.leadId)
      .execute();

    expect(await deleteExpiredLeads(t.db, now, 36)).toBe(1);
    expect(await getLead("contact", old.leadId, t.db)).toBeUndefined();
    expect(await t.db.selectFrom("mail_queue").select("id").where("lead_id", "=", old.leadId).execute()).toHaveLength(0);
    expect(await t.db.selectFrom("lead_notes").select("id").where("lead_id", "=", old.leadId).execute()).toHaveLength(0);
    expect(await getLead("contact", recent.leadId, t.db)).toBeDefined();
    expect(await deleteExpiredLeads(t.db, now, 36)).toBe(0);
  });
});
