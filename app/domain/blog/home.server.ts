import { db, type Db } from "~/platform/db/db.server";
import { listPosts } from "./blog.server";
import type { BlogPostListItem } from "./model";

/** What the home page shows of the blog: the latest posts visitors can see (see components/latest-posts.tsx). */
export async function latestPosts(
  { count = 3, now = new Date() }: { count?: number; now?: Date } = {},
  target: Db = db(),
): Promise<BlogPostListItem[]> {
  return (await listPosts({ status: "visible", perPage: count, now }, target)).items;
}
