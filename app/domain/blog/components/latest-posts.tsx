import * as arrowRightDrawing from "lucide-react/icons/arrow-right";
import { Link } from "~/ui/link";
import type { BlogPostListItem } from "../model";
import { PostGrid } from "./post-card";
import { staticIcon } from "~/ui/static-icon";

// Decorative icons, drawn once (see app/ui/static-icon.tsx).
const ArrowRight = staticIcon(arrowRightDrawing);

/**
 * Home page section: the latest posts (data from `latestPosts()` in home.server.ts).
 * A section with its own h2; cards use h3. Renders nothing when there is no post yet.
 */
export function LatestPosts({ posts, title = "Derniers articles du blog" }: { posts: BlogPostListItem[]; title?: string }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="derniers-articles" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="derniers-articles" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Financement, obligations, qualité&nbsp;: nos conseils pour décider en connaissance de cause.
          </p>
        </div>
        <Link
          to="/blog"
          className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Tous les articles
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-6">
        <PostGrid posts={posts} />
      </div>
    </section>
  );
}
