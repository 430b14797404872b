import { renderBlogRss } from "~/domain/blog/rss.server";

/** GET /blog/rss.xml: the RSS feed of the posts visitors can see (linked from every page's head). */
export async function loader() {
  return new Response(await renderBlogRss(), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
