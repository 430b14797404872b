import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { getFormationById, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import { valueOf } from "~/platform/validation/errors";
import { registrationPage } from "./pages.server";
import { submitRegistration } from "./registrations.server";
import { addSession, registrationCatalogue, registrationForm, registrationsTestConfig } from "./test-fixtures";

registrationsTestConfig("registration-price-test-", "secret-de-test-pour-les-prix-0123456789-abcdef");

const NB = "\u00a0";
const NNB = "\u202f";
let ip = 0;

describe.each(engines)("the price of a registration ($name)", ({ create }) => {
  let t: TestDatabase;
  let slugCounter = 0;

  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function pricedSession(price: number | "", vatMode: string): Promise<{ sessionId: string; slug: string }> {
    const formationId = await registrationCatalogue(t.db, `prix${++slugCounter}`);
    const formation = (await getFormationById(formationId, t.db))!;
    valueOf(await updateFormation(formationId, { ...formationToFormValues(formation), priceInter: price, vatMode }, { db: t.db }));
    return { sessionId: await addSession(t.db, formationId, 10), slug: formation.slug };
  }

  async function mailsOf(sessionId: string) {
    return t.db
      .selectFrom("mail_queue as m")
      .innerJoin("registrations as r", "r.id", "m.registration_id")
      .select(["m.purpose", "m.text_body"])
      .where("r.session_id", "=", sessionId)
      .execute();
  }

  it("the contact's and the staff's e-mails give the price per person, the trainees and the totals HT, VAT and TTC", async () => {
    const { sessionId, slug } = await pricedSession(1200, "ht");
    expect((await registrationPage(slug, sessionId, t.db))?.price).toEqual({ cents: 120_000, vatMode: "ht" });
    const result = await submitRegistration(sessionId, registrationForm({}, 3), { ip: `10.9.0.${++ip}`, target: t.db, minFillSeconds: 0 });
    expect(result.ok).toBe(true);
    const mails = await mailsOf(sessionId);
    for (const purpose of ["inscription-recue", "inscription-equipe"]) {
      const text = mails.find((m) => m.purpose === purpose)!.text_body;
      expect(text).toContain(`Prix par personne${NB}: 1${NNB}200${NB}€${NB}HT`);
      expect(text).toContain(`Stagiaires${NB}: 3${NB}stagiaires`);
      expect(text).toContain(`Total HT${NB}: 3${NNB}600${NB}€`);
      expect(text).toContain(`TVA (20${NB}%)${NB}: 720${NB}€`);
      expect(text).toContain(`Total TTC${NB}: 4${NNB}320${NB}€`);
    }
  });

  it("an exempted formation says « net de taxe »; one without a price « Sur devis »", async () => {
    const exempt = await pricedSession(450, "exonere");
    expect(
      (await submitRegistration(exempt.sessionId, registrationForm({}, 2), { ip: `10.9.1.${++ip}`, target: t.db, minFillSeconds: 0 })).ok,
    ).toBe(true);
    const text = (await mailsOf(exempt.sessionId)).find((m) => m.purpose === "inscription-recue")!.text_body;
    expect(text).toContain(`Total${NB}: 900${NB}€${NB}net de taxe`);
    expect(text).not.toContain("TTC");

    const onQuote = await pricedSession("", "ht");
    expect((await registrationPage(onQuote.slug, onQuote.sessionId, t.db))?.price).toEqual({ cents: null, vatMode: "ht" });
    expect(
      (await submitRegistration(onQuote.sessionId, registrationForm({}, 1), { ip: `10.9.2.${++ip}`, target: t.db, minFillSeconds: 0 })).ok,
    ).toBe(true);
    const staff = (await mailsOf(onQuote.sessionId)).find((m) => m.purpose === "inscription-equipe")!.text_body;
    expect(staff).toContain(`Prix${NB}: Sur devis`);
  });
});
