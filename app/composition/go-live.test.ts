import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../tests/support/databases";
import { seedDemoClaims } from "~/domain/content/claims-demo.server";
import { seedDefaultRules } from "~/domain/funding/rules.server";
import { saveLegalVersion, seedDemoLegalDocuments } from "~/domain/registrations/legal-documents.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { saveOrganisation } from "~/domain/settings/settings.server";
import { goLiveChecklist } from "./go-live.server";

const OWN = {
  ...DEMO_ORGANISATION,
  name: "Atelier Compétences",
  street: "4 quai des Chartrons",
  phone: "05 56 00 11 22",
  email: "bonjour@atelier-competences.fr",
  siret: "73282932000074",
  rcs: "RCS Bordeaux 732 829 320",
  vatNumber: "FR44732829320",
  nda: "75 33 98765 33",
  publicationDirector: "Paul Durand, gérant",
  hostName: "Scaleway SAS",
  dpoEmail: "rgpd@atelier-competences.fr",
  accessibilityContact: "handicap@atelier-competences.fr",
  qualiopiCertificateNumber: "",
};

describe.each(engines)("go-live checklist on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("lists the demo identity, demo claims, unreviewed scales, missing SMTP and a local SITE_URL, each with its screen", async () => {
    await seedDemoClaims(t.db);
    await seedDefaultRules(t.db);
    await seedDemoLegalDocuments(t.db);
    const items = await goLiveChecklist(t.db);
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(Object.keys(byId)).toEqual([
      "identity",
      "legal",
      "testimonials",
      "results",
      "arguments",
      "funding",
      "legal-cgv",
      "legal-reglement_interieur",
      "mail",
      "site-url",
    ]);
    expect(byId["legal-cgv"]!.title).toBe("Conditions générales de vente : texte de démonstration");
    expect(byId.identity!.to).toBe("/admin/parametres");
    expect(byId.testimonials!.to).toBe("/admin/temoignages?onglet=temoignages");
    expect(byId.testimonials!.title).toBe("12\u00a0témoignages inventés (démonstration)");
    expect(byId.funding!.to).toBe("/admin/financement");
    expect(byId.mail!.to).toBeUndefined();
    expect(byId.mail!.detail).toContain("SMTP_URL");
    expect(byId["site-url"]!.title).toContain("http://localhost");
  });

  it("drops each entry once it is fixed", async () => {
    await saveOrganisation(OWN, t.db);
    await t.db.deleteFrom("testimonials").execute();
    await t.db.deleteFrom("result_figures").execute();
    await t.db.deleteFrom("why_us_arguments").execute();
    await t.db
      .updateTable("funding_rules")
      .set({ checked_on: new Date().toISOString().slice(0, 10) })
      .execute();
    const own = "Conditions propres à l'organisme, relues par son juriste. ".repeat(5);
    await saveLegalVersion("cgv", { body: own }, { target: t.db });
    await saveLegalVersion("reglement_interieur", { body: own }, { target: t.db });
    const ids = (await goLiveChecklist(t.db)).map((i) => i.id);
    expect(ids).toEqual(["mail", "site-url"]);
  });
});
