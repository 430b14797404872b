import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { closeDbHandle, openDb } from "~/platform/db/db.server";
import { cloneFormations } from "../support/catalogue";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";

/**
 * With 10,000 published formations, every kind of public page stays under 150 KB compressed:
 * lists are paginated, the quote form and the simulator search the catalogue instead of listing
 * it, the comparator offers a bounded choice.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const MAX_KB = 150;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "grand-catalogue-"));
  const first = await startServer({ DATA_DIR: dataDir });
  await waitReady(first);
  await first.stop();
  const { db } = openDb({ engine: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    await cloneFormations(db, 10_000);
  } finally {
    await closeDbHandle(db);
  }
  server = await startServer({ DATA_DIR: dataDir, PAGE_CACHE_MAX_MB: "0" });
  await waitReady(server);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("no public page is over 150 KB compressed with 10,000 published formations", async () => {
  const formations = await (await fetch(`${server.url}/formations`)).text();
  const formation = /href="(\/formations\/(?!ville\/)[a-z0-9-]+)"/.exec(formations)?.[1];
  const blog = await (await fetch(`${server.url}/blog`)).text();
  const post = /href="(\/blog\/(?!rss)[a-z0-9-]+)"/.exec(blog)?.[1];
  // From the sitemap: the home's next sessions may all be remote ones (no city link) on some days.
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const city = /<loc>https?:\/\/[^/<]+(\/formations\/ville\/[a-z0-9-]+)<\/loc>/.exec(sitemap)?.[1];
  expect({ formation, post, city }).toEqual({ formation: expect.any(String), post: expect.any(String), city: expect.any(String) });
  const categoryCity = /href="(\/formation-[a-z0-9]+\/[a-z0-9-]+)"/.exec(await (await fetch(server.url + city!)).text())?.[1];
  expect(categoryCity).toBeTruthy();
  const pages = [
    "/",
    "/formations",
    "/formations?page=200",
    formation!,
    city!,
    `${city}?page=20`,
    categoryCity!,
    "/blog",
    post!,
    "/devis",
    `/devis?formation=${formation!.split("/").pop()}`,
    "/contact",
    "/simulateur-opco",
    "/financement",
    "/financement/akto",
    "/financement/cpf",
    "/mentions-legales",
    "/sitemap.xml",
    "/page-absente",
  ];
  for (const pagePath of pages) {
    const res = await fetch(server.url + pagePath);
    expect([200, 404], pagePath).toContain(res.status);
    const kb = gzipSync(Buffer.from(await res.arrayBuffer())).length / 1024;
    expect(kb, `${pagePath} : ${kb.toFixed(1)} Ko compressés`).toBeLessThanOrEqual(MAX_KB);
  }
  // Every formation of a city can be reached through its pages.
  const cityPage = await (await fetch(server.url + city!)).text();
  expect(cityPage).toMatch(/aria-label="Pagination"/);
});
