import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { saveOrganisation } from "~/domain/settings/settings.server";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";

/** 40 characters: the header must hold it at phone and desktop widths. */
const LONG_NAME = "Institut Régional de Formation Continue.";

let server: ServerProcess;
let dataDir: string;

// A server of its own: its first start (migrations, build loading) may be slow on a busy machine.
test.setTimeout(120_000);

test.beforeAll(async () => {
  expect(LONG_NAME).toHaveLength(40);
  dataDir = mkdtempSync(path.join(tmpdir(), "site-long-name-"));
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0" });
  await waitReady(server);
  const { db } = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") });
  await saveOrganisation({ ...DEMO_ORGANISATION, name: LONG_NAME }, db);
  await closeDbHandle(db);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const width of [390, 1280]) {
  test(`the header holds a 40-character organisation name at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.url}/formations`);
    const header = page.locator("header").first();
    const name = header.getByTestId("site-name");
    await expect(name).toContainText(LONG_NAME);
    // Nothing sticks out of the page, the header keeps its height, the name is not cut.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    const clipped = await name
      .locator("span")
      .evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    expect(clipped).toBe(false);
    // The controls beside it stay visible and do not overlap it.
    const nameBox = (await name.boundingBox())!;
    const controls =
      width < 1024 ? header.locator("summary[aria-label='Menu']") : header.getByRole("navigation", { name: "Navigation principale" });
    await expect(controls).toBeVisible();
    const box = (await controls.boundingBox())!;
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(box.x + 1);
    await expect(header.getByRole("link", { name: "Connexion" }).or(header.locator("summary[aria-label='Menu']")).first()).toBeVisible();
  });
}
