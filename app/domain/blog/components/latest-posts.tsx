import { HomeSection } from "~/ui/home-section";
import type { BlogPostListItem } from "../model";
import { PostGrid } from "./post-card";

/**
 * Home page section: the latest posts (data from `latestPosts()` in home.server.ts).
 * A section with its own h2; cards use h3. Renders nothing when there is no post yet.
 */
export function LatestPosts({ posts, title = "Derniers articles du blog" }: { posts: BlogPostListItem[]; title?: string }) {
  if (posts.length === 0) return null;
  return (
    <HomeSection
      id="derniers-articles"
      title={title}
      intro={"Financement, obligations, qualité\u00a0: nos conseils pour décider en connaissance de cause."}
      more={{ to: "/blog", label: "Tous les articles" }}
    >
      <PostGrid posts={posts} />
    </HomeSection>
  );
}
