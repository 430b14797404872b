import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { closeDbHandle, openDb, type Db } from "~/platform/db/db.server";
import { insertAccount } from "../support/account-rows";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";
import { PASSWORD, e2eDataDir, signInApi, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * The public page cache and its HTTP contract: anonymous pages are public with an ETag (304 on
 * If-None-Match) and kept in memory; anything signed in is private and never reaches anyone else;
 * any content write, on any instance, shows at once; time-driven changes show at their time.
 */

const PUBLIC = /^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/;

function siteDb(): Db {
  return openDb({ engine: "sqlite", file: path.join(e2eDataDir(), "site.db") }).db;
}

/**
 * A page read twice in a row. Other test files run at the same time against the same server, and
 * any content they write empties the page cache: the pair is read again (a few times at most)
 * until no write fell between its two reads.
 */
async function twoReads(request: APIRequestContext, pagePath: string) {
  let pair!: { first: APIResponse; again: APIResponse };
  for (let attempt = 0; attempt < 5; attempt++) {
    pair = { first: await request.get(pagePath), again: await request.get(pagePath) };
    if (pair.again.headers()["x-page-cache"] === "hit") break;
  }
  return pair;
}

test.describe("anonymous pages are shareable", () => {
  for (const pagePath of [
    "/",
    "/formations",
    "/blog",
    "/financement/akto",
    "/mentions-legales",
    "/simulateur-opco",
    "/une-page-qui-n-existe-pas",
  ]) {
    test(`${pagePath}: public Cache-Control, ETag, 304, then served from memory`, async ({ request }) => {
      const { first, again } = await twoReads(request, pagePath);
      expect([200, 404]).toContain(first.status());
      expect(first.headers()["cache-control"]).toMatch(PUBLIC);
      const etag = first.headers()["etag"];
      expect(etag).toMatch(/^W\/"/);
      expect(again.headers()["x-page-cache"]).toBe("hit");
      expect(again.headers()["etag"]).toBe(etag);
      if (first.status() === 200) {
        const revalidated = await request.get(pagePath, { headers: { "if-none-match": etag! } });
        expect(revalidated.status()).toBe(304);
        expect(await revalidated.text()).toBe("");
      }
    });
  }

  test("client navigation data (.data) follows the same rule", async ({ request }) => {
    const res = await request.get("/formations.data");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toMatch(PUBLIC);
    expect(res.headers()["etag"]).toBeTruthy();
  });

  test("compressed copies are kept: brotli and gzip as asked", async ({ request }) => {
    await request.get("/blog");
    const br = await request.get("/blog", { headers: { "accept-encoding": "br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    const gz = await request.get("/blog", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers()["content-encoding"]).toBe("gzip");
    expect(await br.text()).toBe(await gz.text());
  });
});

test.describe("signed-in pages are private", () => {
  test("a signed-in render is private, no-store, and never served to an anonymous visitor", async ({ playwright, baseURL }) => {
    const db = siteDb();
    const editor = await insertAccount(db, { email: uniqueEmail("cache-prive"), password: PASSWORD, role: "editor", name: "Élise Privée" });
    await closeDbHandle(db);
    const signedIn = await playwright.request.newContext({ baseURL });
    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      await signInApi(signedIn, baseURL!, editor.email);
      for (const pagePath of ["/", "/formations", "/blog"]) {
        const mine = await signedIn.get(pagePath);
        expect(mine.headers()["cache-control"]).toBe("private, no-store");
        expect(mine.headers()["etag"]).toBeUndefined();
        expect(mine.headers()["x-page-cache"]).toBeUndefined();
        expect(await mine.text()).toContain(editor.email);

        const data = await signedIn.get(`${pagePath === "/" ? "/_root" : pagePath}.data`);
        expect(data.headers()["cache-control"]).toBe("private, no-store");
        expect(await data.text()).toContain(editor.email);

        const theirs = await anonymous.get(pagePath);
        expect(theirs.headers()["cache-control"]).toMatch(PUBLIC);
        expect(await theirs.text()).not.toContain(editor.email);
      }
      // And the other way round: the anonymous copy in memory is not what the signed-in visitor gets.
      const mineAfter = await signedIn.get("/formations");
      expect(mineAfter.headers()["x-page-cache"]).toBeUndefined();
      expect(await mineAfter.text()).toContain(editor.email);
    } finally {
      await signedIn.dispose();
      await anonymous.dispose();
    }
  });
});

test.describe("changes show at once", () => {
  test("an admin edit is visible on the public page at once", async ({ playwright, baseURL, request, newFormation }) => {
    // A published formation of its own: hidden and shown again here, never one that other tests read.
    const { id, slug } = await newFormation();
    const { first, again } = await twoReads(request, `/formations/${slug}`);
    expect(first.status()).toBe(200);
    expect(again.headers()["x-page-cache"]).toBe("hit");

    const db = siteDb();
    const admin = await insertAccount(db, { email: uniqueEmail("cache-admin"), password: PASSWORD, role: "admin" });
    await closeDbHandle(db);
    const staff = await playwright.request.newContext({ baseURL });
    try {
      await signInApi(staff, baseURL!, admin.email);
      const hide = await staff.post("/admin/formations", { form: { intent: "unpublish", ids: id }, headers: { origin: baseURL! } });
      expect(hide.status()).toBeLessThan(400);
      expect((await request.get(`/formations/${slug}`)).status()).toBe(404);
      const show = await staff.post("/admin/formations", { form: { intent: "publish", ids: id }, headers: { origin: baseURL! } });
      expect(show.status()).toBeLessThan(400);
      expect((await request.get(`/formations/${slug}`)).status()).toBe(200);
    } finally {
      await staff.dispose();
    }
  });

  test("a scheduled post appears at its publication time, without a restart", async ({ request }) => {
    const slug = `programme-${Date.now().toString(36)}`;
    const publishedAt = new Date(Date.now() + 4000).toISOString();
    const db = siteDb();
    const now = new Date().toISOString();
    await db
      .insertInto("blog_posts")
      .values({
        id: randomUUID(),
        slug,
        title: "Un article programmé",
        excerpt: "Il paraît tout seul à son heure.",
        content: "Le contenu de l'article programmé.",
        category: "actualites",
        cover_image: null,
        cover_alt: "",
        author_id: null,
        status: "scheduled",
        published_at: publishedAt,
        seo_title: "",
        seo_description: "",
        reading_minutes: 1,
        search_text: "article programme",
        created_at: now,
        updated_at: now,
      })
      .execute();
    try {
      // Before its time: not found (and that answer is cached like any other page).
      expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
      await expect.poll(async () => (await request.get(`/blog/${slug}`)).headers()["x-page-cache"]).toBe("hit");
      // At its time it shows, within a second.
      await expect.poll(async () => (await request.get(`/blog/${slug}`)).status(), { timeout: 10_000, intervals: [250] }).toBe(200);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishedAt));
    } finally {
      await db.deleteFrom("blog_posts").where("slug", "=", slug).execute();
      await closeDbHandle(db);
    }
  });
});

test.describe("several instances on PostgreSQL", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "PostgreSQL indisponible (TEST_DATABASE_URL non défini) : test ignoré.");
  test.setTimeout(120_000);

  test("an admin edit on one instance shows on the other's public page within a second", async ({ playwright }) => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `cache_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), AUTH_SECRET: "secret-partage-des-instances-de-test-0123456789" };
    const servers: ServerProcess[] = [];
    try {
      // One after the other here: starting together is the cluster test's subject.
      const a = await startServer({ ...env, DATA_DIR: path.join(e2eDataDir(), `${name}-a`) });
      servers.push(a);
      await waitReady(a);
      const b = await startServer({ ...env, DATA_DIR: path.join(e2eDataDir(), `${name}-b`) });
      servers.push(b);
      await waitReady(b);

      const { db } = openDb({ engine: "postgres", url: url.toString() });
      const account = await insertAccount(db, { email: uniqueEmail("cluster-admin"), password: PASSWORD, role: "admin" });
      const row = await db
        .selectFrom("formations")
        .select(["id", "slug"])
        .where("status", "=", "published")
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      await closeDbHandle(db);

      const visitor = await playwright.request.newContext({ baseURL: b.url });
      const staff = await playwright.request.newContext({ baseURL: a.url });
      try {
        // Read as a pair again if a fresh instance's first housekeeping (the published figures) wrote
        // content between the two reads.
        const { first, again } = await twoReads(visitor, `/formations/${row.slug}`);
        expect(first.status()).toBe(200);
        expect(again.headers()["x-page-cache"]).toBe("hit");
        await signInApi(staff, a.url, account.email);
        const hide = await staff.post("/admin/formations", { form: { intent: "unpublish", ids: row.id }, headers: { origin: a.url } });
        expect(hide.status()).toBeLessThan(400);
        const edited = Date.now();
        await expect
          .poll(async () => (await visitor.get(`/formations/${row.slug}`)).status(), { timeout: 5000, intervals: [100] })
          .toBe(404);
        expect(Date.now() - edited).toBeLessThan(1000);
      } finally {
        await visitor.dispose();
        await staff.dispose();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    }
  });
});
