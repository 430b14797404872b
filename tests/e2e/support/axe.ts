import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core (docs/accessibility.md), injected into the page and run there: the Playwright wrapper
 * opened a new page to finish every analysis, four times the cost of the analysis itself.
 */
const AXE_SOURCE = readFileSync(path.join("node_modules", "axe-core", "axe.min.js"), "utf8");

/** WCAG 2.0, 2.1 and 2.2 A and AA, plus best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** The rules that depend on colours alone: what changes between the light and the dark theme. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Waits until the page is laid out and its running transitions are over, including those that
 * start meanwhile (a toast fading in is measured half transparent otherwise). An endless animation (a spinner) is not waited for, nor one
 * out of sight, and no wait lasts over 2 s: a frame or an animation that never came held an audit
 * until its timeout.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const done = (async () => {
      // Again until a frame starts nothing new: a toast mounted while the first ones ran (a flash
      // message after a redirect) fades in after them.
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
        // Only what is drawn: a transition inside a closed <details> (the header's search on a phone)
        // is never advanced, so never finishes.
        const ending = document
          .getAnimations()
          .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
          .filter((a) => ((a.effect as KeyframeEffect | null)?.target as Element | null)?.checkVisibility() !== false);
        if (ending.length === 0) return;
        await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
      }
    })();
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/**
 * A toast on screen is audited as it shows, not while it fades out: the pointer rests on it, which
 * pauses its timer (as for a visitor reading it), and one already leaving is gone first.
 */
async function holdToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  if ((await toasts.count()) === 0) return;
  await toasts
    .first()
    .hover({ timeout: 1_000 })
    .catch(() => undefined);
  await expect(page.locator('[data-sonner-toast][data-removed="true"]')).toHaveCount(0);
}

/**
 * axe's violations on the page as it is, once its transitions are over, one line per element
 * (« rule (impact) target — what is wrong »). `rules` restricts the run to those rules (the colour rules in the
 * dark theme); otherwise every rule of AXE_TAGS runs.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  const found = await violationsNow(page, rules);
  // A toast that mounted after the settle step (a flash message read after the page's first frame)
  // is caught fading in: audit it again once it has settled.
  if (!found.some((v) => v.inToast)) return found.map((v) => v.line);
  return (await violationsNow(page, rules)).map((v) => v.line);
}

async function violationsNow(page: Page, rules?: string[]): Promise<Array<{ line: string; inToast: boolean }>> {
  await holdToasts(page);
  await settled(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Violations only: axe skips building its (much longer) lists of passes and incomplete checks.
  const result = await page.evaluate(
    ([tags, only]) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
        runOnly: only ? { type: "rule", values: only } : { type: "tag", values: tags },
        resultTypes: ["violations"],
      }),
    [AXE_TAGS, rules ?? null] as const,
  );
  const inToast = async (selector: string) =>
    page.evaluate((s) => Boolean(document.querySelector(s)?.closest("[data-sonner-toast]")), selector).catch(() => false);
  const lines: Array<{ line: string; inToast: boolean }> = [];
  for (const v of result.violations)
    for (const n of v.nodes)
      lines.push({
        line: `${v.id} (${v.impact}) ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
        inToast: typeof n.target[0] === "string" && (await inToast(n.target[0])),
      });
  return lines;
}

/** No axe violation on the page at each of these widths (a phone's and a desktop's by default). */
export async function expectNoAxeViolationsAt(page: Page, widths: readonly number[] = [375, 1280]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${page.url()} à ${width} px`).toEqual([]);
  }
}
