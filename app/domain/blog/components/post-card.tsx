import { Link } from "~/ui/link";
import { FormationPicture } from "~/domain/formations/components/formation-picture";
import type { BlogPostListItem } from "../model";
import { blogPostPath, formatPostDate, parisDay, readingTimeLabel } from "../post-format";

/** One post in a list: the whole card is one link (its title); category, date and reading time below. */
export function PostCard({ post, headingLevel = 3 }: { post: BlogPostListItem; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600 dark:border-slate-800 dark:bg-slate-900">
      {post.image ? (
        <FormationPicture
          image={post.image}
          alt=""
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          className="aspect-[16/9] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
            {post.categoryName}
          </span>
        </p>
        <Heading className="mt-3 text-lg leading-snug font-bold text-slate-900 dark:text-white">
          <Link
            to={blogPostPath(post.slug)}
            className="outline-none after:absolute after:inset-0 hover:text-brand-700 dark:hover:text-brand-300"
            prefetch="intent"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{post.excerpt}</p>
        <p className="mt-auto pt-4 text-sm text-slate-600 dark:text-slate-400">
          {post.publishedAt ? <time dateTime={parisDay(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time> : null}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {readingTimeLabel(post.readingMinutes)}
        </p>
      </div>
    </article>
  );
}

export function PostGrid({ posts, headingLevel = 3 }: { posts: BlogPostListItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((p) => (
        <li key={p.id} className="flex">
          <PostCard post={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
