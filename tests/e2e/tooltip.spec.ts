import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";

/**
 * The admin's tooltips (docs/spec.md#constantes): open after 700 ms of hovering, at once when
 * another tooltip closed less than 300 ms before (skip delay), and stay open as long as the pointer
 * or the focus is on their button. Times are taken inside the page (performance.now()), from the
 * pointer entering the button to the tooltip's state changing.
 */

const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

interface Change {
  state: string;
  at: number;
}

const trigger = (page: Page) => page.getByRole("banner").locator("[data-theme-choice]");

async function watch(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __tip: { enters: number[]; changes: Change[] } };
    w.__tip = { enters: [], changes: [] };
    const button = document.querySelector("header [data-theme-choice]")!;
    button.addEventListener("pointerenter", () => w.__tip.enters.push(performance.now()));
    new MutationObserver(() => w.__tip.changes.push({ state: button.getAttribute("data-state") ?? "", at: performance.now() })).observe(
      button,
      { attributes: true, attributeFilter: ["data-state"] },
    );
  });
}

async function record(page: Page): Promise<{ enters: number[]; changes: Change[] }> {
  return page.evaluate(() => (window as unknown as { __tip: { enters: number[]; changes: Change[] } }).__tip);
}

/** Moves the pointer onto the button; resolves with how long the tooltip took to open (ms). */
async function hoverAndTimeOpening(page: Page): Promise<number> {
  const box = (await trigger(page).boundingBox())!;
  const before = (await record(page)).changes.length;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("tooltip")).toBeVisible();
  const { enters, changes } = await record(page);
  const opened = changes.slice(before).find((c) => c.state !== "closed")!;
  return opened.at - enters.at(-1)!;
}

/** Moves the pointer away (in steps: the tooltip closes on the first move outside the way to it). */
async function leave(page: Page) {
  await page.mouse.move(5, 600, { steps: 4 });
  await expect(page.getByRole("tooltip")).toHaveCount(0);
}

test.beforeEach(async ({ page, baseURL }) => {
  const editor = await createAccount({ email: uniqueEmail("infobulle"), role: "editor" });
  await signInApi(page, baseURL!, editor.email);
  await page.goto("/admin");
  await hydrated(page);
  await watch(page);
});

test("a tooltip opens after 700 ms of hovering and stays open while the pointer stays", async ({ page }) => {
  const delay = await hoverAndTimeOpening(page);
  expect(delay).toBeGreaterThanOrEqual(DELAY_MS - 5);
  expect(delay).toBeLessThan(DELAY_MS + 500);
  await expect(page.getByRole("tooltip")).toHaveText(/^Thème\u00a0: clair/);
  const openedAt = (await record(page)).changes.length;
  await page.waitForTimeout(1500);
  await expect(page.getByRole("tooltip")).toBeVisible();
  // Not even a flicker: no state change at all while hovered.
  expect((await record(page)).changes.slice(openedAt)).toEqual([]);
});

test("back on a button within 300 ms of a tooltip closing, it opens at once; later, after 700 ms again", async ({ page }) => {
  await hoverAndTimeOpening(page);
  const box = (await trigger(page).boundingBox())!;
  // Away (the tooltip closes), then straight back.
  await page.mouse.move(5, 600, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("tooltip")).toBeVisible();
  const { enters, changes } = await record(page);
  const closedAt = changes.findLast((c) => c.state === "closed")!.at;
  const enteredAt = enters.at(-1)!;
  const reopened = changes.at(-1)!;
  expect(enteredAt - closedAt).toBeLessThan(SKIP_DELAY_MS);
  expect(reopened.state).toBe("instant-open");
  // At once: well under the 700 ms delay (a busy machine takes over 100 ms to draw it).
  expect(reopened.at - enteredAt).toBeLessThan(DELAY_MS / 2);
  await leave(page);
  await page.waitForTimeout(SKIP_DELAY_MS + 300);
  const delayedAgain = await hoverAndTimeOpening(page);
  expect(delayedAgain).toBeGreaterThanOrEqual(DELAY_MS - 5);
});

test("a tooltip stays open while its button has the keyboard focus", async ({ page }) => {
  await trigger(page).focus();
  await expect(page.getByRole("tooltip")).toBeVisible();
  const openedAt = (await record(page)).changes.length;
  await page.waitForTimeout(1500);
  await expect(page.getByRole("tooltip")).toBeVisible();
  expect((await record(page)).changes.slice(openedAt)).toEqual([]);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
});
