import { expect, test } from "@playwright/test";
import { canonicalOf, type Block } from "./support/seo";

/**
 * Search hygiene (docs/seo.md). Every URL of the sitemap is checked by the page pass
 * (tests/e2e/page-pass.spec.ts, with tests/e2e/support/seo.ts): title, description, Twitter card,
 * canonical, JSON-LD. Here: paginated lists point their canonical at themselves; JSON-LD data
 * blocks raise no Content-Security-Policy violation in the browser.
 */

test("paginated lists carry a self-referencing canonical", async ({ request, baseURL }) => {
  for (const path of ["/formations?page=2", "/blog?page=2", "/formations/ville/lyon?page=2"]) {
    const res = await request.get(path);
    if (res.status() !== 200) continue;
    const html = await res.text();
    // A page past the last one would not exist: only lists that have a second page are checked.
    if (!/page 2 sur|Page 2/.test(html) && !html.includes('aria-current="page">2<')) continue;
    expect(canonicalOf(html), path).toBe(`${baseURL}${path}`);
  }
  const first = await (await request.get("/formations")).text();
  expect(canonicalOf(first)).toBe(`${baseURL}/formations`);
  const second = await (await request.get("/formations?page=2")).text();
  expect(canonicalOf(second)).toBe(`${baseURL}/formations?page=2`);
});

test("a post without picture gets the organisation's image and a summary card; a page with JSON-LD raises no CSP violation", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const path of ["/", "/formations", "/financement/akto", "/blog"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.locator('script[type="application/ld+json"]').count(), path).toBeGreaterThan(0);
  }
  expect(violations).toEqual([]);
  const org = JSON.parse(
    (await page.request.get("/").then((r) => r.text())).match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!,
  ) as Block;
  expect(org).toMatchObject({
    "@type": "EducationalOrganization",
    name: "Formavia",
    identifier: { propertyID: "SIRET", value: "91234567800011" },
    hasCredential: { identifier: "QUA-2025-04187" },
  });
});
