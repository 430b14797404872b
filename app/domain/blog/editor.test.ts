import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createPost, updatePost } from "./blog.server";
import { SCHEDULE_MISSING, SCHEDULE_PAST, publication } from "./editor.server";
import { valueOf } from "~/platform/validation/errors";

const NOW = new Date("2026-06-01T10:00:00Z");

describe("the publishing control's intents for a post", () => {
  const scheduled = { status: "scheduled", publishedAt: "2026-06-10T08:00:00.000Z" };
  it("« Publier maintenant » publishes at once, a scheduled post too", () => {
    expect(publication("publish", scheduled, "", NOW)).toEqual({ status: "published", publishedAt: NOW.toISOString() });
  });
  it("« Programmer… » needs a date in the future", () => {
    expect(publication("schedule", undefined, "", NOW)).toEqual({ error: SCHEDULE_MISSING });
    expect(publication("schedule", undefined, "2026-06-01T11:59", NOW)).toEqual({ error: SCHEDULE_PAST });
    expect(publication("schedule", undefined, "2026-06-02T09:30", NOW)).toEqual({
      status: "scheduled",
      publishedAt: "2026-06-02T07:30:00.000Z",
    });
  });
  it("« Dépublier » goes back to a draft; « Enregistrer » keeps the status and date", () => {
    expect(publication("unpublish", scheduled, "", NOW)).toEqual({ status: "draft", publishedAt: "" });
    expect(publication("save", scheduled, "", NOW)).toEqual(scheduled);
    expect(publication("save", undefined, "", NOW)).toEqual({ status: "draft", publishedAt: "" });
  });
});

describe.each(engines)("post drafts on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("saves a draft with only a title; publishing needs the excerpt, the text and the category", async () => {
    const ctx = { db: t.db, now: NOW };
    const draft = valueOf(await createPost({ title: "Idée", status: "draft" }, ctx));
    expect(draft).toMatchObject({ slug: "idee", status: "draft", excerpt: "", content: "", category: "financement" });
    const refused = await updatePost(draft.id, { title: "Idée", status: "published" }, ctx);
    const errors = refused.ok ? {} : refused.errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["title", "excerpt", "content"]));
    // An image of the text without a description is not published.
    const withoutAlt = await updatePost(
      draft.id,
      {
        title: "Une idée de formation",
        excerpt: "Un chapeau assez long pour être publié.",
        content: "Le texte.\n\n![](/uploads/blog/photo-960.webp)",
        category: "actualites",
        status: "published",
      },
      ctx,
    );
    if (withoutAlt.ok) expect.unreachable();
    else expect(withoutAlt.errors.content).toMatch(/^Une image du texte n'a pas de description/);
    const published = valueOf(
      await updatePost(
        draft.id,
        {
          title: "Une idée de formation",
          excerpt: "Un chapeau assez long pour être publié.",
          content: "Le texte.",
          category: "actualites",
          status: "published",
        },
        ctx,
      ),
    );
    expect(published).toMatchObject({ status: "published", publishedAt: NOW.toISOString() });
  });
});
