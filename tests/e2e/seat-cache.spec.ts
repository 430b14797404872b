import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { readContentVersion } from "~/platform/db/content-version.server";

/**
 * A registration drops only the cached pages that show its session's seats (docs/decisions/0003-caching.md):
 * the home page and another formation's page stay in the page cache, the registered formation's page
 * and its registration page are rendered again with the new seat count, and the content version
 * (one row every writer would queue on) is not written.
 */
const EXCEL = "excel-perfectionnement-tableaux-croises-dynamiques";

test("a registration leaves the other cached pages cached and shows the new seat count on its formation's page", async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-places-cache-"));
  let server: ServerProcess | undefined;
  let store: Db | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "0", LEAD_MIN_FILL_SECONDS: "0" });
    await waitReady(server, "/readyz", 120_000);
    store = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") }).db;
    const formation = await store.selectFrom("formations").select("id").where("slug", "=", EXCEL).executeTakeFirstOrThrow();
    const other = await store
      .selectFrom("formations")
      .select("slug")
      .where("status", "=", "published")
      .where("slug", "<>", EXCEL)
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    const sessionId = randomUUID();
    const now = new Date().toISOString();
    await store
      .insertInto("formation_sessions")
      .values({
        id: sessionId,
        formation_id: formation.id,
        start_date: "2099-11-09",
        end_date: "2099-11-10",
        city_id: null,
        seats_left: 3,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const formPath = `/formations/${EXCEL}/inscription/${sessionId}`;
    const pages = ["/", `/formations/${other.slug}`, `/formations/${EXCEL}`, formPath];
    const get = async (p: string) => {
      const res = await fetch(server!.url + p);
      return { status: res.status, cache: res.headers.get("x-page-cache"), body: await res.text() };
    };
    // Every page in the cache (the new session is seen: the content version changed with it).
    for (const p of pages) await expect.poll(async () => (await get(p)).cache, { timeout: 10_000 }).toBe("hit");
    expect((await get(`/formations/${EXCEL}`)).body).toContain("Plus que 3 places");
    const version = await readContentVersion(store);

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    await page.goto(formPath);
    await page.getByLabel("Raison sociale").fill("Menuiserie Arnaud");
    await page.locator('[name="adresse"]').fill("8 rue des Tilleuls");
    await page.getByLabel("Code postal").fill("21000");
    await page.getByLabel("Ville").fill("Dijon");
    await page.locator('[name="contactNom"]').fill("Claire Arnaud");
    await page.locator('[name="contactEmail"]').fill(`places-${Date.now()}@exemple.test`);
    await page.locator('[name="stagiaires.0.prenom"]').fill("Hugo");
    await page.locator('[name="stagiaires.0.nom"]').fill("Arnaud");
    await page.locator('[name="stagiaires.0.email"]').fill(`hugo-${Date.now()}@exemple.test`);
    await page.getByLabel("Fonds propres (l'entreprise ou vous-même)").check();
    await page.locator('[name="cgv"]').check();
    await page.locator('[name="reglement"]').check();
    await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    // The cached form asks to confirm once (its own token), then sends.
    if (await page.getByRole("button", { name: "Envoyer mon inscription" }).isVisible()) {
      await page.getByRole("button", { name: "Envoyer mon inscription" }).click();
    }
    await expect(page.getByText(/Votre référence/).first()).toBeVisible();
    await context.close();
    const seats = await store.selectFrom("formation_sessions").select("seats_left").where("id", "=", sessionId).executeTakeFirstOrThrow();
    expect(Number(seats.seats_left)).toBe(2);

    // No global row written; the pages that do not show this session stay cached…
    expect(await readContentVersion(store)).toBe(version);
    expect((await get("/")).cache).toBe("hit");
    expect((await get(`/formations/${other.slug}`)).cache).toBe("hit");
    // …and those that show its seats are rendered again, with the new count.
    const formationPage = await get(`/formations/${EXCEL}`);
    expect(formationPage.cache).toBe("miss");
    expect(formationPage.body).toContain("Plus que 2 places");
    expect((await get(formPath)).cache).toBe("miss");
    expect((await get(`/formations/${EXCEL}`)).cache).toBe("hit");
  } finally {
    if (store) await closeDbHandle(store);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
