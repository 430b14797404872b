import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { AUTOMATED_AUDIT } from "~/domain/content/accessibility-audit";
import { formatDateFr } from "~/domain/content/format";
import { e2eBaseURL } from "./support/accounts";
import { settled } from "./support/axe";

/**
 * Accessibility (docs/accessibility.md). axe-core on every public page type and every admin
 * screen, in both themes, at 375 px and 1280 px, runs in the page pass (tests/e2e/page-pass.spec.ts).
 * Here: a keyboard walk on /devis checks that no focused element is ever covered (WCAG 2.2
 * SC 2.4.11), before and after the cookie choice; the statement names the audit; the focus moves to
 * the new page's heading after a client-side navigation.
 */

/** Tabs through the page; at each stop, the element at the focused element's centre must be inside it. */
async function coveredStops(page: Page, maxStops = 120): Promise<string[]> {
  // The banner's height is final once the fonts are in and its size observer has run: on a loaded
  // machine that can come after the network is idle.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await settled(page);
  const covered: string[] = [];
  let first: string | null = null;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const describe = (n: Element | null) =>
        n
          ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ""}${n.textContent ? ` « ${n.textContent.trim().slice(0, 40)} »` : ""}`
          : "rien";
      const key = `${describe(el)}@${Math.round(r.top + window.scrollY)}:${Math.round(r.left)}`;
      if (r.width === 0 && r.height === 0) return { key, covered: null };
      const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      const ok = hit && (el === hit || el.contains(hit) || hit.contains(el) || (el as HTMLInputElement).labels?.[0]?.contains(hit));
      return { key, covered: ok ? null : `${describe(el)} couvert par ${describe(hit)}` };
    });
    if (!stop) continue;
    if (stop.key === first) break;
    first ??= stop.key;
    if (stop.covered) covered.push(stop.covered);
  }
  return covered;
}

test("keyboard: no focused element on /devis is covered at 375 px, before and after the cookie choice", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: e2eBaseURL(), locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/devis");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  expect(await coveredStops(page)).toEqual([]);

  await page.getByRole("button", { name: "Tout refuser" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  await page.goto("/devis");
  await page.waitForLoadState("networkidle");
  expect(await coveredStops(page)).toEqual([]);
  await context.close();
});

test("the accessibility statement shows the audit's date and the axe-core version in package.json", async ({ page }) => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> };
  const version = pkg.devDependencies["axe-core"]!.replace(/^[\^~]/, "");
  expect(AUTOMATED_AUDIT.axeCoreVersion).toBe(version);
  await page.goto("/accessibilite");
  const section = page.locator("main");
  await expect(section).toContainText(`axe-core ${version}`);
  await expect(page.locator(`time[datetime="${AUTOMATED_AUDIT.date}"]`)).toHaveText(formatDateFr(AUTOMATED_AUDIT.date));
  await expect(section).toContainText("WCAG 2.0, 2.1 et 2.2");
  await expect(section).toContainText("Lighthouse");
});

test("after a client-side navigation the focus is on the new page's h1, not on the clicked link", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Tout refuser" }).click();
  await page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(page.locator("h1")).toBeFocused();
  await expect(page.locator("h1")).toHaveAttribute("tabindex", "-1");
});
