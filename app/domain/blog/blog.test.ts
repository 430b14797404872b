import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { localDriver } from "~/platform/storage/storage.server";
import { ILLUSTRATION_DESCRIPTIONS } from "~/ui/illustration";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, deleteFormation, setFormationStatus } from "~/domain/formations/formations.server";
import { formationInput } from "~/domain/formations/test-fixtures";
import { loadConfig, setConfig } from "~/platform/config.server";
import {
  countPosts,
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  listAuthors,
  listPosts,
  listTags,
  listUsedCategories,
  relatedFormations,
  relatedPosts,
  resolvePostSlug,
  updatePost,
} from "./blog.server";
import { DEMO_POSTS } from "./demo-content";
import { latestPosts } from "./home.server";
import { blogIndexPage, blogPostPage, parseBlogIndexQuery } from "./pages.server";
import { renderBlogRss } from "./rss.server";
import { seedBlog } from "./seed.server";
import { sitemapEntries } from "./sitemap.server";
import { NotFoundError, type Outcome, valueOf } from "~/platform/validation/errors";

const SITE = "https://www.exemple-formation.fr";
const T0 = new Date("2026-03-02T09:00:00.000Z");
const at = (offsetMinutes: number) => new Date(T0.getTime() + offsetMinutes * 60_000);

function postInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Financer sa formation avec son OPCO",
    slug: "",
    excerpt: "Les démarches à connaître pour obtenir une prise en charge par son opérateur de compétences.",
    content: "## Qui paie ?\n\nL'**OPCO** de votre branche.\n\n## Les démarches\n\nAvant la formation.\n\n## Les délais\n\nUn mois.",
    category: "financement",
    tags: "OPCO, Entreprise",
    authorId: "",
    status: "published",
    publishedAt: "",
    image: "",
    imageAlt: "",
    seoTitle: "",
    seoDescription: "",
    formationIds: [],
    ...overrides,
  };
}

async function fieldErrors(promise: Promise<Outcome<unknown>>): Promise<Record<string, string>> {
  const outcome = await promise;
  if (!outcome.ok) return outcome.errors;
  throw new Error("expected a refusal");
}

const XSS = {
  title: `Titre <script>alert("titre")</script><img src=x onerror=alert(1)>`,
  excerpt: `Chapeau <svg onload=alert(1)><script>alert("chapeau")</script> & "guillemets"`,
  content: [
    `<script>alert("contenu")</script>`,
    `<img src=x onerror="alert(1)">`,
    `<svg><script>alert(1)</script></svg>`,
    `[clic](javascript:alert(1)) [clic2](JaVaScRiPt:alert(2)) [data](data:text/html;base64,PHNjcmlwdD4=)`,
    `![image](javascript:alert(3))`,
    `## <a href="javascript:alert(4)" onclick="x()">titre</a>`,
    `## Deux`,
    `## Trois ]]> fin`,
  ].join("\n\n"),
};

/** No element that runs code, no event handler attribute, no javascript:/data: link: payloads may only remain as text. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<(script|img|svg|iframe|object|embed)\b/i);
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
}

describe.each(engines)("blog on $name", ({ name, create }) => {
  let t: TestDatabase;
  let editor: { id: string; email: string; role: "editor" };
  let viewerId: string;
  let formationId: string;
  let draftFormationId: string;

  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: SITE }));
    t = await create();
    const pg = name === "postgres";
    const user = (role: string, displayName: string, deactivated = false) => {
      const now = new Date();
      return {
        id: randomUUID(),
        display_name: displayName,
        email: `${randomUUID()}@exemple.fr`,
        email_verified: pg ? false : 0,
        role,
        deactivated_at: deactivated ? (pg ? now : now.toISOString()) : null,
        created_at: pg ? now : now.toISOString(),
        updated_at: pg ? now : now.toISOString(),
      };
    };
    const e = user("editor", "Claire Martin");
    const v = user("viewer", "Visiteur");
    await t.db
      .insertInto("users")
      .values([e, v, user("admin", "Amine Roux"), user("editor", "Ancien Rédacteur", true)])
      .execute();
    editor = { id: e.id, email: e.email, role: "editor" };
    viewerId = v.id;
    const category = valueOf(
      await createCategory(
        { slug: "rh", name: "Ressources humaines", description: "Recrutement, droit du travail et gestion des talents." },
        { db: t.db },
      ),
    );
    const f = valueOf(
      await createFormation(formationInput({ title: "Droit du travail pour les managers", categoryId: category.id }), { db: t.db }),
    );
    valueOf(await setFormationStatus([f.id], "published", { db: t.db }));
    formationId = f.id;
    draftFormationId = valueOf(
      await createFormation(formationInput({ title: "Formation encore en brouillon", categoryId: category.id }), { db: t.db }),
    ).id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("creates a published post with a slug from the title, tags, related formations, reading time and an audit entry", async () => {
    const post = valueOf(
      await createPost(postInput({ authorId: editor.id, formationIds: [formationId, draftFormationId] }), {
        db: t.db,
        actor: editor,
        now: T0,
      }),
    );
    expect(post.slug).toBe("financer-sa-formation-avec-son-opco");
    expect(post.status).toBe("published");
    expect(post.publishedAt).toBe(T0.toISOString());
    expect(post.tags).toEqual([
      { slug: "entreprise", name: "Entreprise" },
      { slug: "opco", name: "OPCO" },
    ]);
    expect(post.formationIds).toEqual([formationId, draftFormationId]);
    expect(post.readingMinutes).toBe(1);
    // Only published formations are shown on the page.
    expect((await relatedFormations(post.formationIds, t.db)).map((f) => f.id)).toEqual([formationId]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", post.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "blog_post", action: "create", actor_email: editor.email });
    // A second post with the same title gets "-2".
    const twin = valueOf(await createPost(postInput({ status: "draft" }), { db: t.db, now: T0 }));
    expect(twin.slug).toBe("financer-sa-formation-avec-son-opco-2");
    expect(twin.status).toBe("draft");
    expect(twin.publishedAt).toBeNull();
    await deletePost(twin.id, { db: t.db });
  });

  it("refuses bad input and bad references with messages by field", async () => {
    expect(await fieldErrors(createPost(postInput({ title: "", category: "", status: "scheduled" }), { db: t.db }))).toMatchObject({
      title: "Le titre est obligatoire.",
      category: "Choisissez une catégorie dans la liste.",
    });
    expect(await fieldErrors(createPost(postInput({ status: "scheduled" }), { db: t.db }))).toEqual({
      publishedAt: "Indiquez le jour et l'heure de publication de l'article programmé.",
    });
    expect(await fieldErrors(createPost(postInput({ slug: "financer-sa-formation-avec-son-opco" }), { db: t.db }))).toEqual({
      slug: "Cette adresse est déjà utilisée par un autre article.",
    });
    expect((await fieldErrors(createPost(postInput({ authorId: viewerId }), { db: t.db }))).authorId).toMatch(/compte de l'équipe/);
    expect((await fieldErrors(createPost(postInput({ authorId: "inconnu" }), { db: t.db }))).authorId).toMatch(/compte de l'équipe/);
    expect((await fieldErrors(createPost(postInput({ formationIds: ["inconnue"] }), { db: t.db }))).formationIds).toMatch(/n'existe plus/);
    await expect(updatePost("inconnu", postInput(), { db: t.db })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deletePost("inconnu", { db: t.db })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists active staff accounts as authors, and shows their names on posts", async () => {
    const authors = await listAuthors(t.db);
    expect(authors.map((a) => a.displayName)).toEqual(["Amine Roux", "Claire Martin"]);
    const list = await listPosts({ now: T0 }, t.db);
    expect(list.items.find((p) => p.slug === "financer-sa-formation-avec-son-opco")?.authorName).toBe("Claire Martin");
  });

  it("publishes a scheduled post by itself at its time: lists, page, feed, sitemap, counts", async () => {
    const post = valueOf(
      await createPost(
        postInput({
          title: "Le CPF en 2026 : ce qui change",
          category: "financement",
          tags: "CPF",
          status: "scheduled",
          publishedAt: at(30).toISOString(),
        }),
        { db: t.db, now: T0 },
      ),
    );
    expect(post.status).toBe("scheduled");
    const before = at(29);
    const after = at(30);
    expect((await listPosts({ now: before }, t.db)).items.map((p) => p.slug)).not.toContain(post.slug);
    expect(await resolvePostSlug(post.slug, { now: before }, t.db)).toBeUndefined();
    expect(await resolvePostSlug(post.slug, { includeUnpublished: true, now: before }, t.db)).toMatchObject({ post: { id: post.id } });
    expect((await sitemapEntries({ now: before }, t.db)).map((e) => e.path)).not.toContain(`/blog/${post.slug}`);
    expect(await renderBlogRss({ now: before }, t.db)).not.toContain(post.slug);
    expect((await listTags({ now: before }, t.db)).map((tag) => tag.slug)).not.toContain("cpf");
    expect(await countPosts({ now: before }, t.db)).toEqual({ draft: 0, scheduled: 1, published: 1 });
    expect((await blogPostPage(post.slug, { now: before }, t.db)).kind).toBe("not-found");
    const preview = await blogPostPage(post.slug, { includeUnpublished: true, now: before }, t.db);
    expect(preview.kind === "ok" && preview.data.preview).toBe(true);

    // Its time comes: nothing runs, it is simply there.
    const list = await listPosts({ now: after }, t.db);
    expect(list.items[0]!.slug).toBe(post.slug);
    expect(await resolvePostSlug(post.slug, { now: after }, t.db)).toMatchObject({ post: { id: post.id } });
    expect((await sitemapEntries({ now: after }, t.db)).map((e) => e.path)).toContain(`/blog/${post.slug}`);
    expect(await renderBlogRss({ now: after }, t.db)).toContain(`<link>${SITE}/blog/${post.slug}</link>`);
    expect(await countPosts({ now: after }, t.db)).toEqual({ draft: 0, scheduled: 0, published: 2 });
    expect((await latestPosts({ count: 1, now: after }, t.db)).map((p) => p.slug)).toEqual([post.slug]);
    const page = await blogPostPage(post.slug, { now: after }, t.db);
    expect(page.kind === "ok" && page.data.preview).toBe(false);
  });

  it("changes a slug with a 301 from the old one, and back to draft hides the post", async () => {
    const post = (await getPostBySlug("financer-sa-formation-avec-son-opco", t.db))!;
    const full = post;
    const renamed = valueOf(
      await updatePost(
        post.id,
        postInput({ slug: "opco-mode-d-emploi", authorId: full.authorId, publishedAt: full.publishedAt, formationIds: full.formationIds }),
        { db: t.db, actor: editor, now: at(60) },
      ),
    );
    expect(renamed.slug).toBe("opco-mode-d-emploi");
    expect(renamed.publishedAt).toBe(full.publishedAt);
    expect(await resolvePostSlug("financer-sa-formation-avec-son-opco", { now: at(60) }, t.db)).toEqual({
      redirectTo: "opco-mode-d-emploi",
    });
    expect(await blogPostPage("financer-sa-formation-avec-son-opco", { now: at(60) }, t.db)).toEqual({
      kind: "redirect",
      to: "/blog/opco-mode-d-emploi",
    });
    // The old slug can be taken again by a new post: the redirect gives way.
    const other = valueOf(
      await createPost(postInput({ title: "Un autre article sur les OPCO", slug: "financer-sa-formation-avec-son-opco" }), {
        db: t.db,
        now: at(60),
      }),
    );
    expect(await resolvePostSlug("financer-sa-formation-avec-son-opco", { now: at(60) }, t.db)).toMatchObject({ post: { id: other.id } });
    await deletePost(other.id, { db: t.db });
    // Back to draft: no page, no redirect for visitors.
    valueOf(
      await updatePost(
        post.id,
        postInput({ slug: "", status: "draft", authorId: full.authorId, publishedAt: full.publishedAt, formationIds: full.formationIds }),
        { db: t.db, now: at(61) },
      ),
    );
    expect(await resolvePostSlug("opco-mode-d-emploi", { now: at(62) }, t.db)).toBeUndefined();
    const audit = await t.db
      .selectFrom("audit_log")
      .select("summary")
      .where("entity_id", "=", post.id)
      .where("action", "=", "update")
      .execute();
    expect(
      audit.some((a) => a.summary.includes("adresse changée de « financer-sa-formation-avec-son-opco » en « opco-mode-d-emploi »")),
    ).toBe(true);
    valueOf(
      await updatePost(
        post.id,
        postInput({ slug: "", authorId: full.authorId, publishedAt: full.publishedAt, formationIds: full.formationIds }),
        { db: t.db, now: at(63) },
      ),
    );
  });

  it("searches (accents ignored), filters by category and tag, paginates newest first", async () => {
    for (let i = 1; i <= 4; i++) {
      valueOf(
        await createPost(
          postInput({
            title: `Présentiel ou distanciel, épisode ${i}`,
            category: "pedagogie",
            tags: i % 2 ? "Distanciel, Classe virtuelle" : "Présentiel",
            content: `## Partie ${i}\n\nLa **classe virtuelle** réunit le groupe à distance.`,
            publishedAt: at(100 + i).toISOString(),
          }),
          { db: t.db, now: at(200) },
        ),
      );
    }
    const now = at(200);
    const page1 = await listPosts({ category: "pedagogie", perPage: 3, now }, t.db);
    expect(page1.total).toBe(4);
    expect(page1.pageCount).toBe(2);
    expect(page1.items.map((p) => p.title)).toEqual([
      "Présentiel ou distanciel, épisode 4",
      "Présentiel ou distanciel, épisode 3",
      "Présentiel ou distanciel, épisode 2",
    ]);
    expect((await listPosts({ category: "pedagogie", perPage: 3, page: 2, now }, t.db)).items.map((p) => p.title)).toEqual([
      "Présentiel ou distanciel, épisode 1",
    ]);
    expect((await listPosts({ tag: "distanciel", now }, t.db)).total).toBe(2);
    expect((await listPosts({ q: "PRESENTIEL episode 3", now }, t.db)).items.map((p) => p.title)).toEqual([
      "Présentiel ou distanciel, épisode 3",
    ]);
    expect((await listPosts({ q: "classe virtuelle", now }, t.db)).total).toBe(4);
    expect((await listPosts({ q: "100%_", now }, t.db)).total).toBe(0);
    expect((await listTags({ now }, t.db)).slice(0, 2)).toEqual([
      { slug: "classe-virtuelle", name: "Classe virtuelle", count: 2 },
      { slug: "distanciel", name: "Distanciel", count: 2 },
    ]);
    expect((await listUsedCategories({ now }, t.db)).map((c) => [c.slug, c.count])).toEqual([
      ["financement", 2],
      ["pedagogie", 4],
    ]);
    const index = await blogIndexPage(parseBlogIndexQuery(new URLSearchParams("categorie=pedagogie&tag=presentiel&page=1")), { now }, t.db);
    expect(index.results.items.map((p) => p.title)).toEqual(["Présentiel ou distanciel, épisode 4", "Présentiel ou distanciel, épisode 2"]);
    expect(index.categoryName).toBe("Pédagogie et modalités");
    expect(index.tagName).toBe("Présentiel");
    // Unknown filters are ignored rather than refused.
    expect(parseBlogIndexQuery(new URLSearchParams("categorie=inconnue&tag=<b>&page=-3"))).toEqual({
      q: "",
      categorie: "",
      tag: "",
      page: 1,
    });
    // Editors' list: everything, drafts and future posts included.
    valueOf(
      await createPost(postInput({ title: "Brouillon sur la classe virtuelle", status: "draft", category: "pedagogie" }), {
        db: t.db,
        now,
      }),
    );
    expect((await listPosts({ status: "all", category: "pedagogie", now }, t.db)).total).toBe(5);
    expect((await listPosts({ status: "draft", now }, t.db)).items.map((p) => p.title)).toEqual(["Brouillon sur la classe virtuelle"]);
  });

  it("relates posts sharing a category or a tag first", async () => {
    const now = at(300);
    const post = (await listPosts({ q: "episode 1", now }, t.db)).items[0]!;
    const related = await relatedPosts({ id: post.id, category: post.category, tags: post.tags }, { limit: 3, now }, t.db);
    expect(related).toHaveLength(3);
    expect(related.every((p) => p.category === "pedagogie" && p.id !== post.id)).toBe(true);
    const alone = await relatedPosts({ id: "x", category: "actualites", tags: [] }, { limit: 3, now }, t.db);
    expect(alone).toHaveLength(3);
  });

  it("renders the post page: sanitised content, table of contents, JSON-LD, author or organisation", async () => {
    const now = at(400);
    const page = await blogPostPage("opco-mode-d-emploi", { now }, t.db);
    if (page.kind !== "ok") throw new Error("page attendue");
    expect(page.data.post.author).toBe("Claire Martin");
    expect(page.data.toc.map((h) => h.id)).toEqual(["qui-paie", "les-demarches", "les-delais"]);
    expect(page.data.html).toContain('<h2 id="qui-paie">');
    const [posting, crumbs] = page.data.jsonLd as Array<Record<string, unknown>>;
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      headline: "Financer sa formation avec son OPCO",
      url: `${SITE}/blog/opco-mode-d-emploi`,
      author: { "@type": "Person", name: "Claire Martin" },
    });
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
    expect(page.data.share.find((s) => s.network === "linkedin")!.href).toContain(encodeURIComponent(`${SITE}/blog/opco-mode-d-emploi`));
    expect(page.data.formations.map((f) => f.id)).toEqual([formationId]);
    // Without a named author, the organisation signs.
    const unsigned = valueOf(
      await createPost(postInput({ title: "Article signé par l'organisme", content: "Un seul paragraphe." }), {
        db: t.db,
        now,
      }),
    );
    const unsignedPage = await blogPostPage(unsigned.slug, { now }, t.db);
    if (unsignedPage.kind !== "ok") throw new Error("page attendue");
    expect(unsignedPage.data.post.namedAuthor).toBe(false);
    expect(unsignedPage.data.post.author).toBe("Formavia");
    expect(unsignedPage.data.toc).toEqual([]);
    expect((unsignedPage.data.jsonLd[0] as { author: unknown }).author).toMatchObject({ "@type": "Organization" });
  });

  it("keeps XSS payloads inert in the page data and the feed", async () => {
    const now = at(500);
    const post = valueOf(await createPost(postInput({ ...XSS, slug: "article-piege" }), { db: t.db, now }));
    const page = await blogPostPage(post.slug, { now }, t.db);
    if (page.kind !== "ok") throw new Error("page attendue");
    expectInert(page.data.html);
    expect(page.data.html).toContain("&lt;script&gt;alert(&quot;contenu&quot;)&lt;/script&gt;");
    expect(page.data.post.title).toBe(XSS.title); // plain text, escaped by React when rendered
    const rss = await renderBlogRss({ now }, t.db);
    expectInert(rss);
    // The HTML the feed carries (escaped as text) is itself inert once a reader decodes it.
    // So is the excerpt: feed readers take <description> as HTML too (it is escaped twice).
    expect(rss).toContain("<description>Chapeau &amp;lt;svg onload=alert(1)&amp;gt;");
    for (const [, encoded] of rss.matchAll(/<(?:content:encoded|description)>([\s\S]*?)<\/(?:content:encoded|description)>/g)) {
      expectInert(
        encoded!
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&amp;/g, "&"),
      );
    }
    expect(rss).toContain("<title>Titre &lt;script&gt;alert(&quot;titre&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>");
    expect(rss).not.toContain("]]>");
    // Well-formed: every element opened is closed, in order.
    const stack: string[] = [];
    for (const [, closing, tag, selfClosing] of rss.replace(/<\?xml[^>]*\?>/, "").matchAll(/<(\/?)([a-zA-Z:]+)[^>]*?(\/?)>/g)) {
      if (selfClosing) continue;
      if (closing) expect(stack.pop()).toBe(tag);
      else stack.push(tag!);
    }
    expect(stack).toEqual([]);
    await deletePost(post.id, { db: t.db });
  });

  it("deletes a post with its tags, formations and old slugs; a deleted formation leaves its posts", async () => {
    const now = at(600);
    const post = valueOf(await createPost(postInput({ title: "Article éphémère", formationIds: [formationId] }), { db: t.db, now }));
    valueOf(
      await updatePost(post.id, postInput({ title: "Article éphémère", slug: "article-ephemere-renomme", formationIds: [formationId] }), {
        db: t.db,
        now,
      }),
    );
    expect(await deletePost(post.id, { db: t.db, actor: editor })).toBe("Article éphémère");
    for (const table of ["blog_post_tags", "blog_post_formations", "blog_slug_redirects"] as const) {
      expect(await t.db.selectFrom(table).select("post_id").where("post_id", "=", post.id).execute()).toEqual([]);
    }
    const withFormation = (await getPostBySlug("opco-mode-d-emploi", t.db))!;
    await deleteFormation(formationId, { db: t.db });
    const reloaded = (await getPostById(withFormation.id, t.db))!;
    expect(reloaded.formationIds).toEqual([draftFormationId]);
  });
});

describe.each(engines)("demo blog on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("adds at least six published French articles, once, signed by the organisation", async () => {
    expect(DEMO_POSTS.length).toBeGreaterThanOrEqual(6);
    const now = new Date();
    const dir = mkdtempSync(path.join(tmpdir(), "demo-blog-"));
    expect(await seedBlog(t.db, now, localDriver(dir))).toBe(DEMO_POSTS.length);
    expect(await seedBlog(t.db, now, localDriver(dir))).toBe(0);
    rmSync(dir, { recursive: true, force: true });
    const list = await listPosts({ perPage: 50, now }, t.db);
    expect(list.total).toBe(DEMO_POSTS.length);
    expect(list.items.every((p) => p.authorName === null && p.effective === "published")).toBe(true);
    expect(new Set(list.items.map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    for (const p of DEMO_POSTS) {
      expect(p.content).not.toMatch(/lorem|TODO/i);
      expect(p.content.split("\n## ").length - 1, p.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives each demo article a cover from the illustration set, stored as an upload, described for screen readers", async () => {
    const t2 = await create();
    const dir = mkdtempSync(path.join(tmpdir(), "demo-covers-"));
    try {
      const files = localDriver(dir);
      await seedBlog(t2.db, new Date(), files);
      const posts = (await listPosts({ perPage: 50 }, t2.db)).items;
      expect(posts).toHaveLength(DEMO_POSTS.length);
      for (const post of posts) {
        const demo = DEMO_POSTS.find((p) => p.slug === post.slug)!;
        expect(post.image, post.slug).not.toBeNull();
        expect(post.image!.key).toMatch(/^blog\/[0-9a-f-]{36}$/);
        expect(post.imageAlt).toBe(ILLUSTRATION_DESCRIPTIONS[demo.illustration]);
        for (const width of post.image!.widths) {
          const body = await files.get(`${post.image!.key}-${width}.webp`);
          expect(body, `${post.slug} ${width}`).toBeDefined();
          const meta = await sharp(body!).metadata();
          expect([meta.format, meta.width]).toEqual(["webp", width]);
        }
      }
      // Each article its own drawing.
      expect(new Set(DEMO_POSTS.map((p) => p.illustration)).size).toBe(DEMO_POSTS.length);
    } finally {
      await t2.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
