import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { ownServer } from "./support/own-server";

/**
 * The catalogue for partners over real HTTP (docs/decisions/0014-lheo-and-api.md): the JSON API
 * answers what docs/api/openapi.json describes, open to any origin, cached like the public pages;
 * the LHÉO feed validates against its schema once an admin has set the FORMACODE codes.
 */
const openapi = JSON.parse(readFileSync("docs/api/openapi.json", "utf8")) as Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ ...openapi, $id: "openapi.json" });

function errorsOf(schema: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${schema}`)!;
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Read twice until no content write from another test file fell between the two reads. */
async function twoReads(request: APIRequestContext, path: string): Promise<{ first: APIResponse; again: APIResponse }> {
  let pair!: { first: APIResponse; again: APIResponse };
  for (let attempt = 0; attempt < 5; attempt++) {
    pair = { first: await request.get(path), again: await request.get(path) };
    if (pair.again.headers()["x-page-cache"] === "hit") break;
  }
  return pair;
}

for (const [path, schema] of [
  ["/api/v1/formations?per_page=3", "FormationsPage"],
  ["/api/v1/sessions?per_page=10", "SessionsPage"],
] as const) {
  test(`${path}: matches the OpenAPI document, CORS open, public cache`, async ({ request }) => {
    const { first, again } = await twoReads(request, path);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toMatch(/^application\/json/);
    expect(first.headers()["access-control-allow-origin"]).toBe("*");
    expect(first.headers()["cache-control"]).toMatch(/^public, .*s-maxage=60/);
    expect(again.headers()["x-page-cache"]).toBe("hit");
    const body = (await first.json()) as { data: unknown[] };
    expect(errorsOf(schema, body)).toEqual([]);
    expect(body.data.length).toBeGreaterThan(0);
    expect(await again.json()).toEqual(body);
  });
}

test("a bad parameter is a 400 with a French message, never stored", async ({ request }) => {
  const response = await request.get("/api/v1/formations?per_page=500");
  expect(response.status()).toBe(400);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.json();
  expect(errorsOf("Error", body)).toEqual([]);
  expect(body.error.message).toBe("Le paramètre per_page est un entier de 1 à 100.");
});

test("a browser preflight is allowed for GET; writing is refused", async ({ request }) => {
  const preflight = await request.fetch("/api/v1/sessions", {
    method: "OPTIONS",
    headers: { Origin: "https://partenaire.exemple.org", "Access-Control-Request-Method": "GET" },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
  expect(preflight.headers()["access-control-allow-methods"]).toContain("GET");
  const post = await request.post("/api/v1/formations", { data: {} });
  // A body that is not a form is refused before any route (415); a form body, by the method (405).
  expect([403, 405, 415]).toContain(post.status());
});

test.describe("the LHÉO codes", () => {
  // The codes are the demo categories' and a setting for the whole site: set on a server of its own, with the demo catalogue.
  const own = ownServer("lheo", { demo: true });

  test("an admin sets the FORMACODE codes on /admin/lheo, then /lheo.xml validates against the shipped schema", async ({ browser }) => {
    test.setTimeout(60_000);
    const page = await own.page(browser, "admin");
    await page.goto("/admin/lheo");
    await expect(page.getByRole("heading", { name: "Flux LHÉO et API", level: 1 })).toBeVisible();

    // A wrong code is refused beside its field, what was typed kept.
    await page.getByLabel("Codes «\u00a0public visé\u00a0» (FORMACODE)").fill("15041, 123");
    await page.getByRole("button", { name: "Enregistrer les codes" }).click();
    await expect(page.getByText("Chaque code comporte 5 chiffres (exemple\u00a0: 15041).").first()).toBeVisible();
    await expect(page.getByLabel("Codes «\u00a0public visé\u00a0» (FORMACODE)")).toHaveValue("15041, 123");

    await page.getByLabel("Codes «\u00a0public visé\u00a0» (FORMACODE)").fill("15041");
    const fields = page.getByLabel(/^FORMACODE de /);
    const count = await fields.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) await fields.nth(i).fill("31054"); // the first category is left without a code
    await page.getByRole("button", { name: "Enregistrer les codes" }).click();
    await expect(page.getByText("Codes LHÉO enregistrés").first()).toBeVisible();
    await expect(
      page
        .getByTestId("lheo-incomplete")
        .getByText(/il manque le code FORMACODE de la catégorie/)
        .first(),
    ).toBeVisible();

    const visitor = await own.page(browser);
    const feed = await visitor.request.get("/lheo.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^application\/xml/);
    const dir = mkdtempSync(path.join(tmpdir(), "lheo-e2e-"));
    try {
      writeFileSync(path.join(dir, "lheo.xml"), await feed.body());
      execFileSync("xmllint", ["--noout", "--schema", "docs/lheo/lheo-sous-ensemble.xsd", path.join(dir, "lheo.xml")], { stdio: "pipe" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await visitor.context().close();
      await page.context().close();
    }
  });
});

test("/admin/lheo is for admins only", async ({ page }) => {
  const editor = await createAccount({ email: uniqueEmail("editeur-lheo"), role: "editor" });
  await signInApi(page, e2eBaseURL(), editor.email);
  const response = await page.goto("/admin/lheo");
  expect(response?.status()).toBe(403);
});
