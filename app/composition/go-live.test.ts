import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../tests/support/databases";
import { seedDemoClaims } from "~/domain/content/claims-demo.server";
import { seedDefaultRules } from "~/domain/funding/rules.server";
import { saveLegalVersion, seedDemoLegalDocuments } from "~/domain/revisions/legal-documents.server";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { saveOrganisation } from "~/domain/settings/settings.server";
import { updateClaim } from "~/domain/content/claims.server";
import { DEMO_FORMATIONS } from "~/domain/formations/demo-content";
import { getFormationById, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues } from "~/domain/formations/model";
import { seedFormations } from "~/domain/formations/seed.server";
import { valueOf } from "~/platform/validation/errors";
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
      "backup",
    ]);
    expect(byId["legal-cgv"]!.title).toBe("Conditions générales de vente\u00a0: texte de démonstration");
    expect(byId.identity!.to).toBe("/admin/parametres");
    expect(byId.testimonials!.to).toBe("/admin/temoignages?onglet=temoignages");
    expect(byId.testimonials!.title).toBe("12\u00a0témoignages inventés (démonstration)");
    expect(byId.funding!.to).toBe("/admin/financement");
    expect(byId.mail!.to).toBeUndefined();
    expect(byId.mail!.detail).toContain("SMTP_URL");
    expect(byId["site-url"]!.title).toContain("http://localhost");
    // Every remaining demo value is named, with the field or record that replaces it.
    expect(byId.legal!.entries).toContainEqual({ label: "SIRET", to: "/admin/parametres#org-siret" });
    expect(byId.legal!.entries).toContainEqual({
      label: "N° du certificat Qualiopi",
      to: "/admin/parametres#org-qualiopiCertificateNumber",
    });
    expect(byId.identity!.entries).toContainEqual({ label: "Nom de l'organisme", to: "/admin/parametres#org-name" });
    expect(byId.testimonials!.entries).toHaveLength(12);
    expect(byId.testimonials!.entries![0]).toEqual({
      label: "Sophie M.",
      to: "/admin/temoignages?onglet=temoignages&modifier=demo-temoignage-sophie-m",
    });
  });

  it("a demo record saved by staff is no longer demo: claims, formations and articles", async () => {
    const admin = { id: null, email: "admin@example.fr", role: "admin" };
    const argument = (await t.db.selectFrom("why_us_arguments").selectAll().where("is_demo", "=", 1).executeTakeFirstOrThrow())!;
    valueOf(await updateClaim(admin, "argument", argument.id, { title: argument.title, body: argument.body }, t.db));
    const arguments_ = (await goLiveChecklist(t.db)).find((i) => i.id === "arguments");
    expect(arguments_?.entries?.map((e) => e.label) ?? []).not.toContain(argument.title);

    await seedFormations(t.db);
    const before = (await goLiveChecklist(t.db)).find((i) => i.id === "formations")!;
    const demo = DEMO_FORMATIONS[0]!;
    const row = (await t.db.selectFrom("formations").select(["id", "title"]).where("slug", "=", demo.slug).executeTakeFirstOrThrow())!;
    expect(before.entries).toContainEqual({ label: row.title, to: `/admin/formations/${row.id}` });
    const current = (await getFormationById(row.id, t.db))!;
    valueOf(await updateFormation(row.id, { ...formationToFormValues(current), priceInter: "990" }, { db: t.db, actor: admin }));
    const after = (await goLiveChecklist(t.db)).find((i) => i.id === "formations")!;
    expect(after.entries!.map((e) => e.to)).not.toContain(`/admin/formations/${row.id}`);
    expect(after.entries).toHaveLength(before.entries!.length - 1);
  });

  it("drops each entry once it is fixed", async () => {
    await saveOrganisation(OWN, t.db);
    await t.db.deleteFrom("testimonials").execute();
    await t.db.deleteFrom("result_figures").execute();
    await t.db.deleteFrom("why_us_arguments").execute();
    await t.db.deleteFrom("formations").execute();
    const now = new Date().toISOString();
    await t.db
      .insertInto("backups")
      .values({
        id: "00000000-0000-4000-8000-000000000001",
        started_at: now,
        finished_at: now,
        state: "ok",
        file_name: "site-2026-11-28-033000.tar.gz",
        size_bytes: 1234,
        sha256: "0".repeat(64),
        destination: "local",
        location: "/srv/sauvegardes",
        method: "sqlite-backup",
        files: 0,
        error: "",
      })
      .execute();
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
