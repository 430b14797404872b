import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { pdfText } from "../../../tests/support/pdf-text";
import { admin, editor } from "../../../tests/support/actors";
import { listAudit } from "~/domain/audit/audit.server";
import { documentsFixture, registerByHand } from "~/domain/documents/test-fixtures";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, setFormationStatus } from "~/domain/formations/formations.server";
import { categoryInput, formationInput } from "~/domain/formations/test-fixtures";
import { issueCreditNote, issueInvoice, prepareInvoices } from "~/domain/invoices/invoices.server";
import { assignTrainer, createTrainer } from "~/domain/trainers/trainers.server";
import { nowIso } from "~/platform/db/db.server";
import { valueOf } from "~/platform/validation/errors";
import { BpfForbiddenError, bpfSettingsForm, bpfYear, getBpfSettings, lockYear, saveEntries, updateBpfSettings } from "./bpf.server";
import { computeBpf, type InvoiceFigure } from "./compute.server";
import { boxesCsv, detailCsv } from "./csv.server";
import { bpfSettingsSchema } from "./model";
import { bpfPdf } from "./pdf.server";

/**
 * The BPF of 2099 on fixtures built for it, every figure against the value computed by hand
 * (docs/legal/bpf.md). Formation A (RNCP, 7 h, category « Bureautique ») has a session on Tuesday
 * 10 and Wednesday 11 March 2099 in a room: 4 half-days of 1.75 h. Formation B (no certification,
 * 7 h, category « Langues ») has a remote session on Monday 15 June 2099: 2 half-days of 3.5 h.
 * The half-day of 11 March afternoon was opened online and never countersigned: nobody's hours count
 * there, and it is listed as missing.
 */

const TODAY = "2099-12-31";
const S1_TICKS = ["2099-03-10:matin", "2099-03-10:apres-midi", "2099-03-11:matin", "2099-03-11:apres-midi"];

describe.each(engines)("BPF on $name", ({ create }) => {
  let t: TestDatabase;
  let catA: string;
  let catB: string;
  let formationA: string;
  let s1: string;
  let s2: string;
  const trainee = new Map<string, string>();
  const registrations = new Map<string, string>();

  async function traineesOf(registrationId: string) {
    return t.db
      .selectFrom("registration_trainees")
      .select(["id", "first_name", "last_name"])
      .where("registration_id", "=", registrationId)
      .orderBy("position")
      .execute();
  }
  async function tick(traineeId: string, sessionId: string, halfDays: string[]) {
    await t.db
      .insertInto("session_attendance")
      .values({
        trainee_id: traineeId,
        session_id: sessionId,
        half_days: JSON.stringify(halfDays),
        updated_by: "test",
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column("trainee_id").doUpdateSet({ half_days: JSON.stringify(halfDays) }))
      .execute();
  }
  async function register(sessionId: string, buyer: "entreprise" | "particulier", n: number, name: string, funding?: string) {
    const id = await registerByHand(t.db, sessionId, buyer, n);
    if (funding !== undefined) await t.db.updateTable("registrations").set({ funding }).where("id", "=", id).execute();
    const people = await traineesOf(id);
    people.forEach((p, i) => trainee.set(`${name}${i || ""}`, p.id));
    registrations.set(name, id);
    return id;
  }

  beforeAll(async () => {
    t = await create();
    const fixture = await documentsFixture(t.db);
    formationA = fixture.formationId;
    catA = (await t.db.selectFrom("formations").select("category_id").where("id", "=", formationA).executeTakeFirstOrThrow()).category_id;
    s1 = await fixture.newSession(20); // 2099-03-10 → 2099-03-11
    await t.db
      .updateTable("formations")
      .set({ certification_type: "rncp", certification_code: "RNCP35399", duration_hours: 7 })
      .where("id", "=", formationA)
      .execute();
    await t.db.updateTable("formation_sessions").set({ address: "12 rue de la République, 69002 Lyon" }).where("id", "=", s1).execute();
    catB = valueOf(await createCategory(categoryInput({ slug: "langues", name: "Langues", position: 2 }), { db: t.db })).id;
    const formationB = valueOf(
      await createFormation(
        formationInput({
          title: "Anglais professionnel pour l'accueil",
          categoryId: catB,
          sessions: [{ id: "", startDate: "2099-06-15", endDate: "2099-06-15", cityId: "", seatsLeft: 10 }],
        }),
        { db: t.db },
      ),
    );
    valueOf(await setFormationStatus([formationB.id], "published", { db: t.db }));
    s2 = formationB.sessions[0]!.id;

    // Session 1: T1 and T2 (company, OPCO), T3 (individual, own funds), T4 (France Travail), T5 (individual, CPF),
    // T6 (no funding recorded), T7 (cancelled).
    await register(s1, "entreprise", 2, "T1");
    await register(s1, "particulier", 1, "T3");
    await register(s1, "particulier", 1, "T4", "france_travail");
    await register(s1, "particulier", 1, "T5", "cpf");
    await register(s1, "entreprise", 1, "T6", "");
    const cancelled = await register(s1, "entreprise", 1, "T7");
    await t.db.updateTable("registrations").set({ status: "annulee" }).where("id", "=", cancelled).execute();
    for (const name of ["T1", "T3", "T5", "T6", "T7"]) await tick(trainee.get(name)!, s1, S1_TICKS);
    await tick(trainee.get("T11")!, s1, S1_TICKS.slice(0, 3));
    await tick(trainee.get("T4")!, s1, S1_TICKS.slice(0, 2));
    // 11 March afternoon handled online and never closed: it proves nobody's presence.
    await t.db
      .insertInto("attendance_half_days")
      .values({ id: randomUUID(), session_id: s1, half_day: "2099-03-11:apres-midi", created_at: nowIso(), updated_at: nowIso() })
      .execute();
    // Session 2: T8 (company, OPCO), both half-days.
    await register(s2, "entreprise", 1, "T8");
    await tick(trainee.get("T8")!, s2, ["2099-06-15:matin", "2099-06-15:apres-midi"]);

    // Trainers: Marie (internal) on all of session 1; Paul (external) on session 2's morning; Léa (external) on 10 March morning.
    const ctx = { actor: admin, target: t.db };
    const marie = await createTrainer({ name: "Marie Curie", email: "marie@formavia.test", status: "interne" }, ctx);
    const paul = await createTrainer(
      { name: "Paul Martin", email: "paul@martin.test", status: "independant", siret: "73282932000074" },
      ctx,
    );
    const lea = await createTrainer(
      { name: "Léa Roux", email: "lea@roux.test", status: "societe", companyName: "Roux Formation", siret: "73282932000074" },
      ctx,
    );
    if (!marie.ok || !paul.ok || !lea.ok) throw new Error("trainers refused");
    expect((await assignTrainer(s1, { trainerId: marie.value.id }, ctx)).ok).toBe(true);
    expect((await assignTrainer(s2, { trainerId: paul.value.id, halfDays: ["2099-06-15:matin"] }, ctx)).ok).toBe(true);
    expect((await assignTrainer(s1, { trainerId: lea.value.id, halfDays: ["2099-03-10:matin"] }, ctx)).ok).toBe(true);
    await updateBpfSettings(
      { nsfCodes: { [catA]: "326" }, nsfLabels: { [catA]: "Informatique, traitement de l'information" }, types: {}, levels: {} },
      admin,
      t.db,
    );
  });
  afterAll(() => t.cleanup());

  const figure = async (key: string) => (await bpfYear(2099, { target: t.db, today: TODAY })).figures[key];

  it("F-1: trainees and hours by type, from confirmed registrations and the half-days proven", async () => {
    const { figures } = await bpfYear(2099, { target: t.db, today: TODAY });
    // a: T1 (3 × 1.75), T11 (3 × 1.75), T8 (2 × 3.5) = 17.5 → 18 h.
    expect([figures["F-1-a:nombre"], figures["F-1-a:heures"]]).toEqual([3, 18]);
    expect([figures["F-1-b:nombre"], figures["F-1-b:heures"]]).toEqual([0, 0]);
    // c: T4, 2 × 1.75 = 3.5 → 4 h. d: T3, 3 × 1.75 = 5.25 → 5 h. e: T5 (CPF individual), 5 h.
    expect([figures["F-1-c:nombre"], figures["F-1-c:heures"]]).toEqual([1, 4]);
    expect([figures["F-1-d:nombre"], figures["F-1-d:heures"]]).toEqual([1, 5]);
    expect([figures["F-1-e:nombre"], figures["F-1-e:heures"]]).toEqual([1, 5]);
    expect([figures["F-1-total:nombre"], figures["F-1-total:heures"]]).toEqual([6, 32]);
    // Remote: session 2 only.
    expect([figures["F-1-distance:nombre"], figures["F-1-distance:heures"]]).toEqual([1, 7]);
  });

  it("a registration with no funding is listed as missing under F-1 and counted in no type", async () => {
    const { computed } = await bpfYear(2099, { target: t.db, today: TODAY });
    const item = computed.missing.find((m) => m.text.includes("ne dit pas qui paie"));
    expect(item?.frames).toEqual(["F-1", "F-2"]);
    expect(item?.href).toBe(`/admin/bpf/parametres#inscription-${registrations.get("T6")}`);
    const t6 = computed.trainees.find((r) => r.trainee.startsWith("Élise0") && r.lines.every((l) => !l.startsWith("F-1")));
    expect(t6).toBeDefined();
  });

  it("an unclosed half-day counts for nobody and is listed, with the attendance screen to fix it", async () => {
    const { computed } = await bpfYear(2099, { target: t.db, today: TODAY });
    const unsigned = computed.missing.filter((m) => m.href === `/admin/sessions/${s1}/emargement`);
    expect(unsigned).toHaveLength(1);
    expect(unsigned[0]!.text).toContain("1\u00a0demi-journée passée sans émargement clos");
    // Before the half-day, nothing is missing yet.
    const before = await bpfYear(2099, { target: t.db, today: "2099-03-01" });
    expect(before.computed.missing.some((m) => m.href.endsWith("/emargement"))).toBe(false);
  });

  it("F-2: own account is F-1 less what staff typed for another organisation", async () => {
    expect(await figure("F-2-a:nombre")).toBe(6);
    expect(await figure("F-2-a:heures")).toBe(32);
    expect(await figure("F-2-b:nombre")).toBeNull();
  });

  it("F-3: an RNCP formation without level counts in a only and is listed; with its level, in its « dont » line", async () => {
    let state = await bpfYear(2099, { target: t.db, today: TODAY });
    // a: T1, T11, T3, T4, T5, T6: 5 × 5.25 + 3.5 = 29.75 → 30 h. d: T8, 7 h.
    expect([state.figures["F-3-a:nombre"], state.figures["F-3-a:heures"]]).toEqual([6, 30]);
    expect(state.figures["F-3-a-2:nombre"]).toBe(0);
    expect([state.figures["F-3-d:nombre"], state.figures["F-3-d:heures"]]).toEqual([1, 7]);
    expect([state.figures["F-3-total:nombre"], state.figures["F-3-total:heures"]]).toEqual([7, 37]);
    expect(state.computed.missing.find((m) => m.frames.includes("F-3") && m.href.includes("parametres"))?.href).toBe(
      `/admin/bpf/parametres#niveau-${formationA}`,
    );
    const settings = await getBpfSettings(t.db);
    await updateBpfSettings({ ...settings, levels: { [formationA]: "5" } }, admin, t.db);
    state = await bpfYear(2099, { target: t.db, today: TODAY });
    expect([state.figures["F-3-a-2:nombre"], state.figures["F-3-a-2:heures"]]).toEqual([6, 30]);
    expect(state.computed.missing.some((m) => m.frames.includes("F-3") && m.href.includes("parametres"))).toBe(false);
  });

  it("F-4: a category without NSF code is listed as missing, never put in a wrong speciality", async () => {
    let state = await bpfYear(2099, { target: t.db, today: TODAY });
    expect(state.specialities).toEqual([{ line: "F-4-1", code: "326", label: "Informatique, traitement de l'information" }]);
    expect([state.figures["F-4-1:nombre"], state.figures["F-4-1:heures"]]).toEqual([6, 30]);
    expect(state.figures["F-4-autres:nombre"]).toBe(0);
    expect([state.figures["F-4-total:nombre"], state.figures["F-4-total:heures"]]).toEqual([6, 30]);
    expect(state.computed.missing.find((m) => m.frames.includes("F-4") && m.href.includes("parametres"))?.href).toBe(
      `/admin/bpf/parametres#nsf-${catB}`,
    );
    const settings = await getBpfSettings(t.db);
    await updateBpfSettings({ ...settings, nsfCodes: { ...settings.nsfCodes, [catB]: "136" } }, admin, t.db);
    state = await bpfYear(2099, { target: t.db, today: TODAY });
    expect(state.specialities.map((s) => s.code)).toEqual(["326", "136"]);
    expect([state.figures["F-4-2:nombre"], state.figures["F-4-2:heures"]]).toEqual([1, 7]);
    expect([state.figures["F-4-total:nombre"], state.figures["F-4-total:heures"]]).toEqual([7, 37]);
    expect(state.computed.missing.some((m) => m.frames.includes("F-4") && m.href.includes("parametres"))).toBe(false);
  });

  it("E: internal and external trainers, people once, hours of their half-days; a half-day without trainer is listed", async () => {
    const { figures, computed } = await bpfYear(2099, { target: t.db, today: TODAY });
    // Marie: 4 × 1.75 = 7 h. Paul 1 × 3.5 and Léa 1 × 1.75 = 5.25 → 5 h.
    expect([figures["E-1:nombre"], figures["E-1:heures"]]).toEqual([1, 7]);
    expect([figures["E-2:nombre"], figures["E-2:heures"]]).toEqual([2, 5]);
    const untaught = computed.missing.filter((m) => m.frames.includes("E"));
    expect(untaught).toHaveLength(1);
    expect(untaught[0]!.href).toBe(`/admin/sessions/${s2}#formateurs`);
  });

  it("C: the rule on given invoices — amounts by payer kind at their issue date, credit notes deducted, no payer kind listed", async () => {
    const none = await bpfYear(2099, { target: t.db, invoices: null, today: TODAY });
    expect(none.figures["C-1:montant"]).toBeNull();
    expect(none.computed.invoicesKnown).toBe(false);
    const inv = (n: number, kind: string | null, amountCents: number, issuedOn = "2099-02-01", avoir = false): InvoiceFigure => ({
      id: `i${n}`,
      number: `${avoir ? "AV" : "FA"}-2099-${n}`,
      kind: avoir ? "avoir" : "facture",
      issuedOn,
      payerKind: kind,
      payerName: `Payeur ${n}`,
      amountCents,
      href: `/admin/factures/i${n}`,
    });
    const invoices = [
      inv(1, "entreprise", 100_000),
      inv(2, "entreprise", -20_000, "2099-03-01", true),
      inv(3, "opco", 50_000),
      inv(4, "cpf", 30_000),
      inv(5, "france_travail", 40_000),
      inv(6, "particulier", 12_000),
      inv(7, "organisme", 5_000),
      inv(8, "pouvoir_public", 7_000),
      inv(9, "autre", 1_000),
      inv(10, "entreprise", 99_900, "2098-12-31"),
      inv(11, null, 9_999, "2099-12-31"),
    ];
    const c = await computeBpf(2099, await getBpfSettings(t.db), { target: t.db, invoices, today: TODAY });
    expect(c.figures["C-1:montant"]).toBe(80_000);
    expect(c.figures["C-2-h:montant"]).toBe(50_000);
    expect(c.figures["C-2-e:montant"]).toBe(30_000);
    expect(c.figures["C-2-a:montant"]).toBe(0);
    expect(c.figures["C-2:montant"]).toBe(80_000);
    expect(c.figures["C-3:montant"]).toBe(7_000);
    expect(c.figures["C-7:montant"]).toBe(40_000);
    expect(c.figures["C-9:montant"]).toBe(12_000);
    expect(c.figures["C-10:montant"]).toBe(5_000);
    expect(c.figures["C-11:montant"]).toBe(1_000);
    expect(c.figures["C-total:montant"]).toBe(225_000);
    const missing = c.missing.filter((m) => m.frames.includes("C"));
    expect(missing.map((m) => m.href)).toEqual(["/admin/factures/i11"]);
  });

  it("C from the site's invoices: none issued yet is 0 in every line; issued invoices and a credit note of the year by payer kind", async () => {
    expect(await figure("C-1:montant")).toBe(0);
    expect(await figure("C-total:montant")).toBe(0);
    const now = Date.parse("2099-02-10T10:00:00Z");
    await t.db.updateTable("formations").set({ price_inter_cents: 60_000, vat_mode: "ht" }).where("id", "=", formationA).execute();
    const plain = { siren: "", tva: "", commande: "", livraison: "" };
    const company = await prepareInvoices(registrations.get("T1")!, { ...plain, payeur: "entreprise" }, admin, t.db);
    const person = await prepareInvoices(registrations.get("T3")!, { ...plain, payeur: "particulier" }, admin, t.db);
    if (!company.ok || !person.ok) throw new Error("invoices refused");
    expect((await issueInvoice(company.ids[0]!, admin, t.db, now)).ok).toBe(true);
    expect((await issueInvoice(person.ids[0]!, admin, t.db, now)).ok).toBe(true);
    expect(
      (await issueCreditNote(company.ids[0]!, { total: false, montant: 3_333, motif: "Remise commerciale" }, admin, t.db, now)).ok,
    ).toBe(true);
    const { figures, computed } = await bpfYear(2099, { target: t.db, today: TODAY });
    // 2 seats × 600 € HT = 1 200 € less the 33,33 € credit note; 1 seat × 600 € for the individual.
    expect(figures["C-1:montant"]).toBe(116_667);
    expect(figures["C-9:montant"]).toBe(60_000);
    expect(figures["C-total:montant"]).toBe(176_667);
    expect(computed.invoices).toHaveLength(3);
    const detail = detailCsv(await bpfYear(2099, { target: t.db, today: TODAY }), "C-1")!;
    expect(detail.split("\r\n").filter(Boolean)).toHaveLength(3); // header, the invoice, the credit note
    expect(detail).toContain(";Avoir;AV-2099-");
    expect(detail).toMatch(/;Avoir;AV-2099-\d+;10 février 2099;Boulangerie Dupré;Entreprise;33,33;C-1\r\n/);
    expect(await figure("C-1:montant")).toBe(116_667);
    expect((await bpfYear(2098, { target: t.db, today: TODAY })).figures["C-1:montant"]).toBe(0);
  });

  it("only an admin changes the BPF: an editor is refused by the domain itself", async () => {
    await expect(saveEntries(2099, {}, editor, t.db)).rejects.toBeInstanceOf(BpfForbiddenError);
    await expect(lockYear(2099, editor, { target: t.db })).rejects.toBeInstanceOf(BpfForbiddenError);
    await expect(updateBpfSettings(await getBpfSettings(t.db), editor, t.db)).rejects.toBeInstanceOf(BpfForbiddenError);
    expect((await bpfYear(2099, { target: t.db, today: TODAY })).locked).toBeNull();
  });

  it("typed figures: refused in French beside the field, saved with a journal entry", async () => {
    const bad = await saveEntries(2099, { "D-1:montant": "beaucoup" }, admin, t.db);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.kind).toBe("invalid");
      expect(bad.errors["D-1:montant"]).toMatch(/«/);
    }
    const ok = await saveEntries(
      2099,
      {
        "D-1:montant": "50 000",
        "D-2:montant": "20 000,00",
        "D-3:montant": "8 000",
        "F-2-b:nombre": "1",
        "F-2-b:heures": "4",
        "G-1:nombre": "2",
        "G-1:heures": "14",
        "C-part:pourcentage": "80",
      },
      admin,
      t.db,
    );
    expect(ok.ok).toBe(true);
    const { figures } = await bpfYear(2099, { target: t.db, today: TODAY });
    expect(figures["D-1:montant"]).toBe(5_000_000);
    expect([figures["F-2-a:nombre"], figures["F-2-a:heures"], figures["F-2-total:nombre"], figures["F-2-total:heures"]]).toEqual([
      5, 28, 6, 32,
    ]);
    expect([figures["G-1:nombre"], figures["G-1:heures"]]).toEqual([2, 14]);
    const journal = await listAudit(t.db, { entity: "bpf", page: 1 });
    expect(journal.entries.some((e) => e.summary.includes("BPF 2099"))).toBe(true);
  });

  it("exports: every box in the CSV, the records behind a box, the PDF laid out like the form", async () => {
    const state = await bpfYear(2099, { target: t.db, today: TODAY });
    const csv = boxesCsv(state);
    expect(csv).toContain("2099;F-1;F-1-a;a. Salariés d'employeurs privés hors apprentis;Nombre;3;calculé");
    expect(csv).toContain("2099;D;D-1;Total des charges de l'organisme liées à l'activité de formation;Montant hors taxes;50000,00;saisi");
    expect(csv).toContain("2099;C;C-1;");
    const detail = detailCsv(state, "F-1-a")!;
    expect(detail.split("\r\n").filter(Boolean)).toHaveLength(4); // header + T1, T11, T8
    expect(detail).toContain("Anglais professionnel pour l'accueil");
    expect(detailCsv(state, "E-2")).toContain("Léa Roux");
    expect(detailCsv(state, "D-1")).toBeNull();
    expect(detailCsv(state, "rien")).toBeNull();
    const text = await pdfText(await bpfPdf(state, { name: "Formavia", nda: "84691234569" }));
    expect(text).toContain("Bilan pédagogique et financier — exercice 2099");
    expect(text).toContain("F-1. Type de stagiaires de l'organisme");
    expect(text).toContain("Salariés d'employeurs privés hors apprentis");
  });

  it("a locked year does not move when data change; the change shows as a difference; locking twice is refused", async () => {
    const [first, second] = await Promise.all([
      lockYear(2099, admin, { target: t.db, today: TODAY }),
      lockYear(2099, admin, { target: t.db, today: TODAY }),
    ]);
    expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
    const refused = first.ok ? second : first;
    if (!refused.ok) expect(refused.kind).toBe("conflict");
    const before = await bpfYear(2099, { target: t.db, today: TODAY });
    expect(before.locked).not.toBeNull();
    expect(before.changes).toEqual({});
    // T4 proves one more half-day, after filing.
    await tick(trainee.get("T4")!, s1, S1_TICKS.slice(0, 3));
    const after = await bpfYear(2099, { target: t.db, today: TODAY });
    expect(after.figures).toEqual(before.figures);
    expect(after.figures["F-1-c:heures"]).toBe(4);
    expect(after.changes["F-1-c:heures"]).toBe(5); // 3 × 1.75 = 5.25 → 5
    const entries = await saveEntries(2099, { "D-1:montant": "1" }, admin, t.db);
    expect(entries.ok === false && entries.kind).toBe("conflict");
    // Another year is untouched.
    expect((await bpfYear(2098, { target: t.db, today: TODAY })).locked).toBeNull();
  });

  it("a registration without funding, once its type is chosen on the settings screen, counts in that line", async () => {
    const form = await bpfSettingsForm(t.db);
    expect(form.registrations.map((r) => r.id)).toEqual([registrations.get("T6")]);
    const settings = await getBpfSettings(t.db);
    await updateBpfSettings({ ...settings, types: { [registrations.get("T6")!]: "F-1-a" } }, admin, t.db);
    const { computed } = await bpfYear(2099, { target: t.db, today: TODAY });
    // a: T1, T11, T8 and T6 (3 × 1.75): 17.5 + 5.25 = 22.75 → 23 h.
    expect([computed.figures["F-1-a:nombre"], computed.figures["F-1-a:heures"]]).toEqual([4, 23]);
    expect(computed.missing.some((m) => m.href.includes("#inscription-"))).toBe(false);
  });

  it("settings: an NSF code is three digits and an optional letter, a level from the list", () => {
    expect(bpfSettingsSchema.safeParse({ nsfCodes: { a: "32" } }).success).toBe(false);
    expect(bpfSettingsSchema.safeParse({ nsfCodes: { a: "326T" } }).data?.nsfCodes.a).toBe("326t");
    expect(bpfSettingsSchema.safeParse({ levels: { f: "9" } }).success).toBe(false);
  });
});
