import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { registerByHand } from "~/domain/documents/test-fixtures";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, setFormationStatus } from "~/domain/formations/formations.server";
import { formationInput } from "~/domain/formations/test-fixtures";
import { nowIso } from "~/platform/db/db.server";
import { valueOf } from "~/platform/validation/errors";
import { axeViolations } from "./support/axe";
import { serverDb } from "./support/accounts";
import { expect, removeFormations, test } from "./support/fixtures";

/**
 * The BPF screen (README « Bilan pédagogique et financier »): an admin opens the BPF of a year of
 * its own (2087: no other test has data there), follows the « missing » link of frame F-4 (a
 * category without NSF code), fixes it on the settings screen, comes back and sees the frame
 * complete; downloads the CSV of every box; axe finds nothing; an editor is refused.
 */

const YEAR = 2087;

async function axeAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${page.url()} à ${width} px`).toEqual([]);
  }
}

test("an admin fixes what the BPF lacks from its missing list and downloads every box", async ({ page, browser, baseURL, staff }) => {
  const db = serverDb();
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const category = valueOf(
    await createCategory(
      { slug: `bpfessai${tag}`, name: `Langues essai ${tag}`, description: "Catégorie d'un test du BPF.", position: 90 },
      { db },
    ),
  );
  const formation = valueOf(
    await createFormation(
      formationInput({
        title: `Anglais de l'accueil (BPF ${tag})`,
        categoryId: category.id,
        sessions: [{ id: "", startDate: `${YEAR}-03-10`, endDate: `${YEAR}-03-10`, cityId: "", seatsLeft: 10 }],
      }),
      { db },
    ),
  );
  const saved = await db.selectFrom("settings").select("value").where("key", "=", "bpf").executeTakeFirst();
  try {
    valueOf(await setFormationStatus([formation.id], "published", { db }));
    const sessionId = formation.sessions[0]!.id;
    const registrationId = await registerByHand(db, sessionId, "entreprise", 1);
    const trainee = await db
      .selectFrom("registration_trainees")
      .select("id")
      .where("registration_id", "=", registrationId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("session_attendance")
      .values({
        trainee_id: trainee.id,
        session_id: sessionId,
        half_days: JSON.stringify([`${YEAR}-03-10:matin`, `${YEAR}-03-10:apres-midi`]),
        updated_by: "e2e",
        updated_at: nowIso(),
      })
      .execute();

    await staff(page, "admin");
    await page.goto(`/admin/bpf?annee=${YEAR}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bilan pédagogique et financier ${YEAR}`);
    await expect(page.getByTestId("bpf-figure-F-1-a:nombre")).toHaveText("1");
    await expect(page.getByTestId("bpf-figure-F-1-a:heures")).toHaveText("7");
    await expect(page.getByTestId("bpf-figure-F-4-total:nombre")).toHaveText("0");
    const missing = page.getByTestId("bpf-missing-F-4");
    await expect(missing).toContainText(`La catégorie «\u00a0${category.name}\u00a0» n'a pas de code NSF`);
    await axeAtBothWidths(page);

    // The link leads to the field that fixes it.
    await missing.getByRole("link", { name: "Saisir le code NSF" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/bpf/parametres#nsf-${category.id}$`));
    await axeAtBothWidths(page);
    await page.getByLabel(`Code NSF de «\u00a0${category.name}\u00a0»`).fill("136");
    await page.getByLabel(`Libellé NSF de «\u00a0${category.name}\u00a0»`).fill("Langues vivantes, civilisations étrangères et régionales");
    await page.getByRole("button", { name: "Enregistrer les codes" }).click();
    await expect(page.getByText("Codes du BPF enregistrés")).toBeVisible();

    // Back to the year: the frame is complete, the speciality has its line.
    await page.goto(`/admin/bpf?annee=${YEAR}`);
    await expect(page.getByTestId("bpf-complete-F-4")).toHaveText("Aucun manque connu pour ce cadre.");
    await expect(page.getByTestId("bpf-figure-F-4-1:nombre")).toHaveText("1");
    await expect(page.getByTestId("bpf-line-F-4-1")).toContainText("NSF 136");

    // The CSV of every box.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Toutes les cases (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bpf-${YEAR}.csv`);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain(`${YEAR};F-1;F-1-a;a. Salariés d'employeurs privés hors apprentis;Nombre;1;calculé`);
    expect(csv).toContain(
      `${YEAR};F-4;F-4-1;1. Spécialité n°\u00a01 (NSF 136 Langues vivantes, civilisations étrangères et régionales);Nombre;1;calculé`,
    );

    // An editor is refused the screen and its exports.
    const other = await browser.newContext({ baseURL });
    const editorPage = await other.newPage();
    await staff(editorPage, "editor");
    expect((await editorPage.goto(`/admin/bpf?annee=${YEAR}`))!.status()).toBe(403);
    expect((await editorPage.request.get(`/admin/bpf/export.csv?annee=${YEAR}`)).status()).toBe(403);
    await other.close();
  } finally {
    const sessions = await db.selectFrom("formation_sessions").select("id").where("formation_id", "=", formation.id).execute();
    if (sessions.length)
      await db
        .deleteFrom("session_attendance")
        .where(
          "session_id",
          "in",
          sessions.map((s) => s.id),
        )
        .execute();
    await removeFormations([formation.id]);
    await db.deleteFrom("formation_categories").where("id", "=", category.id).execute();
    if (saved) await db.updateTable("settings").set({ value: saved.value }).where("key", "=", "bpf").execute();
    else await db.deleteFrom("settings").where("key", "=", "bpf").execute();
  }
});

test("typed figures are checked in French beside the field, then saved; the filed year is locked and its PDF opens", async ({
  page,
  staff,
}) => {
  const YEAR_LOCKED = 2086;
  const db = serverDb();
  try {
    await staff(page, "admin");
    await page.goto(`/admin/bpf?annee=${YEAR_LOCKED}`);
    const total = page.getByLabel("D-1 — Total des charges de l'organisme liées à l'activité de formation (montant hors taxes en euros)");
    await total.fill("beaucoup");
    await page.getByRole("button", { name: "Enregistrer les chiffres saisis" }).click();
    await expect(page.locator("#bpf-saisie-D-1-montant-error")).toContainText("beaucoup");
    await expect(total).toHaveValue("beaucoup");
    await total.fill("12 500,00");
    await page.getByRole("button", { name: "Enregistrer les chiffres saisis" }).click();
    await expect(page.getByText("Chiffres enregistrés")).toBeVisible();
    await expect(page.getByTestId("bpf-figure-D-1:montant")).toHaveText("12\u202f500,00\u00a0€");

    expect((await page.request.get(`/admin/bpf/export.csv?annee=${YEAR_LOCKED}&case=rien`)).status()).toBe(404);
    expect((await page.request.get("/admin/bpf/export.csv?annee=deux-mille")).status()).toBe(400);
    const pdf = await page.request.get(`/admin/bpf/bpf.pdf?annee=${YEAR_LOCKED}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await page.getByRole("button", { name: `Verrouiller le BPF ${YEAR_LOCKED}` }).click();
    await expect(page.locator("#bpf-verrou-confirm-error")).toContainText("Cochez la case");
    await page.getByLabel(`J'ai déposé le BPF ${YEAR_LOCKED} sur Mon Activité Formation avec ces chiffres.`).check();
    await page.getByRole("button", { name: `Verrouiller le BPF ${YEAR_LOCKED}` }).click();
    await expect(page.getByTestId("bpf-state")).toContainText("Déposé et verrouillé le");
    await expect(page.getByRole("button", { name: "Enregistrer les chiffres saisis" })).toHaveCount(0);
    await expect(page.getByTestId("bpf-figure-D-1:montant")).toHaveText("12\u202f500,00\u00a0€");
  } finally {
    await db.deleteFrom("bpf_years").where("year", "=", YEAR_LOCKED).execute();
  }
});
