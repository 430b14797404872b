import { randomUUID } from "node:crypto";
import { formatDateTime } from "~/platform/format";
import { sql, type Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { idsWithoutRevision, recordRevision } from "~/domain/revisions/revisions.server";
import { isUniqueViolation } from "~/platform/db/errors";
import { imageSchema } from "~/platform/storage/image-schema";
import { normalizeForSearch, slugify, uniqueSlug } from "~/platform/text/slug";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { BlogPostsTable } from "~/platform/db/schema";
import { markdownToText } from "~/platform/markdown/markdown.server";
import {
  postSchemaFor,
  publicationOf,
  type BlogAuthor,
  type BlogPost,
  type BlogPostData,
  type BlogPostListItem,
  type BlogTag,
} from "./model";
import {
  BLOG_CATEGORIES,
  blogCountsLabel,
  effectiveStatus,
  isBlogCategory,
  readingMinutes,
  type BlogCategory,
  type BlogStatus,
} from "./labels";
import { NotFoundError, accepted, refusal, validate, type Outcome } from "~/platform/validation/errors";
import { parseJsonSafely } from "~/platform/validation/form-data";
import { type StoredImage } from "~/platform/storage/stored-image";
import type { Actor } from "~/platform/db/actor";
import { escapeLike } from "~/platform/db/dialect";

/**
 * Blog posts: queries and mutations. Every mutation is recorded in the audit log in the same
 * transaction. "Now" is a parameter everywhere it matters (visibility of scheduled posts), so
 * tests can move the clock.
 */

export type { Actor };
export interface MutationContext {
  db?: Db;
  actor?: Actor;
  now?: Date;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

const STAFF_ROLES = ["editor", "admin"];

// ---------------------------------------------------------------------------------------------
// Rows ↔ model.

function parseImage(value: string | null): StoredImage | null {
  if (!value) return null;
  try {
    const parsed = imageSchema.safeParse(parseJsonSafely(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toCategory(value: string): BlogCategory {
  return isBlogCategory(value) ? value : "actualites";
}

function toStatus(value: string): BlogStatus {
  return value === "scheduled" || value === "published" ? value : "draft";
}

function toPost(r: Selectable<BlogPostsTable>, tags: BlogTag[], formationIds: string[]): BlogPost {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    category: toCategory(r.category),
    tags,
    authorId: r.author_id,
    status: toStatus(r.status),
    publishedAt: r.published_at,
    image: parseImage(r.cover_image),
    imageAlt: r.cover_alt,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    formationIds,
    readingMinutes: Number(r.reading_minutes),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function wordCount(markdown: string): number {
  const words = markdownToText(markdown).split(/\s+/).filter(Boolean);
  return words.length;
}

function toColumns(data: BlogPostData, now: Date) {
  const publication = publicationOf(data, now);
  return {
    title: data.title,
    excerpt: data.excerpt,
    content: data.content,
    category: data.category,
    cover_image: data.image ? JSON.stringify(data.image) : null,
    cover_alt: data.image ? data.imageAlt : "",
    author_id: data.authorId,
    status: publication.status,
    published_at: publication.publishedAt,
    seo_title: data.seoTitle,
    seo_description: data.seoDescription,
    reading_minutes: readingMinutes(wordCount(data.content)),
    search_text: normalizeForSearch(
      [data.title, data.excerpt, BLOG_CATEGORIES[data.category].name, ...data.tags.map((t) => t.name), markdownToText(data.content)].join(
        " ",
      ),
    ),
  };
}

const SLUG_TAKEN = "Cette adresse est déjà utilisée par un autre article.";

async function slugTaken(target: Db, slug: string, exceptId?: string): Promise<boolean> {
  let q = target.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The author must be a staff account (editor or admin); the post's current author stays accepted. */
async function checkReferences(target: Db, data: BlogPostData, currentAuthorId: string | null): Promise<Outcome<BlogPostData>> {
  const errors: Record<string, string> = {};
  if (data.authorId && data.authorId !== currentAuthorId) {
    const author = await target
      .selectFrom("users")
      .select(["id", "role", "deactivated_at"])
      .where("id", "=", data.authorId)
      .executeTakeFirst();
    if (!author || !STAFF_ROLES.includes(author.role) || author.deactivated_at !== null) {
      errors.authorId = "Choisissez comme auteur un compte de l'équipe (éditeur ou administrateur) actif.";
    }
  }
  if (data.formationIds.length > 0) {
    const found = await target.selectFrom("formations").select("id").where("id", "in", data.formationIds).execute();
    if (found.length !== data.formationIds.length) errors.formationIds = "Une des formations choisies n'existe plus : rechargez la page.";
  }
  return Object.keys(errors).length > 0 ? refusal(errors) : accepted(data);
}

/** The shared schema (a draft's or a visible post's), then the references. */
async function checkInput(target: Db, input: unknown, currentAuthorId: string | null): Promise<Outcome<BlogPostData>> {
  const parsed = validate(postSchemaFor(input), input);
  return parsed.ok ? checkReferences(target, parsed.value as BlogPostData, currentAuthorId) : parsed;
}

async function writeChildren(trx: Db, postId: string, data: BlogPostData): Promise<void> {
  await trx.deleteFrom("blog_post_tags").where("post_id", "=", postId).execute();
  if (data.tags.length > 0) {
    await trx
      .insertInto("blog_post_tags")
      .values(data.tags.map((t) => ({ post_id: postId, slug: t.slug, name: t.name })))
      .execute();
  }
  await trx.deleteFrom("blog_post_formations").where("post_id", "=", postId).execute();
  if (data.formationIds.length > 0) {
    await trx
      .insertInto("blog_post_formations")
      .values(data.formationIds.map((formation_id, position) => ({ post_id: postId, formation_id, position })))
      .execute();
  }
}

/**
 * Records the post as it now is as a revision (app/domain/revisions), in the save's transaction,
 * then the journal entry linked to it. A scheduled post counts as published: it goes public alone.
 */
async function audit(trx: Db, actor: Actor | undefined, action: string, entityId: string, summary: string, at?: string): Promise<void> {
  let revisionId: string | null = null;
  const post = action === "delete" ? undefined : await getPostById(entityId, trx);
  if (post) {
    revisionId = await recordRevision(trx, {
      entityType: "blog_post",
      entityId,
      content: post,
      published: post.status !== "draft",
      title: post.title,
      actor,
      summary,
      at,
    });
  }
  if (actor) await recordAudit(trx, { actor, action, entity: "blog_post", entityId, summary, revisionId });
}

/**
 * The posts that have no revision yet (saved before the history existed), each recorded as it now
 * is, so that the history and the Qualiopi evidence pack start from it (app/composition/seed.server.ts).
 */
export async function recordPostBaselines(trx: Db, summary: string): Promise<number> {
  const ids = await idsWithoutRevision(trx, "blog_posts", "blog_post");
  for (const id of ids) await audit(trx, undefined, "baseline", id, summary);
  return ids.length;
}

function statusSentence(status: BlogStatus, publishedAt: string | null): string {
  if (status === "draft") return "brouillon";
  if (status === "scheduled") return `programmé pour le ${publishedAt ? formatDateTime(publishedAt) : "jour choisi"}`;
  return "publié";
}

// ---------------------------------------------------------------------------------------------
// Mutations.

/** Creates a post. An empty slug is derived from the title (made unique with "-2", "-3"…). */
export async function createPost(input: unknown, ctx: MutationContext = {}): Promise<Outcome<BlogPost>> {
  const target = ctx.db ?? db();
  const now = ctx.now ?? new Date();
  const checked = await checkInput(target, input, null);
  if (!checked.ok) return checked;
  const data = checked.value;
  let slug = data.slug;
  if (!slug) slug = await uniqueSlug(slugify(data.title) || "article", (s) => slugTaken(target, s));
  else if (await slugTaken(target, slug)) return refusal({ slug: SLUG_TAKEN });

  const id = randomUUID();
  const stamp = nowIso();
  const columns = toColumns(data, now);
  try {
    await target.transaction().execute(async (trx) => {
      await trx
        .insertInto("blog_posts")
        .values({ id, slug, ...columns, created_at: stamp, updated_at: stamp })
        .execute();
      await writeChildren(trx, id, data);
      // The slug now belongs to this post: an old redirect with the same slug must not win.
      await trx.deleteFrom("blog_slug_redirects").where("old_slug", "=", slug).execute();
      await audit(
        trx,
        ctx.actor,
        "create",
        id,
        `Article «\u00a0${data.title}\u00a0» créé (${statusSentence(columns.status, columns.published_at)}).`,
        stamp,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refusal({ slug: SLUG_TAKEN });
    throw error;
  }
  return accepted((await getPostById(id, target))!);
}

/**
 * Replaces a post's content, status and date. An empty slug keeps the current one; a changed
 * slug leaves the old one answering with a 301 to the new one.
 */
export async function updatePost(id: string, input: unknown, ctx: MutationContext = {}): Promise<Outcome<BlogPost>> {
  const target = ctx.db ?? db();
  const now = ctx.now ?? new Date();
  const existing = await target
    .selectFrom("blog_posts")
    .select(["id", "slug", "author_id", "status", "published_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!existing) throw new NotFoundError("Cet article n'existe pas ou a été supprimé.");
  const checked = await checkInput(target, input, existing.author_id);
  if (!checked.ok) return checked;
  const data = checked.value;
  const slug = data.slug || existing.slug;
  if (slug !== existing.slug && (await slugTaken(target, slug, id))) return refusal({ slug: SLUG_TAKEN });

  const columns = toColumns(data, now);
  const stamp = nowIso();
  try {
    await target.transaction().execute(async (trx) => {
      await trx
        .updateTable("blog_posts")
        .set({ slug, ...columns, updated_at: stamp })
        .where("id", "=", id)
        .execute();
      await writeChildren(trx, id, data);
      if (slug !== existing.slug) {
        await trx.deleteFrom("blog_slug_redirects").where("old_slug", "in", [slug, existing.slug]).execute();
        await trx.insertInto("blog_slug_redirects").values({ old_slug: existing.slug, post_id: id, created_at: stamp }).execute();
      }
      const before = effectiveStatus({ status: existing.status, publishedAt: existing.published_at }, now);
      const changes = [
        slug !== existing.slug ? `adresse changée de « ${existing.slug} » en « ${slug} »` : null,
        before !== columns.status || existing.published_at !== columns.published_at
          ? statusSentence(columns.status, columns.published_at)
          : null,
      ].filter(Boolean);
      await audit(
        trx,
        ctx.actor,
        "update",
        id,
        `Article «\u00a0${data.title}\u00a0» modifié${changes.length ? `\u00a0; ${changes.join("\u00a0; ")}` : ""}.`,
        stamp,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refusal({ slug: SLUG_TAKEN });
    throw error;
  }
  return accepted((await getPostById(id, target))!);
}

/** Deletes a post with its tags, related formations and old slugs. Returns its title. */
export async function deletePost(id: string, ctx: MutationContext = {}): Promise<string> {
  const target = ctx.db ?? db();
  const row = await target.selectFrom("blog_posts").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Cet article n'existe pas ou a déjà été supprimé.");
  await target.transaction().execute(async (trx) => {
    // Explicit deletes: no reliance on ON DELETE CASCADE being enabled on the connection.
    await trx.deleteFrom("blog_post_tags").where("post_id", "=", id).execute();
    await trx.deleteFrom("blog_post_formations").where("post_id", "=", id).execute();
    await trx.deleteFrom("blog_slug_redirects").where("post_id", "=", id).execute();
    await trx.deleteFrom("blog_posts").where("id", "=", id).execute();
    await audit(trx, ctx.actor, "delete", id, `Article «\u00a0${row.title}\u00a0» supprimé.`);
  });
  return row.title;
}

// ---------------------------------------------------------------------------------------------
// Queries.

async function load(target: Db, row: Selectable<BlogPostsTable> | undefined): Promise<BlogPost | undefined> {
  if (!row) return undefined;
  const [tags, formations] = await Promise.all([
    target.selectFrom("blog_post_tags").select(["slug", "name"]).where("post_id", "=", row.id).orderBy("name").execute(),
    target.selectFrom("blog_post_formations").select("formation_id").where("post_id", "=", row.id).orderBy("position").execute(),
  ]);
  return toPost(
    row,
    tags.map((t) => ({ slug: t.slug, name: t.name })),
    formations.map((f) => f.formation_id),
  );
}

export async function getPostById(id: string, target: Db = db()): Promise<BlogPost | undefined> {
  return load(target, await target.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst());
}

export async function getPostBySlug(slug: string, target: Db = db()): Promise<BlogPost | undefined> {
  return load(target, await target.selectFrom("blog_posts").selectAll().where("slug", "=", slug).executeTakeFirst());
}

export type PostResolution = { post: BlogPost } | { redirectTo: string } | undefined;

/**
 * What a post URL answers: the post, a redirect to its current slug (an old slug), or nothing.
 * For visitors (`includeUnpublished` false), drafts and posts whose time has not come do not exist.
 */
export async function resolvePostSlug(
  slug: string,
  { includeUnpublished = false, now = new Date() }: { includeUnpublished?: boolean; now?: Date } = {},
  target: Db = db(),
): Promise<PostResolution> {
  const post = await getPostBySlug(slug, target);
  if (post) return includeUnpublished || effectiveStatus(post, now) === "published" ? { post } : undefined;
  const redirect = await target
    .selectFrom("blog_slug_redirects")
    .innerJoin("blog_posts", "blog_posts.id", "blog_slug_redirects.post_id")
    .select(["blog_posts.slug", "blog_posts.status", "blog_posts.published_at"])
    .where("blog_slug_redirects.old_slug", "=", slug)
    .executeTakeFirst();
  if (!redirect) return undefined;
  if (!includeUnpublished && effectiveStatus({ status: redirect.status, publishedAt: redirect.published_at }, now) !== "published")
    return undefined;
  return { redirectTo: redirect.slug };
}

export interface BlogFilters {
  q?: string;
  category?: string;
  tag?: string;
  /** "visible" (default: what visitors see), "all" (editors), or one effective status. */
  status?: "visible" | "all" | BlogStatus;
  page?: number;
  perPage?: number;
  excludeId?: string;
  now?: Date;
}

/** Only what visitors may see at `now`: scheduled or published, with its time come (ISO strings compare in time order). */
function visibleAt(nowValue: string) {
  return sql<boolean>`(${sql.ref("blog_posts.status")} in ('scheduled', 'published') and ${sql.ref("blog_posts.published_at")} <= ${nowValue})`;
}

/** A filtered page of posts: newest publication first for visitors, last modified first for editors. */
export async function listPosts(filters: BlogFilters = {}, target: Db = db()): Promise<Page<BlogPostListItem>> {
  const perPage = Math.min(Math.max(filters.perPage ?? 9, 1), 100);
  const now = filters.now ?? new Date();
  const nowValue = now.toISOString();
  const status = filters.status ?? "visible";

  let q = target.selectFrom("blog_posts");
  if (status === "visible" || status === "published") q = q.where(visibleAt(nowValue));
  else if (status === "scheduled")
    q = q.where("blog_posts.status", "in", ["scheduled", "published"]).where("blog_posts.published_at", ">", nowValue);
  else if (status === "draft")
    q = q.where((eb) => eb.or([eb("blog_posts.status", "not in", ["scheduled", "published"]), eb("blog_posts.published_at", "is", null)]));
  if (filters.category) q = q.where("blog_posts.category", "=", filters.category);
  if (filters.excludeId) q = q.where("blog_posts.id", "!=", filters.excludeId);
  if (filters.tag) {
    const tag = filters.tag;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom("blog_post_tags as t").select("t.post_id").whereRef("t.post_id", "=", "blog_posts.id").where("t.slug", "=", tag)),
    );
  }
  for (const word of normalizeForSearch(filters.q ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, 8)) {
    q = q.where(sql<boolean>`${sql.ref("blog_posts.search_text")} like ${`%${escapeLike(word)}%`} escape '\\'`);
  }

  const countRow = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(Math.trunc(filters.page ?? 1) || 1, 1), pageCount);

  let ordered = q.leftJoin("users as u", "u.id", "blog_posts.author_id").select([...LIST_COLUMNS, "u.display_name as author_name"]);
  ordered =
    status === "all" || status === "draft"
      ? ordered.orderBy("blog_posts.updated_at", "desc")
      : ordered.orderBy("blog_posts.published_at", "desc");
  const rows = await ordered
    .orderBy("blog_posts.id")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { items: await toListItems(target, rows, now), total, page, perPage, pageCount };
}

/** The columns a post's card shows (BlogPostListItem): a list never reads the posts' bodies. */
const LIST_COLUMNS = [
  "blog_posts.id",
  "blog_posts.slug",
  "blog_posts.title",
  "blog_posts.excerpt",
  "blog_posts.category",
  "blog_posts.status",
  "blog_posts.published_at",
  "blog_posts.updated_at",
  "blog_posts.reading_minutes",
  "blog_posts.cover_image",
  "blog_posts.cover_alt",
] as const;
type ListColumn = (typeof LIST_COLUMNS)[number] extends `blog_posts.${infer C}` ? C : never;

async function toListItems(
  target: Db,
  rows: Array<Pick<Selectable<BlogPostsTable>, ListColumn> & { author_name: string | null }>,
  now: Date,
): Promise<BlogPostListItem[]> {
  if (rows.length === 0) return [];
  const tags = await target
    .selectFrom("blog_post_tags")
    .select(["post_id", "slug", "name"])
    .where(
      "post_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("name")
    .execute();
  return rows.map((r) => {
    const category = toCategory(r.category);
    const status = toStatus(r.status);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      category,
      categoryName: BLOG_CATEGORIES[category].name,
      tags: tags.filter((t) => t.post_id === r.id).map((t) => ({ slug: t.slug, name: t.name })),
      status,
      effective: effectiveStatus({ status, publishedAt: r.published_at }, now),
      publishedAt: r.published_at,
      updatedAt: r.updated_at,
      readingMinutes: Number(r.reading_minutes),
      image: parseImage(r.cover_image),
      imageAlt: r.cover_alt,
      authorName: r.author_name ?? null,
    };
  });
}

/** Tags in use, most used first; `visibleOnly` counts only what visitors see. */
export async function listTags(
  { visibleOnly = true, now = new Date() }: { visibleOnly?: boolean; now?: Date } = {},
  target: Db = db(),
): Promise<Array<BlogTag & { count: number }>> {
  let q = target.selectFrom("blog_post_tags as t").innerJoin("blog_posts", "blog_posts.id", "t.post_id");
  if (visibleOnly) q = q.where(visibleAt(now.toISOString()));
  const rows = await q
    .select(["t.slug", (eb) => eb.fn.min("t.name").as("name"), (eb) => eb.fn.countAll().as("n")])
    .groupBy("t.slug")
    .execute();
  return rows
    .map((r) => ({ slug: r.slug, name: String(r.name), count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "fr"));
}

/** Categories that have at least one post visitors can see, in the list's order, with their counts. */
export async function listUsedCategories(
  { now = new Date() }: { now?: Date } = {},
  target: Db = db(),
): Promise<Array<{ slug: BlogCategory; name: string; count: number }>> {
  const rows = await target
    .selectFrom("blog_posts")
    .where(visibleAt(now.toISOString()))
    .select(["blog_posts.category", (eb) => eb.fn.countAll().as("n")])
    .groupBy("blog_posts.category")
    .execute();
  const counts = new Map(rows.map((r) => [r.category, Number(r.n)]));
  return (Object.keys(BLOG_CATEGORIES) as BlogCategory[])
    .filter((slug) => counts.has(slug))
    .map((slug) => ({ slug, name: BLOG_CATEGORIES[slug].name, count: counts.get(slug)! }));
}

/**
 * Up to `limit` other visible posts for a post's page: those sharing its category or a tag
 * first (newest first), then the newest others.
 */
export async function relatedPosts(
  post: Pick<BlogPost, "id" | "category" | "tags">,
  { limit = 3, now = new Date() }: { limit?: number; now?: Date } = {},
  target: Db = db(),
): Promise<BlogPostListItem[]> {
  const nowValue = now.toISOString();
  const tagSlugs = post.tags.map((t) => t.slug);
  const close = await target
    .selectFrom("blog_posts")
    .where(visibleAt(nowValue))
    .where("blog_posts.id", "!=", post.id)
    .where((eb) =>
      eb.or([
        eb("blog_posts.category", "=", post.category),
        ...(tagSlugs.length
          ? [
              eb.exists(
                eb
                  .selectFrom("blog_post_tags as t")
                  .select("t.post_id")
                  .whereRef("t.post_id", "=", "blog_posts.id")
                  .where("t.slug", "in", tagSlugs),
              ),
            ]
          : []),
      ]),
    )
    .leftJoin("users as u", "u.id", "blog_posts.author_id")
    .select([...LIST_COLUMNS, "u.display_name as author_name"])
    .orderBy("blog_posts.published_at", "desc")
    .orderBy("blog_posts.id")
    .limit(limit)
    .execute();
  let rows = close;
  if (rows.length < limit) {
    const more = await target
      .selectFrom("blog_posts")
      .where(visibleAt(nowValue))
      .where("blog_posts.id", "not in", [post.id, ...rows.map((r) => r.id)])
      .leftJoin("users as u", "u.id", "blog_posts.author_id")
      .select([...LIST_COLUMNS, "u.display_name as author_name"])
      .orderBy("blog_posts.published_at", "desc")
      .orderBy("blog_posts.id")
      .limit(limit - rows.length)
      .execute();
    rows = [...rows, ...more];
  }
  return toListItems(target, rows, now);
}

/** The published formations among `ids`, in that order (related formations of a post). */
export async function relatedFormations(
  ids: string[],
  target: Db = db(),
): Promise<Array<{ id: string; slug: string; title: string; summary: string }>> {
  if (ids.length === 0) return [];
  const rows = await target
    .selectFrom("formations")
    .select(["id", "slug", "title", "summary"])
    .where("id", "in", ids)
    .where("status", "=", "published")
    .execute();
  return ids.flatMap((id) => rows.find((r) => r.id === id) ?? []);
}

/** Every formation (drafts too), by title, for the editor's "related formations" choice. */
export async function formationChoices(target: Db = db()): Promise<Array<{ id: string; title: string; published: boolean }>> {
  const rows = await target.selectFrom("formations").select(["id", "title", "status"]).orderBy("title").execute();
  return rows.map((r) => ({ id: r.id, title: r.title, published: r.status === "published" }));
}

/** Staff accounts that may sign a post (active editors and admins), by name. */
export async function listAuthors(target: Db = db()): Promise<BlogAuthor[]> {
  const rows = await target
    .selectFrom("users")
    .select(["id", "display_name", "email"])
    .where("role", "in", STAFF_ROLES)
    .where("deactivated_at", "is", null)
    .execute();
  return rows
    .map((r) => ({ id: r.id, displayName: r.display_name?.trim() || r.email }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, "fr"));
}

/** The display name of an account (any role), or null when it no longer exists. */
export async function authorName(id: string | null, target: Db = db()): Promise<string | null> {
  if (!id) return null;
  const row = await target.selectFrom("users").select(["display_name", "email"]).where("id", "=", id).executeTakeFirst();
  return row ? row.display_name?.trim() || row.email : null;
}

/** Count of posts by what they are at `now`. */
export async function countPosts({ now = new Date() }: { now?: Date } = {}, target: Db = db()): Promise<Record<BlogStatus, number>> {
  const rows = await target.selectFrom("blog_posts").select(["status", "published_at"]).execute();
  const counts: Record<BlogStatus, number> = { draft: 0, scheduled: 0, published: 0 };
  for (const r of rows) counts[effectiveStatus({ status: r.status, publishedAt: r.published_at }, now)]++;
  return counts;
}

/** The blog's figure for the admin dashboard. */
export async function blogDashboardFigures(target: Db = db()) {
  const counts = await countPosts({}, target);
  return [
    {
      label: "Articles du blog",
      value: counts.published + counts.scheduled + counts.draft,
      to: "/admin/blog",
      detail: blogCountsLabel(counts),
      role: "editor" as const,
    },
  ];
}

/** When the next scheduled post becomes visible (the public page cache drops its pages then), or null. */
export async function nextScheduledPublication(now = new Date(), target: Db = db()): Promise<Date | null> {
  const row = await target
    .selectFrom("blog_posts")
    .select((eb) => eb.fn.min("blog_posts.published_at").as("next"))
    .where("blog_posts.status", "in", ["scheduled", "published"])
    .where("blog_posts.published_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}
