import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { admin, editor, viewer } from "../../../tests/support/actors";
import { evidencePack, packZip } from "~/composition/evidence-pack.server";
import { listAudit } from "~/domain/audit/audit.server";
import { documentsFixture, registerByHand, type DocumentsFixture } from "~/domain/documents/test-fixtures";
import { DOCUMENTS_TEST_SECRET, documentsTestConfig } from "~/domain/documents/test-config";
import { deleteLead, submitLead } from "~/domain/leads/leads.server";
import { contactForm } from "~/domain/leads/test-fixtures";
import { sendSpaceComplaint, spaceComplaintPage } from "~/domain/space/complaint.server";
import { spaceDataExport } from "~/domain/space/space.server";
import { atomically, type Db } from "~/platform/db/db.server";
import {
  ComplaintForbiddenError,
  answerComplaint,
  closeComplaint,
  complaintDashboardFigures,
  eraseComplaint,
  eraseExpiredComplaints,
  getComplaint,
  getComplaintSettings,
  listRegister,
  receiveComplaint,
  saveCorrectiveAction,
  startComplaint,
  updateComplaintSettings,
} from "./complaints.server";
import { delayText } from "./labels";
import { otherInstance } from "../../../tests/support/other-instance";

/**
 * The complaints register (docs/decisions/0035-complaints-register.md, docs/legal/complaints.md):
 * a complaint from the contact form or the space is numbered per year without gap, acknowledged,
 * answered in writing and closed by staff (never by a viewer); the register counts the delay in
 * working days against the organisation's setting; erasure and retention keep the register whole.
 */

const files = documentsTestConfig("complaints-test-");

let ipCounter = 0;
const nextIp = () => `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.append(k, v);
  return f;
};

describe.each(engines)("the complaints register ($name)", ({ create }) => {
  let t: TestDatabase;
  let fixture: DocumentsFixture;
  beforeAll(async () => {
    t = await create();
    fixture = await documentsFixture(t.db);
  });
  afterAll(() => t.cleanup());
  const ctx = (actor: typeof editor | typeof admin | typeof viewer = editor) => ({ actor, target: t.db });

  const mails = (complaintId: string) =>
    t.db
      .selectFrom("mail_queue")
      .select(["purpose", "to_address", "text_body", "subject"])
      .where("complaint_id", "=", complaintId)
      .orderBy("purpose")
      .execute();

  /** A complaint received at `at` (an ISO instant), straight into the register. */
  async function received(at: string, email = `recu-${Math.random().toString(36).slice(2)}@exemple.test`) {
    return atomically(t.db, (trx: Db) =>
      receiveComplaint(trx, {
        source: "contact",
        name: "Inès Girard",
        email,
        message: "La salle était fermée à notre arrivée.",
        receivedAt: Date.parse(at),
      }),
    );
  }

  it("a contact message with the subject « Réclamation » is registered: numbered, acknowledged, staff notified", async () => {
    const email = "karim.reclamation@exemple.test";
    const sent = await submitLead(
      "contact",
      contactForm({ sujet: "reclamation", email, message: "Le support de cours promis n'est jamais arrivé." }),
      {
        ip: nextIp(),
        target: t.db,
      },
    );
    expect(sent).toMatchObject({ ok: true, kind: "stored" });
    if (!sent.ok) return;
    const row = await t.db.selectFrom("complaints").selectAll().where("lead_id", "=", sent.leadId).executeTakeFirstOrThrow();
    const year = new Date().getFullYear();
    expect(row).toMatchObject({
      source: "contact",
      status: "recue",
      email,
      name: "Karim Benali",
      message: "Le support de cours promis n'est jamais arrivé.",
    });
    expect(row.reference).toMatch(new RegExp(`^REC-${year}-\\d{4}$`));
    // The register's own mails, instead of the message's: the acknowledgement to the sender, the notice to staff.
    const queued = await mails(row.id);
    expect(queued.map((m) => [m.purpose, m.to_address])).toEqual([
      ["reclamation-accuse", email],
      ["reclamation-equipe", "equipe@formavia.test"],
    ]);
    expect(queued[0]!.subject).toBe(`Votre réclamation est enregistrée (référence ${row.reference})`);
    expect(queued[0]!.text_body).toContain("réponse écrite par e-mail dans un délai de 15\u00a0jours ouvrés au plus");
    // The acknowledgement repeats nothing the sender typed (the address may be a stranger's).
    expect(queued[0]!.text_body).not.toContain("support de cours");
    expect(queued[1]!.text_body).toContain("Le support de cours promis n'est jamais arrivé.");
    expect(queued[1]!.text_body).toContain(`http://formavia.test/admin/reclamations/${row.id}`);
    expect(await t.db.selectFrom("mail_queue").select("id").where("lead_id", "=", sent.leadId).execute()).toEqual([]);
    // The next one takes the next number; an ordinary message is no complaint.
    const next = await submitLead("contact", contactForm({ sujet: "reclamation", email: "autre@exemple.test" }), {
      ip: nextIp(),
      target: t.db,
    });
    const nextRow = await t.db
      .selectFrom("complaints")
      .select("reference")
      .where("email", "=", "autre@exemple.test")
      .executeTakeFirstOrThrow();
    expect(next.ok).toBe(true);
    expect(Number(nextRow.reference.slice(-4))).toBe(Number(row.reference.slice(-4)) + 1);
    const plain = await submitLead("contact", contactForm({ email: "question@exemple.test" }), { ip: nextIp(), target: t.db });
    if (plain.ok) expect(await t.db.selectFrom("complaints").select("id").where("lead_id", "=", plain.leadId).execute()).toEqual([]);

    // Deleting the message (its sender's erasure) leaves the complaint in the register, without the link.
    await deleteLead("contact", sent.leadId, editor, t.db);
    expect(await t.db.selectFrom("complaints").select("lead_id").where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual({
      lead_id: null,
    });
  });

  it("staff take it, answer in writing (sent to the sender), record the corrective action and close it", async () => {
    const { id, reference } = await received("2026-12-02T09:00:00Z", "ines.girard@exemple.test");
    expect(await startComplaint(id, ctx())).toEqual({ ok: true, value: undefined });
    expect(await startComplaint(id, ctx())).toMatchObject({
      ok: false,
      kind: "conflict",
      errors: { _form: "Cette réclamation est déjà en cours." },
    });
    expect(await answerComplaint(id, { answer: "Trop court" }, ctx())).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { answer: "La réponse écrite comporte au moins 20 caractères." },
    });
    const answer = "Nous vous prions de nous excuser : la salle vous sera ouverte dès 8 h 30 désormais.";
    expect(await answerComplaint(id, { answer }, ctx())).toEqual({ ok: true, value: undefined });
    expect(await answerComplaint(id, { answer }, ctx())).toMatchObject({ ok: false, kind: "conflict" });
    const sentAnswer = (await mails(id)).find((m) => m.purpose === "reclamation-reponse");
    expect(sentAnswer).toMatchObject({ to_address: "ines.girard@exemple.test", subject: `Réponse à votre réclamation ${reference}` });
    // Typed answers keep French spacing (no-break space before « : »).
    expect(sentAnswer!.text_body).toContain("Nous vous prions de nous excuser\u00a0: la salle vous sera ouverte");

    expect(await saveCorrectiveAction(id, { correctiveAction: "Ouverture de la salle à 8 h 30." }, ctx())).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await closeComplaint(id, { correctiveAction: "" }, ctx())).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { correctiveAction: "L'action corrective décidée est obligatoire." },
    });
    expect(await closeComplaint(id, { correctiveAction: "Ouverture de la salle à 8 h 30, consigne aux formateurs." }, ctx())).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await closeComplaint(id, { correctiveAction: "Encore" }, ctx())).toMatchObject({ ok: false, kind: "conflict" });

    const detail = (await getComplaint(id, t.db, "2026-12-10"))!;
    expect(detail).toMatchObject({
      status: "close",
      statusLabel: "Close",
      answer: answer.replace(" :", "\u00a0:"),
      answeredBy: editor.email,
    });
    expect(detail.answeredAt && detail.startedAt && detail.closedAt).toBeTruthy();
    expect(detail.mails.map((m) => m.purposeLabel).sort()).toEqual(["Accusé de réception", "Notification à l'équipe", "Réponse écrite"]);
    const journal = await listAudit(t.db, { entity: "complaint", page: 1 });
    expect(journal.entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        `Réclamation ${reference} prise en charge.`,
        `Réponse écrite envoyée pour la réclamation ${reference}.`,
        `Réclamation ${reference} close.`,
      ]),
    );
    expect(await getComplaint("inconnue", t.db)).toBeNull();
    expect(await startComplaint("inconnue", ctx())).toMatchObject({ ok: false, kind: "not-found" });
  });

  it("a viewer is refused every change, and only an admin sets the delay", async () => {
    const { id } = await received("2026-12-03T09:00:00Z");
    await expect(startComplaint(id, ctx(viewer))).rejects.toThrow(ComplaintForbiddenError);
    await expect(answerComplaint(id, { answer: "Une réponse suffisamment longue." }, ctx(viewer))).rejects.toThrow(ComplaintForbiddenError);
    await expect(saveCorrectiveAction(id, { correctiveAction: "x" }, ctx(viewer))).rejects.toThrow(ComplaintForbiddenError);
    await expect(closeComplaint(id, { correctiveAction: "Aucune" }, ctx(viewer))).rejects.toThrow(ComplaintForbiddenError);
    await expect(eraseComplaint(id, ctx(viewer))).rejects.toThrow(ComplaintForbiddenError);
    await expect(updateComplaintSettings({ answerDelayDays: 10 }, editor, t.db)).rejects.toThrow(ComplaintForbiddenError);
    expect((await getComplaint(id, t.db))!.status).toBe("recue");
  });

  it("the register counts the delay in working days and highlights an unanswered complaint past the setting", async () => {
    // Wednesday 3 March 2027 at 11:00 in Paris: 15 working days end on Wednesday 24 March.
    const late = await received("2027-03-03T10:00:00Z");
    const answered = await received("2027-03-03T10:30:00Z");
    await answerComplaint(answered.id, { answer: "Une réponse écrite, envoyée trois jours ouvrés plus tard." }, ctx());
    await t.db.updateTable("complaints").set({ answered_at: "2027-03-08T09:00:00.000Z" }).where("id", "=", answered.id).execute();
    const period = { statut: "tous" as const, du: "2027-03-03", au: "2027-03-03" };

    const onTime = await listRegister(period, { target: t.db, today: "2027-03-24" });
    const row = (id: string, r = onTime) => r.rows.find((x) => x.id === id)!;
    expect(onTime.delayDays).toBe(15);
    expect(row(late.id)).toMatchObject({ overdue: false, delay: { dueOn: "2027-03-24", workingDays: 15, answered: false, late: false } });
    expect(row(answered.id)).toMatchObject({ overdue: false, delay: { workingDays: 3, answered: true, late: false } });

    const after = await listRegister(period, { target: t.db, today: "2027-03-25" });
    expect(row(late.id, after)).toMatchObject({ overdue: true, delay: { workingDays: 16, late: true } });
    expect(after.counts.overdue).toBe(1);
    // What the register says, in words.
    expect(delayText(row(late.id, after))).toBe("Sans réponse depuis 16\u00a0jours ouvrés\u00a0: délai échu le 24 mars 2027");
    expect(delayText(row(answered.id, after))).toBe("Répondue en 3\u00a0jours ouvrés");
    expect(delayText(row(late.id))).toBe("Réponse attendue au plus tard le 24 mars 2027");
    expect(row(answered.id, after).overdue).toBe(false);
    // Unanswered only; a period is a period of days in Paris.
    const waiting = await listRegister({ ...period, statut: "sans-reponse" }, { target: t.db, today: "2027-03-25" });
    expect(waiting.rows.map((r) => r.id)).toEqual([late.id]);

    // The organisation's setting (admins): 20 working days, and the same complaint is within it.
    await updateComplaintSettings({ answerDelayDays: 20 }, admin, t.db);
    expect(await getComplaintSettings(t.db)).toEqual({ answerDelayDays: 20 });
    expect(row(late.id, await listRegister(period, { target: t.db, today: "2027-03-25" })).overdue).toBe(false);
    await updateComplaintSettings({ answerDelayDays: 15 }, admin, t.db);
    const figure = (await complaintDashboardFigures(t.db))[0]!;
    expect(figure).toMatchObject({ label: "Réclamations sans réponse", to: "/admin/reclamations?statut=sans-reponse" });
    expect(figure.value).toBeGreaterThan(0);
  });

  it("numbers per year: a complaint received on 1 January in Paris (still 31 December in UTC) opens the new year", async () => {
    const last = await received("2095-12-31T23:30:00Z");
    expect(last.reference).toBe("REC-2096-0001");
    const before = await received("2095-12-31T22:30:00Z");
    expect(before.reference).toBe("REC-2095-0001");
    const register = await listRegister({ statut: "tous", du: "2096-01-01", au: "2096-01-01" }, { target: t.db });
    expect(register.rows.map((r) => r.reference)).toEqual(["REC-2096-0001"]);
  });

  it("numbers stay gap-free and unique when two instances (two processes) register at once", { timeout: 60_000 }, async () => {
    const now = Date.parse("2098-05-04T10:00:00Z");
    const other = await otherInstance("tests/support/complaints-child.ts", {
      CHILD_DATABASE: t.url,
      CHILD_DATA_DIR: files.dataDir,
      CHILD_AUTH_SECRET: DOCUMENTS_TEST_SECRET,
      CHILD_COUNT: "6",
      CHILD_NOW: String(now),
    });
    try {
      other.go();
      const mine: string[] = [];
      for (let i = 0; i < 6; i++) mine.push((await received(new Date(now).toISOString(), `ici${i}@exemple.test`)).reference);
      const theirs = await other.results();
      expect([...mine, ...theirs].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `REC-2098-${String(i + 1).padStart(4, "0")}`));
      expect(theirs).toEqual([...theirs].sort());
      expect(mine).toEqual([...mine].sort());
    } finally {
      other.stop();
    }
  });

  it("the space sends a complaint under the signed-in person's identity, about one of their registrations", async () => {
    const sessionId = await fixture.newSession(6);
    const registrationId = await registerByHand(t.db, sessionId, "entreprise", 1);
    const r = await t.db
      .selectFrom("registrations")
      .select(["contact_email", "reference"])
      .where("id", "=", registrationId)
      .executeTakeFirstOrThrow();
    const trainee = await t.db
      .selectFrom("registration_trainees")
      .select(["email"])
      .where("registration_id", "=", registrationId)
      .executeTakeFirstOrThrow();

    const page = await spaceComplaintPage(r.contact_email.toUpperCase(), t.db);
    expect(page.options).toEqual([{ value: registrationId, label: expect.stringContaining(`inscription ${r.reference}`) }]);
    expect(await sendSpaceComplaint(r.contact_email, form({ inscription: "", message: "court" }), t.db)).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { message: "Votre réclamation comporte au moins 10 caractères." },
    });
    // A registration that is not theirs is refused; the identity is never what is typed.
    expect(
      await sendSpaceComplaint(
        trainee.email,
        form({ inscription: "pas-la-sienne", message: "La convocation est arrivée trop tard.", email: "autre@x.test" }),
        t.db,
      ),
    ).toMatchObject({ ok: false, errors: { inscription: "Choisissez une de vos formations dans la liste." } });
    const sent = await sendSpaceComplaint(
      trainee.email,
      form({ inscription: registrationId, message: "La convocation est arrivée trop tard.", email: "autre@x.test", nom: "Faux nom" }),
      t.db,
    );
    expect(sent).toMatchObject({ ok: true, reference: expect.stringMatching(/^REC-\d{4}-\d{4}$/) });
    const row = await t.db.selectFrom("complaints").selectAll().where("email", "=", trainee.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: "espace-stagiaire", registration_id: registrationId, name: expect.stringMatching(/^Élise0 Nom/) });
    expect(row.about).toContain("Excel");
    // The person sees it in their space, then the answer once sent; and in their data export.
    expect((await spaceComplaintPage(trainee.email, t.db)).complaints).toMatchObject([
      { reference: row.reference, statusLabel: "Reçue", answer: "" },
    ]);
    await answerComplaint(row.id, { answer: "Nous avons revu nos délais d'envoi des convocations." }, ctx());
    expect((await spaceComplaintPage(trainee.email, t.db)).complaints[0]).toMatchObject({
      statusLabel: "Répondue",
      answer: "Nous avons revu nos délais d'envoi des convocations.",
    });
    const exported = await spaceDataExport(trainee.email, t.db);
    expect(exported.réclamations).toMatchObject([
      { référence: row.reference, réclamation: "La convocation est arrivée trop tard.", origine: "Espace stagiaire" },
    ]);
    // A few a day at most.
    for (let i = 0; i < 4; i++) await sendSpaceComplaint(trainee.email, form({ message: `Encore une réclamation ${i}.` }), t.db);
    expect(await sendSpaceComplaint(trainee.email, form({ message: "Une réclamation de trop." }), t.db)).toMatchObject({
      ok: false,
      errors: { _form: expect.stringContaining("5\u00a0réclamations aujourd'hui") },
    });
  });

  it("erasure and retention clear the sender's data and keep the register whole", async () => {
    const { id, reference } = await received("2026-12-04T09:00:00Z", "efface@exemple.test");
    await answerComplaint(id, { answer: "Une réponse écrite qui sera effacée ensuite." }, ctx());
    await saveCorrectiveAction(id, { correctiveAction: "Rappel des horaires dans la convocation." }, ctx());
    expect(await eraseComplaint(id, ctx())).toEqual({ ok: true, value: { reference } });
    const row = await t.db.selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reference,
      name: "",
      email: "",
      message: "",
      answer: "",
      status: "repondue",
      corrective_action: "Rappel des horaires dans la convocation.",
    });
    expect(row.erased_at).toBeTruthy();
    expect(await mails(id)).toEqual([]);
    expect(await closeComplaint(id, { correctiveAction: "Aucune" }, ctx())).toMatchObject({ ok: false, kind: "conflict" });
    const register = await listRegister({ statut: "tous", du: "2026-12-04", au: "2026-12-04" }, { target: t.db });
    expect(register.rows.find((r) => r.id === id)).toMatchObject({ reference, name: null, erased: true });

    // Retention: a complaint without activity for longer than the retention of requests loses its data.
    const old = await received("2026-12-05T09:00:00Z", "ancien@exemple.test");
    await t.db.updateTable("complaints").set({ updated_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", old.id).execute();
    expect(await eraseExpiredComplaints(t.db, Date.parse("2026-12-06T00:00:00Z"), 36)).toBe(1);
    expect(await t.db.selectFrom("complaints").select(["email", "reference"]).where("id", "=", old.id).executeTakeFirstOrThrow()).toEqual({
      email: "",
      reference: old.reference,
    });
    expect(await eraseExpiredComplaints(t.db, Date.parse("2026-12-06T00:00:00Z"), 36)).toBe(0);
  });

  it("the evidence pack holds the register of the chosen period: no contact details, the texts and the delays", async () => {
    const { id, reference } = await received("2097-03-10T09:00:00Z", "audit@exemple.test");
    await answerComplaint(id, { answer: "Réponse écrite conservée pour l'auditeur." }, ctx());
    const pack = await evidencePack("2097-06-30", t.db);
    expect(pack.complaints).toMatchObject({ from: "2096-07-01", to: "2097-06-30" });
    expect(pack.complaints.rows.map((r) => r.reference)).toEqual([reference]);
    const chosen = await evidencePack("2097-06-30", t.db, { from: "2097-04-01", to: "2097-06-30" });
    expect(chosen.complaints.rows).toEqual([]);
    const zip = unzipSync(packZip(pack));
    const csv = strFromU8(zip["reclamations-2096-07-01-au-2097-06-30.csv"]!);
    expect(csv).toContain(reference);
    expect(csv).toContain("Réponse écrite conservée pour l'auditeur.");
    expect(csv).not.toContain("audit@exemple.test");
    expect(csv).not.toContain("Inès Girard");
  });
});
